import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { events } from "~/db/schema";
import { getDb } from "~/utils/db.server";
import { ROOM_EVENT_HEADER, ROOM_VIEWER_HEADER, SOCKETS_PER_CLIENT_LINK, SOCKETS_PER_SESSION } from "~/modules/live/room-contract";
import type { EventRoom } from "../../workers/durable-objects/event-room";
import { createEvent, createUser } from "../factories";
import { waitFor } from "./helpers";

/** A client link's expiry far away (ms). */
const FAR = Date.parse("2099-01-01T00:00:00.000Z");

const room = (eventId: string) => env.EVENT_ROOM.get(env.EVENT_ROOM.idFromName(eventId));

// A room that starts empty keeps a publish only for an event D1 still has (a deleted
// event's room stays empty): the rooms these tests name are events.
const ROOM_NAMES = ["ahead-1", "bound-1", "bound-3", "cap-1", "end-1", "event-1", "event-4", "event-5", "event-6", "event-7", "expire-1", "lost-1", "order-1"];
beforeAll(async () => {
  const db = getDb(env);
  const lead = await createUser(db);
  const { organizationId } = await createEvent(db, lead.id);
  const ids = [...ROOM_NAMES, "seq-1", "seq-2", "seq-3", "seq-4", "seq-5", "seq-6", "seq-7", "seq-h", "seq-mixed"];
  for (const id of ids) await db.insert(events).values({ id, title: "Room Test", date: "2027-06-12", organizationId, leadPhotographerId: lead.id });
});

function nextMessage(socket: WebSocket): Promise<string> {
  return new Promise((resolve) => socket.addEventListener("message", (e) => resolve(String(e.data)), { once: true }));
}

async function connect(eventId: string, viewer: unknown) {
  const response = await room(eventId).fetch("http://room/connect", {
    headers: { Upgrade: "websocket", [ROOM_VIEWER_HEADER]: JSON.stringify(viewer), [ROOM_EVENT_HEADER]: eventId },
  });
  return response;
}

describe("EventRoom Durable Object", () => {
  it("accepts a WebSocket from a viewer the Worker vouched for, and greets it", async () => {
    const response = await connect("event-1", { role: "lead", userId: "u1", sessionHash: "s-u1" });
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
    const socket = (await connect("event-2", { role: "team", userId: "u2", sessionHash: "s-u2" })).webSocket!;
    const welcome = nextMessage(socket);
    socket.accept();
    await welcome;
    const reply = nextMessage(socket);
    socket.send("ping");
    expect(await reply).toBe("pong");
    socket.close(1000, "done");
  });

  it("refuses messages it does not understand, clearly", async () => {
    const socket = (await connect("event-3", { role: "client", clientAccessId: "c1", accessStart: 0, expiresAt: FAR })).webSocket!;
    const welcome = nextMessage(socket);
    socket.accept();
    await welcome;
    const reply = nextMessage(socket);
    socket.send(JSON.stringify({ type: "delete_everything" }));
    expect(JSON.parse(await reply)).toEqual({ type: "error", message: "Unsupported message" });
    socket.close(1000, "done");
  });

  it("keeps one room per event", async () => {
    const a = (await connect("event-4", { role: "lead", userId: "u1", sessionHash: "s-u1" })).webSocket!;
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
    ["a signed-in viewer without its session", { role: "lead", userId: "u1" }],
    ["a client link without its expiry", { role: "client", clientAccessId: "c1", accessStart: 0 }],
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

// ---------------------------------------------------------------- sequence, replay, revocation

const change = (n: number, entity: "shot" | "team" = "shot") => ({ entity, op: "upsert" as const, rows: [{ id: `s${n}`, title: `Shot ${n}` }], actor: "u1" });

/** A socket that has said hello with `since`, and the messages it received (`answered`: once it is live or told to reload). */
async function joined(eventId: string, viewer: unknown, since: number, answered = true) {
  const socket = (await connect(eventId, viewer)).webSocket!;
  const messages: Array<Record<string, unknown>> = [];
  socket.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data))));
  socket.accept();
  socket.send(JSON.stringify({ type: "hello", since }));
  if (answered) await waitFor(() => messages.some((m) => m.type === "live" || m.type === "reload"), 2000);
  else await waitFor(() => messages.length > 0, 2000);
  return { socket, messages };
}

