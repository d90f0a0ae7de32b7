import { createExecutionContext, createMessageBatch, getQueueResult, listDurableObjectIds, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { RouterContextProvider } from "react-router";
import { cloudflareContext, viewerContext } from "~/context";
import { authTokens, eventClientAccess, eventInvites, events, eventSecondShooters, organizations, sessions, shotListItems, timelineBlocks, users } from "~/db/schema";
import type { ListKind } from "~/modules/lists/registry";
import { LIST_ROW_SCHEMAS } from "~/modules/event/lists.schema";
import { loadInvitation, respondToInvite } from "~/modules/team/service.server";
import { loader as dashboardLoader } from "~/routes/events.$eventId";
import { readSession } from "~/modules/account/session.server";
import { handleLiveUpgrade } from "~/modules/live/upgrade.server";
import { endLiveSessions } from "~/modules/notifications/live.server";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { JOBS_QUEUE, type JobMessage } from "~/utils/jobs";
import worker from "../../workers/app";
import { SOCKETS_PER_CLIENT_LINK, SOCKETS_PER_SESSION } from "~/modules/live/room-contract";
import type { EventRoom } from "../../workers/durable-objects/event-room";
import { closeEventRoom, roomOf } from "~/modules/live/room.server";
import { createEvent } from "../factories";
import { type Client, createClient, ORIGIN, sessionFor, signIn, signUp, waitFor } from "./helpers";

// Who may open an event's live socket, and what every saved
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

/** The dashboard route's loader, as React Router calls it for this browser's request. */
async function dashboardData(client: Client, eventId: string) {
  const request = new Request(`${ORIGIN}/events/${eventId}`, { headers: { Cookie: `ef_session=${client.jar.get("ef_session")}` } });
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env, ctx: createExecutionContext() });
  context.set(viewerContext, (await readSession(db, request))?.viewer ?? null);
  return dashboardLoader({ request, context, params: { eventId } } as unknown as Parameters<typeof dashboardLoader>[0]);
}

const upgrade = (client: Client, path: string, origin = ORIGIN) => client.get(path, { Upgrade: "websocket", Origin: origin });

/** A client link of the event and a browser holding its cookie (as the exchange leaves it). */
async function clientLink(eventId: string, expiresAt = "2099-01-01T00:00:00.000Z") {
  const token = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const accessId = crypto.randomUUID();
  await db.insert(eventClientAccess).values({ id: accessId, eventId, clientEmail: "c@example.com", accessTokenHash: await sha256Hex(token), expiresAt });
  const couple = createClient();
  couple.jar.set(`ef_client_${accessId}`, token);
  return { accessId, couple };
}

/** An open socket at `path`; with `hello`, it sends it and waits for `until`. Collects what it receives and how it closed. */
async function openSocket(client: Client, path: string, hello: Record<string, unknown> | null, until: string) {
  const response = await upgrade(client, path);
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const messages: Array<Record<string, unknown>> = [];
  const closed: number[] = [];
  socket.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data))));
  socket.addEventListener("close", (e) => closed.push(e.code));
  socket.accept();
  if (hello) {
    socket.send(JSON.stringify(hello));
    await waitFor(() => messages.some((m) => m.type === until));
  }
  return { socket, messages, closed, changes: () => messages.filter((m) => m.type === "change") };
}

/**
 * An event-room socket that said hello with `since` (or, with `since` null, one that
 * has not said hello yet).
 */
