import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, eventSecondShooters, notifications, profiles, sessions, shotListItems } from "~/db/schema";
import { MUTATIONS_FIELD } from "~/modules/event/mutations";
import { sha256Hex } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import worker from "../../workers/app";
import { createEvent } from "../factories";
import { countingDb, insertClientLink, ORIGIN, sessionFor } from "./helpers";

// One D1 round trip per page load and per check-off. The Worker is
// handed a D1 binding that counts what reaches D1 (a batch, or one statement run on
// its own), for one request at a time.

const db = getDb(env);

/** One request through the Worker with a counting D1; its response and D1 round trips. */
async function counted(path: string, cookie: string, init: RequestInit = {}) {
  const { binding, trips } = countingDb(env.DB);
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers: { Cookie: cookie, Origin: ORIGIN, ...(init.headers as Record<string, string>) }, redirect: "manual" }) as never, { ...env, DB: binding }, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, trips, body };
}

let lead: Awaited<ReturnType<typeof sessionFor>>;
let cookie: string;
let eventId: string;
let shotId: string;
let member: Awaited<ReturnType<typeof sessionFor>>;

beforeAll(async () => {
  lead = await sessionFor({ firstName: "Maya", lastName: "Lead" });
  cookie = `ef_session=${lead.client.jar.get("ef_session")}`;
  eventId = (await createEvent(db, lead.id)).id;
  shotId = crypto.randomUUID();
  // A teammate, so a check-off has someone to notify.
  member = await sessionFor({ firstName: "Sam", lastName: "Second" });
  await db.batch([
    db.insert(shotListItems).values({ id: shotId, eventId, title: "First kiss", orderIndex: 0 }),
    db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: member.id, status: "accepted" }),
  ]);
  // A session used just now: its expiry slides at most once an hour (session.server.ts).
  await db.update(sessions).set({ lastUsedAt: new Date().toISOString() }).where(eq(sessions.userId, lead.id));
});

