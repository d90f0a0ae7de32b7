// Pro on the web (decision 008): checkout, the billing portal, and keeping each profile in
// step with what Stripe says. Stripe is the truth: a webhook only tells us *which*
// customer changed; the state written is read from Stripe at that moment, so an event
// that arrives late or twice can never bring back an older state (decision 008).
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type Stripe from "stripe";
import type { BillingInterval } from "~/db/enums";
import { processedJobs, profiles } from "~/db/schema";
import { sha256Hex } from "~/utils/crypto.server";
import { batchNamed, type Db } from "~/utils/db.server";
import { FREE_TRIAL_DAYS } from "./plans";
import { priceIdFor, type StripeEnv } from "./stripe.server";
import { chooseSubscription, profileStateOf, type ProfileSubscription } from "./subscription-state";

type Subscriber = { userId: string; email: string };

/** The profile's billing fields (one read). */
async function billingProfile(db: Db, userId: string) {
  const [row] = await db
    .select({
      customerId: profiles.stripeCustomerId,
      subscriptionId: profiles.stripeSubscriptionId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      businessName: profiles.businessName,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row ?? null;
}

/**
 * One Stripe customer per user, created the first time they check out and reused after.
 * Two requests racing here (two tabs, a double tap) send the same idempotency key, so
 * Stripe makes one customer; the first id written wins and both use it. The key names
 * what is sent: a name edited within Stripe's 24 hours is a new request, not a conflict.
 */
async function customerIdFor(
  db: Db,
  stripe: Stripe,
  user: Subscriber,
  profile: NonNullable<Awaited<ReturnType<typeof billingProfile>>>,
  replacing: string | null = null,
) {
  if (profile.customerId) return profile.customerId;
  const name = profile.businessName || [profile.firstName, profile.lastName].filter(Boolean).join(" ") || undefined;
  const params = { email: user.email, ...(name ? { name } : {}), metadata: { user_id: user.userId } };
  const paramsHash = (await sha256Hex(JSON.stringify(params))).slice(0, 16);
  // Replacing a deleted customer is a new request: the old key would answer with the deleted one.
  const customer = await stripe.customers.create(params, {
    idempotencyKey: `event-flow-customer-${user.userId}-${paramsHash}${replacing ? `-${replacing}` : ""}`,
  });
  const {
    stored: [saved],
  } = await batchNamed(db, {
    // A customer saved meanwhile (another tab) is kept; `stored` reads whichever won.
    save: db
      .update(profiles)
      .set({ stripeCustomerId: customer.id })
      .where(and(eq(profiles.userId, user.userId), isNull(profiles.stripeCustomerId))),
    stored: db.select({ customerId: profiles.stripeCustomerId }).from(profiles).where(eq(profiles.userId, user.userId)),
  });
  return saved?.customerId ?? customer.id;
}

/** Stripe no longer knows this customer (deleted in the dashboard): for us, no subscription. */
function isMissingCustomer(error: unknown) {
  const stripeError = error as { type?: string; code?: string; param?: string; statusCode?: number };
  return stripeError?.type === "StripeInvalidRequestError" && stripeError.code === "resource_missing" && (stripeError.param === "customer" || stripeError.statusCode === 404);
}

/** Subscriptions that are over (or never began): they do not stand in the way of a new one. */
const ENDED = new Set<Stripe.Subscription.Status>(["canceled", "incomplete_expired", "incomplete"]);

export type CheckoutResult = { url: string } | { existing: ProfileSubscription };

/**
 * A Checkout Session (subscription mode) for the interval's price, chosen here.
 * - Stripe is asked first: a customer with a live subscription (a second tab, a webhook
 *   still on its way, a failed payment to fix) gets no second one: `{ existing }`,
 *   and their profile is brought in step at once.
 * - The 7-day trial is for a first subscription only (decision 008): none at Stripe and
 *   none on the profile.
 * - Any other open session of the customer is expired first: only the checkout opened
 *   last can be paid, so two tabs cannot make two subscriptions.
 */
export async function createCheckoutSession(
  db: Db,
  stripe: Stripe,
  env: StripeEnv,
  { user, interval, origin }: { user: Subscriber; interval: BillingInterval; origin: string },
): Promise<CheckoutResult> {
  const price = priceIdFor(env, interval);
  if (!price) throw new Error(`No Stripe price is configured for ${interval}`);
  let profile = await billingProfile(db, user.userId);
  if (!profile) throw new Error("No profile");
  let customer = await customerIdFor(db, stripe, user, profile);
  let history: Stripe.Subscription[];
  try {
    history = (await stripe.subscriptions.list({ customer, status: "all", limit: 100 })).data;
  } catch (error) {
    if (!isMissingCustomer(error)) throw error;
    // The customer was deleted at Stripe: forget it and start with a new one.
    await db.update(profiles).set({ stripeCustomerId: null }).where(and(eq(profiles.userId, user.userId), eq(profiles.stripeCustomerId, customer)));
    profile = { ...profile, customerId: null };
    customer = await customerIdFor(db, stripe, user, profile, customer);
    history = [];
  }
  if (history.some((subscription) => !ENDED.has(subscription.status))) {
    const state = profileStateOf(chooseSubscription(history));
    await write(db, customer, { state, readAt: Date.now() });
    return { existing: state };
  }
  const open = await stripe.checkout.sessions.list({ customer, status: "open", limit: 100 });
  await Promise.all(open.data.map((session) => stripe.checkout.sessions.expire(session.id)));

  const trial = trialEligible({ hadSubscription: profile.subscriptionId !== null || history.length > 0 });
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer,
    client_reference_id: user.userId,
    line_items: [{ price, quantity: 1 }],
    subscription_data: { ...(trial ? { trial_period_days: FREE_TRIAL_DAYS } : {}), metadata: { user_id: user.userId } },
    metadata: { user_id: user.userId },
    success_url: `${origin}/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${origin}/subscription?interval=${interval}`,
  });
  if (!session.url) throw new Error("Checkout Session without a url");
  return { url: session.url };
}

