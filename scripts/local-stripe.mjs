// The fake Stripe that `npm run dev` and the end-to-end server start (decision 008):
// the same keys, webhook secret and price ids as the Worker's .dev.vars, so the real
// stripe SDK in the Worker talks to it and its signed webhooks pass our verification.
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { startFakeRevenueCat } from "../tests/fakes/revenuecat-server.mjs";
import { startFakeStripe } from "../tests/fakes/stripe-server.mjs";
import { startFakeApns } from "../tests/fakes/apns-server.mjs";
import { startFakeFcm } from "../tests/fakes/fcm-server.mjs";
import { startFakeGeocoder } from "../tests/fakes/geocoder-server.mjs";

/** KEY=value lines of .dev.vars (written by ensure-dev-vars.mjs). */
function devVars(root) {
  const text = readFileSync(`${root}/.dev.vars`, "utf8");
  return Object.fromEntries([...text.matchAll(/^([A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1], m[2].trim()]));
}

/** A [vars] value of wrangler.toml (what .dev.vars does not override). */
function wranglerVar(root, name) {
  return readFileSync(`${root}/wrangler.toml`, "utf8").match(new RegExp(`^${name} = "(.*)"$`, "m"))?.[1] ?? "";
}

/** `preferred` if it is free, else any free port. */
export function freePort(preferred = 0, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(preferred ? freePort(0, host) : Promise.reject(new Error("no free port"))));
    server.listen(preferred, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the fake on `port`, sending its webhooks to `appOrigin`/webhooks/stripe, and
 * sets STRIPE_API_BASE in this process's environment: vite.config.ts hands it to the
 * Worker (dev server, or the build the e2e server serves).
 */
export async function startLocalStripe({ port, appOrigin, root = process.cwd(), log = false, retryDelaysMs }) {
  const vars = devVars(root);
  const fake = await startFakeStripe({
    port,
    secretKey: vars.STRIPE_SECRET_KEY,
    webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
    webhookUrl: `${appOrigin}/webhooks/stripe`,
    prices: [
      { id: vars.STRIPE_PRICE_MONTHLY, unitAmount: 999, interval: "month" },
      { id: vars.STRIPE_PRICE_YEARLY, unitAmount: 9999, interval: "year" },
    ],
    log,
    ...(retryDelaysMs ? { retryDelaysMs } : {}),
  });
  process.env.STRIPE_API_BASE = fake.url;
  return fake;
}

/**
 * The fake RevenueCat (decision 012) on `port`: its /_fake/webhook posts to
 * `appOrigin`/webhooks/revenuecat with .dev.vars' REVENUECAT_WEBHOOK_AUTH. Sets REVENUECAT_API_BASE
 * for vite.config.ts, as startLocalStripe does for Stripe.
 */
export async function startLocalRevenueCat({ port, appOrigin, root = process.cwd() }) {
  const vars = devVars(root);
  const fake = await startFakeRevenueCat({
    port,
    secretKey: vars.REVENUECAT_SECRET_KEY,
    webhookUrl: `${appOrigin}/webhooks/revenuecat`,
    webhookAuth: vars.REVENUECAT_WEBHOOK_AUTH,
  });
  process.env.REVENUECAT_API_BASE = fake.url;
  return fake;
}

/**
 * The fake APNs and FCM (decision 013) on `apnsPort` / `fcmPort`, checking
 * what .dev.vars' test-only keys sign (scripts/ensure-dev-vars.mjs made them). Sets
 * APNS_API_BASE and FCM_API_BASE for vite.config.ts, as startLocalStripe does for Stripe.
 */
export async function startLocalNativePush({ apnsPort, fcmPort, root = process.cwd() }) {
  const vars = devVars(root);
  const apns = await startFakeApns({
    port: apnsPort,
    privateKey: vars.APNS_PRIVATE_KEY,
    keyId: vars.APNS_KEY_ID,
    teamId: vars.APPLE_TEAM_ID,
    // wrangler.toml's, unless .dev.vars sets its own.
    bundleId: vars.APNS_BUNDLE_ID || wranglerVar(root, "APNS_BUNDLE_ID"),
  });
  const fcm = await startFakeFcm({ port: fcmPort, serviceAccount: vars.FCM_SERVICE_ACCOUNT });
  process.env.APNS_API_BASE = apns.url;
  process.env.FCM_API_BASE = fcm.url;
  return { apns, fcm, close: () => Promise.all([apns.close(), fcm.close()]) };
}

/**
 * The fake geocoder (decision 018) on `port`, accepting .dev.vars' GEOCODER_API_KEY. Sets
 * GEOCODER_API_BASE for vite.config.ts, as startLocalStripe does for Stripe.
 */
export async function startLocalGeocoder({ port, root = process.cwd() }) {
  const fake = await startFakeGeocoder({ port, apiKey: devVars(root).GEOCODER_API_KEY });
  process.env.GEOCODER_API_BASE = fake.url;
  return fake;
}
