// Decision 012: RevenueCat's subscriber (REST v1) → the profile's store columns,
// and Pro through either source.
import { describe, expect, it } from "vitest";
import { hasActivePro } from "~/modules/billing/entitlement";
import { storeStateOf } from "~/modules/billing/revenuecat.server";

const subscriber = (entitlements: Record<string, unknown>, subscriptions: Record<string, unknown> = {}) => ({
  subscriber: { entitlements, subscriptions },
} as Parameters<typeof storeStateOf>[0]);

describe("storeStateOf", () => {
  it("reads the 'pro' entitlement's expiry and product, and the product's store and billing issue", () => {
    const state = storeStateOf(
      subscriber(
        { pro: { expires_date: "2027-01-02T03:04:05Z", product_identifier: "pro_yearly", purchase_date: "2026-01-02T03:04:05Z" } },
        { pro_yearly: { store: "play_store", billing_issues_detected_at: "2026-12-30T00:00:00Z" } },
      ),
    );
    expect(state).toEqual({ storeEntitlementExpiresAt: "2027-01-02T03:04:05.000Z", storeProductId: "pro_yearly", storePlatform: "play_store", storeBillingIssue: true });
  });

  it("no 'pro' entitlement (none, or another one) is no store Pro", () => {
    for (const body of [subscriber({}), subscriber({ other: { expires_date: "2099-01-01T00:00:00Z", product_identifier: "x" } }), {}]) {
      expect(storeStateOf(body)).toEqual({ storeEntitlementExpiresAt: null, storeProductId: null, storePlatform: null, storeBillingIssue: false });
    }
  });

  it("a lifetime entitlement (no expires_date) never expires", () => {
    const state = storeStateOf(subscriber({ pro: { expires_date: null, product_identifier: "pro_lifetime" } }));
    expect(hasActivePro({ subscriptionStatus: "inactive", subscriptionType: null, subscriptionExpiresAt: null, ...state }, new Date("2200-01-01"))).toBe(true);
  });
});

describe("hasActivePro: either source", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  const stripe = { subscriptionStatus: "active", subscriptionType: "business", subscriptionExpiresAt: "2026-07-01T00:00:00Z" };
  const none = { subscriptionStatus: "inactive", subscriptionType: null, subscriptionExpiresAt: null };
  it.each([
    ["Stripe only", stripe, null, true],
    ["store only", none, "2026-07-01T00:00:00.000Z", true],
    ["both", stripe, "2026-07-01T00:00:00.000Z", true],
    ["store expired, Stripe active", stripe, "2026-05-01T00:00:00.000Z", true],
    ["Stripe expired, store active", { ...stripe, subscriptionExpiresAt: "2026-05-01T00:00:00Z" }, "2026-07-01T00:00:00.000Z", true],
    ["both expired", { ...stripe, subscriptionExpiresAt: "2026-05-01T00:00:00Z" }, "2026-05-01T00:00:00.000Z", false],
    ["neither", none, null, false],
  ])("%s", (_, viewer, storeEntitlementExpiresAt, pro) => {
    expect(hasActivePro({ ...viewer, storeEntitlementExpiresAt }, now)).toBe(pro);
  });
});
