// `npm run bench`: performance budgets, measured rather than asserted in tests.
//  1. Client JavaScript a phone downloads for the first page (gzip), from the build.
//  2. Server response time of the pages on loopback (production build in workerd),
//     a bounded number of sequential requests.
// Exits non-zero when a budget is exceeded.
import { spawn } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_FIRST_LOAD_JS_GZIP_KB = 150;
const BUDGET_P95_MS = 150;
const REQUESTS_PER_PAGE = 40;
const port = process.env.BENCH_PORT ?? "4199";
const pages = ["/", "/about", "/support", "/privacy-policy", "/terms-of-use", "/no-such-page"];

const server = spawn("node", ["scripts/e2e-server.mjs"], {
  env: { ...process.env, E2E_PORT: port },
  stdio: ["ignore", "ignore", "inherit"],
});
const stop = () => server.kill("SIGTERM");

async function waitForServer() {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

let failures = 0;
try {
  await waitForServer();

  // 1. First-load JS: every script the home page references.
  const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
  const scripts = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]))];
  let gzipBytes = 0;
  for (const src of scripts) gzipBytes += gzipSync(readFileSync(join("build/client", src))).length;
  const totalClientJs = readdirSync("build/client/assets")
    .filter((f) => f.endsWith(".js"))
    .reduce((sum, f) => sum + statSync(join("build/client/assets", f)).size, 0);
  const firstLoadKb = gzipBytes / 1024;
  console.log(`first-load JS (gzip): ${firstLoadKb.toFixed(1)} KB in ${scripts.length} files (budget ${BUDGET_FIRST_LOAD_JS_GZIP_KB} KB); all client JS: ${(totalClientJs / 1024).toFixed(0)} KB raw`);
  if (firstLoadKb > BUDGET_FIRST_LOAD_JS_GZIP_KB) failures++;

  // 2. Server response times.
  for (const path of pages) {
    const times = [];
    for (let i = 0; i < REQUESTS_PER_PAGE; i++) {
      const start = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      await response.arrayBuffer();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length * 0.5)];
    const p95 = times[Math.floor(times.length * 0.95)];
    const over = p95 > BUDGET_P95_MS;
    if (over) failures++;
    console.log(`${path.padEnd(18)} p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms${over ? `  OVER BUDGET (${BUDGET_P95_MS} ms)` : ""}`);
  }
} finally {
  stop();
}
console.log(failures ? `bench: ${failures} budget(s) exceeded` : "bench: all budgets met");
process.exit(failures ? 1 : 0);
