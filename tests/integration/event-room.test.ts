import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type EventRoom, ROOM_VIEWER_HEADER } from "../../workers/durable-objects/event-room";

const room = (eventId: string) => env.EVENT_ROOM.get(env.EVENT_ROOM.idFromName(eventId));

function nextMessage(socket: WebSocket): Promise<string> {
  return new Promise((resolve) => socket.addEventListener("message", (e) => resolve(String(e.data)), { once: true }));
}

async function connect(eventId: string, viewer: unknown) {
  const response = await room(eventId).fetch("http://room/connect", {
    headers: { Upgrade: "websocket", [ROOM_VIEWER_HEADER]: JSON.stringify(viewer) },
  });
  return response;
}

describe("EventRoom Durable Object", () => {
  it("accepts a WebSocket from a viewer the Worker vouched for, and greets it", async () => {
    const response = await connect("event-1", { role: "lead", userId: "u1" });
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    const welcome = nextMessage(socket);
    socket.accept();
    expect(JSON.parse(await welcome)).toEqual({ type: "welcome", role: "lead" });
    expect(await room("event-1").connectionCount()).toBe(1);
    expect(await room("event-1").connectionCount("team")).toBe(0);
    socket.close(1000, "done");
  });

  it("answers ping with pong (runtime auto-response, no wake-up)", async () => {
    const socket = (await connect("event-2", { role: "team", userId: "u2" })).webSocket!;
    const welcome = nextMessage(socket);
    socket.accept();
    await welcome;
    const reply = nextMessage(socket);
    socket.send("ping");
    expect(await reply).toBe("pong");
    socket.close(1000, "done");
  });

  it("refuses messages it does not understand, clearly", async () => {
    const socket = (await connect("event-3", { role: "client", clientAccessId: "c1" })).webSocket!;
    const welcome = nextMessage(socket);
    socket.accept();
    await welcome;
    const reply = nextMessage(socket);
    socket.send(JSON.stringify({ type: "delete_everything" }));
    expect(JSON.parse(await reply)).toEqual({ type: "error", message: "Unsupported message" });
    socket.close(1000, "done");
  });

  it("keeps one room per event", async () => {
    const a = (await connect("event-4", { role: "lead", userId: "u1" })).webSocket!;
    a.accept();
    expect(await room("event-4").connectionCount()).toBe(1);
    expect(await room("event-5").connectionCount()).toBe(0);
    await runInDurableObject(room("event-4"), async (_instance: EventRoom, state) => {
      expect(state.getWebSockets("role:lead")).toHaveLength(1);
    });
    a.close(1000, "done");
  });

  it.each([
    ["no viewer", undefined],
    ["a malformed viewer", "{not json"],
    ["a viewer with an unknown role", { role: "admin", userId: "u1" }],
    ["a client without its access id", { role: "client" }],
  ])("refuses a connection with %s (403)", async (_label, viewer) => {
    const headers: Record<string, string> = { Upgrade: "websocket" };
    if (viewer !== undefined) headers[ROOM_VIEWER_HEADER] = typeof viewer === "string" ? viewer : JSON.stringify(viewer);
    const response = await room("event-6").fetch("http://room/connect", { headers });
    expect(response.status).toBe(403);
    expect(response.webSocket).toBeNull();
  });

  it("refuses a plain HTTP request (426)", async () => {
    const response = await room("event-7").fetch("http://room/connect");
    expect(response.status).toBe(426);
  });
});
