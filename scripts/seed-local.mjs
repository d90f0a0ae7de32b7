// Seeds the local D1 (the one `npm run dev` and `vite preview` use) with the demo
// lead photographer and wedding of app/db/seed.ts. Safe to run any number of times.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoAnchoredStart } from "./demo-sun.mjs";
import { buildDemoSeed, DEMO_EMAIL, DEMO_PASSWORD, DEMO_VENUE } from "../app/db/seed.ts";
import { hashPassword } from "../app/utils/password.server.ts";

export async function seedLocal({ persistTo } = {}) {
  const today = new Date().toISOString().slice(0, 10);
  const statements = buildDemoSeed({ passwordHash: await hashPassword(DEMO_PASSWORD), today, anchoredStart: demoAnchoredStart(DEMO_VENUE) });
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
