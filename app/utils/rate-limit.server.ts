import { sql } from "drizzle-orm";
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
} as const satisfies Record<string, Limit>;

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";
export const SIGN_IN_LOCKED = "Too many failed sign-in attempts. Please wait 10 minutes and try again.";

function windowKey(limit: Limit, subject: string, now: number) {
  return { key: `${limit.name}:${subject}:${Math.floor(now / limit.windowMs)}`, expiresAt: new Date((Math.floor(now / limit.windowMs) + 1) * limit.windowMs).toISOString() };
}

/** The statement that counts one hit; its result row holds the new count. */
export function hitStatement(db: Db, limit: Limit, subject: string, now = Date.now()) {
  const { key, expiresAt } = windowKey(limit, subject, now);
  return db
    .insert(rateLimits)
    .values({ key, count: 1, expiresAt })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
}

/** Counts one hit on each limit in one round trip; true when any is over its maximum. */
export async function overLimit(db: Db, hits: Array<[Limit, string]>, now = Date.now()): Promise<boolean> {
  const statements = hits.map(([limit, subject]) => hitStatement(db, limit, subject, now));
  const results = await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return results.some((rows, i) => (rows[0]?.count ?? 0) > hits[i]![0].max);
}

/** The current count without adding a hit (e.g. failed sign-ins of an address). */
export async function currentCount(db: Db, limit: Limit, subject: string, now = Date.now()) {
  const { key } = windowKey(limit, subject, now);
  const row = await db.get<{ count: number } | undefined>(sql`SELECT count FROM rate_limits WHERE key = ${key}`);
  return row?.count ?? 0;
}

export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}
