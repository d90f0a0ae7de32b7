// Decision 012: Pro bought in the App Store or Play, through RevenueCat.
// As with Stripe (decision 008), RevenueCat's REST API is the truth: a webhook only says
// *which* app user changed; the state written is read from GET /v1/subscribers/{id} at that
// moment, so a late, repeated or out-of-order event can never write an older state.
// The store's state has columns of its own (store_*), never Stripe's.
import { timingSafeEqual } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { processedJobs, profiles } from "~/db/schema";
import { apiBase } from "~/utils/api-base.server";
import { batchNamed, type Db } from "~/utils/db.server";

export type RevenueCatEnv = {
  REVENUECAT_SECRET_KEY?: string;
  REVENUECAT_WEBHOOK_AUTH?: string;
  /** The local fake (tests, `npm run dev`): only with a test key (sk_test_) and a loopback host. */
  REVENUECAT_API_BASE?: string;
  /**
   * "true" counts sandbox (TestFlight, Xcode, Play test track) purchases as Pro: `npm run dev`
   * and the tests only. Empty in production (wrangler.toml): a tester's free purchase is no Pro.
   */
  REVENUECAT_ALLOW_SANDBOX?: string;
};

/** The RevenueCat entitlement identifier that means Pro (configured in RevenueCat's dashboard). */
export const PRO_ENTITLEMENT = "pro";
/** A lifetime entitlement has no expires_date; stored as this far end so the one comparison holds. */
const NO_EXPIRY = "9999-12-31T23:59:59.999Z";
/** Where the REST API is: the fake only for a test key on this machine (the shared guard, as STRIPE_API_BASE). */
const apiBaseOf = (env: RevenueCatEnv) =>
  apiBase("https://api.revenuecat.com", { name: "REVENUECAT_API_BASE", override: env.REVENUECAT_API_BASE, testKey: String(env.REVENUECAT_SECRET_KEY).startsWith("sk_test_") });

type Subscriber = {
  subscriber?: {
    entitlements?: Record<string, { expires_date: string | null; product_identifier: string; purchase_date?: string }>;
    subscriptions?: Record<string, { store?: string; billing_issues_detected_at?: string | null; expires_date?: string | null; is_sandbox?: boolean }>;
    non_subscriptions?: Record<string, { store?: string; is_sandbox?: boolean }[]>;
  };
};

export type StoreState = {
  storeEntitlementExpiresAt: string | null;
  storeProductId: string | null;
  storePlatform: string | null;
  storeBillingIssue: boolean;
};

const NO_STORE_STATE: StoreState = { storeEntitlementExpiresAt: null, storeProductId: null, storePlatform: null, storeBillingIssue: false };

/**
 * The profile columns for a subscriber as RevenueCat describes it (REST v1 shape).
 * Decision 012: a sandbox purchase (`is_sandbox`, free for any TestFlight
 * or Play test-track tester) grants nothing unless `allowSandbox` (REVENUECAT_ALLOW_SANDBOX).
 */
export function storeStateOf(body: Subscriber, { allowSandbox = false }: { allowSandbox?: boolean } = {}): StoreState {
  const entitlement = body.subscriber?.entitlements?.[PRO_ENTITLEMENT];
  if (!entitlement) return NO_STORE_STATE;
  const subscription = body.subscriber?.subscriptions?.[entitlement.product_identifier];
  const purchase = subscription ?? body.subscriber?.non_subscriptions?.[entitlement.product_identifier]?.at(-1);
  if (purchase?.is_sandbox === true && !allowSandbox) return NO_STORE_STATE;
  return {
    storeEntitlementExpiresAt: entitlement.expires_date ? new Date(entitlement.expires_date).toISOString() : NO_EXPIRY,
    storeProductId: entitlement.product_identifier,
    storePlatform: subscription?.store ?? null,
    storeBillingIssue: !!subscription?.billing_issues_detected_at,
  };
}

type Read = { state: StoreState; readAt: number };

