import { eq, inArray, sql } from "drizzle-orm";
import { rateLimits } from "~/db/schema";
import type { Db } from "./db.server";
import { MINUTE } from "./time";

// Fixed-window counters in D1, shared by every isolate (accounts issue, item 5).

export type Limit = { name: string; max: number; windowMs: number };

export const LIMITS = {
  signInPerIp: { name: "signin-ip", max: 20, windowMs: MINUTE },
  signInPerEmail: { name: "signin-email", max: 10, windowMs: MINUTE },
  signUpPerIp: { name: "signup-ip", max: 10, windowMs: MINUTE },
  signUpPerEmail: { name: "signup-email", max: 10, windowMs: MINUTE },
  resetPerIp: { name: "reset-ip", max: 10, windowMs: MINUTE },
  resetPerEmail: { name: "reset-email", max: 10, windowMs: MINUTE },
  failedSignIns: { name: "signin-failed", max: 10, windowMs: 10 * MINUTE },
  confirmationPerUser: { name: "confirm-user", max: 3, windowMs: 10 * MINUTE },
  // Client links: every opening of /client/{token} and every failed portal request.
  clientLinkPerIp: { name: "client-link-ip", max: 30, windowMs: MINUTE },
} as const satisfies Record<string, Limit>;

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";
export const SIGN_IN_LOCKED = "Too many failed sign-in attempts. Please wait 10 minutes and try again.";

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
export function hitStatement(db: Db, limit: Limit, subject: string, now = Date.now()) {
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

/** Counts one hit on each limit in one round trip; true when any is over its maximum. */
export async function overLimit(db: Db, hits: Array<[Limit, string]>, now = Date.now()): Promise<boolean> {
  const statements = hits.flatMap(([limit, subject]) => [hitStatement(db, limit, subject, now), previousStatement(db, limit, subject, now)]);
  const results = (await db.batch(statements as unknown as Parameters<typeof db.batch>[0])) as unknown as Array<Array<{ count: number }>>;
  return hits.some(([limit], i) => {
    const current = results[2 * i]?.[0]?.count ?? 0;
    const previous = results[2 * i + 1]?.[0]?.count ?? 0;
    return estimate(current, previous) > limit.max;
  });
}

/** The estimated count without adding a hit (e.g. failed sign-ins of an address). */
export async function currentCount(db: Db, limit: Limit, subject: string, now = Date.now()) {
  const { index } = windowOf(limit, now);
  const rows = await db
    .select({ key: rateLimits.key, count: rateLimits.count })
    .from(rateLimits)
    .where(inArray(rateLimits.key, [keyOf(limit, subject, index), keyOf(limit, subject, index - 1)]));
  const count = (key: string) => rows.find((r) => r.key === key)?.count ?? 0;
  return estimate(count(keyOf(limit, subject, index)), count(keyOf(limit, subject, index - 1)));
}

export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}
