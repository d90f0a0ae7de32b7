// What the benchmarks that drive the built app share (bench-realtime, bench-offline):
// serving the production build (scripts/e2e-server.mjs: a fresh seeded local D1),
// signing in, sessions and rows written straight into that D1, and the live room's
// socket as a browser opens it.
import { execFileSync, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import WebSocket from "ws";
import { DEMO_EMAIL, DEMO_EVENT_ID, DEMO_PASSWORD } from "../app/db/seed.ts";

export { DEMO_EMAIL, DEMO_PASSWORD };
export const EVENT_ID = DEMO_EVENT_ID;
/** Where e2e-server.mjs keeps the local D1 and Durable Objects of a run. */
const STATE_DIR = ".wrangler/e2e-state";

export const originOf = (port) => `http://127.0.0.1:${port}`;

/**
 * The app on `port`, served by workerd alone (`via` "workerd") or through vite
 * preview's Node relay ("preview"); resolves once it answers. `env`: more of
 * e2e-server.mjs's settings (npm run bench counts the bindings: E2E_COUNT_BINDINGS).
 */
export async function startApp({ port, via = "workerd", env = {} }) {
  const server = spawn("node", ["scripts/e2e-server.mjs"], { env: { ...process.env, ...env, E2E_PORT: String(port), E2E_SERVE: via }, stdio: ["ignore", "ignore", "inherit"] });
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${originOf(port)}/`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill("SIGTERM");
  throw new Error("the app did not start");
}

/** Signs in through the sign-in form, as a browser does; answers the Cookie header. */
export async function signIn(origin, email = DEMO_EMAIL, password = DEMO_PASSWORD) {
  const body = new URLSearchParams({ intent: "signin", email, password, stayLoggedIn: "on" });
  const response = await fetch(`${origin}/auth`, { method: "POST", body, headers: { Origin: origin }, redirect: "manual" });
  const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  if (!cookie.includes("ef_session=")) throw new Error(`sign-in failed (${response.status})`);
  return cookie;
}

/** The event dashboard's route: its data is what a device's page reads first. */
const PAGE_ROUTE = "routes/events.$eventId";

/**
 * The dashboard's loader data as the page reads it (React Router's single fetch): the
 * event, the shown list's window (the rest is at /events/:id/lists) and
 * `seq`, the live number a device says hello with. `onRetry`: called when a read is
 * tried again after a cut connection.
 */
export async function readPage(origin, cookie, { onRetry = () => {} } = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(`${origin}/events/${EVENT_ID}.data?_routes=${encodeURIComponent(PAGE_ROUTE)}`, { headers: { Cookie: cookie } });
      if (!response.ok) throw new Error(`the page's data answered ${response.status}`);
      const decoded = await decodeViaTurboStream(response.body, globalThis);
      await decoded.done;
      const data = decoded.value[PAGE_ROUTE]?.data;
      if (!data?.event) throw new Error("the page's data has no event");
      return data;
    } catch (error) {
      // Seen on the first read after workerd starts: the connection closed before the
      // body's end ("other side closed"). A browser would read the page again.
      if (attempt === 3 || !String(error.cause ?? error).includes("other side closed")) throw error;
      onRetry();
    }
  }
}

/** Runs SQL on the running app's local D1; with `json`, answers the last statement's rows. */
export function d1(sql, { json = false } = {}) {
  const args = ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", STATE_DIR, "--command", sql, ...(json ? ["--json"] : [])];
  const out = execFileSync("npx", args, { stdio: ["ignore", json ? "pipe" : "ignore", "inherit"], encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  return json ? JSON.parse(out).at(-1).results : undefined;
}

/**
 * `count` sessions of the user with this address, written straight into the D1 (as
 * sign-ins on that many devices would leave them: the sign-in form allows 10 a minute
 * per address). Answers one Cookie header per session.
 */
export function sessionCookies(count, email = DEMO_EMAIL) {
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString("base64url"));
  const rows = tokens.map((token) => `('${createHash("sha256").update(token).digest("hex")}')`).join(", ");
  d1(
    "INSERT INTO sessions (token_hash, user_id, persistent, expires_at) " +
      `SELECT column1, (SELECT id FROM users WHERE email = '${email}'), 1, '2099-01-01T00:00:00.000Z' FROM (VALUES ${rows});`,
  );
  return tokens.map((token) => `ef_session=${token}`);
}

/**
 * A socket to a live room as the page opens it (a session cookie and our Origin in
 * `headers`); on the room's welcome it says hello with `since()`, the last sequence the
 * device applied. Every other message, parsed, goes to `onMessage`.
 */
export function openLiveSocket(url, headers, { since, onMessage }) {
  // No permessage-deflate offered: bench-realtime's floor server (`ws`) would decline
  // it, so both of its servers send the same uncompressed frames.
  const ws = new WebSocket(url, { headers, perMessageDeflate: false });
  ws.on("message", (data) => {
    const text = String(data);
    if (text === "pong") return;
    const message = JSON.parse(text);
    if (message.type === "welcome") return ws.send(JSON.stringify({ type: "hello", since: since() }));
    onMessage(message);
  });
  return ws;
}
