// What a customer's Stripe subscriptions mean for the profile (decision 008): pure, so the
// webhook, the return from checkout and the tests all read Stripe the same way.
import type Stripe from "stripe";
import type { BillingInterval, SubscriptionStatus } from "~/db/enums";

export type ProfileSubscription = {
  subscriptionStatus: SubscriptionStatus;
  subscriptionType: "business" | null;
  billingInterval: BillingInterval | null;
  subscriptionExpiresAt: string | null;
  subscriptionCancelAtPeriodEnd: boolean;
  stripeSubscriptionId: string | null;
};

const STATUS: Record<Stripe.Subscription.Status, SubscriptionStatus> = {
  active: "active",
  trialing: "trialing", // counts as active (docs/product/subscription.md#who-is-a-subscriber)
  past_due: "past_due",
  unpaid: "past_due",
  canceled: "canceled",
  incomplete_expired: "canceled",
  incomplete: "inactive", // the first payment never went through
  paused: "inactive", // a trial that ended without a payment method
};

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

/** Which of a customer's subscriptions speaks for them: one that grants Pro, else the newest. */
export function chooseSubscription(subscriptions: readonly Stripe.Subscription[]): Stripe.Subscription | null {
  const rank = (s: Stripe.Subscription) => (s.status === "active" || s.status === "trialing" ? 2 : STATUS[s.status] === "past_due" ? 1 : 0);
  return [...subscriptions].sort((a, b) => rank(b) - rank(a) || periodEnd(b) - periodEnd(a) || b.created - a.created)[0] ?? null;
}

function periodEnd(subscription: Stripe.Subscription): number {
  // In this API version the period lives on the item (one item: the Pro price).
  return subscription.items.data[0]?.current_period_end ?? 0;
}

function intervalOf(subscription: Stripe.Subscription): BillingInterval | null {
  const interval = subscription.items.data[0]?.price.recurring?.interval;
  return interval === "year" ? "yearly" : interval === "month" ? "monthly" : null;
}

/**
 * The profile's fields for the chosen subscription. The expiry is when Pro ends if
 * nothing more is paid: the period's end (the trial's end while trialing), the
 * scheduled cancellation, or when a cancelled one ended.
 */
export function profileStateOf(subscription: Stripe.Subscription | null): ProfileSubscription {
  if (!subscription) {
    return {
      subscriptionStatus: "inactive",
      subscriptionType: null,
      billingInterval: null,
      subscriptionExpiresAt: null,
      subscriptionCancelAtPeriodEnd: false,
      stripeSubscriptionId: null,
    };
  }
  const status = STATUS[subscription.status] ?? "inactive";
  const ended = status === "canceled";
  const expires = ended
    ? (subscription.ended_at ?? subscription.canceled_at ?? periodEnd(subscription))
    : Math.min(...[periodEnd(subscription), subscription.cancel_at ?? Infinity].filter((t) => t > 0));
  return {
    subscriptionStatus: status,
    subscriptionType: "business",
    billingInterval: intervalOf(subscription),
    subscriptionExpiresAt: iso(Number.isFinite(expires) ? expires : null),
    // The billing portal cancels at the period's end (older accounts) or sets cancel_at.
    subscriptionCancelAtPeriodEnd: !ended && (subscription.cancel_at_period_end || subscription.cancel_at !== null),
    stripeSubscriptionId: subscription.id,
  };
}
