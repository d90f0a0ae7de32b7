// `npm run bench:realtime` (decision 006): how long a change takes to reach every device of
// an event, measured on loopback.
//
// Ours: the production build served by workerd alone, as a deployed Worker is reached
// (scripts/e2e-server.mjs with E2E_SERVE=workerd: Miniflare, a fresh seeded local D1;
// BENCH_VIA=preview measures through `vite preview`'s Node relay instead). The demo
// lead signs in once; N sockets open the demo wedding's live room (/live/events/:id,
// with a session cookie and our Origin, as a browser does; 10 per session, the cap of
// decision 006, so N/10 devices of the lead); then, one at a time, the
// lead checks a shot off or on with the same request the dashboard sends (POST
// /events/:id.data, intent toggle-shot). Latency = from sending the request to the
// change arriving on the LAST socket of the room.
//
// The floor: a minimal Node server on this machine, in its own process as workerd is,
// that takes the same POST, writes the row into SQLite (node:sqlite) and broadcasts it
// over `ws` to the same sockets, driven by the same client code below. Our figures are
// printed as ratios to it. The CPU time each server spends per change is printed too.
//
// The bare Worker (scripts/bench-bare-worker.mjs): the least a Worker can do for the same
// POST on the runtime ours runs on, served as ours is (Miniflare's workerd, the asset
// router in front, local D1 on disk, a Durable Object with hibernatable sockets): one D1
// statement, one call to the room, one string sent to every socket. At 200 sockets it is
// measured against the Node floor in rounds of its own, once ours is measured and its
// server stopped (a third server taking turns in ours' rounds would change them: two
// workerd processes alternating on this machine's two cores slow each other). Ours and it
// never take turns, so they are compared through their ratios to the floor: it over the
// floor is what the local runtime costs; ours over the floor, beyond that, the application.
//
// Every socket checks the gap-free sequence numbers: lost, duplicated and
// out-of-order messages are counted (all must be 0; the script fails otherwise).
// Latency targets (p99 < 50 ms at 200 sockets; p99 within 3x the floor; within 2x
// at 200 sockets "in most runs") are reported, not enforced: timing
// belongs to benchmarks, never to tests. A p99 of 300 changes is the 4th-slowest one, so
// one run's ratio moves with a few pauses on either side; 200 sockets are therefore
// measured in BENCH_ROUNDS rounds (3 unless set), each a run of its own with fresh
// sockets, and the 2x goal is met when most rounds meet it.
import { execFileSync, fork } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createServer } from "node:http";
import { performance } from "node:perf_hooks";
import { WebSocketServer } from "ws";
import { EVENT_ID, openLiveSocket, originOf, readPage, sessionCookies, signIn, startApp } from "./bench-app.mjs";
import { median, percentile } from "./bench-stats.mjs";
import { BARE_ROOM_PATH, BARE_TOGGLE_PATH } from "./bench-bare-worker.mjs";

/** The room size the goals name (docs/benchmarks.md; p99 under 50 ms): measured in rounds, and the bare Worker's size. */
const GOAL_SIZE = 200;
const ROOM_SIZES = [10, GOAL_SIZE];
/** How many times a room size is measured: GOAL_SIZE in BENCH_ROUNDS rounds, any other once. */
const ROUNDS = (size) => (size === GOAL_SIZE ? Math.max(1, Number.parseInt(process.env.BENCH_ROUNDS ?? "", 10) || 3) : 1);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 300);
const WARMUP = 10;
const PORT = process.env.BENCH_PORT ?? "4198";
const VIA = process.env.BENCH_VIA === "preview" ? "preview" : "workerd";
const ORIGIN = originOf(PORT);
const SHOT_ID = "00000000-0000-4000-8002-000000000001"; // the first seeded shot

// ---------------------------------------------------------------- the client side

/**
 * Opens `count` sockets, each saying hello with `since` (ours: the sequence of the page a
 * device has just read, as the dashboard does; so nothing is replayed to them), and
 * resolves once every one is live. `headers`: per socket index, or the same for all.
 */
