import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

// E2E runs (scripts/e2e-server.mjs) keep their D1/DO state apart from the developer's.
const persistPath = process.env.EVENT_FLOW_STATE_DIR;
// The local fake Stripe that `npm run dev` and the e2e server started (scripts/local-stripe.mjs).
// Unset in a deploy's build: the Worker then talks to api.stripe.com.
const stripeApiBase = process.env.STRIPE_API_BASE;
// Likewise the local fake RevenueCat (scripts/local-stripe.mjs, decision 012).
const revenueCatApiBase = process.env.REVENUECAT_API_BASE;
// Likewise the local fake APNs and FCM (scripts/local-stripe.mjs, decision 013).
const apnsApiBase = process.env.APNS_API_BASE;
const fcmApiBase = process.env.FCM_API_BASE;
// Likewise the local fake geocoder (scripts/local-stripe.mjs, decision 018).
const geocoderApiBase = process.env.GEOCODER_API_BASE;
// The origin `npm run dev` / the e2e server listen on: links in the cron's e-mails (APP_URL).
const appUrl = process.env.APP_URL;

/**
 * Decision 014: @conform-to/react and @conform-to/dom each bundle the same Babel helpers
 * (object spread, defineProperty), dom's a subset of react's; both load with every form,
 * so dom's imports take react's copy (about 0.45 KB gzip less on each page with a form).
 */
function oneCopyOfConformHelpers(): Plugin {
  const helpers = fileURLToPath(new URL("./node_modules/@conform-to/react/dist/_virtual/_rollupPluginBabelHelpers.mjs", import.meta.url));
  return {
    name: "one-copy-of-conform-helpers",
    enforce: "pre",
    resolveId(source, importer) {
      if (importer && /[\\/]@conform-to[\\/]dom[\\/]dist[\\/]/.test(importer) && source.endsWith("/_virtual/_rollupPluginBabelHelpers.mjs") && existsSync(helpers)) return helpers;
      return null;
    },
  };
}

export default defineConfig({
  plugins: [
    oneCopyOfConformHelpers(),
    cloudflare({
      viteEnvironment: { name: "ssr" },
      persistState: persistPath ? { path: persistPath } : true,
      config: (worker) => {
        if (stripeApiBase) worker.vars = { ...worker.vars, STRIPE_API_BASE: stripeApiBase };
        if (revenueCatApiBase) worker.vars = { ...worker.vars, REVENUECAT_API_BASE: revenueCatApiBase };
        if (apnsApiBase) worker.vars = { ...worker.vars, APNS_API_BASE: apnsApiBase };
        if (fcmApiBase) worker.vars = { ...worker.vars, FCM_API_BASE: fcmApiBase };
        if (geocoderApiBase) worker.vars = { ...worker.vars, GEOCODER_API_BASE: geocoderApiBase };
        if (appUrl) worker.vars = { ...worker.vars, APP_URL: appUrl };
      },
    }),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        // A lazy chunk's preload list leaves out the chunks every page has already loaded
        // with its root (React, React Router and the rolldown runtime; the shared UI): the
        // lists are in the pages' first JavaScript (decision 014).
        modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => !/(^|\/)assets\/(framework|rolldown-runtime|shared)-[\w-]+\.js$/.test(dep)) },
        rolldownOptions: {
          output: {
            // Fewer, larger chunks (decision 014): React, React DOM and React
            // Router load on every page, so they come as one file; the small building blocks
            // and utilities most pages share as another; conform with our form pieces (and the
            // passkey question the sign-in and settings pages ask); the live socket (the
            // bell, the live pages); dates, enumerations and the status
            // badge; the signed-in header; and the dashboard's and portal's own code one file
            // each, instead of a dozen sub-kilobyte requests. A group takes the modules its
            // modules import: each test names its modules exactly, and what another page also
            // uses is claimed first by a group of higher priority, so no page loads a group it
            // does not use. The answer and toast builders (utils/result) are shared by every
            // page's forms, so "shared" claims them before "live" would.
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]|^\0(rolldown\/runtime|vite\/preload-helper)\.js$/, priority: 3 },
                { name: "forms", test: /node_modules[\\/]@conform-to[\\/](react|dom)[\\/]|[\\/]app[\\/](components[\\/](forms|use-submitting)|modules[\\/]offline[\\/]sign-out|modules[\\/]account[\\/]platform-authenticator)\.tsx?$/, priority: 2 },
                { name: "signed-in", test: /[\\/]app[\\/](root-data|modules[\\/]notifications[\\/](components[\\/](signed-in-header|notification-bell)|chime|header|use-notification-channel))\.tsx?$/, priority: 1 },
                { name: "common", test: /[\\/]app[\\/]modules[\\/]live[\\/](frames|reconnecting-socket|use-quiet-refetch)\.tsx?$/, priority: 2 },
                { name: "live", test: /[\\/]app[\\/](modules[\\/]live[\\/](protocol|use-live-event|use-live-room|live-status|row-schemas)|modules[\\/]offline[\\/](last-synced|use-outbox|apply|value-parser|outbox-watch|messages|page-cache)|modules[\\/]event[\\/](permissions|intents|lists|mutation-names|status)|components[\\/]ui[\\/](list-window|row-actions)|modules[\\/]event[\\/]components[\\/]list-header|modules[\\/]event[\\/]components[\\/](toggle-row|list-tabs)|modules[\\/]timeline[\\/]components[\\/]timeline-tab)\.tsx?$/, priority: 1 },
                { name: "shared", test: /[\\/]app[\\/](components[\\/](ui[\\/](button|toaster|card|badge|popover|link-tabs)\.|page-shell|app-logo|lazy-component\.)|components[\\/]use-flash\.|utils[\\/](lazy-value|load-after-hydration|revalidate|result)\.|modules[\\/]native[\\/]platform\.)/, minShareCount: 2, priority: 2 },
                { name: "event-basics", test: /[\\/]app[\\/](modules[\\/]event[\\/](format|components[\\/]status-badge)|db[\\/]enums)\.tsx?$/, priority: 2 },
              ],
            },
          },
        },
      },
    },
  },
  // Pre-bundle what the browser imports, so the dev server does not re-optimise (and
  // reload the page) the first time a form is opened.
  optimizeDeps: {
    include: ["react", "react-dom", "react-dom/client", "react-router", "react-router/dom", "@conform-to/react", "@conform-to/zod/v4", "zod"],
  },
});