/** The 7-day trial is for a first subscription only (decision 008). */
export function trialEligible(viewer: { hadSubscription: boolean }) {
  return !viewer.hadSubscription;
}

/** The customer portal (manage card, cancel, resume), back to Settings → Subscription. */
export async function createPortalSession(db: Db, stripe: Stripe, { user, origin }: { user: Subscriber; origin: string }) {
  const profile = await billingProfile(db, user.userId);
  if (!profile?.customerId) return null;
  const session = await stripe.billingPortal.sessions.create({ customer: profile.customerId, return_url: `${origin}/settings?tab=subscription` });
  return session.url;
}

type Read = { state: ProfileSubscription; readAt: number; customerGone?: boolean };

/** What Stripe says about the customer now, and when its answer arrived. */
async function readCustomer(stripe: Stripe, customerId: string): Promise<Read> {
  try {
    const subscriptions = await stripe.subscriptions.list({ customer: customerId, status: "all", limit: 100 });
    // In Workers the clock stands still between I/O: this is when Stripe's answer arrived.
    return { state: profileStateOf(chooseSubscription(subscriptions.data)), readAt: Date.now() };
  } catch (error) {
    // A deleted customer has no subscription; retrying the event would never succeed.
    if (isMissingCustomer(error)) return { state: profileStateOf(null), readAt: Date.now(), customerGone: true };
    throw error;
  }
}

/**
 * The write of a read into the customer's profile, stamped with when it was read: a
 * profile already written from a later read is left alone (see `syncCustomer`).
 */
function write(db: Db, customerId: string, read: Read) {
  return db
    .update(profiles)
    .set({
      ...read.state,
      ...(read.customerGone ? { stripeCustomerId: null } : {}),
      stripeSyncedAt: read.readAt,
      updatedAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    })
    .where(and(eq(profiles.stripeCustomerId, customerId), or(isNull(profiles.stripeSyncedAt), lt(profiles.stripeSyncedAt, read.readAt))))
    .returning({ userId: profiles.userId });
}

const profileOfCustomer = (db: Db, customerId: string) =>
  db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.stripeCustomerId, customerId));