describe("D1 round trips", () => {
  it("a dashboard load (document or its data) is one D1 round trip, session and header included; so is the rest of its lists", async () => {
    for (const path of [`/events/${eventId}`, `/events/${eventId}.data`, `/events/${eventId}?tab=team&dialog=invite-team`, `/events/${eventId}/lists`]) {
      const { response, trips } = await counted(path, cookie);
      expect(response.status).toBe(200);
      expect(trips, path).toHaveLength(1);
    }
  });

  it("the run sheet (page and PDF), the event's import and export page and files and its .ics are one D1 round trip each, session included", async () => {
    for (const path of [`/events/${eventId}/run-sheet`, `/events/${eventId}/run-sheet.pdf`, `/events/${eventId}/data`, `/events/${eventId}/export/people.csv`, `/events/${eventId}/calendar`]) {
      const { response, trips } = await counted(path, cookie);
      expect(response.status, path).toBe(200);
      expect(trips, path).toHaveLength(1);
    }
  });

  it("a session due for its hourly slide still costs one round trip, and its cookie is refreshed", async () => {
    await db.update(sessions).set({ lastUsedAt: "2000-01-01T00:00:00.000Z" }).where(eq(sessions.userId, lead.id));
    const { response, trips } = await counted(`/events/${eventId}`, cookie);
    expect(response.status).toBe(200);
    expect(trips).toHaveLength(1);
    expect(response.headers.getSetCookie().some((line) => line.startsWith("ef_session=") && /Max-Age=\d+/.test(line))).toBe(true);
    const [row] = await db.select().from(sessions).where(eq(sessions.userId, lead.id));
    expect(Date.parse(row!.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("the joined session still refuses: an expired or revoked session is sent to sign in, a stranger gets 404", async () => {
    const other = await sessionFor();
    const strangerCookie = `ef_session=${other.client.jar.get("ef_session")}`;
    const stranger = await counted(`/events/${eventId}`, strangerCookie);
    expect(stranger.response.status).toBe(404);
    expect(stranger.trips).toHaveLength(1);
    await db.update(sessions).set({ expiresAt: "2001-01-01T00:00:00.000Z" }).where(eq(sessions.userId, other.id));
    // Even the lead's own event: the session names nobody once it has expired.
    await db.update(sessions).set({ userId: lead.id }).where(eq(sessions.userId, other.id));
    const expired = await counted(`/events/${eventId}`, strangerCookie);
    expect(expired.response.status).toBe(302);
    expect(expired.response.headers.get("Location")).toBe(`/auth?returnTo=${encodeURIComponent(`/events/${eventId}`)}`);
    await db.delete(sessions).where(eq(sessions.tokenHash, await sha256Hex(other.client.jar.get("ef_session")!)));
    const revoked = await counted(`/events/${eventId}.data`, strangerCookie);
    expect(revoked.response.status).toBe(202);
    const unknownEvent = await counted(`/events/not-an-event`, cookie);
    expect(unknownEvent.response.status).toBe(404);
  });

  it("a portal load is one D1 round trip, the guess limit included; a wrong token is still refused and counted", async () => {
    const { token, accessId } = await insertClientLink(eventId, { canEditPeople: false, canEditTimeline: false, canEditShots: true, canEditVendors: false });
    for (const path of [`/client/view/${accessId}`, `/client/view/${accessId}.data`]) {
      const { response, trips } = await counted(path, `ef_client_${accessId}=${token}`, { headers: { "CF-Connecting-IP": "2001:db8::19:3" } });
      expect(response.status).toBe(200);
      expect(trips, path).toHaveLength(1);
    }
    const wrong = await counted(`/client/view/${accessId}`, `ef_client_${accessId}=${"0".repeat(64)}`, { headers: { "CF-Connecting-IP": "2001:db8::19:3" } });
    expect(wrong.response.status).toBe(404);
    // The look-up with the limit beside it, then the failure counted.
    expect(wrong.trips).toHaveLength(2);
  });

  // A change's one round trip holds the session, the access check, the
  // write, its record, the live room's number and the team's notifications.
  it("a check-off from the page's outbox is one D1 round trip, session included, and is saved, numbered and told", async () => {
    const [{ liveSeq: before }] = await db.select({ liveSeq: events.liveSeq }).from(events).where(eq(events.id, eventId)) as [{ liveSeq: number }];
    const mutations = JSON.stringify([{ id: crypto.randomUUID(), name: "toggle-shot", args: { id: shotId, done: true } }]);
    const { response, trips } = await counted(`/events/${eventId}/mutations`, cookie, { method: "POST", body: new URLSearchParams({ [MUTATIONS_FIELD]: mutations }) });
    expect(response.status).toBe(200);
    expect(trips).toHaveLength(1);
    const [shot] = await db.select().from(shotListItems).where(eq(shotListItems.id, shotId));
    expect(shot!.isDone).toBe(true);
    expect(shot!.doneBy).toBe(lead.id);
    // The teammate is told, in the same round trip, by the sender's name.
    const told = await db.select().from(notifications).where(eq(notifications.userId, member.id));
    expect(told.map((n) => n.message)).toContain('Maya Lead checked off "First kiss" (Test Wedding).');
    // The live room was told the change with the number its batch took.
    const [{ liveSeq: after }] = await db.select({ liveSeq: events.liveSeq }).from(events).where(eq(events.id, eventId)) as [{ liveSeq: number }];
    expect(after).toBe(before + 1);
    expect(await env.EVENT_ROOM.get(env.EVENT_ROOM.idFromName(eventId)).sequence()).toBe(after);
  });

  it("a check-off posted by the page's form is one D1 round trip, session included, and is saved", async () => {
    const { response, trips } = await counted(`/events/${eventId}.data`, cookie, { method: "POST", body: new URLSearchParams({ intent: "toggle-shot", id: shotId, done: "false" }) });
    expect(response.status).toBe(200);
    expect(trips).toHaveLength(1);
    const [shot] = await db.select().from(shotListItems).where(eq(shotListItems.id, shotId));
    expect(shot!.isDone).toBe(false);
    const told = await db.select().from(notifications).where(eq(notifications.userId, member.id));
    const unchecked = told.find((n) => n.message === 'Maya Lead unchecked "First kiss" (Test Wedding).');
    expect(unchecked?.title).toBe("Shot List Updated");
    // Where the bell's click leads: the same data as a notice written after the change.
    expect(typeof unchecked!.data === "string" ? JSON.parse(unchecked!.data) : unchecked!.data).toEqual({ type: "shot_status_changed", eventId, eventTitle: "Test Wedding", notificationType: "shot_status_changed", url: "/" });
  });

  it("a check-off by a member with no name on file names them 'A team member', in the same round trip", async () => {
    const nameless = await sessionFor();
    await db.update(profiles).set({ firstName: null, lastName: null, businessName: null }).where(eq(profiles.userId, nameless.id));
    await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: nameless.id, status: "accepted" });
    const mutations = JSON.stringify([{ id: crypto.randomUUID(), name: "toggle-shot", args: { id: shotId, done: true } }]);
    const { response, trips } = await counted(`/events/${eventId}/mutations`, `ef_session=${nameless.client.jar.get("ef_session")}`, { method: "POST", body: new URLSearchParams({ [MUTATIONS_FIELD]: mutations }) });
    expect(response.status).toBe(200);
    expect(trips).toHaveLength(1);
    const told = await db.select().from(notifications).where(eq(notifications.userId, lead.id));
    expect(told.map((n) => n.message)).toContain('A team member checked off "First kiss" (Test Wedding).');
  });

  it("the joined session still refuses a change: expired or revoked, signed out and nothing written; a stranger or a role without the right, refused and nothing written", async () => {
    const state = async () => {
      const [shot] = await db.select().from(shotListItems).where(eq(shotListItems.id, shotId));
      const [event] = await db.select().from(events).where(eq(events.id, eventId));
      return { done: shot!.isDone, notices: (await db.select().from(notifications).where(eq(notifications.eventId, eventId))).length, event };
    };
    const outbox = (mutations: unknown[], as: string) => counted(`/events/${eventId}/mutations`, as, { method: "POST", body: new URLSearchParams({ [MUTATIONS_FIELD]: JSON.stringify(mutations) }) });
    const form = (fields: Record<string, string>, as: string) => counted(`/events/${eventId}.data`, as, { method: "POST", body: new URLSearchParams(fields) });
    const check = (done: boolean) => ({ id: crypto.randomUUID(), name: "toggle-shot", args: { id: shotId, done } });
    const before = await state();

    // A member whose session expired: even their own team's event.
    const gone = await sessionFor();
    await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: gone.id, status: "accepted" });
    const goneCookie = `ef_session=${gone.client.jar.get("ef_session")}`;
    await db.update(sessions).set({ expiresAt: "2001-01-01T00:00:00.000Z" }).where(eq(sessions.userId, gone.id));
    const expired = await outbox([check(!before.done)], goneCookie);
    expect(expired.response.status).toBe(401);
    expect(JSON.parse(expired.body)).toEqual({ error: "Please sign in again." });
    const expiredForm = await form({ intent: "toggle-shot", id: shotId, done: String(!before.done) }, goneCookie);
    // A data request's redirect travels in its body (single fetch): to sign in.
    expect(expiredForm.response.status).toBe(202);
    expect(expiredForm.body).toContain(`/auth?returnTo=${encodeURIComponent(`/events/${eventId}`)}`);
    // Revoked (the row deleted: signed out elsewhere).
    await db.delete(sessions).where(eq(sessions.userId, gone.id));
    expect((await outbox([check(!before.done)], goneCookie)).response.status).toBe(401);
    // Malformed, and signed out: signed out comes first.
    expect((await outbox([{ id: "x" }], goneCookie)).response.status).toBe(401);
    expect(await state()).toEqual(before);

    // A stranger: no access, one round trip, nothing written.
    const stranger = await sessionFor();
    const strangerCookie = `ef_session=${stranger.client.jar.get("ef_session")}`;
    const refused = await outbox([check(!before.done)], strangerCookie);
    expect(refused.response.status).toBe(404);
    expect((await form({ intent: "toggle-shot", id: shotId, done: String(!before.done) }, strangerCookie)).response.status).toBe(404);
    // A member may check off, but not delete a shot.
    const memberCookie = `ef_session=${member.client.jar.get("ef_session")}`;
    const denied = await outbox([{ id: crypto.randomUUID(), name: "delete-shot", args: { id: shotId } }], memberCookie);
    expect(denied.response.status).toBe(200);
    expect((JSON.parse(denied.body) as { results: Array<{ code: number }> }).results[0]!.code).toBe(403);
    expect((await form({ intent: "delete-shot", id: shotId }, memberCookie)).response.status).toBe(403);
    expect(await state()).toEqual(before);
  });

  it("a check-off sent twice (a lost answer, the outbox sends it again) is applied once, its team told once", async () => {
    const mutation = { id: crypto.randomUUID(), name: "toggle-shot", args: { id: shotId, done: true } };
    await db.update(shotListItems).set({ isDone: false }).where(eq(shotListItems.id, shotId));
    const noticesBefore = (await db.select().from(notifications).where(eq(notifications.userId, member.id))).length;
    const send = () => counted(`/events/${eventId}/mutations`, cookie, { method: "POST", body: new URLSearchParams({ [MUTATIONS_FIELD]: JSON.stringify([mutation]) }) });
    const first = await send();
    expect(first.trips).toHaveLength(1);
    const second = await send();
    expect((JSON.parse(second.body) as { results: Array<{ status: string; replay?: boolean }> }).results[0]).toMatchObject({ status: "applied", replay: true });
    expect((await db.select().from(notifications).where(eq(notifications.userId, member.id))).length).toBe(noticesBefore + 1);
    // A form's add submitted twice with the same key makes one row.
    const fields = { intent: "add-shot", title: "Rings", category: "details", idempotencyKey: "k".repeat(24) };
    for (let n = 0; n < 2; n++) {
      const { response } = await counted(`/events/${eventId}.data?dialog=add-shot`, cookie, { method: "POST", body: new URLSearchParams(fields) });
      expect(response.status).toBeLessThan(400);
    }
    expect((await db.select().from(shotListItems).where(eq(shotListItems.eventId, eventId))).filter((shot) => shot.title === "Rings")).toHaveLength(1);
  });
});
