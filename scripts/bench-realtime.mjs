// `npm run bench:realtime` (issue 7): how long a change takes to reach every device of
// an event, measured on loopback.
//
// Ours: the production build served by workerd (scripts/e2e-server.mjs, a fresh seeded
// local D1). The demo lead signs in once; N sockets open the demo wedding's live room
// (/live/events/:id, with the session cookie and our Origin, as a browser does); then,
// one at a time, the lead checks a shot off or on with the same request the dashboard
// sends (POST /events/:id.data, intent toggle-shot). Latency = from sending the request
// to the change arriving on the LAST socket of the room.
//
// The floor: a minimal Node server on this machine that takes the same POST, writes
// the row into SQLite (node:sqlite) and broadcasts it over `ws` to the same sockets,
// driven by the same client code below. Our figures are printed as ratios to it.
//
// Every socket checks the gap-free sequence numbers: lost, duplicated and
// out-of-order messages are counted (all must be 0; the script fails otherwise).
// Latency targets (p99 < 50 ms at 200 sockets; p99 within 3x the floor) are reported,
// not enforced: timing belongs to benchmarks, never to tests.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer } from "node:http";
import { DatabaseSync } from "node:sqlite";
import { performance } from "node:perf_hooks";
import WebSocket, { WebSocketServer } from "ws";

const ROOM_SIZES = [10, 200];
const CHANGES = Number(process.env.BENCH_CHANGES ?? 300);
// Ours and the floor take turns in blocks, so a busy moment on the machine falls on both.
const BLOCKS = 3;
const WARMUP = 10;
const PORT = process.env.BENCH_PORT ?? "4198";
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DEMO_EMAIL = "demo@eventflow.app";
const DEMO_PASSWORD = "EventFlow2026";
const EVENT_ID = "00000000-0000-4000-8000-00000000d003"; // app/db/seed.ts DEMO_EVENT_ID
const SHOT_ID = "00000000-0000-4000-8002-000000000001"; // the first seeded shot

// ---------------------------------------------------------------- the client side

/** Opens `count` sockets, says hello, resolves once every one is live. */
async function openRoom(url, headers, count) {
  const sockets = [];
  for (let start = 0; start < count; start += 25) {
    const batch = Array.from({ length: Math.min(25, count - start) }, () => openSocket(url, headers));
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

function openSocket(url, headers) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const state = { ws, lastSeq: null, lost: 0, duplicated: 0, outOfOrder: 0, arrivals: new Map() };
    ws.on("message", (data) => {
      const text = String(data);
      if (text === "pong") return;
      const message = JSON.parse(text);
      if (message.type === "welcome") return ws.send(JSON.stringify({ type: "hello", since: 0 }));
      if (message.type === "live" || message.type === "reload") {
        state.lastSeq = message.seq;
        return resolve(state);
      }
      if (message.type !== "change") return;
      const now = performance.now();
      if (state.lastSeq !== null) {
        if (message.seq === state.lastSeq) state.duplicated++;
        else if (message.seq < state.lastSeq) state.outOfOrder++;
        else if (message.seq > state.lastSeq + 1) state.lost += message.seq - state.lastSeq - 1;
      }
      state.lastSeq = Math.max(state.lastSeq ?? 0, message.seq);
      state.arrivals.set(message.seq, now);
    });
    ws.on("error", reject);
  });
}

/** Sends `total` toggles one after another; each waits until every socket has it. */
async function drive({ sockets, send, total }) {
  const latencies = [];
  let done = false;
  for (let i = 0; i < total + WARMUP; i++) {
    const started = performance.now();
    const seq = await send(done);
    done = !done;
    await until(() => sockets.every((s) => s.arrivals.has(seq)));
    const last = Math.max(...sockets.map((s) => s.arrivals.get(seq)));
    if (i >= WARMUP) latencies.push(last - started);
    for (const s of sockets) s.arrivals.delete(seq);
  }
  return latencies;
}