/**
 * Brings the customer's profile in step with Stripe; `link` (a completed checkout's
 * link of the customer to its profile) runs in the same D1 batch before the write,
 * `alongside` after it (the webhook's record of its event). When the write was
 * skipped because another sync wrote a later-stamped read meanwhile, the customer is
 * read once more: that read began after the other write, so it is at least as new, and
 * an answer that was merely slow to arrive can never leave the older state in place.
 */
async function syncCustomer(db: Db, stripe: Stripe, customerId: string, { link, alongside }: { link?: BatchItem<"sqlite">; alongside?: BatchItem<"sqlite"> } = {}) {
  const read = await readCustomer(stripe, customerId);
  const { written, owner } = await batchNamed(db, {
    ...(link ? { link } : {}),
    written: write(db, customerId, read),
    owner: profileOfCustomer(db, customerId),
    ...(alongside ? { alongside } : {}),
  });
  if (written.length === 0 && owner.length > 0) {
    await write(db, customerId, await readCustomer(stripe, customerId));
  }
}

/** The events that can change a customer's subscription (decision 008). */
const SYNCING_EVENTS = new Set<string>([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "invoice.paid",
  "invoice.payment_failed",
]);

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

/**
 * Applies a verified event exactly once: its id is recorded (processed_jobs) in the same
 * D1 batch as the profile it updates, and an id seen before changes nothing. Throws when
 * Stripe cannot be read: the webhook answers 500 and Stripe delivers the event again.
 */
export async function applyStripeEvent(db: Db, stripe: Stripe, event: Stripe.Event): Promise<WebhookOutcome> {
  const key = `stripe:${event.id}`;
  const [seen] = await db.select({ key: processedJobs.key }).from(processedJobs).where(eq(processedJobs.key, key));
  if (seen) return "duplicate";
  const record = db.insert(processedJobs).values({ key, kind: "stripe-webhook" }).onConflictDoNothing();
  const object = event.data.object as {
    customer?: string | { id: string } | null;
    client_reference_id?: string | null;
  };
  const customerId = idOf(object.customer);
  if (!SYNCING_EVENTS.has(event.type) || !customerId) {
    await record;
    return "ignored";
  }
  // A completed checkout names our user: link the customer if the profile has none yet
  // (never re-points a profile, never takes a customer another profile has). Only a
  // session we made counts: its metadata carries the same user id, which a Payment
  // Link's URL (where anyone may set client_reference_id) cannot set.
  const metadataUser = (object as { metadata?: Record<string, string> | null }).metadata?.user_id;
  const userId = event.type.startsWith("checkout.session.") && object.client_reference_id === metadataUser ? object.client_reference_id : null;
  const link = userId
    ? db
        .update(profiles)
        .set({ stripeCustomerId: customerId })
        .where(
          and(
            eq(profiles.userId, userId),
            isNull(profiles.stripeCustomerId),
            sql`NOT EXISTS (SELECT 1 FROM profiles AS other WHERE other.stripe_customer_id = ${customerId})`,
          ),
        )
    : undefined;
  await syncCustomer(db, stripe, customerId, { link, alongside: record });
  return "applied";
}

/**
 * The return from checkout (decision 008): when the webhook has not arrived yet, ask
 * Stripe for the session itself, so the user never sees a stale 'not subscribed'. Only
 * the user's own, completed session counts. Returns the profile's subscription as it now stands, or null.
 */
export async function confirmCheckoutSession(db: Db, stripe: Stripe, user: Subscriber, sessionId: string) {
  if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId)) return null;
  const profile = await billingProfile(db, user.userId);
  if (!profile?.customerId) return null;
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  if (session.client_reference_id !== user.userId || idOf(session.customer) !== profile.customerId || session.status !== "complete") {
    return null;
  }
  await syncCustomer(db, stripe, profile.customerId);
  const [row] = await db
    .select({
      subscriptionStatus: profiles.subscriptionStatus,
      subscriptionType: profiles.subscriptionType,
      subscriptionExpiresAt: profiles.subscriptionExpiresAt,
    })
    .from(profiles)
    .where(eq(profiles.userId, user.userId));
  return row ?? null;
}
