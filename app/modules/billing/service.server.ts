// Pro on the web (issue 15): checkout, the billing portal, and keeping each profile in
// step with what Stripe says. Stripe is the truth: a webhook only tells us *which*
// customer changed; the state written is read from Stripe at that moment, so an event
// that arrives late or twice can never bring back an older state (decision 008).
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { BillingInterval } from "~/db/enums";
import { processedJobs, profiles } from "~/db/schema";
import type { Db } from "~/utils/db.server";
import { FREE_TRIAL_DAYS } from "./plans";
import { priceIdFor, type StripeEnv } from "./stripe.server";
import { chooseSubscription, profileStateOf } from "./subscription-state";

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
 * Stripe makes one customer; the first id written wins and both use it.
 */
async function customerIdFor(db: Db, stripe: Stripe, user: Subscriber, profile: NonNullable<Awaited<ReturnType<typeof billingProfile>>>) {
  if (profile.customerId) return profile.customerId;
  const name = profile.businessName || [profile.firstName, profile.lastName].filter(Boolean).join(" ") || undefined;
  const customer = await stripe.customers.create(
    {
      email: user.email,
      ...(name ? { name } : {}),
      metadata: { user_id: user.userId },
    },
    { idempotencyKey: `event-flow-customer-${user.userId}` },
  );
  const [, [saved]] = await db.batch([
    db
      .update(profiles)
      .set({ stripeCustomerId: customer.id })
      .where(and(eq(profiles.userId, user.userId), isNull(profiles.stripeCustomerId))),
    db.select({ customerId: profiles.stripeCustomerId }).from(profiles).where(eq(profiles.userId, user.userId)),
  ]);
  return saved?.customerId ?? customer.id;
}

/**
 * A Checkout Session (subscription mode) for the interval's price, chosen here. The
 * 7-day trial is for a first subscription only: someone who already had one (and
 * cancelled) subscribes without a second trial (decision 008). `requestKey` (the form's
 * idempotency key) makes a repeated submit of the same form open the same session.
 */
export async function createCheckoutSession(
  db: Db,
  stripe: Stripe,
  env: StripeEnv,
  {
    user,
    interval,
    origin,
    requestKey,
  }: {
    user: Subscriber;
    interval: BillingInterval;
    origin: string;
    requestKey: string | null;
  },
): Promise<string> {
  const price = priceIdFor(env, interval);
  if (!price) throw new Error(`No Stripe price is configured for ${interval}`);
  const profile = await billingProfile(db, user.userId);
  if (!profile) throw new Error("No profile");
  const customer = await customerIdFor(db, stripe, user, profile);
  const trial = trialEligible({ hadSubscription: profile.subscriptionId !== null });
  const session = await stripe.checkout.sessions.create(
    {
      mode: "subscription",
      customer,
      client_reference_id: user.userId,
      line_items: [{ price, quantity: 1 }],
      subscription_data: {
        ...(trial ? { trial_period_days: FREE_TRIAL_DAYS } : {}),
        metadata: { user_id: user.userId },
      },
      metadata: { user_id: user.userId },
      success_url: `${origin}/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/subscription?interval=${interval}`,
    },
    requestKey
      ? {
          idempotencyKey: `event-flow-checkout-${user.userId}-${interval}-${requestKey}`,
        }
      : undefined,
  );
  if (!session.url) throw new Error("Checkout Session without a url");
  return session.url;
}

/** The 7-day trial is for a first subscription only (decision 008). */
export function trialEligible(viewer: { hadSubscription: boolean }) {
  return !viewer.hadSubscription;
}

/** The customer portal (manage card, cancel, resume), back to Settings → Subscription. */
export async function createPortalSession(db: Db, stripe: Stripe, { user, origin }: { user: Subscriber; origin: string }) {
  const profile = await billingProfile(db, user.userId);
  if (!profile?.customerId) return null;
  const session = await stripe.billingPortal.sessions.create({
    customer: profile.customerId,
    return_url: `${origin}/settings?tab=subscription`,
  });
  return session.url;
}

/**
 * Reads the customer's subscriptions from Stripe and returns the statement that writes
 * the one that speaks for them into their profile, stamped with when it was read: a
 * profile already written from a later read is left alone, so two syncs racing cannot
 * end on the older state.
 */
async function syncStatement(db: Db, stripe: Stripe, customerId: string) {
  const subscriptions = await stripe.subscriptions.list({
    customer: customerId,
    status: "all",
    limit: 100,
  });
  // In Workers the clock stands still between I/O: this is when Stripe's answer arrived.
  const readAt = Date.now();
  const state = profileStateOf(chooseSubscription(subscriptions.data));
  // Wrapped: a drizzle query is thenable, and returning it from an async function would run it.
  return {
    statement: db
      .update(profiles)
      .set({
        ...state,
        stripeSyncedAt: readAt,
        updatedAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      })
      .where(and(eq(profiles.stripeCustomerId, customerId), or(isNull(profiles.stripeSyncedAt), lt(profiles.stripeSyncedAt, readAt)))),
  };
}

/** The events that can change a customer's subscription (issue 15 item 2). */
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
  // (never re-points a profile, never takes a customer another profile has).
  const userId = event.type.startsWith("checkout.session.") ? object.client_reference_id : null;
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
    : null;
  const { statement } = await syncStatement(db, stripe, customerId);
  await (link ? db.batch([link, statement, record]) : db.batch([statement, record]));
  return "applied";
}

/**
 * The return from checkout (issue 15 item 2): when the webhook has not arrived yet, ask
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
  const { statement } = await syncStatement(db, stripe, profile.customerId);
  const [, [row]] = await db.batch([
    statement,
    db
      .select({
        subscriptionStatus: profiles.subscriptionStatus,
        subscriptionType: profiles.subscriptionType,
        subscriptionExpiresAt: profiles.subscriptionExpiresAt,
      })
      .from(profiles)
      .where(eq(profiles.userId, user.userId)),
  ]);
  return row ?? null;
}
