// What the integration tests' Worker and their fake Stripe agree on.
export const FAKE_STRIPE = {
  secretKey: "sk_test_integration",
  webhookSecret: "whsec_integration",
  prices: [
    { id: "price_it_monthly", unitAmount: 999, interval: "month" },
    { id: "price_it_yearly", unitAmount: 9999, interval: "year" },
  ] as [{ id: string; unitAmount: number; interval: "month" }, { id: string; unitAmount: number; interval: "year" }],
};

// What the Worker and the fake RevenueCat agree on (issue 18 item 3).
export const FAKE_REVENUECAT = {
  secretKey: "sk_test_revenuecat_integration",
  webhookAuth: "Bearer rc-webhook-integration",
};
