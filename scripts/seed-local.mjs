// Seeds the local D1 (the one `npm run dev` and `vite preview` use) with the demo
// lead photographer and wedding of app/db/seed.ts. Safe to run any number of times.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as suncalc from "suncalc";
import { buildDemoSeed, DEMO_EMAIL, DEMO_PASSWORD, DEMO_VENUE } from "../app/db/seed.ts";
import { hashPassword } from "../app/utils/password.server.ts";

/**
 * The demo's anchored block start: golden hour's start (suncalc's `goldenHour`, 6° above the
 * horizon, as app/modules/timeline/sun.ts reads it) or sunset, on the demo's date at its barn,
 * on the venue's clock, plus the offset. Plain Node cannot load sun.ts (its imports are the
 * app's); tests/unit/seed.test.ts checks the two agree.
 */
export function anchoredStart(/** @type {string} */ anchor, /** @type {number} */ offsetMinutes, /** @type {string} */ date) {
  // Noon UTC on the date is early morning to afternoon in the Americas: the same solar day.
  // A CommonJS module: Node gives its exports as the default, vite as named ones.
  const { getTimes } = /** @type {typeof import("suncalc")} */ (suncalc.getTimes ? suncalc : /** @type {any} */ (suncalc).default);
  const times = getTimes(new Date(`${date}T12:00:00Z`), DEMO_VENUE.latitude, DEMO_VENUE.longitude);
  const at = anchor === "sunset" ? times.sunset : anchor === "golden_hour_start" ? times.goldenHour : null;
  if (!at || Number.isNaN(at.getTime())) return null;
  const rounded = new Date(Math.round(at.getTime() / 60_000) * 60_000 + offsetMinutes * 60_000);
  const clock = new Intl.DateTimeFormat("en-GB", { timeZone: DEMO_VENUE.timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(rounded);
  return clock;
}

export async function seedLocal({ persistTo } = {}) {
  const today = new Date().toISOString().slice(0, 10);
  const statements = buildDemoSeed({ passwordHash: await hashPassword(DEMO_PASSWORD), today, anchoredStart });
  const file = join(mkdtempSync(join(tmpdir(), "event-flow-seed-")), "seed.sql");
  writeFileSync(file, statements.join("\n"));
  const args = ["d1", "execute", "DB", "--local", "--file", file, "--yes"];
  if (persistTo) args.push("--persist-to", persistTo);
  execFileSync("wrangler", args, { stdio: ["ignore", "ignore", "inherit"] });
  return { email: DEMO_EMAIL, password: DEMO_PASSWORD };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { email, password } = await seedLocal({ persistTo: process.env.EVENT_FLOW_STATE_DIR });
  console.log(`Seeded the demo lead photographer: ${email} / ${password}`);
}
