import type { TimeFormat } from "~/db/enums";
import type { HourCycle } from "~/modules/timeline/span";
import { and, eq, gt, lt, ne, type SQL, sql } from "drizzle-orm";
import { profiles, sessions, users } from "~/db/schema";
import type { HeaderNotifications } from "~/modules/notifications/header";
import { headerNotificationQueries, toHeaderNotifications } from "~/modules/notifications/service.server";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import type { BatchItem } from "drizzle-orm/batch";
import { plainCookie } from "~/utils/cookies.server";
import { batchNamed, type Db, type NamedResults } from "~/utils/db.server";
import { DAY, HOUR, isoIn, isoNow } from "~/utils/time";

// Sessions are ours (decision 002): a 32-byte random token in the cookie,
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
  /** How times read for them (Settings → Business info 'Time format'). */
  timeFormat: TimeFormat;
  /** 'Automatic' in what is sent to them without a browser (profiles.autoHourCycle). */
  autoHourCycle: HourCycle;
  subscriptionStatus: string;
  subscriptionType: string | null;
  subscriptionExpiresAt: string | null;
  /** Whether the account ever had a Stripe subscription: the free trial is for the first (decision 008). */
  hadSubscription: boolean;
  /** The store (RevenueCat) entitlement's end, if any: Pro when either source is active (decision 012). */
  storeEntitlementExpiresAt: string | null;
  sessionHash: string;
};

const sessionCookie = plainCookie(SESSION_COOKIE);
const PERSISTENT_SECONDS = PERSISTENT_MS / 1000;

/** The session token the browser sent, if it has the shape of one. */
async function readToken(request: Request): Promise<string | null> {
  const value = await sessionCookie.read(request);
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
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
    setCookie: await sessionCookie.write(request, token, persistent ? PERSISTENT_SECONDS : undefined),
  };
}

/**
 * A new session (a new token on every sign-in); returns its Set-Cookie header.
 * `passkeyId`: the passkey it was opened with (decision 011). `verified`: it was opened by
 * the account's password or a passkey, a proof of identity that adding a passkey asks for.
 */
export async function createSession(
  db: Db,
  request: Request,
  userId: string,
  persistent: boolean,
  { passkeyId = null, verified = false }: { passkeyId?: string | null; verified?: boolean } = {},
) {
  const { tokenHash, expiresAt, setCookie } = await newSessionToken(request, persistent);
  await db.insert(sessions).values({ tokenHash, userId, persistent, passkeyId, expiresAt, verifiedAt: verified ? isoNow() : null });
  return { tokenHash, setCookie };
}

export type SessionRead = { viewer: Viewer; setCookie?: string; notifications?: HeaderNotifications };

/**
 * A session's statements for one D1 batch (the session joins the page's
 * round trip): the hourly slide of a live session's last use (and a persistent one's
 * expiry), which writes nothing unless it is due, then the session row (joined with user
 * and profile, read after the slide so it shows it), and with `withNotifications` (pages
 * that render the header) the header's notifications, through the session's token hash.
 */
function sessionStatements(db: Db, tokenHash: string, now: number, withNotifications: boolean): SessionStatements {
  const nowIso = new Date(now).toISOString();
  const slide = db
    .update(sessions)
    .set({ lastUsedAt: nowIso, expiresAt: sql`CASE WHEN ${sessions.persistent} THEN ${new Date(now + PERSISTENT_MS).toISOString()} ELSE ${sessions.expiresAt} END` })
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, nowIso), lt(sessions.lastUsedAt, new Date(now - EXTEND_AFTER_MS).toISOString())));
  const header = withNotifications ? headerNotificationQueries(db, { sessionHash: tokenHash }) : null;
  return { sessionSlide: slide, session: sessionRowQuery(db, tokenHash), ...(header ? { headerLatest: header.latest, headerUnread: header.unread } : {}) };
}

function sessionRowQuery(db: Db, tokenHash: string) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      emailConfirmedAt: users.emailConfirmedAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      businessName: profiles.businessName,
      timeFormat: profiles.timeFormat,
      autoHourCycle: profiles.autoHourCycle,
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
}

type Header = ReturnType<typeof headerNotificationQueries>;
/** Batch items by name (batchNamed); the header's two only on pages that render it. */
type SessionStatements = Record<"sessionSlide" | "session", BatchItem<"sqlite">> & Partial<Record<"headerLatest" | "headerUnread", BatchItem<"sqlite">>>;
type SessionResults = {
  session: Awaited<ReturnType<typeof sessionRowQuery>>;
  headerLatest?: NamedResults<Header>["latest"];
  headerUnread?: NamedResults<Header>["unread"];
};

/** A persistent session's refreshed cookie, sent when the batch slid its expiry. */
const refreshCookieOf = (request: Request, token: string) => sessionCookie.write(request, token, PERSISTENT_SECONDS);

