// `npm run dev`: local D1 migrated and seeded, then React Router's dev server (hot
// reload) with every binding running locally in workerd. No accounts or keys needed.
import { execFileSync, spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { ensureDevVars } from "./ensure-dev-vars.mjs";
import { freePort, startLocalGeocoder, startLocalNativePush, startLocalRevenueCat, startLocalStripe } from "./local-stripe.mjs";
import { seedLocal } from "./seed-local.mjs";

// `npm run dev -- --port 3000 --host 0.0.0.0`, the way Vite users pass them, or PORT / HOST.
let args;
try {
  ({ values: args } = parseArgs({ options: { port: { type: "string" }, host: { type: "string" } }, strict: true }));
} catch (error) {
  console.error(`npm run dev: ${error instanceof Error ? error.message : error}. Options: --port <number>, --host <name>.`);
  process.exit(2);
}
const port = args.port ?? process.env.PORT ?? "5173";
const host = args.host ?? process.env.HOST ?? "localhost";
if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
  console.error(`npm run dev: --port must be a port number (1-65535), not "${port}".`);
  process.exit(2);
}
// The address to open, first of all: before the fakes print their own (127.0.0.1) ones and
// before the minutes a first start spends migrating, seeding and building. A server
// listening on every interface is opened at localhost all the same.
const shownHost = ["0.0.0.0", "::", "[::]"].includes(host) ? "localhost" : host;
const appUrl = `http://${shownHost}:${port}/`;
console.log(`\n  Event Flow is starting at  ${appUrl}`);

// The app reads nothing of `Request.cf`; without this, Miniflare looks it up at
// workers.cloudflare.com on start and prints a failed lookup on a machine with no network.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

ensureDevVars();
// Links in the e-mails the cron sends (event reminders) lead to this server (vite.config.ts).
process.env.APP_URL = `http://${host}:${port}`;
execFileSync("wrangler", ["d1", "migrations", "apply", "DB", "--local"], { stdio: ["ignore", "ignore", "inherit"] });
const demo = await seedLocal();
// Checkout, the billing portal and their webhooks work with no Stripe account.
const stripe = await startLocalStripe({ port: await freePort(Number(process.env.FAKE_STRIPE_PORT ?? 12111)), appOrigin: `http://${host}:${port}`, log: true });
// Native purchases' server side (decision 012): RevenueCat's REST API and webhooks, faked.
const revenueCat = await startLocalRevenueCat({ port: await freePort(Number(process.env.FAKE_REVENUECAT_PORT ?? 12112)), appOrigin: `http://${host}:${port}` });
// Native push (decision 013): APNs and FCM, faked, checking .dev.vars' test-only keys.
const nativePush = await startLocalNativePush({
  apnsPort: await freePort(Number(process.env.FAKE_APNS_PORT ?? 12113)),
  fcmPort: await freePort(Number(process.env.FAKE_FCM_PORT ?? 12114)),
});
// The venue's address search (decision 018): OpenCage's geocoding API, faked, with a few places.
const geocoder = await startLocalGeocoder({ port: await freePort(Number(process.env.FAKE_GEOCODER_PORT ?? 12115)) });

console.log(`
  Event Flow:                ${appUrl}
  Demo lead photographer:    ${demo.email}  /  ${demo.password}
  Local e-mail inbox:        ${appUrl}dev/mail
  Run the cron by hand:      ${appUrl}cdn-cgi/handler/scheduled
  Fake Stripe (no keys):     ${stripe.url}  (pay with any card; 4000 0000 0000 0002 is declined)
  Fake RevenueCat:           ${revenueCat.url}  (POST /_fake/subscribers/{userId}, /_fake/webhook)
  Fake APNs / FCM:           ${nativePush.apns.url}  ${nativePush.fcm.url}  (GET /_fake/deliveries)
  Fake geocoder (OpenCage):  ${geocoder.url}  (knows the demo venue, Raleigh, Central Park, Tower Bridge, …)
`);

const server = spawn("react-router", ["dev", "--port", port, "--strictPort", "--host", host], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => Promise.all([stripe.close(), revenueCat.close(), nativePush.close(), geocoder.close()]).finally(() => process.exit(code ?? 0)));
