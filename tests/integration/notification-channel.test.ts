import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, eventSecondShooters, organizations, shotListItems } from "~/db/schema";
import { getDb } from "~/utils/db.server";
import { type Client, createClient, ORIGIN, sessionFor, waitFor } from "./helpers";

// The per-user notification channel (/live/me).

const db = getDb(env);

type User = Awaited<ReturnType<typeof sessionFor>>;

let lead: User;
let member: User;
beforeAll(async () => {
  [lead, member] = [await sessionFor(), await sessionFor()];
});

async function seedEvent() {
  const eventId = crypto.randomUUID();
  const shot = crypto.randomUUID();
  await db.batch([
    db.insert(organizations).values({ id: crypto.randomUUID(), name: "Org", ownerId: lead.id }).onConflictDoNothing(),
    db.insert(events).values({ id: eventId, title: "Live Wedding", date: "2027-06-12", organizationId: sql`(SELECT id FROM organizations WHERE owner_id = ${lead.id})`, leadPhotographerId: lead.id }),
    db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: member.id, status: "accepted" }),
    db.insert(shotListItems).values({ id: shot, eventId, title: "Rings", category: "details", orderIndex: 0 }),
  ]);
  return { eventId, shot };
}

const upgrade = (client: Client, origin = ORIGIN) => client.get("/live/me", { Upgrade: "websocket", Origin: origin });

async function tab(client: Client, since = new Date().toISOString()) {
  const response = await upgrade(client);
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const messages: Array<{ type: string; items?: Array<Record<string, unknown>> }> = [];
  const closed: number[] = [];
  socket.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data))));
  socket.addEventListener("close", (e) => closed.push(e.code));
  socket.accept();
  socket.send(JSON.stringify({ type: "hello", since }));
  await waitFor(() => messages.some((m) => m.type === "ready"));
  return { socket, messages, closed, items: () => messages.flatMap((m) => (m.type === "notifications" ? m.items! : [])) };
}

describe("the notification channel", () => {
  it("admits a signed-in user only, from our own pages", async () => {
    expect((await upgrade(lead.client)).status).toBe(101);
    expect((await upgrade(createClient())).status).toBe(401);
    expect((await upgrade(lead.client, "https://evil.example")).status).toBe(403);
  });

  it("a new notification reaches every open tab of its user at once, and no one else's", async () => {
    const { eventId, shot } = await seedEvent();
    const [first, second, actor] = [await tab(lead.client), await tab(lead.client), await tab(member.client)];
    expect((await member.client.post(`/events/${eventId}`, { intent: "toggle-shot", id: shot, done: "true" })).status).toBe(200);
    await waitFor(() => first.items().length === 1 && second.items().length === 1);
    expect(first.items()[0]).toMatchObject({ title: "Shot List Updated", message: 'Test User checked off "Rings" (Live Wedding).', read: false });
    expect(typeof first.items()[0]!.id).toBe("string");
    await new Promise((r) => setTimeout(r, 50));
    expect(actor.items()).toEqual([]);
    for (const t of [first, second, actor]) t.socket.close(1000, "done");
  });

  it("a tab that connects after its page was read gets what arrived since", async () => {
    const { eventId, shot } = await seedEvent();
    const pageReadAt = new Date(Date.now() - 1000).toISOString();
    expect((await member.client.post(`/events/${eventId}`, { intent: "toggle-shot", id: shot, done: "false" })).status).toBe(200);
    const late = await tab(lead.client, pageReadAt);
    expect(late.items().some((item) => item.message === 'Test User unchecked "Rings" (Live Wedding).')).toBe(true);
    // A tab whose page is newer than that gets nothing again.
    const fresh = await tab(lead.client, new Date(Date.now() + 1000).toISOString());
    expect(fresh.items()).toEqual([]);
    late.socket.close(1000, "done");
    fresh.socket.close(1000, "done");
  });

  it("refuses a malformed hello and keeps the socket", async () => {
    const response = await upgrade(lead.client);
    const socket = response.webSocket!;
    const messages: Array<Record<string, unknown>> = [];
    socket.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data))));
    socket.accept();
    socket.send("{not json");
    socket.send(JSON.stringify({ type: "hello", since: "yesterday" }));
    socket.send("x".repeat(5000));
    await waitFor(() => messages.length === 3);
    expect(messages.map((m) => m.message)).toEqual(["Unsupported message", "Unsupported message", "Message too large"]);
    socket.close(1000, "done");
  });

  it("signing out closes that session's tabs (4003)", async () => {
    const user = await sessionFor();
    const open = await tab(user.client);
    expect((await user.client.post("/logout", { returnTo: "/" })).status).toBe(302);
    await waitFor(() => open.closed.length === 1);
    expect(open.closed).toEqual([4003]);
  });
});

describe("the channel's rooms (decision 006)", () => {
  it("a room left empty is forgotten when sessions end, unless it was joined after the ending began (its socket may be new)", async () => {
    const { runInDurableObject } = await import("cloudflare:test");
    const userId = `rooms-${crypto.randomUUID()}`;
    const stub = env.USER_CHANNEL.get(env.USER_CHANNEL.idFromName(userId));
    const [early, late] = [crypto.randomUUID(), crypto.randomUUID()];
    // `early` was joined long ago; `late` is stamped as joined after the ending begins.
    await runInDurableObject(stub, async (_instance, state) => {
      await state.storage.put("rooms", { [early]: 1, [late]: Date.now() + 60_000 });
    });
    await stub.endSessions(userId, ["a-session"]);
    const rooms = await runInDurableObject(stub, (_instance, state) => state.storage.get<Record<string, number>>("rooms"));
    expect(Object.keys(rooms ?? {})).toEqual([late]);
  });
});
