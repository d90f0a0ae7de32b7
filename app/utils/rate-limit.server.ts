import { eq, inArray, type SQL, sql } from "drizzle-orm";
import { rateLimits } from "~/db/schema";
import { batchNamed, type Db, rawAll } from "./db.server";
import { HOUR, MINUTE } from "./time";

// Fixed-window counters in D1, shared by every isolate (decision 002). consume / peek / recordFailure: decision 002.

export type Limit = { name: string; max: number; windowMs: number };

export const LIMITS = {
  // Every sign-in attempt from an IP (consume).
  signInPerIp: { name: "signin-ip", max: 20, windowMs: MINUTE },
  signUpPerIp: { name: "signup-ip", max: 10, windowMs: MINUTE },
  signUpPerEmail: { name: "signup-email", max: 10, windowMs: MINUTE },
  resetPerIp: { name: "reset-ip", max: 10, windowMs: MINUTE },
  resetPerEmail: { name: "reset-email", max: 10, windowMs: MINUTE },
  // Lock policy (decision 002): wrong passwords lock one address for
  // one IP (subject `address ip`), so a stranger elsewhere cannot lock the owner out;
  // across all IPs they slow down the devices the owner never signed in on
  // (signInDelayMs) and give those a small shared allowance; the owner's devices go on.
  failedSignInsPerPair: { name: "signin-failed-pair", max: 10, windowMs: 10 * MINUTE },
  // Failures on devices the address never signed in on. A failure counts until the end of
  // the window after its own (estimate), so at most two windows: 7.5 minutes each keeps
  // a new device's lock to 15 minutes after an attacker's last failure (decision 007).
  failedSignInsPerAddress: { name: "signin-failed-address", max: 10, windowMs: 7.5 * MINUTE },
  // While an address has that many failures, devices it never signed in on share this
  // allowance (consume, subject: the address): a botnet gets a few guesses, not one per IP.
  unknownDeviceSignIns: { name: "signin-unknown-device", max: 10, windowMs: 10 * MINUTE },
  confirmationPerUser: { name: "confirm-user", max: 3, windowMs: 10 * MINUTE },
  // Client links: guesses only (an unknown or malformed token, on the exchange, the
  // portal pages and actions, or the portal socket), never the use of a valid link
  // (decision 005: one venue's Wi-Fi is one IP for the couple, parents and planner).
  clientLinkPerIp: { name: "client-link-ip", max: 30, windowMs: MINUTE },
  // A client link made 25 edits in 3.6 s. Every write of a portal counts
  // (subject: the access id); a couple filling in their family list saves far less often.
  portalWritesPerLink: { name: "portal-writes", max: 30, windowMs: MINUTE },
  // One address invited to one event (subject `event-id address`), first send included:
  // re-inviting it five times sent five e-mails.
  invitationSends: { name: "invite-send", max: 3, windowMs: 10 * MINUTE },
  // Each checkout or billing-portal open makes a Stripe session (subject: the
  // user); a person needs one or two, a script could make thousands.
  billingSessions: { name: "billing-session", max: 10, windowMs: 10 * MINUTE },
  // The return from checkout asks Stripe while the webhook is late (two calls each time);
  // the page asks at most 7 times, a script could ask without end.
  checkoutConfirmations: { name: "checkout-confirm", max: 30, windowMs: 10 * MINUTE },
  // The native shell asks RevenueCat right after a purchase or restore.
  storeSyncs: { name: "store-sync", max: 10, windowMs: 10 * MINUTE },
  // The native app registers its push token when push is turned on (and
  // off); a person does that a few times, a script could churn the table.
  nativePushTokens: { name: "native-push", max: 20, windowMs: 10 * MINUTE },
  // Deleting an account asks for the password: a stolen session gets a few guesses, not a brute force.
  accountDeletions: { name: "delete-account", max: 5, windowMs: 10 * MINUTE },
  // Settings' 'Download my data' (subject: the user): each file reads every row of the
  // account; a person needs one now and then.
  dataExports: { name: "data-export", max: 5, windowMs: HOUR },
  // Edit Event's address search (subject: the user): each asks the geocoder, which is paid
  // per request and allows about one a second; a lead finding a venue needs a handful.
  addressSearches: { name: "address-search", max: 20, windowMs: MINUTE },
  // Calendar feeds (decision 019): a link that finds no feed counts against its IP (subject:
  // the IP), like a client link's guess; a calendar service fetches every user's feed from
  // a few shared IPs, so a valid link is never refused for its IP's guesses.
  calendarFeedGuessesPerIp: { name: "calendar-feed-ip", max: 30, windowMs: MINUTE },
  // A valid feed's own fetches (subject: its token's hash): calendar apps ask every 5 to 60
  // minutes from each device; a script asking without end is stopped.
  calendarFeedReads: { name: "calendar-feed", max: 30, windowMs: 10 * MINUTE },
} as const satisfies Record<string, Limit>;

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";
export const TOO_MANY_CHANGES = "Too many changes at once. Please wait a minute and try again.";
export const INVITE_SENT_RECENTLY = "This invitation was just sent. Please wait a few minutes before sending it again.";
/**
 * Every sign-in refused for too many attempts says the way in that no lock blocks (the
 * reset link) and when to try again (docs/product/messages.md#auth).
 */