/** The batch's session results as the viewer (null: no such session, or expired), its header and refreshed cookie. */
function sessionFrom(refreshCookie: string, tokenHash: string, now: number, results: SessionResults): SessionRead | null {
  const row = results.session[0];
  if (!row || Date.parse(row.expiresAt) <= now) return null;
  const viewer: Viewer = {
    userId: row.userId,
    email: row.email,
    emailConfirmed: row.emailConfirmedAt !== null,
    firstName: row.firstName,
    lastName: row.lastName,
    businessName: row.businessName,
    timeFormat: row.timeFormat ?? "auto",
    autoHourCycle: row.autoHourCycle ?? "12h",
    subscriptionStatus: row.subscriptionStatus ?? "inactive",
    subscriptionType: row.subscriptionType,
    subscriptionExpiresAt: row.subscriptionExpiresAt,
    hadSubscription: row.stripeSubscriptionId !== null,
    storeEntitlementExpiresAt: row.storeEntitlementExpiresAt ?? null,
    sessionHash: tokenHash,
  };
  const read: SessionRead = { viewer };
  if (results.headerLatest && results.headerUnread) read.notifications = toHeaderNotifications({ latest: results.headerLatest, unread: results.headerUnread });
  // The slide ran in this batch: a persistent session's cookie is refreshed with it.
  if (row.persistent && row.lastUsedAt === new Date(now).toISOString()) read.setCookie = refreshCookie;
  return read;
}

/**
 * The request's session, not yet read: the statements that read it (and slide it, and with
 * `withNotifications` read the header's notifications) and the viewer's id as SQL, plain
 * data. `userId` names the viewer to other statements of the same batch: NULL unless the
 * session is live, so an access check through it grants nothing to an expired or revoked
 * session. Null when the request carries no session token.
 *
 * The one reader of the session cookie: the root middleware and the live upgrade call it
 * (through readSession, or leaving the statements to the route's batch:
 * session-batch.server.ts), nothing else (tests/unit/one-session-reader.test.ts).
 */
export async function requestSession(
  db: Db,
  request: Request,
  { withNotifications = false }: { withNotifications?: boolean } = {},
): Promise<SessionInBatch | null> {
  const token = await readToken(request);
  if (!token) return null;
  const tokenHash = await sha256Hex(token);
  const now = Date.now();
  return {
    statements: sessionStatements(db, tokenHash, now, withNotifications),
    userId: sql<string>`(SELECT ${sessions.userId} FROM ${sessions} WHERE ${sessions.tokenHash} = ${tokenHash} AND ${sessions.expiresAt} > ${new Date(now).toISOString()})`,
    tokenHash,
    now,
    refreshCookie: await refreshCookieOf(request, token),
  };
}

/** A session's statements for one D1 batch (batchNamed), its id as SQL, and what settles it from their results (sessionFromBatch). */
export type SessionInBatch = { statements: SessionStatements; userId: SQL<string>; tokenHash: string; now: number; refreshCookie: string };

/** The session as the results of the batch that carried its statements (any other names in it are ignored) show it. */
export function sessionFromBatch(session: SessionInBatch, results: object): SessionRead | null {
  return sessionFrom(session.refreshCookie, session.tokenHash, session.now, results as SessionResults);
}

/**
 * The signed-in viewer, or null. One D1 round trip: the session, user and profile
 * joined (its hourly slide in the same batch), and with `withNotifications` (pages that
 * render the header) the header's notifications.
 */
export async function readSession(db: Db, request: Request, options: { withNotifications?: boolean } = {}): Promise<SessionRead | null> {
  const session = await requestSession(db, request, options);
  return session && readSessionAlone(db, session);
}

/** A session's statements on their own round trip. */
export async function readSessionAlone(db: Db, session: SessionInBatch) {
  return sessionFromBatch(session, await batchNamed(db, session.statements));
}

/** The Set-Cookie header that forgets the session on this browser. */
export const clearSessionCookie = (request: Request) => sessionCookie.write(request, "", 0);

/**
 * Sign out: the row goes, the cookie is cleared. Returns the ended session (its hash
 * and user), whose live sockets must close (endLiveSessions).
 */
export async function destroySession(db: Db, request: Request) {
  const token = await readToken(request);
  const [ended] = token ? await db.delete(sessions).where(eq(sessions.tokenHash, await sha256Hex(token))).returning({ tokenHash: sessions.tokenHash, userId: sessions.userId }) : [];
  return { clear: await clearSessionCookie(request), ended: ended ?? null };
}

/**
 * Ends every other session of the user (password change or reset, 'sign out of all
 * other devices'). Returns the ended sessions' hashes: their live sockets must close
 * too (endLiveSessions).
 */
export function deleteOtherSessionsStatement(db: Db, userId: string, keepHash: string | null) {
  return (
    keepHash
      ? db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepHash)))
      : db.delete(sessions).where(eq(sessions.userId, userId))
  ).returning({ tokenHash: sessions.tokenHash });
}