async function openRoom(url, headers, count, since = 0) {
  const sockets = [];
  for (let start = 0; start < count; start += 25) {
    const batch = Array.from({ length: Math.min(25, count - start) }, (_, i) => openSocket(url, typeof headers === "function" ? headers(start + i) : headers, since));
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** Rejects when the room tells the socket to reload: its hello was behind the room's log, and it would never be live. */
function openSocket(url, headers, since) {
  return new Promise((resolve, reject) => {
    const state = { ws: null, lastSeq: null, lost: 0, duplicated: 0, outOfOrder: 0, arrivals: new Map(), reloaded: false };
    state.ws = openLiveSocket(url, headers, {
      since: () => since,
      onMessage: (message) => {
        if (message.type === "reload") {
          state.reloaded = true;
          return reject(new Error(`the room told a socket to reload (hello at ${since}, room at ${message.seq})`));
        }
        if (message.type === "live") {
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
      },
    });
    state.ws.on("error", reject);
  });
}

/**
 * One toggle, timed until every socket has it. Besides the latency to the last socket,
 * records when the first socket had it and when the HTTP answer came (where the time goes).
 */
async function change(room) {
  const { sockets, send } = room;
  const started = performance.now();
  const seq = await send((room.done = !room.done));
  const answered = performance.now();
  await until(() => {
    if (sockets.some((s) => s.reloaded)) throw new Error("the room told a socket to reload during the run");
    return sockets.every((s) => s.arrivals.has(seq));
  });
  const arrivals = sockets.map((s) => s.arrivals.get(seq));
  for (const s of sockets) s.arrivals.delete(seq);
  return { last: Math.max(...arrivals) - started, first: Math.min(...arrivals) - started, answer: answered - started };
}

function until(condition, timeoutMs = 10_000) {
  return new Promise((resolve, reject) => {
    const deadline = performance.now() + timeoutMs;
    const check = () => {
      try {
        if (condition()) return resolve();
      } catch (error) {
        return reject(error);
      }
      if (performance.now() > deadline) return reject(new Error("a change did not reach every socket within 10 s"));
      setImmediate(check);
    };
    check();
  });
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

/**
 * One session may hold 10 sockets in a room (decision 006), a room here has 200:
 * N/10 sessions of the demo lead (bench-app.mjs writes them into the D1).
 */
const SOCKETS_PER_SESSION = 10;

/** Ours: the dashboard's own toggle request; the room's sequence comes back on the sockets. */
async function oursRoom(app, cookie, size) {
  const cookies = sessionCookies(Math.ceil(size / SOCKETS_PER_SESSION));
  const headers = (i) => ({ Cookie: cookies[Math.floor(i / SOCKETS_PER_SESSION)], Origin: ORIGIN });
  const { seq } = await readPage(ORIGIN, cookie);
  const sockets = await openRoom(`ws://127.0.0.1:${PORT}/live/events/${EVENT_ID}`, headers, size, seq);
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
  return { sockets, send, pids: () => processTree(app.pid) };
}

// ---------------------------------------------------------------- the floor

/** The floor server itself: runs in a child process (this file with --floor). */
async function serveFloor() {
  const { DatabaseSync } = await import("node:sqlite");
  // On disk, write-ahead log, every commit synced: as local D1 stores its rows.
  // Under .wrangler/ (on the disk, as ours' D1 is; a temporary directory may be in memory).
  mkdirSync(".wrangler", { recursive: true });
  const dir = mkdtempSync(join(".wrangler", "bench-floor-"));
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
  // Ends with the benchmark however it ends (finished, failed, interrupted), leaving no files.
  const end = () => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on("disconnect", end);
  process.on("SIGTERM", end);
  server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
}

/**
 * The bare Worker (bench-bare-worker.mjs), in a child process (this file with
 * --bare-worker) as ours runs under its own; Miniflare is loaded there only, not into the
 * client or the Node floor.
 */
async function serveBareWorker() {
  const { startBareWorker } = await import("./bench-bare-worker.mjs");
  const served = await startBareWorker();
  const end = () => served.stop().finally(() => process.exit(0));
  process.on("disconnect", end);
  process.on("SIGTERM", end);
  process.send({ port: Number(new URL(served.origin).port) });
}

/**
 * A server of the comparison in a child process: `--floor` (Node) or `--bare-worker`;
 * resolves with its port once it listens, rejects (and ends it) if it exits or fails first.
 */
function startServer(flag) {
  const child = fork(import.meta.filename, [flag], { execArgv: ["--no-warnings=ExperimentalWarning"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    const fail = (error) => {
      clearTimeout(timer);
      child.kill("SIGTERM");
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`${flag} did not start within 120 s`)), 120_000);
    child.once("message", ({ port }) => {
      clearTimeout(timer);
      child.removeAllListeners("exit");
      resolve({ child, port });
    });
    child.once("error", fail);
    child.once("exit", (code, signal) => fail(new Error(`${flag} ended before it listened (${signal ?? code})`)));
  });
}

/**
 * A room of the Node floor or the bare Worker: the same client and the same POST as ours.
 * Its first number is the one its `live` said (the floor has counted the changes of
 * earlier rounds), and every change adds one.
 */
async function serverRoom(server, size) {
  const sockets = await openRoom(`ws://127.0.0.1:${server.port}${BARE_ROOM_PATH}`, {}, size);
  let expected = sockets[0].lastSeq;
  const send = async (done) => {
    const response = await fetch(`http://127.0.0.1:${server.port}${BARE_TOGGLE_PATH}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "toggle-shot", id: SHOT_ID, done: String(done) }),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`the toggle answered ${response.status}`);
    return ++expected;
  };
  return { sockets, send, pids: () => processTree(server.child.pid) };
}

/** Stops ours (SIGTERM: Miniflare disposed, then the process ends) and waits until it has. */
function stopApp(app) {
  if (app.exitCode !== null || app.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      app.kill("SIGKILL");
      resolve();
    }, 30_000);
    app.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    app.kill("SIGTERM");
  });
}

/**
 * Both rooms open at once; they take turns change by change, so a busy moment on the
 * machine falls on both alike. Each server's CPU time is read from /proc around the
 * measured changes (they run in separate processes).
 */
async function measure(rooms) {
  for (let i = 0; i < WARMUP; i++) for (const room of rooms) await change(room);
  const latencies = rooms.map(() => ({ last: [], first: [], answer: [] }));
  const pids = rooms.map((room) => room.pids());
  const before = pids.map(cpuMs);
  for (let i = 0; i < CHANGES; i++) {
    for (const [r, room] of rooms.entries()) {
      const timing = await change(room);
      for (const key of Object.keys(timing)) latencies[r][key].push(timing[key]);
    }
  }
  const cpu = pids.map((p, r) => cpuMs(p) - before[r]);
  for (const room of rooms) for (const s of room.sockets) s.ws.close();
  return rooms.map((room, r) => ({
    ...summary(latencies[r].last, room.sockets),
    firstP50: percentile(latencies[r].first, 50),
    firstP99: percentile(latencies[r].first, 99),
    answerP50: percentile(latencies[r].answer, 50),
    cpuPerChange: cpu[r] / CHANGES,
  }));
}

/** A process and all its descendants (workerd runs under the app's Node process). */
function processTree(root) {
  const children = new Map();
  for (const line of execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" }).trim().split("\n")) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/** User + system CPU time of these processes so far, in ms (from /proc; Linux only). */
const TICKS_PER_MS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" })) / 1000;
function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    } catch {
      // The process ended.
    }
  }
  return ticks / TICKS_PER_MS;
}

// ---------------------------------------------------------------- run

if (process.argv.includes("--floor")) {
  await serveFloor();
} else if (process.argv.includes("--bare-worker")) {
  await serveBareWorker();
} else {
  await main();
}

async function main() {
  const ms = (value) => `${value.toFixed(1)} ms`.padStart(9);
  if (!existsSync("/proc/self/stat")) console.warn("No /proc on this system: CPU time per change is not measured (shown as 0).");
  const app = await startApp({ port: PORT, via: VIA });
  const results = [];
  const bareResults = [];
  let failed = false;
  let floor;
  let bareWorker;
  try {
    const cookie = await signIn(ORIGIN);
    floor = await startServer("--floor");
    for (const size of ROOM_SIZES) {
      for (let round = 1; round <= ROUNDS(size); round++) {
        const [ours, base] = await measure([await oursRoom(app, cookie, size), await serverRoom(floor, size)]);
        results.push({ sockets: size, round, ours, floor: base, ratioP50: ours.p50 / base.p50, ratioP99: ours.p99 / base.p99 });
      }
    }
    // Each workerd alone on the machine: ours stopped before the bare Worker starts.
    await stopApp(app);
    bareWorker = await startServer("--bare-worker");
    for (let round = 1; round <= ROUNDS(GOAL_SIZE); round++) {
      const [bare, base] = await measure([await serverRoom(bareWorker, GOAL_SIZE), await serverRoom(floor, GOAL_SIZE)]);
      bareResults.push({ sockets: GOAL_SIZE, round, bare, floor: base, ratioP50: bare.p50 / base.p50, ratioP99: bare.p99 / base.p99 });
    }
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    floor?.child.kill("SIGTERM");
    bareWorker?.child.kill("SIGTERM");
    await stopApp(app);
  }

  console.log(`\nRealtime: toggle request sent -> change on the last socket (${CHANGES} changes per room size and server, taking turns change by change, after ${WARMUP} warm-ups)`);
  console.log(`ours: the production build served by ${VIA === "preview" ? "workerd through vite preview" : "workerd (no Node relay)"}; floor: Node + SQLite + ws\n`);
  console.log("sockets  server   p50        p95        p99     | first socket p50 / p99  HTTP answer p50  server CPU/change | lost  dup  out-of-order");
  const row = (sockets, name, s) =>
    console.log(
      `${String(sockets).padStart(7)}  ${name}  ${ms(s.p50)}  ${ms(s.p95)}  ${ms(s.p99)}  | ${ms(s.firstP50).padStart(16)} ${ms(s.firstP99)}  ${ms(s.answerP50).padStart(15)}  ${ms(s.cpuPerChange).padStart(17)} | ${String(s.lost).padStart(4)}  ${String(s.duplicated).padStart(3)}  ${String(s.outOfOrder).padStart(12)}`,
    );
  for (const r of results) {
    if (ROUNDS(r.sockets) > 1) console.log(`  round ${r.round} of ${ROUNDS(r.sockets)}`);
    row(r.sockets, "ours ", r.ours);
    row(r.sockets, "floor", r.floor);
    console.log(`         ours/floor: p50 ${r.ratioP50.toFixed(1)}x, p99 ${r.ratioP99.toFixed(1)}x`);
  }
  if (bareResults.length > 0) console.log(`\nFor comparison, the bare Worker (one D1 statement, one room call, on workerd as ours) against the floor, in rounds of its own`);
  for (const r of bareResults) {
    if (ROUNDS(GOAL_SIZE) > 1) console.log(`  round ${r.round} of ${ROUNDS(GOAL_SIZE)}`);
    row(r.sockets, "bare ", r.bare);
    row(r.sockets, "floor", r.floor);
    console.log(`         bare/floor: p50 ${r.ratioP50.toFixed(1)}x, p99 ${r.ratioP99.toFixed(1)}x`);
  }
  const list = (runs, show) => runs.map(show).join(", ");
  const deliveredOnce = (servers) => servers.every((s) => s.lost === 0 && s.duplicated === 0 && s.outOfOrder === 0);
  const delivery = (ok) => (ok ? "all delivered once, in order" : "LOST, DUPLICATED OR OUT OF ORDER");
  for (const size of ROOM_SIZES) {
    const runs = results.filter((r) => r.sockets === size);
    if (runs.length === 0) {
      console.log(`\n${size} sockets: not measured (the run failed)`);
      continue;
    }
    const messagesOk = deliveredOnce(runs.flatMap((r) => [r.ours, r.floor]));
    if (!messagesOk) failed = true;
    // Rounds are counted against those planned: a run that failed midway says so.
    const planned = ROUNDS(size);
    const each = planned > 1 ? ` in each of ${planned} rounds${runs.length < planned ? ` (${runs.length} measured)` : ""}` : "";
    console.log(`\n${size} sockets: messages ${delivery(messagesOk)}`);
    const complete = runs.length === planned;
    if (size === GOAL_SIZE) console.log(`  target p99 < 50 ms${each}: ${complete && runs.every((r) => r.ours.p99 < 50) ? "met" : "MISSED"} (${list(runs, (r) => `${r.ours.p99.toFixed(1)} ms`)})`);
    console.log(`  target p99 within 3x the floor${each}: ${complete && runs.every((r) => r.ratioP99 <= 3) ? "met" : "MISSED"} (${list(runs, (r) => `${r.ratioP99.toFixed(1)}x`)})`);
    if (size === GOAL_SIZE) {
      const met = runs.filter((r) => r.ratioP99 <= 2).length;
      console.log(`  target p99 within 2x the floor in most runs: ${met > planned / 2 ? "met" : "MISSED"} (${met} of ${planned}: ${list(runs, (r) => `${r.ratioP99.toFixed(1)}x`)})`);
    }
  }
  if (bareResults.length === 0) {
    console.log(`\n${GOAL_SIZE} sockets, the bare Worker: not measured (the run failed)`);
  } else {
    const bareOk = deliveredOnce(bareResults.flatMap((r) => [r.bare, r.floor]));
    if (!bareOk) failed = true;
    const ours = results.filter((r) => r.sockets === GOAL_SIZE);
    const medianOf = (runs, key) => `${median(runs.map((r) => r[key])).toFixed(1)}x`;
    console.log(`\n${GOAL_SIZE} sockets, the bare Worker: messages ${delivery(bareOk)}`);
    console.log(
      `  for comparison: its p99 within 2x the floor in ${bareResults.filter((r) => r.ratioP99 <= 2).length} of ${ROUNDS(GOAL_SIZE)} (${list(bareResults, (r) => `${r.ratioP99.toFixed(1)}x`)}); ` +
        `medians of the rounds' ratios to the floor: bare p50 ${medianOf(bareResults, "ratioP50")} p99 ${medianOf(bareResults, "ratioP99")}` +
        (ours.length > 0 ? `, ours p50 ${medianOf(ours, "ratioP50")} p99 ${medianOf(ours, "ratioP99")}` : ""),
    );
  }
  mkdirSync("tests/.results", { recursive: true });
  writeFileSync("tests/.results/bench-realtime.json", JSON.stringify({ measuredAt: new Date().toISOString(), via: VIA, changes: CHANGES, results, bareWorker: bareResults }, null, 2));
  process.exit(failed || results.length !== ROOM_SIZES.reduce((n, size) => n + ROUNDS(size), 0) || bareResults.length !== ROUNDS(GOAL_SIZE) ? 1 : 0);
}