export function signInLocked(minutes: number) {
  return `Too many sign-in attempts. Use "Forgot password?" to get a sign-in link, or try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

function windowOf(limit: Limit, now: number) {
  return { index: Math.floor(now / limit.windowMs) };
}

const keyOf = (limit: Limit, subject: string, index: number) => `${limit.name}:${subject}:${index}`;

/**
 * This window's count plus the whole previous window's: every hit of the last full
 * window is always counted (a burst that straddles a boundary is one burst), and a hit
 * is forgotten after one to two windows. Errs on the side of refusing.
 */
function estimate(current: number, previous: number) {
  return current + previous;
}

/** The statement that counts one hit in the current window; its result row holds the count. */
function hitStatement(db: Db, limit: Limit, subject: string, now: number) {
  const { index } = windowOf(limit, now);
  // Kept two windows, so the next window can still weigh it.
  const expiresAt = new Date((index + 2) * limit.windowMs).toISOString();
  return db
    .insert(rateLimits)
    .values({ key: keyOf(limit, subject, index), count: 1, expiresAt })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
}

function previousStatement(db: Db, limit: Limit, subject: string, now: number) {
  const { index } = windowOf(limit, now);
  return db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, keyOf(limit, subject, index - 1)));
}

/**
 * The three ways to use a limit (a caller that checked with one call
 * and counted with another counted twice). Each takes several limits at once, in one
 * D1 round trip. With a maximum of N:
 * - consume: this request counts; the Nth is allowed, the N+1th refused.
 * - peek: nothing counts; refused once N have been counted (by consume or recordFailure).
 * - recordFailure: counts one failure and answers nothing; pair it with peek, so that
 *   only failures (wrong passwords, unknown tokens) use up an allowance.
 */
export async function consume(db: Db, hits: Array<[Limit, string]>, now = Date.now()): Promise<boolean> {
  const counts = await batchNamed(
    db,
    Object.fromEntries(
      hits.flatMap(([limit, subject], i) => [
        [`current:${i}`, hitStatement(db, limit, subject, now)],
        [`previous:${i}`, previousStatement(db, limit, subject, now)],
      ]),
    ),
  );
  return hits.some(([limit], i) => estimate(counts[`current:${i}`]?.[0]?.count ?? 0, counts[`previous:${i}`]?.[0]?.count ?? 0) > limit.max);
}

/**
 * consume as statements for the caller's own batch (a request that also checks access is
 * one round trip), by name, and `over`, which reads consume's answer from that batch's results.
 */
export function consumeStatements(db: Db, hits: Array<[Limit, string]>, now = Date.now()) {
  const statements = Object.fromEntries(
    hits.flatMap(([limit, subject], i) => [
      [`hit_${i}`, hitStatement(db, limit, subject, now)],
      [`previous_${i}`, previousStatement(db, limit, subject, now)],
    ]),
  );
  const countIn = (results: Record<string, unknown>, name: string) => ((results[name] ?? []) as Array<{ count: number }>)[0]?.count ?? 0;
  const over = (results: Record<string, unknown>) => hits.some(([limit], i) => estimate(countIn(results, `hit_${i}`), countIn(results, `previous_${i}`)) > limit.max);
  return { statements, over };
}

/**
 * consumeStatements for hits that count only when their condition holds in the same batch
 * (a feed's read when its token is known, its IP's guess when it is not): one round trip,
 * and nothing written for a hit that does not apply. `over` is false for a hit that did not count.
 */
export function consumeIfStatements(db: Db, hits: Array<[Limit, string, SQL]>, now = Date.now()) {
  const statements = Object.fromEntries(
    hits.flatMap(([limit, subject, onlyIf], i) => {
      const { index } = windowOf(limit, now);
      const expiresAt = new Date((index + 2) * limit.windowMs).toISOString();
      // "WHERE" before ON CONFLICT keeps SQLite from reading the upsert as a join (sqlite.org/lang_upsert.html).
      const hit = rawAll<{ count: number }>(
        db,
        sql`INSERT INTO ${rateLimits} (key, count, expires_at) SELECT ${keyOf(limit, subject, index)}, 1, ${expiresAt} WHERE ${onlyIf}
            ON CONFLICT (key) DO UPDATE SET count = count + 1 RETURNING count`,
      );
      return [
        [`hit_if_${i}`, hit],
        [`previous_if_${i}`, previousStatement(db, limit, subject, now)],
      ];
    }),
  );
  const countIn = (results: Record<string, unknown>, name: string) => ((results[name] ?? []) as Array<{ count: number }>)[0]?.count;
  const over = (results: Record<string, unknown>, i: number) => {
    const current = countIn(results, `hit_if_${i}`);
    return current !== undefined && estimate(current, countIn(results, `previous_if_${i}`) ?? 0) > hits[i]![0].max;
  };
  return { statements, over };
}

/** Whether any of these limits has used up its allowance; counts nothing. */
export async function peek(db: Db, hits: Array<[Limit, string]>, now = Date.now()): Promise<boolean> {
  const counts = await Promise.all(hits.map(([limit, subject]) => countOf(db, limit, subject, now)));
  return hits.some(([limit], i) => counts[i]! >= limit.max);
}

/** Counts one failure on each of these limits. */
export async function recordFailure(db: Db, hits: Array<[Limit, string]>, now = Date.now()): Promise<void> {
  await batchNamed(db, Object.fromEntries(hits.map(([limit, subject], i) => [`hit:${i}`, hitStatement(db, limit, subject, now)])));
}

/** The estimated count of a limit's subject, without adding to it. */
export async function countOf(db: Db, limit: Limit, subject: string, now = Date.now()) {
  return countFrom(await countStatement(db, limit, subject, now), limit, subject, now);
}

function countStatement(db: Db, limit: Limit, subject: string, now: number) {
  const { index } = windowOf(limit, now);
  return db
    .select({ key: rateLimits.key, count: rateLimits.count })
    .from(rateLimits)
    .where(inArray(rateLimits.key, [keyOf(limit, subject, index), keyOf(limit, subject, index - 1)]));
}

function countFrom(rows: Array<{ key: string; count: number }>, limit: Limit, subject: string, now: number) {
  const { index } = windowOf(limit, now);
  const count = (key: string) => rows.find((r) => r.key === key)?.count ?? 0;
  return estimate(count(keyOf(limit, subject, index)), count(keyOf(limit, subject, index - 1)));
}

/**
 * peek as statements for the caller's own batch (a portal load is one
 * round trip), by name, and `over`, which reads peek's answer from that batch's results.
 */
export function peekStatements(db: Db, hits: Array<[Limit, string]>, now = Date.now()) {
  const statements = Object.fromEntries(hits.map(([limit, subject], i) => [`limit_${i}`, countStatement(db, limit, subject, now)]));
  const over = (results: Record<string, unknown>) =>
    hits.some(([limit, subject], i) => countFrom((results[`limit_${i}`] ?? []) as Array<{ key: string; count: number }>, limit, subject, now) >= limit.max);
  return { statements, over };
}

/**
 * The whole minutes (at least 1) until a refusal by `limit` for `subject` ends if nothing
 * more is counted: its hits of the current window stop counting when the next window
 * ends, those of the previous one when this window ends (estimate).
 */
export async function minutesUntilAllowed(db: Db, limit: Limit, subject: string, now = Date.now()) {
  const { index } = windowOf(limit, now);
  const rows = await countStatement(db, limit, subject, now);
  const current = rows.find((r) => r.key === keyOf(limit, subject, index))?.count ?? 0;
  const endsAt = (index + (current >= limit.max ? 2 : 1)) * limit.windowMs;
  return Math.max(1, Math.ceil((endsAt - now) / MINUTE));
}

/** An address's failed sign-ins across IPs from which the slow-down starts, and its cap. */
export const SLOW_DOWN_AFTER = LIMITS.failedSignInsPerAddress.max;
export const MAX_SIGN_IN_DELAY_MS = 3000;

/**
 * How long a sign-in for an address waits before it is answered, given that address's
 * recent failures from all IPs: nothing below SLOW_DOWN_AFTER, then 200 ms more per
 * failure, capped. Applied before the password is checked, so a right and a wrong
 * password wait alike and the timing tells nothing.
 */
export function signInDelayMs(failures: number) {
  if (failures < SLOW_DOWN_AFTER) return 0;
  return Math.min(MAX_SIGN_IN_DELAY_MS, 200 * (failures - SLOW_DOWN_AFTER + 1));
}

export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}