function until(condition, timeoutMs = 10_000) {
  return new Promise((resolve, reject) => {
    const deadline = performance.now() + timeoutMs;
    const check = () => {
      if (condition()) return resolve();
      if (performance.now() > deadline) return reject(new Error("a change did not reach every socket within 10 s"));
      setImmediate(check);
    };
    check();
  });
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(latencies, sockets) {
  return {
    changes: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    lost: sockets.reduce((n, s) => n + s.lost, 0),
    duplicated: sockets.reduce((n, s) => n + s.duplicated, 0),
    outOfOrder: sockets.reduce((n, s) => n + s.outOfOrder, 0),
  };
}

// ---------------------------------------------------------------- ours

async function startApp() {
  const server = spawn("node", ["scripts/e2e-server.mjs"], { env: { ...process.env, E2E_PORT: PORT }, stdio: ["ignore", "ignore", "inherit"] });
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${ORIGIN}/`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill("SIGTERM");
  throw new Error("the app did not start");
}

async function signIn() {
  const body = new URLSearchParams({ intent: "signin", email: DEMO_EMAIL, password: DEMO_PASSWORD, stayLoggedIn: "on" });
  const response = await fetch(`${ORIGIN}/auth`, { method: "POST", body, headers: { Origin: ORIGIN }, redirect: "manual" });
  const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  if (!cookie.includes("ef_session=")) throw new Error(`sign-in failed (${response.status})`);
  return cookie;
}

/** Ours: the dashboard's own toggle request; the room's sequence comes back on the sockets. */
async function oursRoom(cookie, size) {
  const sockets = await openRoom(`ws://127.0.0.1:${PORT}/live/events/${EVENT_ID}`, { Cookie: cookie, Origin: ORIGIN }, size);
  let expected = sockets[0].lastSeq;
  const send = async (done) => {
    const response = await fetch(`${ORIGIN}/events/${EVENT_ID}.data`, {
      method: "POST",
      body: new URLSearchParams({ intent: "toggle-shot", id: SHOT_ID, done: String(done) }),
      headers: { Cookie: cookie, Origin: ORIGIN },
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`toggle answered ${response.status}`);
    return ++expected;
  };
  return { sockets, send };
}

// ---------------------------------------------------------------- the floor

function startFloor() {
  // On disk, write-ahead log, every commit synced: as local D1 stores its rows.
  const dir = mkdtempSync(join(tmpdir(), "bench-floor-"));
  const db = new DatabaseSync(join(dir, "floor.sqlite"));
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;");
  db.exec("CREATE TABLE shot_list_items (id TEXT PRIMARY KEY, is_done INTEGER, updated_at TEXT)");
  const upsert = db.prepare(
    "INSERT INTO shot_list_items (id, is_done, updated_at) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET is_done = excluded.is_done, updated_at = excluded.updated_at RETURNING *",
  );
  let seq = 0;
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const form = new URLSearchParams(body);
      const row = upsert.get(form.get("id"), form.get("done") === "true" ? 1 : 0, new Date().toISOString());
      const message = JSON.stringify({ type: "change", seq: ++seq, change: { entity: "shot", op: "upsert", rows: [row], actor: "floor" } });
      for (const client of wss.clients) client.send(message);
      response.end("ok");
    });
  });
  const wss = new WebSocketServer({ server });
  wss.on("connection", (ws) => {
    ws.send(JSON.stringify({ type: "welcome", role: "lead" }));
    ws.on("message", (data) => {
      if (String(data) === "ping") return ws.send("pong");
      ws.send(JSON.stringify({ type: "live", seq }));
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, wss, port: server.address().port })));
}

async function floorRoom(floor, size) {
  const sockets = await openRoom(`ws://127.0.0.1:${floor.port}/`, {}, size);
  let expected = sockets[0].lastSeq;
  const send = async (done) => {
    const response = await fetch(`http://127.0.0.1:${floor.port}/toggle`, {
      method: "POST",
      body: new URLSearchParams({ intent: "toggle-shot", id: SHOT_ID, done: String(done) }),
    });
    await response.arrayBuffer();
    return ++expected;
  };
  return { sockets, send };
}

/** Both rooms open at once; blocks of changes alternate between them. */
async function measure(rooms) {
  const latencies = rooms.map(() => []);
  const perBlock = Math.ceil(CHANGES / BLOCKS);
  for (let block = 0; block < BLOCKS; block++) {
    for (const [i, room] of rooms.entries()) latencies[i].push(...(await drive({ ...room, total: perBlock })));
  }
  for (const room of rooms) for (const s of room.sockets) s.ws.close();
  return rooms.map((room, i) => summary(latencies[i], room.sockets));
}

// ---------------------------------------------------------------- run

const ms = (value) => `${value.toFixed(1)} ms`.padStart(9);
const app = await startApp();
const results = [];
let failed = false;
try {
  const cookie = await signIn();
  const floor = await startFloor();
  for (const size of ROOM_SIZES) {
    const [ours, base] = await measure([await oursRoom(cookie, size), await floorRoom(floor, size)]);
    results.push({ sockets: size, ours, floor: base, ratioP50: ours.p50 / base.p50, ratioP99: ours.p99 / base.p99 });
  }
  floor.wss.close();
  floor.server.close();
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  app.kill("SIGTERM");
}

console.log(`\nRealtime: toggle request sent -> change on the last socket (${CHANGES} changes per room size and server, in ${BLOCKS} alternating blocks, ${WARMUP} warm-ups per block not counted)\n`);
console.log("sockets  server   p50        p95        p99        lost  dup  out-of-order");
for (const r of results) {
  for (const [name, s] of [["ours ", r.ours], ["floor", r.floor]]) {
    console.log(`${String(r.sockets).padStart(7)}  ${name}  ${ms(s.p50)}  ${ms(s.p95)}  ${ms(s.p99)}  ${String(s.lost).padStart(4)}  ${String(s.duplicated).padStart(3)}  ${String(s.outOfOrder).padStart(12)}`);
  }
  console.log(`         ours/floor: p50 ${r.ratioP50.toFixed(1)}x, p99 ${r.ratioP99.toFixed(1)}x`);
}
for (const r of results) {
  const messagesOk = [r.ours, r.floor].every((s) => s.lost === 0 && s.duplicated === 0 && s.outOfOrder === 0);
  if (!messagesOk) failed = true;
  console.log(`\n${r.sockets} sockets: messages ${messagesOk ? "all delivered once, in order" : "LOST, DUPLICATED OR OUT OF ORDER"}`);
  if (r.sockets === 200) console.log(`  target p99 < 50 ms: ${r.ours.p99 < 50 ? "met" : "MISSED"} (${r.ours.p99.toFixed(1)} ms)`);
  console.log(`  target p99 within 3x the floor: ${r.ratioP99 <= 3 ? "met" : "MISSED"} (${r.ratioP99.toFixed(1)}x)`);
}
mkdirSync("tests/.results", { recursive: true });
writeFileSync("tests/.results/bench-realtime.json", JSON.stringify({ measuredAt: new Date().toISOString(), changes: CHANGES, results }, null, 2));
process.exit(failed || results.length !== ROOM_SIZES.length ? 1 : 0);
