import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { PRO_FEATURES } from "~/modules/billing/plans";
import { stripeClient, stripePageOrigins } from "~/modules/billing/stripe.server";
import { chooseSubscription, profileStateOf } from "~/modules/billing/subscription-state";
import { contentSecurityPolicy } from "~/utils/security-headers.server";

const T0 = 1_800_000_000; // Unix seconds
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

function subscription(overrides: Partial<Stripe.Subscription> & { periodEnd?: number; interval?: "month" | "year" } = {}): Stripe.Subscription {
  const { periodEnd = T0 + 30 * 86_400, interval = "month", ...rest } = overrides;
  return {
    id: "sub_1",
    object: "subscription",
    status: "active",
    created: T0,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    trial_start: null,
    trial_end: null,
    items: { object: "list", data: [{ current_period_start: T0, current_period_end: periodEnd, price: { recurring: { interval } } }] },
    ...rest,
  } as unknown as Stripe.Subscription;
}

describe("a Stripe subscription in the profile (decision 008)", () => {
  it("an active monthly subscription: Pro ('business') until the period's end", () => {
    expect(profileStateOf(subscription())).toEqual({
      subscriptionStatus: "active",
      subscriptionType: "business",
      billingInterval: "monthly",
      subscriptionExpiresAt: iso(T0 + 30 * 86_400),
      subscriptionCancelAtPeriodEnd: false,
      stripeSubscriptionId: "sub_1",
    });
  });

  it("a yearly trial: trialing, yearly, until the trial's end (the item's period)", () => {
    const state = profileStateOf(subscription({ status: "trialing", trial_start: T0, trial_end: T0 + 7 * 86_400, periodEnd: T0 + 7 * 86_400, interval: "year" }));
    expect(state).toMatchObject({ subscriptionStatus: "trialing", billingInterval: "yearly", subscriptionExpiresAt: iso(T0 + 7 * 86_400) });
  });

  it("cancelled in the portal (either way Stripe records it): keeps Pro until the period ends or cancel_at", () => {
    expect(profileStateOf(subscription({ cancel_at_period_end: true }))).toMatchObject({
      subscriptionStatus: "active",
      subscriptionCancelAtPeriodEnd: true,
      subscriptionExpiresAt: iso(T0 + 30 * 86_400),
    });
    expect(profileStateOf(subscription({ cancel_at: T0 + 10 * 86_400 }))).toMatchObject({
      subscriptionCancelAtPeriodEnd: true,
      subscriptionExpiresAt: iso(T0 + 10 * 86_400),
    });
  });

  it("ended: canceled since it ended, no longer 'cancelling'", () => {
    expect(profileStateOf(subscription({ status: "canceled", cancel_at_period_end: true, ended_at: T0 + 5, canceled_at: T0 }))).toMatchObject({
      subscriptionStatus: "canceled",
      subscriptionType: "business",
      subscriptionCancelAtPeriodEnd: false,
      subscriptionExpiresAt: iso(T0 + 5),
    });
  });

  it("maps every Stripe status to ours: only active and trialing grant Pro", () => {
    const statuses: Array<[Stripe.Subscription.Status, string]> = [
      ["active", "active"],
      ["trialing", "trialing"],
      ["past_due", "past_due"],
      ["unpaid", "past_due"],
      ["canceled", "canceled"],
      ["incomplete_expired", "canceled"],
      ["incomplete", "inactive"],
      ["paused", "inactive"],
    ];
    for (const [stripe, ours] of statuses) expect(profileStateOf(subscription({ status: stripe })).subscriptionStatus).toBe(ours);
  });

  it("no subscription at all: inactive, no type, and a first trial still to come", () => {
    expect(profileStateOf(null)).toEqual({
      subscriptionStatus: "inactive",
      subscriptionType: null,
      billingInterval: null,
      subscriptionExpiresAt: null,
      subscriptionCancelAtPeriodEnd: false,
      stripeSubscriptionId: null,
    });
  });

  it("of several subscriptions, one that grants Pro speaks for the customer, else the latest", () => {
    const old = subscription({ id: "sub_old", status: "canceled", periodEnd: T0 + 99 * 86_400 });
    const live = subscription({ id: "sub_live", status: "trialing" });
    const failing = subscription({ id: "sub_failing", status: "past_due" });
    expect(chooseSubscription([old, failing, live])?.id).toBe("sub_live");
    expect(chooseSubscription([old, failing])?.id).toBe("sub_failing");
    expect(chooseSubscription([subscription({ id: "a", status: "canceled", periodEnd: T0 }), subscription({ id: "b", status: "canceled", periodEnd: T0 + 1 })])?.id).toBe("b");
    expect(chooseSubscription([])).toBeNull();
  });
});

describe("Stripe's pages are where our forms may lead (CSP form-action)", () => {
  it("Stripe's checkout and billing hosts in production, the local fake's origin when configured", () => {
    expect(stripePageOrigins({})).toEqual(["https://checkout.stripe.com", "https://billing.stripe.com"]);
    expect(stripePageOrigins({ STRIPE_API_BASE: "http://127.0.0.1:12111" })).toEqual(["http://127.0.0.1:12111"]);
    const csp = contentSecurityPolicy({ nonce: "n", dev: false, formTargets: stripePageOrigins({}) });
    expect(csp).toContain("form-action 'self' https://checkout.stripe.com https://billing.stripe.com");
  });
});

describe("the Stripe client", () => {
  const env = { STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_PRICE_MONTHLY: "price_m", STRIPE_PRICE_YEARLY: "price_y" };
  it("talks to the local fake only with a test key and only on this machine: a test build deployed by mistake fails loudly", () => {
    expect(stripeClient({ ...env, STRIPE_SECRET_KEY: "sk_test_local", STRIPE_API_BASE: "http://127.0.0.1:12111" })).not.toBeNull();
    expect(() => stripeClient({ ...env, STRIPE_SECRET_KEY: "sk_live_real", STRIPE_API_BASE: "http://127.0.0.1:12111" })).toThrow(/only for sk_test_ keys/);
    expect(() => stripeClient({ ...env, STRIPE_SECRET_KEY: "sk_test_local", STRIPE_API_BASE: "http://stripe.evil.example" })).toThrow(/this machine/);
    expect(stripeClient({ ...env, STRIPE_SECRET_KEY: "sk_live_real", STRIPE_API_BASE: "" })).not.toBeNull();
    expect(stripeClient({ ...env, STRIPE_SECRET_KEY: "" })).toBeNull();
  });
});

describe("claims match the product (docs/product/subscription.md#plan)", () => {
  it("the Pro features do not promise contract management", () => {
    expect(PRO_FEATURES.join(" ")).not.toMatch(/contract/i);
    expect(PRO_FEATURES).toEqual([
      "Unlimited events",
      "Unlimited team members",
      "Client access portal with permissions",
      "Shot lists and timelines",
      "Push notifications and reminders",
      "People and vendor management",
    ]);
  });
});
