// The server Playwright tests against: the production build, served by workerd
// through `vite preview`, on a fresh local D1 (migrated and seeded) kept apart from
// the developer's own data in .wrangler/e2e-state. With E2E_SERVE=workerd the same
// build is served by workerd alone, without vite preview's Node relay (benchmarks).
import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { ensureDevVars } from "./ensure-dev-vars.mjs";
import { startLocalGeocoder, startLocalNativePush, startLocalRevenueCat, startLocalStripe } from "./local-stripe.mjs";
import { seedLocal } from "./seed-local.mjs";
import { serveWorkerd } from "./serve-workerd.mjs";

export const E2E_PORT = process.env.E2E_PORT ?? "4173";
/** The fake Stripe of this run (tests/e2e reach its pages through the app's redirects). */
export const E2E_STRIPE_PORT = process.env.E2E_STRIPE_PORT ?? String(Number(E2E_PORT) + 10);
/** The fake RevenueCat of this run (tests/e2e set its subscribers through its admin API). */
export const E2E_REVENUECAT_PORT = process.env.E2E_REVENUECAT_PORT ?? String(Number(E2E_PORT) + 11);
/** The fake APNs and FCM of this run (tests/e2e/native-push.spec.ts reads what they received). */
export const E2E_APNS_PORT = process.env.E2E_APNS_PORT ?? String(Number(E2E_PORT) + 1000);
export const E2E_FCM_PORT = process.env.E2E_FCM_PORT ?? String(Number(E2E_PORT) + 1001);
/** The fake geocoder of this run (decision 018: the venue's address search). */
export const E2E_GEOCODER_PORT = process.env.E2E_GEOCODER_PORT ?? String(Number(E2E_PORT) + 12);
const stateDir = ".wrangler/e2e-state";
const run = (command, args) => execFileSync(command, args, { stdio: ["ignore", "inherit", "inherit"] });

ensureDevVars();
process.env.APP_URL = `http://127.0.0.1:${E2E_PORT}`;
// As in scripts/dev.mjs: no lookup of `Request.cf` at workers.cloudflare.com (the app reads none of it).
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
rmSync(stateDir, { recursive: true, force: true });
// Before the build: the build's Worker config carries the fakes' STRIPE_API_BASE, REVENUECAT_API_BASE,
// APNS_API_BASE, FCM_API_BASE and GEOCODER_API_BASE (vite.config.ts).
await startLocalStripe({ port: Number(E2E_STRIPE_PORT), appOrigin: `http://127.0.0.1:${E2E_PORT}`, retryDelaysMs: [500, 1000, 2000, 4000] });
await startLocalRevenueCat({ port: Number(E2E_REVENUECAT_PORT), appOrigin: `http://127.0.0.1:${E2E_PORT}` });
await startLocalNativePush({ apnsPort: Number(E2E_APNS_PORT), fcmPort: Number(E2E_FCM_PORT) });
await startLocalGeocoder({ port: Number(E2E_GEOCODER_PORT) });
if (!process.env.E2E_SKIP_BUILD) run("react-router", ["build"]);
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir]);
await seedLocal({ persistTo: stateDir });

if (process.env.E2E_SERVE === "workerd") {
  const miniflare = await serveWorkerd({
    port: E2E_PORT,
    stateDir,
    inspectorPort: process.env.E2E_INSPECTOR_PORT,
    countBindings: process.env.E2E_COUNT_BINDINGS === "1", // npm run bench (bench-counters.mjs)
  });
  console.log(`serving build/server from workerd on http://127.0.0.1:${E2E_PORT}`);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => miniflare.dispose().finally(() => process.exit(0)));
} else {
  const server = spawn("vite", ["preview", "--port", E2E_PORT, "--strictPort", "--host", "127.0.0.1"], {
    stdio: "inherit",
    env: { ...process.env, EVENT_FLOW_STATE_DIR: stateDir },
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
  server.on("exit", (code) => process.exit(code ?? 0));
}