const live = (client: Client, path: string, since: number | null = 0, until = "live") => openSocket(client, path, since === null ? null : { type: "hello", since }, until);

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
    expect((await lead.client.get(path)).status).toBe(204);
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
    // Reconnecting with a good link, many times: never limited. (Each socket is closed
    // before the next: open at once, a link's sockets are capped, decision 006.)
    for (let i = 0; i < 35; i++) {
      const response = await upgrade(couple, path);
      expect(response.status).toBe(101);
      response.webSocket!.accept();
      response.webSocket!.close(1000, "reconnecting");
    }
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

  it("a plain GET asks whether a device may still connect: 204 yes, 401 signed out, 404 removed or revoked", async () => {
    const { eventId } = await seedEvent();
    const path = `/live/events/${eventId}`;
    expect((await member.client.get(path)).status).toBe(204);
    expect((await createClient().get(path)).status).toBe(401);
    expect((await stranger.client.get(path)).status).toBe(404);
    expect((await member.client.get("/live/me")).status).toBe(204);
    expect((await createClient().get("/live/me")).status).toBe(401);
    const { accessId, couple } = await clientLink(eventId);
    expect((await couple.get(`/client/view/${accessId}/live`)).status).toBe(204);
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
    // Whole rows of their list, as a device reads them (LIST_ROW_SCHEMAS).
    for (const body of bodies.slice(0, 4)) for (const row of body.rows!) expect(LIST_ROW_SCHEMAS[body.entity as ListKind].safeParse(row).success).toBe(true);
    device.socket.close(1000, "done");
  });

  it("a refused or invalid action publishes nothing", async () => {
    const { eventId, shot } = await seedEvent();
    const device = await live(lead.client, `/live/events/${eventId}`);
    expect((await member.client.post(`/events/${eventId}`, { intent: "delete-shot", id: shot })).status).toBe(403);
    expect((await lead.client.post(`/events/${eventId}`, { intent: "add-block", title: "", blockType: "other", durationMinutes: "5" })).status).toBe(400);
    expect((await lead.client.post(`/events/${eventId}`, { intent: "edit-block", id: crypto.randomUUID(), title: "X", blockType: "other", durationMinutes: "5" })).status).toBe(404);
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
  // docs/product/roles.md#client-links: no team. The rows the room publishes are whole rows
  // (who checked a shot off, the event's status…); a client link gets toPortalRow's.
  const SHOT_FIELDS = ["category", "createdAt", "description", "doneAt", "eventId", "id", "isDone", "orderIndex", "personIds", "personRoles", "title", "updatedAt"];
  // The event: what the portal shows, its location (the light) and the date its edits lock on; not its status or time zone.
  const EVENT_FIELDS = ["clientEditsLockOn", "coupleNames", "date", "id", "title", "venue", "venueLatitude", "venueLongitude"];

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

  it("deleting the event deletes its room: sockets closed (4003), no log, sequence or alarm left (only its tombstone), and a late publish keeps nothing", async () => {
    const { eventId } = await seedEvent();
    const page = `/events/${eventId}`;
    const leadSocket = await live(lead.client, page.replace("/events/", "/live/events/"));
    const { accessId, couple } = await clientLink(eventId);
    const portal = await live(couple, `/client/view/${accessId}/live`);
    expect((await lead.client.post(page, { intent: "add-person", firstName: "Emma", lastName: "Stone", role: "bride", notes: "Allergic to peanuts" })).status).toBe(302);
    expect((await lead.client.post(page, { intent: "add-vendor", vendorName: "Rosa Flowers", vendorType: "florist", phoneNumber: "+1 415 555 0134", notes: "Gate code 4412" })).status).toBe(302);
    await waitFor(() => leadSocket.changes().length === 2);
    const stored = () =>
      runInDurableObject(roomOf(env, eventId), async (_instance: EventRoom, state) => ({ entries: [...(await state.storage.list())], alarm: await state.storage.getAlarm() }));
    // What an emptied room keeps: a tombstone that holds nothing of the event.
    const emptied = { entries: [["closed", true]], alarm: null };
    // Before: the log holds the rows as they were sent (what deletion must not leave behind).
    const before = await stored();
    expect(before.entries.some(([key]) => key.startsWith("log:"))).toBe(true);
    expect(before.alarm).not.toBeNull();
    expect(JSON.stringify(leadSocket.changes())).toContain("+1 415 555 0134");

    expect((await lead.client.post(page, { intent: "delete-event", confirmation: "delete" })).status).toBe(302);
    await waitFor(() => leadSocket.closed.length === 1 && portal.closed.length === 1, 1000);
    expect([leadSocket.closed, portal.closed]).toEqual([[4003], [4003]]);
    expect(await stored()).toEqual(emptied);

    // A publish from before the deletion arriving late brings nothing back, in this instance or in a fresh one (evicted).
    const late = { entity: "person" as const, op: "upsert" as const, rows: [{ id: crypto.randomUUID(), firstName: "Emma", notes: "Allergic to peanuts" }], actor: null };
    await roomOf(env, eventId).publish(eventId, 9, late);
    await runInDurableObject(roomOf(env, eventId), async (_instance: EventRoom, state) => {
      const { EventRoom: Room } = await import("../../workers/durable-objects/event-room");
      await new Room(state, env).publish(eventId, 10, late);
    });
    expect(await stored()).toEqual(emptied);
    // Nor can a socket come back.
    expect((await upgrade(lead.client, `/live/events/${eventId}`)).status).toBe(404);

    // Closing again, or a room that never existed, is harmless and leaves only the tombstone.
    await closeEventRoom(env, eventId);
    const never = crypto.randomUUID();
    await closeEventRoom(env, never);
    expect(await stored()).toEqual(emptied);
    expect(await runInDurableObject(roomOf(env, never), async (_instance: EventRoom, state) => [...(await state.storage.list())])).toEqual(emptied.entries);
  });

  it("a fresh room keeps its first publish without asking D1: only a deleted event's tombstone refuses one", async () => {
    // An id D1 has never held: a room that asked D1 would refuse it; a room with no tombstone trusts its publisher (the change was committed).
    const eventId = crypto.randomUUID();
    const change = { entity: "person" as const, op: "upsert" as const, rows: [{ id: crypto.randomUUID(), firstName: "Emma" }], actor: null };
    expect(await roomOf(env, eventId).publish(eventId, 1, change)).toBe(1);
    expect(await roomOf(env, eventId).sequence()).toBe(1);
    const keys = await runInDurableObject(roomOf(env, eventId), async (_instance: EventRoom, state) => [...(await state.storage.list()).keys()]);
    expect(keys).toContain("log:000000000001");
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

describe("a viewer is replayed nothing from before their access began (decision 006)", () => {
  it("a member admitted after changes who says hello 0 is told to reload, not sent them; the lead still gets the replay; after the reload the member is live", async () => {
    const { eventId, shot, block } = await seedEvent();
    const page = `/events/${eventId}`;
    expect((await lead.client.post(page, { intent: "edit-block", id: block, title: "Secret vows", blockType: "ceremony", durationMinutes: "45" })).status).toBe(302);
    expect((await lead.client.post(page, { intent: "toggle-shot", id: shot, done: "true" })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    const newcomer = await sessionFor();
    await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: newcomer.id, status: "accepted" });
    const socket = await live(newcomer.client, `/live/events/${eventId}`, 0, "reload");
    expect(socket.messages.map((m) => m.type)).toEqual(["welcome", "reload"]);
    expect(JSON.stringify(socket.messages)).not.toContain("Secret vows");
    const leadSocket = await live(lead.client, `/live/events/${eventId}`, 0);
    expect(leadSocket.changes().map((m) => m.seq)).toEqual([1, 2]);
    // The reload reads current state and says hello again with the page's sequence.
    const reloaded = await dashboardData(newcomer.client, eventId);
    expect(reloaded.blocks.find((b) => b.id === block)).toMatchObject({ title: "Secret vows" });
    socket.socket.send(JSON.stringify({ type: "hello", since: reloaded.seq }));
    await waitFor(() => socket.messages.some((m) => m.type === "live"));
    expect((await lead.client.post(page, { intent: "toggle-shot", id: shot, done: "false" })).status).toBe(200);
    await waitFor(() => socket.changes().length === 1);
    expect(socket.changes()[0]).toMatchObject({ seq: 3, change: { entity: "shot", rows: [{ id: shot, isDone: false }] } });
    socket.socket.close(1000, "done");
    leadSocket.socket.close(1000, "done");
  });

  it("the page a new member loads is at a sequence from which the replay is allowed (no reload loop)", async () => {
    const { eventId, shot } = await seedEvent();
    expect((await lead.client.post(`/events/${eventId}`, { intent: "toggle-shot", id: shot, done: "true" })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    const newcomer = await sessionFor();
    await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: newcomer.id, status: "accepted" });
    const { seq } = await dashboardData(newcomer.client, eventId);
    expect(seq).toBe(1);
    const socket = await live(newcomer.client, `/live/events/${eventId}`, seq);
    expect(socket.messages.map((m) => m.type)).toEqual(["welcome", "live"]);
    socket.socket.close(1000, "done");
  });

  it("a client link created after a note was removed says hello 0: reload, and never sees the removed note", async () => {
    const { eventId, block } = await seedEvent();
    const page = `/events/${eventId}`;
    const edit = (notes: string) => lead.client.post(page, { intent: "edit-block", id: block, title: "Ceremony", blockType: "ceremony", durationMinutes: "30", notes });
    expect((await edit("Do not tell the couple: surprise fireworks")).status).toBe(302);
    expect((await edit("")).status).toBe(302);
    await new Promise((r) => setTimeout(r, 5));
    const { accessId, couple } = await clientLink(eventId);
    const portal = await live(couple, `/client/view/${accessId}/live`, 0, "reload");
    expect(portal.messages.map((m) => m.type)).toEqual(["welcome", "reload"]);
    portal.socket.send(JSON.stringify({ type: "hello", since: portal.messages.at(-1)!.seq }));
    await waitFor(() => portal.messages.some((m) => m.type === "live"));
    expect((await edit("Arrive at 3")).status).toBe(302);
    await waitFor(() => portal.changes().length === 1);
    expect(JSON.stringify(portal.messages)).not.toContain("fireworks");
    portal.socket.close(1000, "done");
  });

  it("accepting again after declining restarts the membership: nothing from before is replayed", async () => {
    const { eventId, shot } = await seedEvent();
    await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: pending.id, status: "declined", createdAt: "2026-01-01T00:00:00.000Z" });
    expect((await lead.client.post(`/events/${eventId}`, { intent: "toggle-shot", id: shot, done: "true" })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    await db.update(users).set({ emailConfirmedAt: "2026-01-01T00:00:00.000Z" }).where(eq(users.id, pending.id));
    const [invite] = await db.select().from(eventInvites).where(eq(eventInvites.eventId, eventId));
    const invitation = (await loadInvitation(db, invite!.id))!;
    const responder = { userId: pending.id, email: pending.email, firstName: "Pat", lastName: "Shooter", businessName: null };
    expect(await respondToInvite(db, env, invitation, responder, "accept")).toEqual({ status: "done" });
    const socket = await live(pending.client, `/live/events/${eventId}`, 0, "reload");
    expect(socket.messages.map((m) => m.type)).toEqual(["welcome", "reload"]);
    socket.socket.close(1000, "done");
  });
});

describe("no room is touched before access is checked", () => {
  const roomExists = async (eventId: string) => {
    const wanted = env.EVENT_ROOM.idFromName(eventId);
    return (await listDurableObjectIds(env.EVENT_ROOM)).some((id) => id.equals(wanted));
  };

  it("a visitor's, a stranger's or a pending invitee's GET of an event creates no EventRoom", async () => {
    const randomId = crypto.randomUUID();
    const { eventId } = await seedEvent();
    expect((await createClient().get(`/events/${randomId}`)).status).toBe(302);
    expect((await stranger.client.get(`/events/${randomId}`)).status).toBe(404);
    expect((await stranger.client.get(`/events/${eventId}`)).status).toBe(404);
    expect((await pending.client.get(`/events/${eventId}`)).status).toBe(404);
    expect((await stranger.client.get(`/live/events/${randomId}`, { Upgrade: "websocket", Origin: ORIGIN })).status).toBe(404);
    expect(await roomExists(randomId)).toBe(false);
    expect(await roomExists(eventId)).toBe(false);
    // Nor does the member's (the page's sequence is read from D1 with its data).
    expect((await member.client.get(`/events/${eventId}`)).status).toBe(200);
    expect(await roomExists(eventId)).toBe(false);
  });

  it.each(["not-a-uuid", "..%2Fsettings", "0".repeat(64), crypto.randomUUID().toUpperCase()])("a malformed event id (%s) is refused before any look-up, and creates no room", async (id) => {
    expect((await stranger.client.get(`/events/${id}`)).status).toBe(404);
    expect((await stranger.client.get(`/live/events/${id}`, { Upgrade: "websocket", Origin: ORIGIN })).status).toBe(404);
    expect((await createClient().get(`/live/events/${id}`, { Upgrade: "websocket", Origin: ORIGIN })).status).toBe(404);
    expect(await roomExists(decodeURIComponent(id))).toBe(false);
  });
});

/** Another signed-in device of the same user: a second session row and a browser holding it. */
async function anotherSession(userId: string) {
  const token = randomToken(32);
  await db.insert(sessions).values({ tokenHash: await sha256Hex(token), userId, persistent: true, expiresAt: "2099-01-01T00:00:00.000Z" });
  const client = createClient();
  client.jar.set("ef_session", token);
  return client;
}

/** A notification-channel tab that said hello (or not, with `hello` false). */
const tab = (client: Client, hello = true) => openSocket(client, "/live/me", hello ? { type: "hello", since: new Date().toISOString() } : null, "ready");

/**
 * One device's open sockets: in two event rooms (one said hello, one not yet) and a
 * notification tab (said hello) and another not yet.
 */
async function devicesOf(client: Client, eventIds: string[]) {
  const rooms = await Promise.all(eventIds.map((eventId) => live(client, `/live/events/${eventId}`)));
  const silent = await live(client, `/live/events/${eventIds[0]}`, null);
  const tabs = [await tab(client), await tab(client, false)];
  const all = [...rooms, silent, ...tabs];
  return { rooms, silent, tabs, all, closedCodes: () => all.map((s) => s.closed) };
}

/** The same user leads two events (sockets in two rooms); returns their ids. */
async function twoEventsOf(userId: string) {
  const first = await createEvent(db, userId);
  return [first.id, (await createEvent(db, userId, { organizationId: first.organizationId })).id];
}

/** A user signed in on a laptop and a phone, with both devices' sockets open in two of their events. */
async function twoDevices() {
  const user = await sessionFor();
  const phone = await anotherSession(user.id);
  const eventIds = await twoEventsOf(user.id);
  const [onPhone, onLaptop] = [await devicesOf(phone, eventIds), await devicesOf(user.client, eventIds)];
  return { user, phone, eventIds, onPhone, onLaptop };
}

describe("every way access ends closes its sockets within a second (decision 006)", () => {
  afterEach(() => vi.restoreAllMocks());

  /** Asserts the ended device's sockets closed (4003) and get nothing more; the kept device's stay. */
  async function expectEnded(ended: Awaited<ReturnType<typeof devicesOf>>, kept: Awaited<ReturnType<typeof devicesOf>> | null, eventIds: string[], owner: Client) {
    await waitFor(() => ended.all.every((s) => s.closed.length === 1), 1000);
    expect(ended.closedCodes()).toEqual(ended.all.map(() => [4003]));
    // A change after: the kept device gets it, the ended one nothing.
    const [shot] = await db.insert(shotListItems).values({ id: crypto.randomUUID(), eventId: eventIds[1]!, title: "Rings", category: "details", orderIndex: 0 }).returning();
    if (kept) {
      expect((await owner.post(`/events/${eventIds[1]}`, { intent: "toggle-shot", id: shot!.id, done: "true" })).status).toBe(200);
      await waitFor(() => kept.rooms[1]!.changes().length === 1);
      expect(kept.closedCodes()).toEqual(kept.all.map(() => []));
      for (const s of kept.all) s.socket.close(1000, "done");
    }
    for (const room of ended.rooms) expect(room.changes()).toEqual([]);
  }

  it("changing the password closes the other sessions' sockets (rooms and channel, hello said or not), not this session's", async () => {
    const laptop = createClient();
    const { email, password } = await signUp(laptop);
    const phone = createClient();
    expect((await signIn(phone, email, password)).status).toBe(302);
    const [user] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.tokenHash, await sha256Hex(phone.jar.get("ef_session")!)));
    const eventIds = await twoEventsOf(user!.userId);
    const [onPhone, onLaptop] = [await devicesOf(phone, eventIds), await devicesOf(laptop, eventIds)];
    const changed = await laptop.post("/settings/password", { intent: "change-password", currentPassword: password, password: "Fresh2027x", confirmPassword: "Fresh2027x" });
    expect(changed.status).toBe(302); // post/redirect/get (decision 007)
    await expectEnded(onPhone, onLaptop, eventIds, laptop);
  });

  it("'sign out of all other devices' closes the other sessions' sockets, not this one's", async () => {
    const { user, eventIds, onPhone, onLaptop } = await twoDevices();
    expect((await user.client.post("/settings/sign-out-others", { intent: "sign-out-others" })).status).toBe(302);
    await expectEnded(onPhone, onLaptop, eventIds, user.client);
  });

  it("signing out closes this session's sockets, not the user's other devices'", async () => {
    const { user, phone, eventIds, onPhone, onLaptop } = await twoDevices();
    expect((await phone.post("/logout", {})).status).toBe(302);
    await expectEnded(onPhone, onLaptop, eventIds, user.client);
  });

  it("a password reset closes every session's sockets", async () => {
    const { user, eventIds, onPhone, onLaptop } = await twoDevices();
    const token = randomToken(32);
    await db.insert(authTokens).values({ id: crypto.randomUUID(), tokenHash: await sha256Hex(token), purpose: "password_reset", userId: user.id, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    const reset = await createClient().post(`/reset-password?token=${token}`, { token, password: "Fresh2027x", confirmPassword: "Fresh2027x" });
    expect(reset.status).toBe(200);
    await expectEnded(onPhone, null, eventIds, user.client);
    await expectEnded(onLaptop, null, eventIds, user.client);
  });

  it("a client link's sockets close at its expiry with nobody acting (the room's alarm), hello said or not; another link's stay", async () => {
    const { eventId, shot } = await seedEvent();
    const expiring = await clientLink(eventId, new Date(Date.now() + 1_000).toISOString());
    const lasting = await clientLink(eventId);
    const portal = await live(expiring.couple, `/client/view/${expiring.accessId}/live`);
    const silent = await live(expiring.couple, `/client/view/${expiring.accessId}/live`, null);
    const other = await live(lasting.couple, `/client/view/${lasting.accessId}/live`);
    await new Promise((r) => setTimeout(r, 1_050));
    const room = env.EVENT_ROOM.get(env.EVENT_ROOM.idFromName(eventId));
    expect(await runDurableObjectAlarm(room)).toBe(true);
    await waitFor(() => portal.closed.length === 1 && silent.closed.length === 1, 1000);
    expect([portal.closed, silent.closed]).toEqual([[4003], [4003]]);
    expect((await lead.client.post(`/events/${eventId}`, { intent: "toggle-shot", id: shot, done: "true" })).status).toBe(200);
    await waitFor(() => other.changes().length === 1);
    expect(portal.changes()).toEqual([]);
    expect(other.closed).toEqual([]);
    other.socket.close(1000, "done");
  });

  it("a close that fails (the channel unreachable) is queued and retried with backoff until it succeeds", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const user = await sessionFor();
    const phone = await anotherSession(user.id);
    const eventIds = await twoEventsOf(user.id);
    const onPhone = await devicesOf(phone, eventIds);
    const queued: JobMessage[] = [];
    const unreachable = {
      ...env,
      USER_CHANNEL: { idFromName: () => ({}), get: () => ({ endSessions: () => Promise.reject(new Error("Durable Object unreachable")) }) },
      JOBS: { sendBatch: async (messages: Array<{ body: JobMessage }>) => void queued.push(...messages.map((m) => m.body)) },
    } as unknown as Env;
    const phoneHash = await sha256Hex(phone.jar.get("ef_session")!);
    await endLiveSessions(unreachable, user.id, [phoneHash]);
    expect(warn).toHaveBeenCalled();
    expect(queued).toEqual([{ kind: "end-sessions", userId: user.id, sessionHashes: [phoneHash] }]);
    expect(onPhone.closedCodes()).toEqual(onPhone.all.map(() => []));

    const run = async (target: Env, attempts: number) => {
      const batch = createMessageBatch(JOBS_QUEUE, [{ id: "m0", timestamp: new Date(), attempts, body: queued[0] }]);
      const retry = vi.spyOn(batch.messages[0]!, "retry");
      const ctx = createExecutionContext();
      await worker.queue(batch as MessageBatch<unknown>, target, ctx);
      return { result: await getQueueResult(batch, ctx), retry };
    };
    // Still unreachable: retried with backoff.
    const failed = await run(unreachable, 2);
    expect(failed.result.retryMessages).toEqual([{ msgId: "m0" }]);
    expect(failed.retry).toHaveBeenCalledWith({ delaySeconds: 60 });
    // Reachable again: the sockets close and the job is done.
    const done = await run(env, 3);
    expect(done.result.explicitAcks).toEqual(["m0"]);
    await waitFor(() => onPhone.all.every((s) => s.closed.length === 1), 1000);
    expect(onPhone.closedCodes()).toEqual(onPhone.all.map(() => [4003]));
  });

  it("a room socket whose room the user's channel could not record is not kept (503): it could outlive its session", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const user = await sessionFor();
    const [eventId] = await twoEventsOf(user.id);
    const unreachable = { ...env, USER_CHANNEL: { idFromName: () => ({}), get: () => ({ joinedRoom: () => Promise.reject(new Error("Durable Object unreachable")) }) } } as unknown as Env;
    const request = new Request(`${ORIGIN}/live/events/${eventId}`, { headers: { Upgrade: "websocket", Origin: ORIGIN, Cookie: `ef_session=${user.client.jar.get("ef_session")}` } });
    const response = await handleLiveUpgrade(request, unreachable, createExecutionContext());
    expect(response.status).toBe(503);
    const room = env.EVENT_ROOM.get(env.EVENT_ROOM.idFromName(eventId!));
    // The room's end of the refused socket closes: none of the user's is left open.
    await new Promise((r) => setTimeout(r, 100));
    expect(await room.endSessions(user.id, [])).toBe(0);
  });

  it("a revocation that fails (the room unreachable) is queued too", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { revokeLive } = await import("~/modules/live/room.server");
    const queued: JobMessage[] = [];
    const unreachable = {
      ...env,
      EVENT_ROOM: { idFromName: () => ({}), get: () => ({ revoke: () => Promise.reject(new Error("Durable Object unreachable")) }) },
      JOBS: { sendBatch: async (messages: Array<{ body: JobMessage }>) => void queued.push(...messages.map((m) => m.body)) },
    } as unknown as Env;
    await revokeLive(unreachable, "e1", { clientAccessId: "c1" });
    expect(queued).toEqual([{ kind: "revoke-live", eventId: "e1", who: { clientAccessId: "c1" } }]);
  });
});

describe("sockets per session and per client link are capped (decision 006)", () => {
  it("one session: at most 10 sockets in a room and 10 in its channel; the next handshake is refused (429), the open ones stay", async () => {
    const user = await sessionFor();
    const [eventId] = await twoEventsOf(user.id);
    const path = `/live/events/${eventId}`;
    const open = await Promise.all(Array.from({ length: SOCKETS_PER_SESSION }, () => live(user.client, path, null)));
    expect((await upgrade(user.client, path)).status).toBe(429);
    const tabs = await Promise.all(Array.from({ length: SOCKETS_PER_SESSION }, () => tab(user.client, false)));
    expect((await upgrade(user.client, "/live/me")).status).toBe(429);
    // The same user's other device has its own allowance.
    const phone = await anotherSession(user.id);
    expect((await upgrade(phone, path)).status).toBe(101);
    expect((await upgrade(phone, "/live/me")).status).toBe(101);
    expect([...open, ...tabs].map((s) => s.closed)).toEqual([...open, ...tabs].map(() => []));
  });

  it("one client link: at most 20 sockets in its room", async () => {
    const { eventId } = await seedEvent();
    const { accessId, couple } = await clientLink(eventId);
    const path = `/client/view/${accessId}/live`;
    await Promise.all(Array.from({ length: SOCKETS_PER_CLIENT_LINK }, () => live(couple, path, null)));
    expect((await upgrade(couple, path)).status).toBe(429);
    const other = await clientLink(eventId);
    expect((await upgrade(other.couple, `/client/view/${other.accessId}/live`)).status).toBe(101);
  });
});
