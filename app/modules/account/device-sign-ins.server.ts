import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { deviceSignIns, sessions, users } from "~/db/schema";
import { nativeAppName, type NativePlatform } from "~/modules/native/platform";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { type Db } from "~/utils/db.server";
import { newSessionToken } from "./session.server";
import { DAY, isoIn, isoNow } from "~/utils/time";

// Decision 013, native biometric: docs/product/native.md#biometric-sign-in's biometric auto-login in the
// native app. The app keeps a random secret in the Keychain/Keystore and, after Face ID /
// Touch ID, trades it here for a session. Only the secret's SHA-256 is stored.


/** Unused this long, a device sign-in stops working; each use starts the period again. */
export const DEVICE_SIGN_IN_IDLE_MS = 90 * DAY;


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
export async function enableDeviceSignIn(db: Db, userId: string, platform: NativePlatform, replaces: { secret?: string | null; id?: string | null }) {
  const secret = randomToken(32);
  const id = crypto.randomUUID();
  const name = nativeAppName(platform, new Date());
  const now = isoNow();
  // Written only while the user has fewer than the limit (counted in the same statement).
  const insert = db
    .insert(deviceSignIns)
    .select(
      db
        .select({
          id: sql<string>`${id}`.as("id"),
          userId: users.id,
          secretHash: sql<string>`${await sha256Hex(secret)}`.as("secret_hash"),
          previousSecretHash: sql<null>`NULL`.as("previous_secret_hash"),
          rotatedAt: sql<null>`NULL`.as("rotated_at"),
          name: sql<string>`${name}`.as("name"),
          platform: sql<NativePlatform>`${platform}`.as("platform"),
          createdAt: sql<string>`${now}`.as("created_at"),
          lastUsedAt: sql<null>`NULL`.as("last_used_at"),
          expiresAt: sql<string>`${isoIn(DEVICE_SIGN_IN_IDLE_MS)}`.as("expires_at"),
        })
        .from(users)
        .where(and(eq(users.id, userId), sql`(SELECT COUNT(*) FROM ${deviceSignIns} WHERE ${deviceSignIns.userId} = ${userId}) < ${DEVICE_SIGN_INS_PER_USER_MAX}`)),
    )
    .returning({ id: deviceSignIns.id });
  // The phone names its previous entry by id (decision 013: its secret now sits behind Face ID /
  // Touch ID, unreadable without a prompt) or, from an app that stored it unprotected, by secret.
  const replaced = replaces.id
    ? removalStatements(db, userId, eq(deviceSignIns.id, replaces.id))
    : replaces.secret && SECRET_PATTERN.test(replaces.secret)
      ? removalStatements(db, userId, eq(deviceSignIns.secretHash, await sha256Hex(replaces.secret)))
      : null;
  // The replaced entry goes first, in the same batch, so it does not count against the limit.
  const [ended, , inserted] = replaced ? await db.batch([...replaced, insert]) : [[], [], await insert];
  if (inserted.length === 0) return null;
  return { id, secret, endedSessions: ended.map((s) => s.tokenHash) };
}

/**
 * A rotated secret presented again this soon after its rotation is taken as an answer lost
 * on the way back (a venue with bad signal): answered once more. Any later use is reuse.
 */
export const DEVICE_SIGN_IN_GRACE_MS = 2 * 60 * 1000;

export type DeviceSecretSignIn =
  | { outcome: "signed-in"; userId: string; deviceSignInId: string; secret: string; tokenHash: string; setCookie: string }
  /** A rotated secret outside its grace: the entry and its sessions are gone (their sockets must close). */
  | { outcome: "reused"; userId: string; endedSessions: string[] }
  | { outcome: "refused" };

