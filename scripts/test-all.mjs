// `npm test`: every layer, one summary. Type-check (wrangler types, react-router
// typegen, tsc), the dependency check (the layers' import rules), the native projects'
// sync, unit and integration tests (vitest: Node and workerd), end-to-end tests
// (Playwright in Debian's Chromium against the production build). Ends with
// `tests: N passed, M failed` and exits non-zero if anything failed or was skipped.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { ensureDevVars } from "./ensure-dev-vars.mjs";

const resultsDir = "tests/.results";
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
ensureDevVars();

const layers = [];
const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

function readJson(path) {
  try {
    return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : null;
  } catch {
    return null;
  }
}

// 1. Types: a failing type-check counts as one failed test.
console.log("\n== Type-check");
const typecheckStatus = run("npm", ["run", "--silent", "typecheck"]);
layers.push({ name: "typecheck", passed: typecheckStatus === 0 ? 1 : 0, failed: typecheckStatus === 0 ? 0 : 1, skipped: 0 });

// 1a. The layers' import rules (.dependency-cruiser.cjs, docs/architecture.md#layers): a
// violation counts as one failed test.
console.log("\n== Dependency check (dependency-cruiser)");
const depsStatus = run("npm", ["run", "--silent", "deps:check"]);
layers.push({ name: "dependency check", passed: depsStatus === 0 ? 1 : 0, failed: depsStatus === 0 ? 0 : 1, skipped: 0 });

// 1b. The native shell (decision 013): `cap sync` copies the start page and config into
// android/ and ios/ and registers the plugins; tests/unit/native-projects.test.ts checks them.
console.log("\n== Native projects (cap sync)");
const nativeStatus = run("npm", ["run", "--silent", "native:sync"]);
layers.push({ name: "native sync", passed: nativeStatus === 0 ? 1 : 0, failed: nativeStatus === 0 ? 0 : 1, skipped: 0 });

// 2. Unit (Node) and integration (workerd) tests.
console.log("\n== Unit and integration tests (vitest)");
const vitestJson = `${resultsDir}/vitest.json`;
const vitestStatus = run("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`]);
const vitest = readJson(vitestJson);
if (vitest) {
  layers.push({
    name: "unit + integration",
    passed: vitest.numPassedTests,
    failed: vitest.numFailedTests + (vitest.numFailedTestSuites ?? 0) + (vitestStatus !== 0 && vitest.numFailedTests === 0 ? 1 : 0),
    skipped: vitest.numPendingTests + vitest.numTodoTests,
  });
} else {
  layers.push({ name: "unit + integration", passed: 0, failed: 1, skipped: 0 });
}

// 3. End-to-end tests.
console.log("\n== End-to-end tests (Playwright, Debian Chromium)");
const e2eJson = `${resultsDir}/e2e.json`;
const e2eStatus = run("playwright", ["test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson });
const e2e = readJson(e2eJson);
if (e2e?.stats) {
  const { expected, unexpected, flaky, skipped } = e2e.stats;
  layers.push({
    name: "end-to-end",
    passed: expected,
    // A flaky pass is not a pass here; errors outside tests (e.g. the server) count too.
    failed: unexpected + flaky + (e2e.errors?.length ?? 0) + (e2eStatus !== 0 && unexpected === 0 ? 1 : 0),
    skipped,
  });
} else {
  layers.push({ name: "end-to-end", passed: 0, failed: 1, skipped: 0 });
}

console.log("\n== Summary");
let passed = 0;
let failed = 0;
for (const layer of layers) {
  console.log(`${layer.name}: ${layer.passed} passed, ${layer.failed} failed${layer.skipped ? `, ${layer.skipped} skipped (counted as failed)` : ""}`);
  passed += layer.passed;
  // conventions: a skipped test is a defect, not progress.
  failed += layer.failed + layer.skipped;
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
