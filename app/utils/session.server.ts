import { and, eq, ne } from "drizzle-orm";
import { profiles, sessions, users } from "~/db/schema";
import type { HeaderNotifications } from "~/modules/notifications/header";
import { headerNotificationQueries, toHeaderNotifications } from "~/modules/notifications/service.server";
import { randomToken, sha256Hex } from "./crypto.server";
import { batchNamed, type Db } from "./db.server";
import { DAY, HOUR, isoIn } from "./time";

// Sessions are ours (accounts issue, item 3): a 32-byte random token in the cookie,
// only its SHA-256 in D1 with user, expiry and last use.
export const SESSION_COOKIE = "ef_session";
const PERSISTENT_MS = 30 * DAY;
const BROWSER_SESSION_MS = 12 * HOUR;
/** A persistent session's expiry slides at most once an hour, not on every request. */
const EXTEND_AFTER_MS = HOUR;

export type Viewer = {
  userId: string;
  email: string;
  emailConfirmed: boolean;
  firstName: string | null;
  lastName: string | null;
  businessName: string | null;
  subscriptionStatus: string;
  subscriptionType: string | null;
  subscriptionExpiresAt: string | null;
  /** Whether the account ever had a Stripe subscription: the free trial is for the first (decision 008). */
  hadSubscription: boolean;
  /** The store (RevenueCat) entitlement's end, if any: Pro when either source is active (decision 012). */
  storeEntitlementExpiresAt: string | null;
  sessionHash: string;
};

function cookie(request: Request, value: string, maxAgeSeconds?: number) {
  const secure = new URL(request.url).protocol === "https:";
  return [
    `${SESSION_COOKIE}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
    ...(maxAgeSeconds !== undefined ? [`Max-Age=${maxAgeSeconds}`] : []),
  ].join("; ");
}

function readToken(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) {
      const value = rest.join("=");
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
    }
  }
  return null;
}

/**
 * A new session's token, stored hash, expiry and Set-Cookie header, before its row is
 * written: createSession writes it; the native app's device sign-in (decision 013)
 * writes it in the same batch that checks the device's secret.
 */
export async function newSessionToken(request: Request, persistent: boolean) {
  const token = randomToken(32);
  return {
    tokenHash: await sha256Hex(token),
    expiresAt: isoIn(persistent ? PERSISTENT_MS : BROWSER_SESSION_MS),
    // Unticked 'Stay logged in': a browser-session cookie (no Max-Age).
    setCookie: cookie(request, token, persistent ? PERSISTENT_MS / 1000 : undefined),
  };
}

/** A new session (a new token on every sign-in); returns its Set-Cookie header. `passkeyId`: the passkey it was opened with (decision 011). */
export async function createSession(db: Db, request: Request, userId: string, persistent: boolean, passkeyId: string | null = null) {
  const { tokenHash, expiresAt, setCookie } = await newSessionToken(request, persistent);
  await db.insert(sessions).values({ tokenHash, userId, persistent, passkeyId, expiresAt });
  return { tokenHash, setCookie };
}

export type SessionRead = { viewer: Viewer; setCookie?: string; notifications?: HeaderNotifications };

/**
 * The signed-in viewer, or null. One D1 round trip: the session, user and profile
 * joined, and with `withNotifications` (pages that render the header) the header's
 * notifications, read in the same batch through the session's token hash.
 * A persistent session's expiry is extended on use; `setCookie` then refreshes the cookie.
 */
export async function readSession(
  db: Db,
  request: Request,
  { withNotifications = false }: { withNotifications?: boolean } = {},
): Promise<SessionRead | null> {
  const token = readToken(request);
  if (!token) return null;
  const tokenHash = await sha256Hex(token);
  const sessionQuery = db
    .select({
      userId: users.id,
      email: users.email,
      emailConfirmedAt: users.emailConfirmedAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      businessName: profiles.businessName,
      subscriptionStatus: profiles.subscriptionStatus,
      subscriptionType: profiles.subscriptionType,
      subscriptionExpiresAt: profiles.subscriptionExpiresAt,
      stripeSubscriptionId: profiles.stripeSubscriptionId,
      storeEntitlementExpiresAt: profiles.storeEntitlementExpiresAt,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sessions.lastUsedAt,
      persistent: sessions.persistent,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(sessions.tokenHash, tokenHash));
  let row: Awaited<typeof sessionQuery>[number] | undefined;
  let notifications: HeaderNotifications | undefined;
  if (withNotifications) {
    const { session, ...header } = await batchNamed(db, { session: sessionQuery, ...headerNotificationQueries(db, { sessionHash: tokenHash }) });
    row = session[0];
    notifications = toHeaderNotifications(header);
  } else {
    [row] = await sessionQuery;
  }
  if (!row) return null;
  const now = Date.now();
  if (Date.parse(row.expiresAt) <= now) return null;

  const viewer: Viewer = {
    userId: row.userId,
    email: row.email,
    emailConfirmed: row.emailConfirmedAt !== null,
    firstName: row.firstName,
    lastName: row.lastName,
    businessName: row.businessName,
    subscriptionStatus: row.subscriptionStatus ?? "inactive",
    subscriptionType: row.subscriptionType,
    subscriptionExpiresAt: row.subscriptionExpiresAt,
    hadSubscription: row.stripeSubscriptionId !== null,
    storeEntitlementExpiresAt: row.storeEntitlementExpiresAt ?? null,
    sessionHash: tokenHash,
  };
  const read: SessionRead = notifications ? { viewer, notifications } : { viewer };
  if (now - Date.parse(row.lastUsedAt) < EXTEND_AFTER_MS) return read;

  const expiresAt = row.persistent ? isoIn(PERSISTENT_MS) : row.expiresAt;
  await db
    .update(sessions)
    .set({ lastUsedAt: new Date(now).toISOString(), expiresAt })
    .where(eq(sessions.tokenHash, tokenHash));
  return row.persistent ? { ...read, setCookie: cookie(request, token, PERSISTENT_MS / 1000) } : read;
}

/**
 * Sign out: the row goes, the cookie is cleared. Returns the ended session (its hash
 * and user), whose live sockets must close (issue 14 item 4: endLiveSessions).
 */
export async function destroySession(db: Db, request: Request) {
  const token = readToken(request);
  const [ended] = token ? await db.delete(sessions).where(eq(sessions.tokenHash, await sha256Hex(token))).returning({ tokenHash: sessions.tokenHash, userId: sessions.userId }) : [];
  return { clear: cookie(request, "", 0), ended: ended ?? null };
}

/**
 * Ends every other session of the user (password change or reset, 'sign out of all
 * other devices'). Returns the ended sessions' hashes: their live sockets must close
 * too (issue 14 item 4: endLiveSessions).
 */
export function deleteOtherSessionsStatement(db: Db, userId: string, keepHash: string | null) {
  return (
    keepHash
      ? db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepHash)))
      : db.delete(sessions).where(eq(sessions.userId, userId))
  ).returning({ tokenHash: sessions.tokenHash });
}
