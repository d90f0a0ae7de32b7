// `npm run dev`: local D1 migrated and seeded, then React Router's dev server (hot
// reload) with every binding running locally in workerd. No accounts or keys needed.
import { execFileSync, spawn } from "node:child_process";
import { ensureDevVars } from "./ensure-dev-vars.mjs";
import { seedLocal } from "./seed-local.mjs";

const port = process.env.PORT ?? "5173";
const host = process.env.HOST ?? "localhost";

ensureDevVars();
execFileSync("wrangler", ["d1", "migrations", "apply", "DB", "--local"], { stdio: ["ignore", "ignore", "inherit"] });
const demo = await seedLocal();

console.log(`
  Event Flow is starting at  http://${host}:${port}/
  Demo lead photographer:    ${demo.email}  /  ${demo.password}
  Local e-mail inbox:        http://${host}:${port}/dev/mail
  Run the cron by hand:      http://${host}:${port}/cdn-cgi/handler/scheduled
`);

const server = spawn("react-router", ["dev", "--port", port, "--strictPort", "--host", host], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
