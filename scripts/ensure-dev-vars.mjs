// Creates .dev.vars (local secrets, never committed) from .dev.vars.example when it is
// missing, with a random SESSION_SECRET, so a fresh clone runs with no keys to set.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export function ensureDevVars(root = process.cwd()) {
  const target = `${root}/.dev.vars`;
  if (existsSync(target)) return false;
  const example = readFileSync(`${root}/.dev.vars.example`, "utf8");
  const secret = randomBytes(32).toString("hex");
  writeFileSync(target, example.replace(/^SESSION_SECRET=.*$/m, `SESSION_SECRET=${secret}`));
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (ensureDevVars()) console.log("Created .dev.vars with a fresh SESSION_SECRET.");
}
