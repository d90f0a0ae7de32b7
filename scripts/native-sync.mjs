// `npm run native:sync [-- android|ios]`: writes the start page's site address
// (native/www/app-url.js) and runs `cap sync`, which copies native/www and
// capacitor.config.ts into android/ and ios/ and registers every Capacitor plugin there.
// EVENT_FLOW_URL picks the site (default https://eventflow.app; capacitor.config.ts checks it).
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";

const url = new URL(process.env.EVENT_FLOW_URL || "https://eventflow.app");
writeFileSync(
  new URL("../native/www/app-url.js", import.meta.url),
  `// Written by scripts/native-sync.mjs; not in git.\nwindow.EVENT_FLOW_URL = ${JSON.stringify(url.origin)};\n`,
);
const result = spawnSync("npx", ["cap", "sync", ...process.argv.slice(2)], { stdio: "inherit", env: { ...process.env, EVENT_FLOW_URL: url.origin } });
process.exit(result.status ?? 1);