/** The room's gap timer run out now (GAP_WAIT_MS, without waiting for it): its alarm closes the gap. */
async function closeGap(eventId: string) {
  await runInDurableObject(room(eventId), async (instance: EventRoom) => {
    const state = (instance as unknown as { state: { gapAt: number | null } | null }).state;
    expect(state?.gapAt).not.toBeNull();
    state!.gapAt = Date.now() - 1;
  });
  expect(await runDurableObjectAlarm(room(eventId))).toBe(true);
}

describe("EventRoom: every change once, in order, never missed", () => {
  it("stamps each published change with the next number of a gap-free sequence, kept in storage", async () => {
    const stub = room("seq-1");
    const seqs = await Promise.all([1, 2, 3, 4, 5].map((n) => stub.publish("seq-1", n, change(n))));
    expect([...seqs].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(await stub.sequence()).toBe(5);
    // Hibernation or eviction loses memory, not storage: the number lives there.
    await runInDurableObject(stub, async (_instance: EventRoom, state) => {
      expect(await state.storage.get("seq")).toBe(5);
      expect(await state.storage.list({ prefix: "log:" })).toHaveProperty("size", 5);
    });
  });

  it("sends each change exactly once to every device that said hello, with its sequence", async () => {
    const a = await joined("seq-2", { role: "lead", userId: "u1", sessionHash: "s-u1" }, 0);
    const b = await joined("seq-2", { role: "team", userId: "u2", sessionHash: "s-u2" }, 0);
    for (let n = 1; n <= 3; n++) await room("seq-2").publish("seq-2", n, change(n));
    await waitFor(() => a.messages.filter((m) => m.type === "change").length === 3 && b.messages.filter((m) => m.type === "change").length === 3, 2000);
    for (const device of [a, b]) {
      expect(device.messages.filter((m) => m.type === "change").map((m) => m.seq)).toEqual([1, 2, 3]);
    }
    a.socket.close(1000, "done");
    b.socket.close(1000, "done");
  });

  it("after hibernation (a new instance over the same storage, memory empty) still sends to every device that said hello, and not to one that has not", async () => {
    const a = await joined("seq-h", { role: "lead", userId: "u1", sessionHash: "s-u1" }, 0);
    const b = await joined("seq-h", { role: "team", userId: "u2", sessionHash: "s-u2" }, 0);
    const silent = (await connect("seq-h", { role: "team", userId: "u3", sessionHash: "s-u3" })).webSocket!;
    const silentMessages: Array<Record<string, unknown>> = [];
    silent.addEventListener("message", (e) => silentMessages.push(JSON.parse(String(e.data))));
    silent.accept();
    await room("seq-h").publish("seq-h", 1, change(1));
    await runInDurableObject(room("seq-h"), async (_instance: EventRoom, state) => {
      // What the runtime does when a hibernated room wakes: a fresh object, no memory.
      const { EventRoom: Room } = await import("../../workers/durable-objects/event-room");
      expect(await new Room(state, env).publish("seq-h", 2, change(2))).toBe(2);
    });
    await waitFor(() => [a, b].every((device) => device.messages.filter((m) => m.type === "change").length === 2), 2000);
    for (const device of [a, b]) expect(device.messages.filter((m) => m.type === "change").map((m) => m.seq)).toEqual([1, 2]);
    expect(silentMessages.map((m) => m.type)).toEqual(["welcome"]);
    for (const socket of [a.socket, b.socket, silent]) socket.close(1000, "done");
  });

  it("replays what a device missed since the sequence it gives, then says live", async () => {
    const stub = room("seq-3");
    for (let n = 1; n <= 6; n++) await stub.publish("seq-3", n, change(n));
    const device = await joined("seq-3", { role: "team", userId: "u2", sessionHash: "s-u2" }, 2);
    expect(device.messages.filter((m) => m.type !== "welcome").map((m) => [m.type, m.seq])).toEqual([
      ["change", 3],
      ["change", 4],
      ["change", 5],
      ["change", 6],
      ["live", 6],
    ]);
    device.socket.close(1000, "done");
  });

  it("tells a device to reload when its gap is larger than the log, or its sequence is from the future (one D1 never gave)", async () => {
    const stub = room("seq-4");
    await runInDurableObject(stub, async (_instance: EventRoom, state) => {
      await state.storage.put({ seq: 5000 });
    });
    const stale = await joined("seq-4", { role: "lead", userId: "u1", sessionHash: "s-u1" }, 10);
    expect(stale.messages.at(-1)).toEqual({ type: "reload", seq: 5000 });
    // A sequence past the room's waits for its publish; once the gap is
    // closed, D1 (no such event here: nothing given) says it never existed.
    const future = await joined("seq-4", { role: "lead", userId: "u1", sessionHash: "s-u1" }, 9999, false);
    expect(future.messages.map((m) => m.type)).toEqual(["welcome"]);
    await closeGap("seq-4");
    await waitFor(() => future.messages.length === 2, 2000);
    expect(future.messages.at(-1)).toEqual({ type: "reload", seq: 5000 });
    expect(await stub.sequence()).toBe(5000);
    // Told to reload, a socket is not in the room (changes it could not apply would
    // only make it reconnect) until it says hello again with the refetched sequence.
    await stub.publish("seq-4", 5001, change(5001));
    await stub.publish("seq-4", 5002, change(5002));
    expect(stale.messages.map((m) => m.type)).toEqual(["welcome", "reload"]);
    stale.socket.send(JSON.stringify({ type: "hello", since: 5001 }));
    await waitFor(() => stale.messages.some((m) => m.type === "live"), 2000);
    await stub.publish("seq-4", 5003, change(5003));
    await waitFor(() => stale.messages.length === 5, 2000);
    expect(stale.messages.slice(2).map((m) => [m.type, m.seq])).toEqual([
      ["change", 5002],
      ["live", 5002],
      ["change", 5003],
    ]);
    expect(future.messages.map((m) => m.type)).toEqual(["welcome", "reload"]);
    stale.socket.close(1000, "done");
    future.socket.close(1000, "done");
  });

  it("keeps the last 1,000 changes and no more", async () => {
    const stub = room("seq-5");
    for (let n = 1; n <= 1005; n++) await stub.publish("seq-5", n, change(n));
    await runInDurableObject(stub, async (_instance: EventRoom, state) => {
      const log = await state.storage.list({ prefix: "log:" });
      expect(log.size).toBe(1000);
      expect([...log.keys()][0]).toBe("log:000000000006");
    });
    const device = await joined("seq-5", { role: "lead", userId: "u1", sessionHash: "s-u1" }, 5);
    expect(device.messages.filter((m) => m.type === "change")).toHaveLength(1000);
    expect(device.messages.at(-1)).toEqual({ type: "live", seq: 1005 });
    device.socket.close(1000, "done");
  });

  it("sends a portal socket only what the portal shows (team changes are skipped, numbered)", async () => {
    const portal = await joined("seq-6", { role: "client", clientAccessId: "c1", accessStart: 0, expiresAt: FAR }, 0);
    await room("seq-6").publish("seq-6", 1, change(1, "team"));
    await room("seq-6").publish("seq-6", 2, change(2));
    await waitFor(() => portal.messages.some((m) => m.seq === 2), 2000);
    expect(portal.messages.filter((m) => m.seq !== undefined && m.type !== "live")).toEqual([
      { type: "skip", seq: 1 },
      expect.objectContaining({ type: "change", seq: 2 }),
    ]);
    portal.socket.close(1000, "done");
  });

  it("one publish to a room of mixed viewers: the lead and the team get the same frame, each portal its cut view; also after hibernation, and not a device that left", async () => {
    const id = "seq-mixed";
    const secret = { ...change(1), rows: [{ id: "s1", title: "Shot 1", internalNote: "team only" }] };
    const devices = {
      lead: await joined(id, { role: "lead", userId: "u1", sessionHash: "s-u1" }, 0),
      team: await joined(id, { role: "team", userId: "u2", sessionHash: "s-u2" }, 0),
      portalA: await joined(id, { role: "client", clientAccessId: "c1", accessStart: 0, expiresAt: FAR }, 0),
      portalB: await joined(id, { role: "client", clientAccessId: "c2", accessStart: 0, expiresAt: FAR }, 0),
    };
    const frames = new Map<string, string[]>(Object.keys(devices).map((name) => [name, []]));
    for (const [name, device] of Object.entries(devices)) device.socket.addEventListener("message", (e) => frames.get(name)!.push(String(e.data)));
    const delivered = (seq: number, names = Object.keys(devices)) => waitFor(() => names.every((name) => frames.get(name)!.some((f) => JSON.parse(f).seq === seq)), 2000);

    await room(id).publish(id, 1, secret);
    await delivered(1);
    expect(frames.get("lead")).toEqual(frames.get("team"));
    expect(JSON.parse(frames.get("lead")![0]!)).toEqual({ type: "change", seq: 1, change: secret });
    expect(frames.get("portalA")).toEqual(frames.get("portalB"));
    expect(JSON.parse(frames.get("portalA")![0]!)).toEqual({ type: "change", seq: 1, change: { ...secret, actor: null, rows: [{ id: "s1", title: "Shot 1" }] } });

    // Woken from hibernation (a fresh instance, memory empty), the room sorts its sockets again.
    await runInDurableObject(room(id), async (instance: EventRoom, state) => {
      const { EventRoom: Room } = await import("../../workers/durable-objects/event-room");
      expect(await new Room(state, env).publish(id, 2, change(2, "team"))).toBe(2);
      // The runtime never keeps the old instance beside the new one: its memory goes too.
      Object.assign(instance, { state: null, liveSockets: null, waitingSockets: null });
    });
    await delivered(2);
    expect(JSON.parse(frames.get("team")!.at(-1)!)).toEqual({ type: "change", seq: 2, change: change(2, "team") });
    expect(JSON.parse(frames.get("portalB")!.at(-1)!)).toEqual({ type: "skip", seq: 2 });

    // A device that left is sent nothing more; the others still get every change.
    const left = [devices.team.socket, devices.portalB.socket].map((socket) => new Promise((resolve) => socket.addEventListener("close", resolve, { once: true })));
    devices.team.socket.close(1000, "done");
    devices.portalB.socket.close(1000, "done");
    await Promise.all(left);
    await room(id).publish(id, 3, change(3));
    await delivered(3, ["lead", "portalA"]);
    expect(frames.get("team")!.map((f) => JSON.parse(f).seq)).toEqual([1, 2]);
    expect(frames.get("portalB")!.map((f) => JSON.parse(f).seq)).toEqual([1, 2]);
    devices.lead.socket.close(1000, "done");
    devices.portalA.socket.close(1000, "done");
  });

  it("closes the sockets of a removed member, a revoked client link, or everyone", async () => {
    const closed: number[] = [];
    const member = await joined("seq-7", { role: "team", userId: "u2", sessionHash: "s-u2" }, 0);
    const lead = await joined("seq-7", { role: "lead", userId: "u1", sessionHash: "s-u1" }, 0);
    const client = await joined("seq-7", { role: "client", clientAccessId: "c9", accessStart: 0, expiresAt: FAR }, 0);
    for (const device of [member, lead, client]) device.socket.addEventListener("close", (e) => closed.push(e.code));
    expect(await room("seq-7").revoke({ userId: "u2" })).toBe(1);
    expect(await room("seq-7").revoke({ clientAccessId: "c9" })).toBe(1);
    await waitFor(() => closed.length === 2, 2000);
    expect(closed).toEqual([4003, 4003]);
    expect(await room("seq-7").revoke({ everyone: true })).toBe(1);
    await waitFor(() => closed.length === 3, 2000);
  });

  it("refuses a hello that is not a number, and messages over 16 KB", async () => {
    const socket = (await connect("seq-8", { role: "lead", userId: "u1", sessionHash: "s-u1" })).webSocket!;
    const messages: string[] = [];
    socket.addEventListener("message", (e) => messages.push(String(e.data)));
    socket.accept();
    socket.send(JSON.stringify({ type: "hello", since: -1 }));
    socket.send("x".repeat(20_000));
    await waitFor(() => messages.length >= 3, 2000);
    expect(messages.slice(1).map((m) => JSON.parse(m))).toEqual([
      { type: "error", message: "Unsupported message" },
      { type: "error", message: "Message too large" },
    ]);
    socket.close(1000, "done");
  });
});

// ---------------------------------------------------------------- replay bound, ended access, caps

/** A socket that may or may not say hello, recording how it closed. */
async function watched(eventId: string, viewer: unknown, since: number | null) {
  const device = since === null ? { socket: (await connect(eventId, viewer)).webSocket!, messages: [] as Array<Record<string, unknown>> } : await joined(eventId, viewer, since);
  const closed: number[] = [];
  device.socket.addEventListener("close", (e) => closed.push(e.code));
  if (since === null) device.socket.accept();
  return { ...device, closed };
}

describe("EventRoom: numbers given by D1 arrive in any order, or not at all", () => {
  const lead = { role: "lead", userId: "u1", sessionHash: "s-u1" };
  const changes = (device: { messages: Array<Record<string, unknown>> }) => device.messages.filter((m) => m.type !== "welcome").map((m) => [m.type, m.seq]);

  it("a number that arrives before the one under it (two Workers) is held, then both are sent in order", async () => {
    const device = await joined("order-1", lead, 0);
    await room("order-1").publish("order-1", 2, change(2));
    await room("order-1").publish("order-1", 3, change(3));
    expect(await room("order-1").sequence()).toBe(0);
    await room("order-1").publish("order-1", 1, change(1));
    await waitFor(() => device.messages.filter((m) => m.type === "change").length === 3, 2000);
    expect(changes(device)).toEqual([
      ["live", 0],
      ["change", 1],
      ["change", 2],
      ["change", 3],
    ]);
    // A repeat of a number already sent is not sent again.
    await room("order-1").publish("order-1", 2, change(2));
    const late = await joined("order-1", lead, 1);
    expect(changes(late)).toEqual([
      ["change", 2],
      ["change", 3],
      ["live", 3],
    ]);
    expect(changes(device)).toHaveLength(4);
    for (const socket of [device.socket, late.socket]) socket.close(1000, "done");
  });

  it("a number that never arrives (its Worker died after the commit): once the gap has waited, devices reload and the room carries on", async () => {
    const device = await joined("lost-1", lead, 0);
    await room("lost-1").publish("lost-1", 1, change(1));
    await room("lost-1").publish("lost-1", 3, change(3));
    await waitFor(() => device.messages.some((m) => m.seq === 1 && m.type === "change"), 2000);
    expect(changes(device)).toEqual([
      ["live", 0],
      ["change", 1],
    ]);
    await closeGap("lost-1");
    await waitFor(() => device.messages.some((m) => m.type === "reload"), 2000);
    expect(changes(device).at(-1)).toEqual(["reload", 3]);
    expect(await room("lost-1").sequence()).toBe(3);
    // Out of the room until it says hello again with what its refetch read.
    await room("lost-1").publish("lost-1", 4, change(4));
    expect(device.messages.some((m) => m.seq === 4)).toBe(false);
    device.socket.send(JSON.stringify({ type: "hello", since: 3 }));
    await waitFor(() => device.messages.some((m) => m.type === "live" && m.seq === 4), 2000);
    expect(changes(device).slice(-2)).toEqual([
      ["change", 4],
      ["live", 4],
    ]);
    // A device still at 1 cannot be replayed the lost change: it reloads.
    const behind = await joined("lost-1", lead, 1);
    expect(changes(behind)).toEqual([["reload", 4]]);
    // The lost change arriving late fills the log (devices already reloaded): a replay over it works again.
    await room("lost-1").publish("lost-1", 2, change(2));
    const replayed = await joined("lost-1", lead, 1);
    expect(changes(replayed)).toEqual([
      ["change", 2],
      ["change", 3],
      ["change", 4],
      ["live", 4],
    ]);
    for (const socket of [device.socket, behind.socket, replayed.socket]) socket.close(1000, "done");
  });

  it("a page that read D1 after a change the room has not been told yet waits for it, and is sent nothing twice", async () => {
    const first = await joined("ahead-1", lead, 0);
    await room("ahead-1").publish("ahead-1", 1, change(1));
    const ahead = await joined("ahead-1", lead, 2, false);
    expect(changes(ahead)).toEqual([]);
    await room("ahead-1").publish("ahead-1", 2, change(2));
    await waitFor(() => ahead.messages.some((m) => m.type === "live"), 2000);
    await room("ahead-1").publish("ahead-1", 3, change(3));
    await waitFor(() => ahead.messages.some((m) => m.type === "change"), 2000);
    expect(changes(ahead)).toEqual([
      ["live", 2],
      ["change", 3],
    ]);
    await waitFor(() => first.messages.some((m) => m.seq === 3), 2000);
    expect(changes(first).map(([, seq]) => seq)).toEqual([0, 1, 2, 3]);
    for (const socket of [first.socket, ahead.socket]) socket.close(1000, "done");
  });

  it("a page ahead of the room whose change was lost, with nothing after it: D1 confirms the number, the page goes live and the others reload", async () => {
    const db = getDb(env);
    const user = await createUser(db);
    const eventId = (await createEvent(db, user.id)).id;
    await db.update(events).set({ liveSeq: 2 }).where(eq(events.id, eventId));
    const behind = await joined(eventId, lead, 0);
    await room(eventId).publish(eventId, 1, change(1));
    const ahead = await joined(eventId, lead, 2, false);
    await closeGap(eventId);
    await waitFor(() => ahead.messages.some((m) => m.type === "live") && behind.messages.some((m) => m.type === "reload"), 2000);
    expect(changes(ahead)).toEqual([["live", 2]]);
    expect(changes(behind).at(-1)).toEqual(["reload", 2]);
    await room(eventId).publish(eventId, 3, change(3));
    await waitFor(() => ahead.messages.some((m) => m.type === "change"), 2000);
    expect(changes(ahead).at(-1)).toEqual(["change", 3]);
    for (const socket of [behind.socket, ahead.socket]) socket.close(1000, "done");
  });
});

describe("EventRoom: a viewer is replayed nothing from before their access began (decision 006)", () => {
  it("a viewer whose access began after the changes is told to reload, not replayed them; the lead is replayed them", async () => {
    const stub = room("bound-1");
    for (let n = 1; n <= 3; n++) await stub.publish("bound-1", n, change(n));
    await new Promise((r) => setTimeout(r, 5));
    const admitted = Date.now();
    const member = await joined("bound-1", { role: "team", userId: "u2", sessionHash: "s-u2", accessStart: admitted }, 0);
    expect(member.messages.map((m) => m.type)).toEqual(["welcome", "reload"]);
    const portal = await joined("bound-1", { role: "client", clientAccessId: "c1", accessStart: admitted, expiresAt: FAR }, 0);
    expect(portal.messages.map((m) => m.type)).toEqual(["welcome", "reload"]);
    const lead = await joined("bound-1", { role: "lead", userId: "u1", sessionHash: "s-u1" }, 0);
    expect(lead.messages.filter((m) => m.type === "change").map((m) => m.seq)).toEqual([1, 2, 3]);
    // With the sequence its fresh read gives, the member is live and gets what follows.
    member.socket.send(JSON.stringify({ type: "hello", since: 3 }));
    await waitFor(() => member.messages.some((m) => m.type === "live"), 2000);
    await stub.publish("bound-1", 4, change(4));
    await waitFor(() => member.messages.some((m) => m.type === "change"), 2000);
    expect(member.messages.filter((m) => m.type === "change").map((m) => m.seq)).toEqual([4]);
    // A change from after the access began is replayed to it as to anyone.
    const late = await joined("bound-1", { role: "team", userId: "u3", sessionHash: "s-u3", accessStart: admitted }, 3);
    expect(late.messages.filter((m) => m.type !== "welcome").map((m) => [m.type, m.seq])).toEqual([
      ["change", 4],
      ["live", 4],
    ]);
    for (const device of [member, portal, lead, late]) device.socket.close(1000, "done");
  });

  it("publish stamps never go backwards, even if the clock does", async () => {
    const stub = room("bound-3");
    await stub.publish("bound-3", 1, change(1));
    const ahead = Date.now() + 60_000;
    await runInDurableObject(stub, async (instance: EventRoom, state) => {
      await state.storage.put("stamp", ahead);
      (instance as unknown as { state: { stamp: number } }).state.stamp = ahead;
    });
    await stub.publish("bound-3", 2, change(2));
    await runInDurableObject(stub, async (_instance: EventRoom, state) => {
      expect(await state.storage.get("log:000000000002")).toEqual({ at: ahead, change: change(2) });
    });
  });
});

describe("EventRoom: ended access closes its sockets (decision 006)", () => {
  it("endSessions closes the sockets of the ended sessions, hello said or not, and says how many of the user's are left", async () => {
    const ended = await watched("end-1", { role: "team", userId: "u2", sessionHash: "old" }, 0);
    const silent = await watched("end-1", { role: "team", userId: "u2", sessionHash: "old" }, null);
    const kept = await watched("end-1", { role: "team", userId: "u2", sessionHash: "current" }, 0);
    const other = await watched("end-1", { role: "lead", userId: "u1", sessionHash: "old-but-not-u2s" }, 0);
    expect(await room("end-1").endSessions("u2", ["old"])).toBe(1);
    await waitFor(() => ended.closed.length === 1 && silent.closed.length === 1, 1000);
    expect([...ended.closed, ...silent.closed]).toEqual([4003, 4003]);
    await room("end-1").publish("end-1", 1, change(1));
    await waitFor(() => kept.messages.some((m) => m.type === "change"), 1000);
    expect(ended.messages.filter((m) => m.type === "change")).toEqual([]);
    expect(kept.closed).toEqual([]);
    expect(other.closed).toEqual([]);
    expect(await room("end-1").endSessions("u2", ["current"])).toBe(0);
    other.socket.close(1000, "done");
  });

  it("a client link's sockets close at its expiry, with nobody acting: the room's alarm, re-armed for the next", async () => {
    const soon = Date.now() + 200;
    const expiring = await watched("expire-1", { role: "client", clientAccessId: "c1", accessStart: 0, expiresAt: soon }, 0);
    const silent = await watched("expire-1", { role: "client", clientAccessId: "c1", accessStart: 0, expiresAt: soon }, null);
    const lasting = await watched("expire-1", { role: "client", clientAccessId: "c2", accessStart: 0, expiresAt: FAR }, 0);
    const lead = await watched("expire-1", { role: "lead", userId: "u1", sessionHash: "s-u1" }, 0);
    await runInDurableObject(room("expire-1"), async (_instance: EventRoom, state) => {
      expect(await state.storage.getAlarm()).toBe(soon);
    });
    await new Promise((r) => setTimeout(r, 250));
    expect(await runDurableObjectAlarm(room("expire-1"))).toBe(true);
    await waitFor(() => expiring.closed.length === 1 && silent.closed.length === 1, 1000);
    expect([...expiring.closed, ...silent.closed]).toEqual([4003, 4003]);
    await room("expire-1").publish("expire-1", 1, change(1));
    await waitFor(() => lasting.messages.some((m) => m.type === "change") && lead.messages.some((m) => m.type === "change"), 1000);
    expect(expiring.messages.filter((m) => m.type === "change")).toEqual([]);
    expect([...lasting.closed, ...lead.closed]).toEqual([]);
    await runInDurableObject(room("expire-1"), async (_instance: EventRoom, state) => {
      expect(await state.storage.getAlarm()).toBe(FAR);
    });
    lasting.socket.close(1000, "done");
    lead.socket.close(1000, "done");
  });
});

describe("EventRoom: sockets per session and per client link are capped (decision 006)", () => {
  it("over the cap a new handshake is refused (429) and the open sockets stay", async () => {
    const open: WebSocket[] = [];
    const closed: number[] = [];
    for (let n = 0; n < SOCKETS_PER_SESSION; n++) {
      const response = await connect("cap-1", { role: "team", userId: "u2", sessionHash: "tabs" });
      expect(response.status).toBe(101);
      response.webSocket!.accept();
      response.webSocket!.addEventListener("close", (e) => closed.push(e.code));
      open.push(response.webSocket!);
    }
    const over = await connect("cap-1", { role: "team", userId: "u2", sessionHash: "tabs" });
    expect(over.status).toBe(429);
    expect(await over.text()).toBe("Too many connections");
    // Another session of the same user is counted on its own.
    expect((await connect("cap-1", { role: "team", userId: "u2", sessionHash: "phone" })).status).toBe(101);
    expect(await room("cap-1").connectionCount("team")).toBe(SOCKETS_PER_SESSION + 1);
    expect(closed).toEqual([]);
    // A closed one makes room again.
    open[0]!.close(1000, "tab closed");
    await new Promise((r) => setTimeout(r, 50));
    expect((await connect("cap-1", { role: "team", userId: "u2", sessionHash: "tabs" })).status).toBe(101);

    for (let n = 0; n < SOCKETS_PER_CLIENT_LINK; n++) {
      const response = await connect("cap-1", { role: "client", clientAccessId: "c1", accessStart: 0, expiresAt: FAR });
      expect(response.status).toBe(101);
      response.webSocket!.accept();
    }
    expect((await connect("cap-1", { role: "client", clientAccessId: "c1", accessStart: 0, expiresAt: FAR })).status).toBe(429);
    expect((await connect("cap-1", { role: "client", clientAccessId: "c2", accessStart: 0, expiresAt: FAR })).status).toBe(101);
  });
});