/** What RevenueCat says about the app user (= our user id) now, and when its answer arrived. */
async function readSubscriber(env: RevenueCatEnv, userId: string): Promise<Read> {
  if (!env.REVENUECAT_SECRET_KEY) throw new Error("REVENUECAT_SECRET_KEY is not configured");
  const response = await fetch(`${apiBaseOf(env)}/v1/subscribers/${encodeURIComponent(userId)}`, {
    headers: { Authorization: `Bearer ${env.REVENUECAT_SECRET_KEY}`, Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`RevenueCat answered ${response.status} for a subscriber`);
  return { state: storeStateOf((await response.json()) as Subscriber, { allowSandbox: env.REVENUECAT_ALLOW_SANDBOX === "true" }), readAt: Date.now() };
}

/** The write of a read, stamped: a profile already written from a later read is left alone. */
const write = (db: Db, userId: string, read: Read) =>
  db
    .update(profiles)
    .set({ ...read.state, storeSyncedAt: read.readAt, updatedAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')` })
    .where(and(eq(profiles.userId, userId), or(isNull(profiles.storeSyncedAt), lt(profiles.storeSyncedAt, read.readAt))))
    .returning({ userId: profiles.userId });

const profileOf = (db: Db, userId: string) => db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.userId, userId));

/**
 * Brings the user's store columns in step with RevenueCat (right after a purchase or
 * restore, and on each webhook); `alongside` runs in the same D1 batch (the webhook's
 * record of its event). A write skipped because a later-stamped read won meanwhile is
 * read once more, as in the Stripe sync. Returns the state now stored, or null for no such user.
 */
export async function syncStoreSubscription(db: Db, env: RevenueCatEnv, userId: string, alongside?: BatchItem<"sqlite">) {
  const read = await readSubscriber(env, userId);
  const { written, owner } = await batchNamed(db, {
    written: write(db, userId, read),
    owner: profileOf(db, userId),
    ...(alongside ? { alongside } : {}),
  });
  if (owner.length === 0) return null;
  if (written.length === 0) await write(db, userId, await readSubscriber(env, userId));
  const [row] = await db
    .select({
      storeEntitlementExpiresAt: profiles.storeEntitlementExpiresAt,
      storeProductId: profiles.storeProductId,
      storePlatform: profiles.storePlatform,
      storeBillingIssue: profiles.storeBillingIssue,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row ?? null;
}

/** The event types that can change an entitlement (decision 012); any other is ignored. */
const SYNCING_EVENTS = new Set([
  "INITIAL_PURCHASE",
  "RENEWAL",
  "CANCELLATION",
  "UNCANCELLATION",
  "EXPIRATION",
  "BILLING_ISSUE",
  "PRODUCT_CHANGE",
  "TRANSFER",
]);

export type RevenueCatEvent = {
  id: string;
  type: string;
  app_user_id?: string | null;
  transferred_from?: string[] | null;
  transferred_to?: string[] | null;
};

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

/**
 * Applies an authenticated event exactly once: `revenuecat:<id>` is recorded in the same
 * D1 batch as the profile write, and an id seen before changes nothing. A TRANSFER re-syncs
 * every app user it names (both sides). Users we do not know are skipped. Throws when
 * RevenueCat cannot be read: the webhook answers 500 and RevenueCat retries.
 */
export async function applyRevenueCatEvent(db: Db, env: RevenueCatEnv, event: RevenueCatEvent): Promise<WebhookOutcome> {
  const key = `revenuecat:${event.id}`;
  const [seen] = await db.select({ key: processedJobs.key }).from(processedJobs).where(eq(processedJobs.key, key));
  if (seen) return "duplicate";
  const record = db.insert(processedJobs).values({ key, kind: "revenuecat-webhook" }).onConflictDoNothing();
  const named = event.type === "TRANSFER" ? [...(event.transferred_from ?? []), ...(event.transferred_to ?? [])] : [event.app_user_id];
  const candidates = [...new Set(named.filter((id): id is string => typeof id === "string" && id.length > 0 && id.length <= 200))];
  const known = SYNCING_EVENTS.has(event.type)
    ? (await Promise.all(candidates.map(async (id) => ((await profileOf(db, id)).length ? id : null)))).filter((id): id is string => id !== null)
    : [];
  if (known.length === 0) {
    await record;
    return "ignored";
  }
  // Each user's write is read first, then the last one carries the event's record: a
  // failure before it leaves the event unrecorded, so RevenueCat's retry applies it.
  for (const [index, userId] of known.entries()) {
    await syncStoreSubscription(db, env, userId, index === known.length - 1 ? record : undefined);
  }
  return "applied";
}

/**
 * Compares the Authorization header with the configured secret in constant time (as
 * password.server.ts compares hashes); both are hashed first, so their lengths leak nothing.
 */
export async function authorizationMatches(given: string | null, expected: string): Promise<boolean> {
  if (given === null || !expected) return false;
  const encoder = new TextEncoder();
  const [a, b] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(given)),
    crypto.subtle.digest("SHA-256", encoder.encode(expected)),
  ]);
  return timingSafeEqual(new Uint8Array(a), new Uint8Array(b));
}
