import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eventSecondShooters, notifications, sessions, shotListItems } from "~/db/schema";
import { MUTATIONS_FIELD } from "~/modules/event/mutations";
import { sha256Hex } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import worker from "../../workers/app";
import { createEvent } from "../factories";
import { insertClientLink, ORIGIN, sessionFor } from "./helpers";

// Issue 19 item 3: one D1 round trip per page load and per check-off. The Worker is
// handed a D1 binding that counts what reaches D1 (a batch, or one statement run on
// its own), for one request at a time.

const db = getDb(env);

/** env.DB, counting its round trips: each batch, and each statement run outside one. */
function countingDb(real: D1Database) {
  const trips: string[] = [];
  const unwrap = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const wrapped = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values), sql),
      first: (column?: string) => (trips.push(sql), column === undefined ? statement.first() : statement.first(column)),
      run: () => (trips.push(sql), statement.run()),
      all: () => (trips.push(sql), statement.all()),
      raw: (options?: { columnNames?: boolean }) => (trips.push(sql), statement.raw(options as { columnNames: true })),
    } as unknown as D1PreparedStatement;
    unwrap.set(wrapped, statement);
    return wrapped;
  };
  const binding = {
    prepare: (sql: string) => wrap(real.prepare(sql), sql),
    batch: (statements: D1PreparedStatement[]) => (trips.push(`batch of ${statements.length}`), real.batch(statements.map((s) => unwrap.get(s) ?? s))),
    exec: (sql: string) => (trips.push(sql), real.exec(sql)),
    dump: () => real.dump(),
    withSession: () => {
      throw new Error("not counted");
    },
  } as unknown as D1Database;
  return { binding, trips };
}

/** One request through the Worker with a counting D1; its response and D1 round trips. */
async function counted(path: string, cookie: string, init: RequestInit = {}) {
  const { binding, trips } = countingDb(env.DB);
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers: { Cookie: cookie, Origin: ORIGIN, ...(init.headers as Record<string, string>) }, redirect: "manual" }) as never, { ...env, DB: binding }, ctx);
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return { response, trips };
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

  // A change's own round trip: the access check, the write, its record and the team's
  // notifications in one batch. The session is still read on its own before it (the
  // change's record key and its notice name the sender, issue 19 item 3 left open).
  it("a check-off from the page's outbox is the session's round trip and one batch, and is saved and told", async () => {
    const mutations = JSON.stringify([{ id: crypto.randomUUID(), name: "toggle-shot", args: { id: shotId, done: true } }]);
    const { response, trips } = await counted(`/events/${eventId}/mutations`, cookie, { method: "POST", body: new URLSearchParams({ [MUTATIONS_FIELD]: mutations }) });
    expect(response.status).toBe(200);
    expect(trips).toEqual(["batch of 2", expect.stringMatching(/^batch of/)]);
    const [shot] = await db.select().from(shotListItems).where(eq(shotListItems.id, shotId));
    expect(shot!.isDone).toBe(true);
    // The teammate is told, in the same round trip.
    const told = await db.select().from(notifications).where(eq(notifications.userId, member.id));
    expect(told.map((n) => n.message).join("\n")).toContain("First kiss");
  });

  it("a check-off posted by the page's form is the session's round trip and one batch, and is saved", async () => {
    const { response, trips } = await counted(`/events/${eventId}.data`, cookie, { method: "POST", body: new URLSearchParams({ intent: "toggle-shot", id: shotId, done: "false" }) });
    expect(response.status).toBe(200);
    expect(trips).toEqual(["batch of 2", expect.stringMatching(/^batch of/)]);
    const [shot] = await db.select().from(shotListItems).where(eq(shotListItems.id, shotId));
    expect(shot!.isDone).toBe(false);
    const told = await db.select().from(notifications).where(eq(notifications.userId, member.id));
    const unchecked = told.find((n) => n.message === 'Maya Lead unchecked "First kiss" (Test Wedding).');
    expect(unchecked?.title).toBe("Shot List Updated");
    // Where the bell's click leads: the same data as a notice written after the change.
    expect(typeof unchecked!.data === "string" ? JSON.parse(unchecked!.data) : unchecked!.data).toEqual({ type: "shot_status_changed", eventId, eventTitle: "Test Wedding", notificationType: "shot_status_changed", url: "/" });
  });
});
