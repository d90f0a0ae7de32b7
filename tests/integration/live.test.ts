import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eventClientAccess, eventInvites, events, eventSecondShooters, organizations, shotListItems, timelineBlocks } from "~/db/schema";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { type Client, createClient, ORIGIN, sessionFor, waitFor } from "./helpers";

// Issue 7 (first part): who may open an event's live socket, and what every saved
// change sends to it.

const db = getDb(env);

type User = Awaited<ReturnType<typeof sessionFor>>;

let lead: User;
let member: User;
let pending: User;
let stranger: User;
beforeAll(async () => {
  [lead, member, pending, stranger] = [await sessionFor(), await sessionFor(), await sessionFor(), await sessionFor()];
});

async function seedEvent() {
  const eventId = crypto.randomUUID();
  const block = crypto.randomUUID();
  const shot = crypto.randomUUID();
  await db.batch([
    db.insert(organizations).values({ id: crypto.randomUUID(), name: "Org", ownerId: lead.id }).onConflictDoNothing(),
    db.insert(events).values({ id: eventId, title: "Live Wedding", date: "2027-06-12", organizationId: sql`(SELECT id FROM organizations WHERE owner_id = ${lead.id})`, leadPhotographerId: lead.id }),
    db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: member.id, status: "accepted" }),
    db.insert(eventInvites).values({ id: randomToken(24), eventId, email: pending.email, inviteType: "second_shooter" }),
    db.insert(timelineBlocks).values({ id: block, eventId, title: "Ceremony", blockType: "ceremony", durationMinutes: 30, orderIndex: 0 }),
    db.insert(timelineBlocks).values({ id: crypto.randomUUID(), eventId, title: "Reception", blockType: "reception", durationMinutes: 60, orderIndex: 1 }),
    db.insert(shotListItems).values({ id: shot, eventId, title: "Rings", category: "details", orderIndex: 0 }),
  ]);
  return { eventId, block, shot };
}

const upgrade = (client: Client, path: string, origin = ORIGIN) => client.get(path, { Upgrade: "websocket", Origin: origin });

/** An open socket that said hello with `since`; collects what it receives and how it closed. */
async function live(client: Client, path: string, since = 0) {
  const response = await upgrade(client, path);
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const messages: Array<Record<string, unknown>> = [];
  const closed: number[] = [];
  socket.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data))));
  socket.addEventListener("close", (e) => closed.push(e.code));
  socket.accept();
  socket.send(JSON.stringify({ type: "hello", since }));
  await waitFor(() => messages.some((m) => m.type === "live"));
  return { socket, messages, closed, changes: () => messages.filter((m) => m.type === "change") };
}

describe("who may open an event's live socket", () => {
  it("the lead and an accepted member (101); a pending invitee or a stranger (404); a visitor (401); another origin (403)", async () => {
    const { eventId } = await seedEvent();
    const path = `/live/events/${eventId}`;
    expect((await upgrade(lead.client, path)).status).toBe(101);
    expect((await upgrade(member.client, path)).status).toBe(101);
    expect((await upgrade(pending.client, path)).status).toBe(404);
    expect((await upgrade(stranger.client, path)).status).toBe(404);
    expect((await upgrade(createClient(), path)).status).toBe(401);
    expect((await upgrade(lead.client, path, "https://evil.example")).status).toBe(403);
    expect((await lead.client.get(path)).status).toBe(426);
  });

  it("a client link's portal socket with its cookie (101); a revoked or unknown one (404)", async () => {
    const { eventId } = await seedEvent();
    const token = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
    const accessId = crypto.randomUUID();
    await db.insert(eventClientAccess).values({ id: accessId, eventId, clientEmail: "c@example.com", accessTokenHash: await sha256Hex(token), expiresAt: "2099-01-01T00:00:00.000Z" });
    const couple = createClient();
    couple.jar.set(`ef_client_${accessId}`, token);
    expect((await upgrade(couple, `/live/client/${accessId}`)).status).toBe(101);
    expect((await upgrade(createClient(), `/live/client/${accessId}`)).status).toBe(404);
    await db.delete(eventClientAccess).where(eq(eventClientAccess.id, accessId));
    expect((await upgrade(couple, `/live/client/${accessId}`)).status).toBe(404);
  });
});

