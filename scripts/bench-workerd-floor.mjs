// The realtime benchmark's second floor (scripts/bench-realtime.mjs, issue 19 item 6): the
// least a Worker can do for a check-off on the runtime ours runs on. Served as ours is
// (Miniflare's workerd, its entry worker in front, the D1 local and on disk, one Durable
// Object with hibernatable sockets), it takes the same POST, writes the row with one D1
// statement, hands it to the room in one call, and the room sends one string to every
// socket. No session, access check, record, number, notification or log: none of the
// work a real check-off needs, so what ours takes beyond it is the application's, and
// what it takes beyond the Node floor is the local runtime's.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

// The Miniflare that wrangler (and so scripts/serve-workerd.mjs) serves ours with.
const { Miniflare, convertV4MiniflareOptions } = createRequire(fileURLToPath(import.meta.resolve("wrangler")))("miniflare");

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
  webSocketClose(ws) {
    this.sockets.delete(ws);
  }
  publish(row) {
    const message = JSON.stringify({ type: "change", seq: ++this.seq, change: { entity: "shot", op: "upsert", rows: [row], actor: "floor" } });
    for (const ws of this.sockets) ws.send(message);
  }
}

export default {
  async fetch(request, env) {
    const room = env.ROOM.get(env.ROOM.idFromName("floor"));
    if (request.headers.get("Upgrade") === "websocket") return room.fetch(request);
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

/** Starts the minimal Worker on 127.0.0.1 (a free port); answers its origin and a function that stops it and removes its files. */
export async function serveWorkerdFloor() {
  // The compatibility date and flags of ours, so both run the same runtime behaviour.
  const { compatibility_date: compatibilityDate, compatibility_flags: compatibilityFlags } = JSON.parse(readFileSync("build/server/wrangler.json", "utf8"));
  const dir = mkdtempSync(join(tmpdir(), "bench-workerd-floor-"));
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      resourcePersistencePath: dir, // on disk, as ours keeps its D1 and Durable Objects
      workers: [
        {
          name: "floor",
          compatibilityDate,
          compatibilityFlags,
          modules: [{ type: "ESModule", path: "floor.mjs", contents: WORKER }],
          d1Databases: { DB: "floor" },
          durableObjects: { ROOM: { className: "Room", useSQLite: true } },
        },
      ],
    }),
  );
  const url = await miniflare.ready;
  await (await miniflare.getD1Database("DB")).exec("CREATE TABLE shot_list_items (id TEXT PRIMARY KEY, is_done INTEGER, updated_at TEXT)");
  return {
    origin: url.origin,
    stop: async () => {
      await miniflare.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
