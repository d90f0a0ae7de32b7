// Adds the lockfile records npm 11 leaves out on this machine: the platform-specific
// optional dependencies of other platforms (e.g. @rollup/rollup-darwin-arm64). Without
// them `npm ci` refuses the lockfile ("Missing: … from lock file"; npm/cli #4828, #8805).
// Run it after every `npm install` that changes package-lock.json:
//   npm install && node scripts/complete-lockfile.mjs && npm ci
// It only adds records, never changes one. The registry this workplace reaches does not
// serve every platform's binary, so a record the registry cannot describe is written
// from the package's name (os/cpu/libc): npm skips it on this platform, as it should.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = "package-lock.json";
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;

/** Where Node's resolution from `from` would find `name`, or null. */
function resolve(from, name) {
  let dir = from;
  while (true) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return null;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut === -1 ? "" : dir.slice(0, cut);
  }
}

let added = 0;
for (const [location, record] of Object.entries({ ...packages })) {
  for (const [name, range] of Object.entries(record.optionalDependencies ?? {})) {
    const found = resolve(location, name);
    if (found && packages[found].version === range) continue;
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range)) {
      console.warn(`skipping ${name}@${range} (not an exact version) needed by ${location}`);
      continue;
    }
    const meta = describe(name, range);
    // npm puts a package's platform binary beside it (in the same node_modules), or
    // inside it when that slot holds another version.
    const sibling = `${location.slice(0, location.lastIndexOf("node_modules/"))}node_modules/${name}`;
    const target = packages[sibling] ? `${location}/node_modules/${name}` : sibling;
    packages[target] = {
      version: meta.version,
      ...(meta.dist?.integrity ? { integrity: meta.dist.integrity } : {}),
      ...(meta.cpu ? { cpu: meta.cpu } : {}),
      ...(record.dev ? { dev: true } : {}),
      ...(meta.license ? { license: meta.license } : {}),
      optional: true,
      ...(meta.os ? { os: meta.os } : {}),
      ...(meta.libc ? { libc: meta.libc } : {}),
      ...(meta.engines ? { engines: meta.engines } : {}),
    };
    added++;
  }
}

function describe(name, version) {
  try {
    const out = execFileSync("npm", ["view", `${name}@${version}`, "--json"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    return JSON.parse(out);
  } catch {
    return { version, ...platformOf(name) };
  }
}

/** os / cpu / libc from a platform package's name, e.g. rollup-linux-arm64-musl. */
function platformOf(name) {
  const tokens = name.split("/").pop().split("-");
  const osNames = { android: "android", darwin: "darwin", freebsd: "freebsd", linux: "linux", openbsd: "openbsd", openharmony: "openharmony", win32: "win32", windows: "win32", wasm32: null };
  const cpuNames = { arm64: "arm64", x64: "x64", 64: "x64", arm: "arm", ia32: "ia32", loong64: "loong64", ppc64: "ppc64", riscv64: "riscv64", s390x: "s390x", wasm32: "wasm32" };
  const os = tokens.find((t) => osNames[t]);
  const cpu = tokens.find((t) => t in cpuNames);
  const libc = tokens.includes("musl") ? "musl" : tokens.includes("gnu") && os === "linux" ? "glibc" : null;
  if (!cpu && !os) throw new Error(`cannot tell the platform of ${name}`);
  return {
    ...(os ? { os: [osNames[os]] } : {}),
    ...(cpu ? { cpu: [cpuNames[cpu]] } : {}),
    ...(libc ? { libc: [libc] } : {}),
  };
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform record(s)`);
