// The bare Worker of the realtime benchmark (scripts/bench-realtime.mjs):
// the least a Worker can do for a check-off on the runtime ours runs on. It is served as
// ours is (Miniflare's workerd with its entry worker, the asset router in front of the
// Worker as `run_worker_first` puts it for ours' live paths, the D1 local and on disk, one
// Durable Object with hibernatable sockets), takes the same POST, writes the row with one
// D1 statement, hands it to the room in one call, and the room sends one string to every
// socket. No session, access check, record, number, notification or log: none of the work
// a real check-off needs, so what ours takes beyond it is the application's, and what it
// takes beyond the Node floor is the local runtime's.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

/** Where its POST and its sockets go (both go to the Worker first, past the assets). */
export const BARE_TOGGLE_PATH = "/toggle";
export const BARE_ROOM_PATH = "/live/room";

const WORKER = `
import { DurableObject } from "cloudflare:workers";

export class Room extends DurableObject {
  sockets = new Set();
  seq = 0;
  async fetch() {
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    this.sockets.add(server);
    server.send(JSON.stringify({ type: "welcome", role: "lead" }));
    return new Response(null, { status: 101, webSocket: client });
  }
  webSocketMessage(ws, data) {
    if (data === "ping") return ws.send("pong");
    ws.send(JSON.stringify({ type: "live", seq: this.seq }));
  }
  webSocketClose(ws, code, reason) {
    this.sockets.delete(ws);
    try {
      ws.close(code, reason);
    } catch {
      // Already closed.
    }
  }
  publish(row) {
    const message = JSON.stringify({ type: "change", seq: ++this.seq, change: { entity: "shot", op: "upsert", rows: [row], actor: "bare" } });
    for (const ws of this.sockets) {
      try {
        ws.send(message);
      } catch {
        this.sockets.delete(ws);
      }
    }
  }
}

export default {
  async fetch(request, env) {
    const room = env.ROOM.get(env.ROOM.idFromName("bare"));
    const { pathname } = new URL(request.url);
    if (pathname === "${BARE_ROOM_PATH}" && request.headers.get("Upgrade") === "websocket") return room.fetch(request);
    if (pathname !== "${BARE_TOGGLE_PATH}" || request.method !== "POST") return new Response("Not found", { status: 404 });
    const form = new URLSearchParams(await request.text());
    const row = await env.DB.prepare(
      "INSERT INTO shot_list_items (id, is_done, updated_at) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET is_done = excluded.is_done, updated_at = excluded.updated_at RETURNING *",
    )
      .bind(form.get("id"), form.get("done") === "true" ? 1 : 0, new Date().toISOString())
      .first();
    await room.publish(row);
    return new Response("ok");
  },
};
`;

/**
 * Starts the bare Worker on 127.0.0.1 (a free port), next to ours' build (its compatibility
 * settings and its client assets); answers its origin and a function that stops it. Its
 * D1 and Durable Object live in a directory of their own under .wrangler/, removed when
 * this process exits, however it exits (Miniflare ends the process itself on a signal).
 */
export async function startBareWorker() {
  // The Miniflare that serves ours (loaded here only, when the bare Worker starts).
  const { Miniflare, convertV4MiniflareOptions } = await import("./serve-workerd.mjs");
  const { compatibility_date: compatibilityDate, compatibility_flags: compatibilityFlags } = JSON.parse(readFileSync("build/server/wrangler.json", "utf8"));
  mkdirSync(".wrangler", { recursive: true });
  const dir = mkdtempSync(join(".wrangler", "bench-bare-worker-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  const workerFirst = [BARE_TOGGLE_PATH, "/live/*"];
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      cf: false, // as ours (scripts/e2e-server.mjs): no look-up of Request.cf
      resourcePersistencePath: resolve(dir),
      workers: [
        {
          name: "bare-worker",
          compatibilityDate,
          compatibilityFlags,
          modules: [{ type: "ESModule", path: "bare-worker.mjs", contents: WORKER }],
          assets: {
            directory: resolve("build/client"),
            run_worker_first: workerFirst,
            routerConfig: { has_user_worker: true, static_routing: { asset_worker: [], user_worker: workerFirst } },
            assetConfig: { compatibility_date: compatibilityDate, compatibility_flags: compatibilityFlags },
          },
          d1Databases: { DB: "bare" },
          durableObjects: { ROOM: { className: "Room", useSQLite: true } },
        },
      ],
    }),
  );
  const url = await miniflare.ready;
  await (await miniflare.getD1Database("DB")).exec("CREATE TABLE shot_list_items (id TEXT PRIMARY KEY, is_done INTEGER, updated_at TEXT)");
  return { origin: url.origin, stop: () => miniflare.dispose() };
}
