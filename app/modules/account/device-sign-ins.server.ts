import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { deviceSignIns, sessions, users } from "~/db/schema";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { type Db } from "~/utils/db.server";
import { newSessionToken } from "~/utils/session.server";
import { DAY, isoIn, isoNow } from "~/utils/time";

// Issue 18 item 2 (decision 013, native biometric): docs/product/native.md#biometric-sign-in's biometric auto-login in the
// native app. The app keeps a random secret in the Keychain/Keystore and, after Face ID /
// Touch ID, trades it here for a session. Only the secret's SHA-256 is stored.

export const NATIVE_PLATFORMS = ["ios", "android"] as const;
export type DevicePlatform = (typeof NATIVE_PLATFORMS)[number];

/** Unused this long, a device sign-in stops working; each use starts the period again. */
export const DEVICE_SIGN_IN_IDLE_MS = 90 * DAY;

const PLATFORM_NAMES: Record<DevicePlatform, string> = { ios: "iOS", android: "Android" };

/**
 * One entry per phone (an enable replaces that phone's previous one), so this is far above
 * any person's phones; it stops a signed-in script from filling the table.
 */
export const DEVICE_SIGN_INS_PER_USER_MAX = 20;

/** A secret as the app holds it: 32 random bytes, base64url (randomToken). */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The sessions a device sign-in opened and the device sign-in itself, for one user only
 * (another account's id matches nothing). The sessions go first, in the same batch.
 */
function removalStatements(db: Db, userId: string, which: ReturnType<typeof eq>) {
  const ids = db.select({ id: deviceSignIns.id }).from(deviceSignIns).where(and(which, eq(deviceSignIns.userId, userId)));
  return [
    db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), inArray(sessions.deviceSignInId, ids)))
      .returning({ tokenHash: sessions.tokenHash }),
    db
      .delete(deviceSignIns)
      .where(and(which, eq(deviceSignIns.userId, userId)))
      .returning({ id: deviceSignIns.id }),
  ] as const;
}

/**
 * Enables Face ID / Touch ID sign-in for the signed-in user's app: a new secret, shown
 * this once. `replaces`: the secret this app held before (it signed in with the password
 * again), whose entry goes with the sessions it opened, so one phone is one entry.
 * Returns the secret and the ended sessions (their sockets must close), or null when the
 * user already has DEVICE_SIGN_INS_PER_USER_MAX.
 */
export async function enableDeviceSignIn(db: Db, userId: string, platform: DevicePlatform, replaces: string | null) {
  const secret = randomToken(32);
  const name = `Event Flow app on ${PLATFORM_NAMES[platform]}`;
  const now = isoNow();
  // Written only while the user has fewer than the limit (counted in the same statement).
  const insert = db
    .insert(deviceSignIns)
    .select(
      db
        .select({
          id: sql<string>`${crypto.randomUUID()}`.as("id"),
          userId: users.id,
          secretHash: sql<string>`${await sha256Hex(secret)}`.as("secret_hash"),
          name: sql<string>`${name}`.as("name"),
          platform: sql<DevicePlatform>`${platform}`.as("platform"),
          createdAt: sql<string>`${now}`.as("created_at"),
          lastUsedAt: sql<null>`NULL`.as("last_used_at"),
          expiresAt: sql<string>`${isoIn(DEVICE_SIGN_IN_IDLE_MS)}`.as("expires_at"),
        })
        .from(users)
        .where(and(eq(users.id, userId), sql`(SELECT COUNT(*) FROM ${deviceSignIns} WHERE ${deviceSignIns.userId} = ${userId}) < ${DEVICE_SIGN_INS_PER_USER_MAX}`)),
    )
    .returning({ id: deviceSignIns.id });
  const replaced = replaces && SECRET_PATTERN.test(replaces) ? removalStatements(db, userId, eq(deviceSignIns.secretHash, await sha256Hex(replaces))) : null;
  // The replaced entry goes first, in the same batch, so it does not count against the limit.
  const [ended, , inserted] = replaced ? await db.batch([...replaced, insert]) : [[], [], await insert];
  if (inserted.length === 0) return null;
  return { secret, endedSessions: ended.map((s) => s.tokenHash) };
}

/**
 * Signs in with a device's secret: a known, unexpired one. In one batch the secret is
 * replaced by a new one (a guarded update: of two uses of one secret only one gets the
 * row) and a persistent session tied to the device sign-in is written. Returns the new
 * secret (the app stores it) and the session's cookie, or null for any refusal.
 */
export async function signInWithDeviceSecret(db: Db, request: Request, secret: string) {
  if (!SECRET_PATTERN.test(secret)) return null;
  const next = randomToken(32);
  const nextHash = await sha256Hex(next);
  const now = isoNow();
  // The app's holder is the person's own phone behind Face ID / Touch ID: 'Stay logged in', as a passkey (decision 011).
  const session = await newSessionToken(request, true);
  const [rotated] = await db.batch([
    db
      .update(deviceSignIns)
      .set({ secretHash: nextHash, lastUsedAt: now, expiresAt: isoIn(DEVICE_SIGN_IN_IDLE_MS) })
      .where(and(eq(deviceSignIns.secretHash, await sha256Hex(secret)), gt(deviceSignIns.expiresAt, now)))
      .returning({ id: deviceSignIns.id, userId: deviceSignIns.userId }),
    // Written only when the update above matched: the row is found by the new hash.
    db.insert(sessions).select(
      db
        .select({
          tokenHash: sql<string>`${session.tokenHash}`.as("token_hash"),
          userId: deviceSignIns.userId,
          persistent: sql<boolean>`1`.as("persistent"),
          expiresAt: sql<string>`${session.expiresAt}`.as("expires_at"),
          lastUsedAt: sql<string>`${now}`.as("last_used_at"),
          createdAt: sql<string>`${now}`.as("created_at"),
          passkeyId: sql<null>`NULL`.as("passkey_id"),
          deviceSignInId: deviceSignIns.id,
        })
        .from(deviceSignIns)
        .where(eq(deviceSignIns.secretHash, nextHash)),
    ),
  ]);
  const signedIn = rotated[0];
  if (!signedIn) return null;
  return { userId: signedIn.userId, deviceSignInId: signedIn.id, secret: next, tokenHash: session.tokenHash, setCookie: session.setCookie };
}

/** Settings: the user's working device sign-ins, newest first. */
export function listDeviceSignInsQuery(db: Db, userId: string) {
  return db
    .select({ id: deviceSignIns.id, name: deviceSignIns.name, createdAt: deviceSignIns.createdAt, lastUsedAt: deviceSignIns.lastUsedAt })
    .from(deviceSignIns)
    .where(and(eq(deviceSignIns.userId, userId), gt(deviceSignIns.expiresAt, isoNow())))
    .orderBy(desc(deviceSignIns.createdAt));
}

/**
 * Removes one of the user's own device sign-ins and ends the sessions it opened. Returns
 * the ended sessions' hashes (their sockets must close), or null when the user has none by that id.
 */
export async function removeDeviceSignIn(db: Db, userId: string, id: string) {
  const [ended, removed] = await db.batch(removalStatements(db, userId, eq(deviceSignIns.id, id)));
  return removed.length ? ended.map((s) => s.tokenHash) : null;
}

/**
 * A password change or reset removes every device sign-in of the user: the secret was
 * granted by the old password (decision 013). Batched after the sessions' own deletion.
 */
export function deleteDeviceSignInsStatement(db: Db, userId: string) {
  return db.delete(deviceSignIns).where(eq(deviceSignIns.userId, userId));
}
