// Keeps .dev.vars (local secrets and switches, never committed) complete: creates it
// from .dev.vars.example with a random SESSION_SECRET when missing, and adds any key
// the example gained since. A fresh clone runs with no keys to set.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const keysOf = (text) => new Set([...text.matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]));

export function ensureDevVars(root = process.cwd()) {
  const target = `${root}/.dev.vars`;
  const example = readFileSync(`${root}/.dev.vars.example`, "utf8").replace(
    /^SESSION_SECRET=.*$/m,
    `SESSION_SECRET=${randomBytes(32).toString("hex")}`,
  );
  if (!existsSync(target)) {
    writeFileSync(target, example);
    return true;
  }
  const current = readFileSync(target, "utf8");
  const have = keysOf(current);
  const missing = example.split("\n").filter((line) => /^[A-Z0-9_]+=/.test(line) && !have.has(line.split("=")[0]));
  if (missing.length === 0) return false;
  writeFileSync(target, `${current.replace(/\n?$/, "\n")}${missing.join("\n")}\n`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (ensureDevVars()) console.log("Updated .dev.vars from .dev.vars.example.");
}
