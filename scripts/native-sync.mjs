// `npm run native:sync [-- android|ios]`: writes the start page's site address
// (native/www/app-url.js) and runs `cap sync`, which copies native/www and
// capacitor.config.ts into android/ and ios/ and registers every Capacitor plugin there.
// EVENT_FLOW_URL picks the site (default https://eventflow.app; capacitor.config.ts checks it).
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const url = new URL(process.env.EVENT_FLOW_URL || "https://eventflow.app");
const local = ["localhost", "127.0.0.1", "10.0.2.2"].includes(url.hostname);

// iOS runs the site's service worker (the offline store) only for App-Bound Domains, and
// uses passkeys only for Associated Domains: both name the site in ios/App/App.
if (!local) {
  const plist = readFileSync(new URL("../ios/App/App/Info.plist", import.meta.url), "utf8");
  const entitlements = readFileSync(new URL("../ios/App/App/App.entitlements", import.meta.url), "utf8");
  const missing = [
    !plist.includes(`<string>${url.hostname}</string>`) && "WKAppBoundDomains in ios/App/App/Info.plist",
    !entitlements.includes(`<string>webcredentials:${url.hostname}</string>`) && "com.apple.developer.associated-domains in ios/App/App/App.entitlements",
  ].filter(Boolean);
  if (missing.length > 0) {
    console.error(`native:sync: ${url.hostname} is not listed in ${missing.join(" and ")}; add it there (docs/deploying.md, Native apps).`);
    process.exit(1);
  }
}

writeFileSync(
  new URL("../native/www/app-url.js", import.meta.url),
  `// Written by scripts/native-sync.mjs; not in git.\nwindow.EVENT_FLOW_URL = ${JSON.stringify(url.origin)};\n`,
);
const result = spawnSync("npx", ["cap", "sync", ...process.argv.slice(2)], { stdio: "inherit", env: { ...process.env, EVENT_FLOW_URL: url.origin } });
process.exit(result.status ?? 1);