/**
 * Signs in with a device's secret: a known, unexpired one. In one batch the secret is
 * replaced by a new one (a guarded update: of two uses of one secret only one gets the
 * row as its current secret) and a persistent session tied to the device sign-in is written.
 *
 * Decision 013, reuse detection: the replaced secret's hash is kept. The
 * previous secret presented within DEVICE_SIGN_IN_GRACE_MS of its rotation is signed in
 * once more (the app lost the answer): rotated again, the secret it had been rotated to
 * becomes the "previous" one with its grace spent. Any other presentation of a previous
 * secret means two holders (a copied Keychain item): the entry and every session it opened
 * are revoked, so neither the thief nor the owner can keep using it.
 */
export async function signInWithDeviceSecret(db: Db, request: Request, secret: string): Promise<DeviceSecretSignIn> {
  if (!SECRET_PATTERN.test(secret)) return { outcome: "refused" };
  const secretHash = await sha256Hex(secret);
  const next = randomToken(32);
  const nextHash = await sha256Hex(next);
  const now = isoNow();
  const graceStart = new Date(Date.now() - DEVICE_SIGN_IN_GRACE_MS).toISOString();
  // The app's holder is the person's own phone behind Face ID / Touch ID: 'Stay logged in', as a passkey (decision 011).
  const session = await newSessionToken(request, true);
  const used = { lastUsedAt: now, expiresAt: isoIn(DEVICE_SIGN_IN_IDLE_MS) };
  const [retried, rotated] = await db.batch([
    // The lost-answer retry first: run after the rotation below, it would match the row just rotated.
    db
      .update(deviceSignIns)
      .set({ ...used, secretHash: nextHash, previousSecretHash: sql`${deviceSignIns.secretHash}`, rotatedAt: null })
      .where(and(eq(deviceSignIns.previousSecretHash, secretHash), gt(deviceSignIns.rotatedAt, graceStart), gt(deviceSignIns.expiresAt, now)))
      .returning({ id: deviceSignIns.id, userId: deviceSignIns.userId }),
    db
      .update(deviceSignIns)
      .set({ ...used, secretHash: nextHash, previousSecretHash: secretHash, rotatedAt: now })
      .where(and(eq(deviceSignIns.secretHash, secretHash), gt(deviceSignIns.expiresAt, now)))
      .returning({ id: deviceSignIns.id, userId: deviceSignIns.userId }),
    // Written only when an update above matched: the row is found by the new hash.
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
          // A phone's stored secret is no proof of identity for adding a passkey (decision 011).
          verifiedAt: sql<null>`NULL`.as("verified_at"),
        })
        .from(deviceSignIns)
        .where(eq(deviceSignIns.secretHash, nextHash)),
    ),
  ]);
  const signedIn = retried[0] ?? rotated[0];
  if (signedIn) return { outcome: "signed-in", userId: signedIn.userId, deviceSignInId: signedIn.id, secret: next, tokenHash: session.tokenHash, setCookie: session.setCookie };
  const [reused] = await db.select({ userId: deviceSignIns.userId }).from(deviceSignIns).where(eq(deviceSignIns.previousSecretHash, secretHash));
  if (!reused) return { outcome: "refused" };
  const [ended] = await db.batch(removalStatements(db, reused.userId, eq(deviceSignIns.previousSecretHash, secretHash)));
  return { outcome: "reused", userId: reused.userId, endedSessions: ended.map((s) => s.tokenHash) };
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

/**
 * 'Sign out of all other devices' (decision 013): every device sign-in of the user but the
 * one behind the session that asked (if any), so another phone's Keychain secret stops
 * signing in too. Batched after the other sessions' deletion, which keeps that session.
 */
export function deleteOtherDeviceSignInsStatement(db: Db, userId: string, keepSessionHash: string) {
  return db
    .delete(deviceSignIns)
    .where(
      and(
        eq(deviceSignIns.userId, userId),
        sql`${deviceSignIns.id} IS NOT (SELECT ${sessions.deviceSignInId} FROM ${sessions} WHERE ${sessions.tokenHash} = ${keepSessionHash})`,
      ),
    );
}
