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

/** A client link of the event and a browser holding its cookie (as the exchange leaves it). */
async function clientLink(eventId: string) {
  const token = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const accessId = crypto.randomUUID();
  await db.insert(eventClientAccess).values({ id: accessId, eventId, clientEmail: "c@example.com", accessTokenHash: await sha256Hex(token), expiresAt: "2099-01-01T00:00:00.000Z" });
  const couple = createClient();
  couple.jar.set(`ef_client_${accessId}`, token);
  return { accessId, couple };
}

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

  it("a client link's portal socket, under the portal's path its cookie is sent to: with the cookie (101); without it, with a wrong token, another link's, or revoked (404)", async () => {
    const { eventId } = await seedEvent();
    const { accessId, couple } = await clientLink(eventId);
    const path = `/client/view/${accessId}/live`;
    expect((await upgrade(couple, path)).status).toBe(101);
    expect((await upgrade(couple, path, "https://evil.example")).status).toBe(403);
    expect((await upgrade(createClient(), path)).status).toBe(404);
    const wrong = createClient();
    wrong.jar.set(`ef_client_${accessId}`, "ab".repeat(32));
    expect((await upgrade(wrong, path)).status).toBe(404);
    const other = await clientLink(eventId);
    expect((await upgrade(other.couple, path)).status).toBe(404);
    await db.delete(eventClientAccess).where(eq(eventClientAccess.id, accessId));
    expect((await upgrade(couple, path)).status).toBe(404);
  });

  it("token guesses over the portal socket count toward the per-IP limit the pages use; a good link's reconnects do not", async () => {
    const { eventId } = await seedEvent();
    const { accessId, couple } = await clientLink(eventId);
    const path = `/client/view/${accessId}/live`;
    // Reconnecting with a good link, many times: never limited.
    for (let i = 0; i < 35; i++) expect((await upgrade(couple, path)).status).toBe(101);
    const guesser = createClient();
    for (let i = 0; i < 30; i++) {
      guesser.jar.set(`ef_client_${accessId}`, crypto.randomUUID().replace(/-/g, "").repeat(2));
      expect((await upgrade(guesser, path)).status).toBe(404);
    }
    // Over the limit: refused even with the right token, and the portal page too.
    guesser.jar.set(`ef_client_${accessId}`, couple.jar.get(`ef_client_${accessId}`)!);
    expect((await upgrade(guesser, path)).status).toBe(429);
    expect((await guesser.get(`/client/view/${accessId}`)).status).toBe(429);
  });

  it("a plain GET asks whether a device may still connect: 426 yes, 401 signed out, 404 removed or revoked", async () => {
    const { eventId } = await seedEvent();
    const path = `/live/events/${eventId}`;
    expect((await member.client.get(path)).status).toBe(426);
    expect((await createClient().get(path)).status).toBe(401);
    expect((await stranger.client.get(path)).status).toBe(404);
    expect((await member.client.get("/live/me")).status).toBe(426);
    expect((await createClient().get("/live/me")).status).toBe(401);
    const { accessId, couple } = await clientLink(eventId);
    expect((await couple.get(`/client/view/${accessId}/live`)).status).toBe(426);
    await db.delete(eventClientAccess).where(eq(eventClientAccess.id, accessId));
    expect((await couple.get(`/client/view/${accessId}/live`)).status).toBe(404);
  });

  it("the portal socket's old address (/live/client/…) is no socket any more", async () => {
    const { eventId } = await seedEvent();
    const { accessId, couple } = await clientLink(eventId);
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

describe("a portal socket is sent only what the portal's page is given", () => {
  // decisions.md, client column: no team. The rows the room publishes are whole rows
  // (who checked a shot off, the event's status…); a client link gets toPortalRow's.
  const SHOT_FIELDS = ["category", "createdAt", "description", "doneAt", "eventId", "id", "isDone", "orderIndex", "title", "updatedAt"];
  const EVENT_FIELDS = ["coupleNames", "date", "id", "title", "venue"];

  async function changesOf(eventId: string, shot: string, block: string) {
    const page = `/events/${eventId}`;
    expect((await member.client.post(page, { intent: "toggle-shot", id: shot, done: "true" })).status).toBe(200);
    expect((await lead.client.post(page, { intent: "toggle-block", id: block, done: "true" })).status).toBe(200);
    expect((await lead.client.post(page, { intent: "edit-event", title: "Renamed", date: "2027-06-13", venue: "Old Mill", status: "completed" })).status).toBe(302);
    const [invite] = await db.select().from(eventInvites).where(eq(eventInvites.eventId, eventId));
    expect((await lead.client.post(`${page}?tab=team`, { intent: "remove-team", id: `invite:${invite!.id}` })).status).toBe(302);
    expect((await lead.client.post(page, { intent: "delete-shot", id: shot })).status).toBe(302);
  }

  function expectPortalView(messages: Array<Record<string, unknown>>, eventId: string, shot: string, block: string) {
    const numbered = messages.filter((m) => m.type === "change" || m.type === "skip");
    expect(numbered.map((m) => [m.type, m.seq])).toEqual([
      ["change", 1],
      ["change", 2],
      ["change", 3],
      ["skip", 4],
      ["change", 5],
    ]);
    const [toggled, blockDone, event, , deleted] = numbered.map((m) => m.change as { entity: string; rows?: Array<Record<string, unknown>>; actor: string | null });
    expect(Object.keys(toggled!.rows![0]!).sort()).toEqual(SHOT_FIELDS);
    expect(toggled).toMatchObject({ entity: "shot", actor: null, rows: [{ id: shot, isDone: true }] });
    expect(blockDone!.rows![0]).not.toHaveProperty("doneBy");
    expect(blockDone).toMatchObject({ entity: "block", actor: null, rows: [{ id: block, isDone: true }] });
    expect(event).toMatchObject({ entity: "event", actor: null, rows: [{ id: eventId, title: "Renamed", date: "2027-06-13", venue: "Old Mill" }] });
    expect(Object.keys(event!.rows![0]!).sort()).toEqual(EVENT_FIELDS);
    expect(deleted).toEqual({ entity: "shot", op: "delete", ids: [shot], actor: null });
    // Nothing names a team member or the lead, nor says the event's status.
    const wire = JSON.stringify(messages);
    for (const secret of [member.id, lead.id, pending.email, "completed", "doneBy"]) expect(wire).not.toContain(secret);
  }

  it("live: rows cut to the portal's fields, no actor, team changes skipped", async () => {
    const { eventId, shot, block } = await seedEvent();
    const { accessId, couple } = await clientLink(eventId);
    const portal = await live(couple, `/client/view/${accessId}/live`);
    const leadSocket = await live(lead.client, `/live/events/${eventId}`);
    await changesOf(eventId, shot, block);
    await waitFor(() => portal.messages.filter((m) => m.type === "change" || m.type === "skip").length === 5);
    expectPortalView(portal.messages, eventId, shot, block);
    // The team's own sockets still get whole rows and who did it.
    await waitFor(() => leadSocket.changes().length === 5);
    expect(leadSocket.changes()[0]).toMatchObject({ change: { actor: member.id, rows: [{ doneBy: member.id }] } });
    expect(leadSocket.changes()[2]).toMatchObject({ change: { rows: [{ status: "completed" }] } });
    portal.socket.close(1000, "done");
    leadSocket.socket.close(1000, "done");
  });

  it("replayed: a portal that comes back gets the same cut view of what it missed", async () => {
    const { eventId, shot, block } = await seedEvent();
    const { accessId, couple } = await clientLink(eventId);
    await changesOf(eventId, shot, block);
    const portal = await live(couple, `/client/view/${accessId}/live`, 0);
    expectPortalView(portal.messages, eventId, shot, block);
    portal.socket.close(1000, "done");
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

  it("revoking a client link closes its portal socket (4003), not another link's or the lead's", async () => {
    const { eventId } = await seedEvent();
    const revoked = await clientLink(eventId);
    const kept = await clientLink(eventId);
    const portal = await live(revoked.couple, `/client/view/${revoked.accessId}/live`);
    const otherPortal = await live(kept.couple, `/client/view/${kept.accessId}/live`);
    const leadSocket = await live(lead.client, `/live/events/${eventId}`);
    expect((await lead.client.post(`/events/${eventId}?tab=client`, { intent: "revoke-client-access", id: revoked.accessId })).status).toBe(302);
    await waitFor(() => portal.closed.length === 1, 1000);
    expect(portal.closed).toEqual([4003]);
    // The client_access change is the lead's business: the portals are told its number only.
    await waitFor(() => otherPortal.messages.some((m) => m.type === "skip"));
    expect(otherPortal.closed).toEqual([]);
    expect(leadSocket.closed).toEqual([]);
    // And the socket cannot come back.
    expect((await upgrade(revoked.couple, `/client/view/${revoked.accessId}/live`)).status).toBe(404);
    otherPortal.socket.close(1000, "done");
    leadSocket.socket.close(1000, "done");
  });

  it("deleting the event closes every socket", async () => {
    const { eventId } = await seedEvent();
    const memberSocket = await live(member.client, `/live/events/${eventId}`);
    const { accessId, couple } = await clientLink(eventId);
    const portal = await live(couple, `/client/view/${accessId}/live`);
    await lead.client.post(`/events/${eventId}`, { intent: "delete-event", confirmation: "delete" });
    await waitFor(() => memberSocket.closed.length === 1 && portal.closed.length === 1, 1000);
    expect(memberSocket.changes().at(-1)).toMatchObject({ change: { entity: "event", op: "delete" } });
    expect(portal.closed).toEqual([4003]);
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
