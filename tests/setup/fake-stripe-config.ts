// What the integration tests' Worker and their fake Stripe agree on.
export const FAKE_STRIPE = {
  secretKey: "sk_test_integration",
  webhookSecret: "whsec_integration",
  prices: [
    { id: "price_it_monthly", unitAmount: 999, interval: "month" },
    { id: "price_it_yearly", unitAmount: 9999, interval: "year" },
  ] as [{ id: string; unitAmount: number; interval: "month" }, { id: string; unitAmount: number; interval: "year" }],
};

// What the Worker and the fake RevenueCat agree on (decision 012).
export const FAKE_REVENUECAT = {
  secretKey: "sk_test_revenuecat_integration",
  webhookAuth: "Bearer rc-webhook-integration",
};

// What the Worker and the fake APNs agree on (decision 013); the keys themselves are made
// per run (vitest.config.ts, NATIVE_PUSH_TEST_KEYS).
// teamId is also the Worker's APPLE_TEAM_ID (the apps' App Site Association, decision 013).
export const FAKE_APNS = { keyId: "ITKEY00001", teamId: "ABCDE12345", bundleId: "app.eventflow.test" };

// What the Worker and the fake geocoder agree on (decision 018): a test key (`test_…`), the
// only kind GEOCODER_API_BASE accepts.
export const FAKE_GEOCODER = { apiKey: "test_geocoder_integration" };
