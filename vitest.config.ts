import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { createServer } from "node:net";
import { defineConfig } from "vitest/config";
import { FAKE_APNS, FAKE_GEOCODER, FAKE_REVENUECAT, FAKE_STRIPE } from "./tests/setup/fake-stripe-config";
import { generateNativePushKeys } from "./scripts/ensure-dev-vars.mjs";

const app = new URL("./app", import.meta.url).pathname;

// Two layers (the third, end-to-end, is Playwright): unit tests in Node, and
// integration tests inside workerd against the real migrations and bindings.
/** A port free right now, for the fake Stripe the Worker is told about before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  // Read by tests/setup/fake-stripe.ts (globalSetup, same process), which starts the fake there.
  process.env.FAKE_STRIPE_PORT ??= String(await freePort());
  process.env.FAKE_REVENUECAT_PORT ??= String(await freePort());
  process.env.FAKE_GEOCODER_PORT ??= String(await freePort());
  // Native push (decision 013): test-only keys made for this run, shared with the fakes
  // (tests/setup/fake-native-push.ts) through the environment.
  process.env.FAKE_APNS_PORT ??= String(await freePort());
  process.env.FAKE_FCM_PORT ??= String(await freePort());
  process.env.NATIVE_PUSH_TEST_KEYS ??= JSON.stringify(generateNativePushKeys());
  const nativeKeys = JSON.parse(process.env.NATIVE_PUSH_TEST_KEYS) as ReturnType<typeof generateNativePushKeys>;
  return {
    resolve: { alias: { "~": app } },
    test: {
      projects: [
        {
          resolve: { alias: { "~": app } },
          test: {
            name: "unit",
            include: ["tests/unit/**/*.test.ts"],
            environment: "node",
            setupFiles: ["./tests/setup/fail-on-console-error.ts"],
          },
        },
        {
          resolve: { alias: { "~": app } },
          plugins: [
            cloudflareTest({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  SESSION_SECRET: "integration-test-secret",
                  EMAIL_API_KEY: "",
                  // No VAPID private key: push is off unless a test configures it.
                  VAPID_PRIVATE_KEY: "",
                  // Stripe is the fake (tests/setup/fake-stripe.ts), through the real SDK.
                  STRIPE_API_BASE: `http://127.0.0.1:${process.env.FAKE_STRIPE_PORT}`,
                  STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
                  STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
                  STRIPE_PRICE_MONTHLY: FAKE_STRIPE.prices[0].id,
                  STRIPE_PRICE_YEARLY: FAKE_STRIPE.prices[1].id,
                  // RevenueCat is the fake too (tests/setup/fake-revenuecat.ts).
                  REVENUECAT_API_BASE: `http://127.0.0.1:${process.env.FAKE_REVENUECAT_PORT}`,
                  REVENUECAT_SECRET_KEY: FAKE_REVENUECAT.secretKey,
                  REVENUECAT_WEBHOOK_AUTH: FAKE_REVENUECAT.webhookAuth,
                  // The fake's purchases are sandbox ones, as every test purchase (decision 012).
                  REVENUECAT_ALLOW_SANDBOX: "true",
                  // The address search is the fake geocoder too (tests/setup/fake-geocoder.ts, decision 018).
                  GEOCODER_API_BASE: `http://127.0.0.1:${process.env.FAKE_GEOCODER_PORT}`,
                  GEOCODER_API_KEY: FAKE_GEOCODER.apiKey,
                  // The native apps' identities (decision 013): tests/integration/native-app-links.test.ts.
                  APPLE_TEAM_ID: FAKE_APNS.teamId,
                  ANDROID_CERT_SHA256: "0B:30:55:7A:9F:C4:E9:0E:33:58:7D:A2:C7:EC:11:36:5B:80:A5:CA:EF:14:39:5E:83:A8:CD:F2:17:3C:61:86",
                  // APNs and FCM are fakes too, checking what our keys sign (the team id is APPLE_TEAM_ID).
                  APNS_API_BASE: `http://127.0.0.1:${process.env.FAKE_APNS_PORT}`,
                  APNS_KEY_ID: FAKE_APNS.keyId,
                  APNS_BUNDLE_ID: FAKE_APNS.bundleId,
                  APNS_PRIVATE_KEY: nativeKeys.apnsPrivateKey,
                  FCM_API_BASE: `http://127.0.0.1:${process.env.FAKE_FCM_PORT}`,
                  FCM_SERVICE_ACCOUNT: nativeKeys.fcmServiceAccount,
                  // Where the tests read what the fakes received.
                  FAKE_APNS_URL: `http://127.0.0.1:${process.env.FAKE_APNS_PORT}`,
                  FAKE_FCM_URL: `http://127.0.0.1:${process.env.FAKE_FCM_PORT}`,
                },
              },
            }),
            // Supplies virtual:react-router/server-build so requests reach the routes.
            reactRouter(),
          ],
          test: {
            name: "integration",
            include: ["tests/integration/**/*.test.ts"],
            // Sign-in tests hash with scrypt (about 0.1 s each, more on a busy machine), and a
            // file's setup signs several users in: on two busy cores that passes 10 s.
            testTimeout: 30_000,
            hookTimeout: 30_000,
            setupFiles: ["./tests/setup/apply-migrations.ts", "./tests/setup/fail-on-console-error.ts"],
            globalSetup: ["./tests/setup/fake-stripe.ts", "./tests/setup/fake-revenuecat.ts", "./tests/setup/fake-native-push.ts", "./tests/setup/fake-geocoder.ts"],
          },
        },
      ],
    },
  };
});