describe("every saved change reaches the room once, with the next sequence number", () => {
  it("check-off, add, edit, move, delete and event edit: one change each, numbered 1..n, with whole rows", async () => {
    const { eventId, block, shot } = await seedEvent();
    const device = await live(member.client, `/live/events/${eventId}`);
    const page = `/events/${eventId}`;
    expect((await member.client.post(page, { intent: "toggle-shot", id: shot, done: "true" })).status).toBe(200);
    expect((await lead.client.post(page, { intent: "add-block", title: "First Look", blockType: "first_look", durationMinutes: "20" })).status).toBe(302);
    expect((await lead.client.post(page, { intent: "edit-block", id: block, title: "Vows", blockType: "ceremony", durationMinutes: "45" })).status).toBe(302);
    expect((await lead.client.post(page, { intent: "move-block", id: block, direction: "down" })).status).toBe(302);
    expect((await lead.client.post(page, { intent: "delete-shot", id: shot })).status).toBe(302);
    expect((await lead.client.post(page, { intent: "edit-event", title: "Renamed", date: "2027-06-13", status: "auto" })).status).toBe(302);
    await waitFor(() => device.changes().length === 6);
    const changes = device.changes();
    expect(changes.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    const bodies = changes.map((m) => m.change as { entity: string; op: string; rows?: Array<Record<string, unknown>>; ids?: string[]; actor: string | null });
    expect(bodies[0]).toMatchObject({ entity: "shot", op: "upsert", actor: member.id, rows: [{ id: shot, isDone: true, doneBy: member.id }] });
    expect(bodies[1]).toMatchObject({ entity: "block", op: "upsert", actor: lead.id, rows: [{ title: "First Look", orderIndex: 2 }] });
    expect(bodies[2]).toMatchObject({ entity: "block", op: "upsert", rows: [{ id: block, title: "Vows", durationMinutes: 45 }] });
    expect(bodies[3]!.entity).toBe("block");
    expect(bodies[3]!.rows!.find((r) => r.id === block)).toMatchObject({ orderIndex: 1 });
    expect(bodies[4]).toMatchObject({ entity: "shot", op: "delete", ids: [shot] });
    expect(bodies[5]).toMatchObject({ entity: "event", op: "upsert", rows: [{ id: eventId, title: "Renamed", date: "2027-06-13" }] });
    device.socket.close(1000, "done");
  });

  it("a refused or invalid action publishes nothing", async () => {
    const { eventId, shot } = await seedEvent();
    const device = await live(lead.client, `/live/events/${eventId}`);
    expect((await member.client.post(`/events/${eventId}`, { intent: "delete-shot", id: shot })).status).toBe(403);
    expect((await lead.client.post(`/events/${eventId}`, { intent: "add-block", title: "", blockType: "other", durationMinutes: "5" })).status).toBe(400);
    expect((await lead.client.post(`/events/${eventId}`, { intent: "edit-block", id: "gone", title: "X", blockType: "other", durationMinutes: "5" })).status).toBe(404);
    expect((await lead.client.post(`/events/${eventId}`, { intent: "toggle-shot", id: shot, done: "true" })).status).toBe(200);
    await waitFor(() => device.changes().length === 1);
    expect(device.changes().map((m) => m.seq)).toEqual([1]);
    device.socket.close(1000, "done");
  });

  it("a device that comes back with the last sequence it saw gets what it missed, then 'live'", async () => {
    const { eventId, shot } = await seedEvent();
    const first = await live(lead.client, `/live/events/${eventId}`);
    await lead.client.post(`/events/${eventId}`, { intent: "toggle-shot", id: shot, done: "true" });
    await waitFor(() => first.changes().length === 1);
    first.socket.close(1000, "sleep");
    for (const done of ["false", "true", "false"]) await lead.client.post(`/events/${eventId}`, { intent: "toggle-shot", id: shot, done });
    const back = await live(lead.client, `/live/events/${eventId}`, 1);
    expect(back.messages.filter((m) => m.type !== "welcome").map((m) => [m.type, m.seq])).toEqual([
      ["change", 2],
      ["change", 3],
      ["change", 4],
      ["live", 4],
    ]);
    back.socket.close(1000, "done");
  });
});

describe("revocation reaches open sockets", () => {
  it("removing a member closes their socket (4003), not the lead's", async () => {
    const { eventId } = await seedEvent();
    const memberSocket = await live(member.client, `/live/events/${eventId}`);
    const leadSocket = await live(lead.client, `/live/events/${eventId}`);
    const [row] = await db.select().from(eventSecondShooters).where(eq(eventSecondShooters.eventId, eventId));
    expect((await lead.client.post(`/events/${eventId}?tab=team`, { intent: "remove-team", id: `member:${row!.id}` })).status).toBe(302);
    await waitFor(() => memberSocket.closed.length === 1, 1000);
    expect(memberSocket.closed).toEqual([4003]);
    expect(leadSocket.closed).toEqual([]);
    // The team signal reached the lead.
    await waitFor(() => leadSocket.changes().some((m) => (m.change as { entity: string }).entity === "team"));
    leadSocket.socket.close(1000, "done");
  });

  it("deleting the event closes every socket", async () => {
    const { eventId } = await seedEvent();
    const memberSocket = await live(member.client, `/live/events/${eventId}`);
    await lead.client.post(`/events/${eventId}`, { intent: "delete-event", confirmation: "delete" });
    await waitFor(() => memberSocket.closed.length === 1, 1000);
    expect(memberSocket.changes().at(-1)).toMatchObject({ change: { entity: "event", op: "delete" } });
  });

  it("signing out closes that user's sockets", async () => {
    const { eventId } = await seedEvent();
    const user = await sessionFor();
    await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: user.id, status: "accepted" });
    const socket = await live(user.client, `/live/events/${eventId}`);
    expect((await user.client.post("/logout", {})).status).toBe(302);
    await waitFor(() => socket.closed.length === 1, 1000);
    expect(socket.closed).toEqual([4003]);
  });
});
