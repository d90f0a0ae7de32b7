import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { calendarFeeds, eventSecondShooters, sessions, timelineBlocks } from "~/db/schema";
import type { MutationResult } from "~/modules/event/mutations";
import { getDb } from "~/utils/db.server";
import { LIMITS } from "~/utils/rate-limit.server";
import worker from "../../workers/app";
import { createEvent } from "../factories";
import { type Client, countingDb, createClient, insertClientLink, ORIGIN, sessionFor } from "./helpers";

// Calendar feeds and 'Add to calendar' (docs/product/screens.md#calendar-feed, decision 019):
// what each person's calendar receives, and what a wrong or old link does not.

const db = getDb(env);
const ALL = { canEditPeople: true, canEditTimeline: true, canEditShots: true, canEditVendors: true };

type Session = Awaited<ReturnType<typeof sessionFor>>;

/** The feed path the settings page shows its owner, made first with 'Create link' when asked. */
async function feedPathOf(session: Session, { create = true } = {}) {
  if (create) expect((await session.client.post("/settings/calendar", { intent: "calendar-feed-reset", first: "1" })).status).toBe(302);
  const html = await (await session.client.get("/settings?tab=notifications")).text();
  const match = html.match(/http:\/\/localhost(\/calendar\/[0-9a-f]{64}\.ics)/);
  if (!match) throw new Error("No feed link on the settings page");
  return match[1]!;
}

async function block(eventId: string, values: Partial<typeof timelineBlocks.$inferInsert>) {
  const id = crypto.randomUUID();
  await db.insert(timelineBlocks).values({ id, eventId, title: "Block", orderIndex: 0, startTime: "16:00", durationMinutes: 30, ...values });
  return id;
}

async function seed() {
  const lead = await sessionFor({ firstName: "Maya", lastName: "Lead" });
  const member = await sessionFor({ firstName: "Alex", lastName: "Second" });
  const stranger = await sessionFor({ firstName: "Sam", lastName: "Stranger" });
  const led = await createEvent(db, lead.id, { title: "Emma & James Wedding", date: "2027-06-19", timeZone: "America/New_York", venue: "Willow Creek Barn" });
  const joined = await createEvent(db, stranger.id, { title: "Priya & Dev Wedding", date: "2027-07-03", timeZone: "Europe/London" });
  const theirs = await createEvent(db, stranger.id, { title: "Secret Wedding", date: "2027-08-01", organizationId: joined.organizationId });
  const ceremony = await block(led.id, { title: "Ceremony", startTime: "16:00", orderIndex: 0, teamNotes: "Bring the 85mm", assignees: [lead.id] });
  const toasts = await block(led.id, { title: "Toasts", startTime: "19:00", orderIndex: 1, assignees: [member.id] });
  const firstDance = await block(joined.id, { title: "First Dance", startTime: "20:00", orderIndex: 0, assignees: [member.id] });
  const hidden = await block(theirs.id, { title: "Hidden Block", orderIndex: 0 });
  const [membership] = await db
    .insert(eventSecondShooters)
    .values([
      { id: crypto.randomUUID(), eventId: joined.id, userId: member.id, status: "accepted" },
      { id: crypto.randomUUID(), eventId: led.id, userId: member.id, status: "declined" },
    ])
    .returning();
  return { lead, member, stranger, led, joined, theirs, ceremony, toasts, firstDance, hidden, membership: membership! };
}

async function feed(client: Client, path: string) {
  const response = await client.get(path);
  return { response, text: await response.text() };
}

const uids = (ics: string) => [...ics.matchAll(/^UID:(.+)$/gm)].map((m) => m[1]!.trim());

/** A block entry's content lines, unfolded. */
function entryOf(ics: string, blockId: string) {
  const unfolded = ics.replace(/\r\n[ \t]/g, "");
  const found = unfolded.split("BEGIN:VEVENT").find((part) => part.includes(`UID:block-${blockId}@`));
  if (!found) throw new Error(`No entry for ${blockId}`);
  const value = (name: string) => found.match(new RegExp(`^${name}[:;](.*)$`, "m"))?.[1]?.replace(/\r$/, "");
  return { start: value("DTSTART"), sequence: Number(value("SEQUENCE")) };
}

describe("a user's calendar feed", () => {
  it("lists the events its owner leads or is on the team of, and never anyone else's", async () => {
    const fx = await seed();
    const leadFeed = await feed(createClient(), await feedPathOf(fx.lead));
    expect(leadFeed.response.status).toBe(200);
    expect(leadFeed.response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(leadFeed.response.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(leadFeed.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(uids(leadFeed.text)).toEqual([`event-${fx.led.id}@localhost`]);
    expect(leadFeed.text).toContain("SUMMARY:Emma & James Wedding");
    expect(leadFeed.text).not.toContain("Priya");
    expect(leadFeed.text).not.toContain("Secret Wedding");

    // The member declined the lead's event: only the one they are on.
    const memberFeed = await feed(createClient(), await feedPathOf(fx.member));
    expect(uids(memberFeed.text)).toEqual([`event-${fx.joined.id}@localhost`]);
    expect(memberFeed.text).not.toContain("Emma & James");
    expect(memberFeed.text).not.toContain("Secret Wedding");
  });

  it("adds every block or only the owner's assigned ones, as its owner chooses", async () => {
    const fx = await seed();
    const path = await feedPathOf(fx.member);
    await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId: fx.theirs.id, userId: fx.member.id, status: "accepted" });
    expect((await fx.member.client.post("/settings/calendar", { intent: "calendar-feed-blocks", blocks: "all" })).status).toBe(302);
    const all = await feed(createClient(), path);
    expect(uids(all.text).filter((uid) => uid.startsWith("block-")).sort()).toEqual([`block-${fx.firstDance}@localhost`, `block-${fx.hidden}@localhost`].sort());
    expect(all.text).toContain("Hidden Block");
    expect(all.text).not.toContain("Toasts");

    expect((await fx.member.client.post("/settings/calendar", { intent: "calendar-feed-blocks", blocks: "mine" })).status).toBe(302);
    const mine = await feed(createClient(), path);
    expect(uids(mine.text).filter((uid) => uid.startsWith("block-"))).toEqual([`block-${fx.firstDance}@localhost`]);
    // The setting keeps the link.
    expect(await feedPathOf(fx.member, { create: false })).toBe(path);

    // A value that is none of the choices is refused and changes nothing.
    const bad = await fx.member.client.post("/settings/calendar", { intent: "calendar-feed-blocks", blocks: "everything" });
    expect(bad.status).toBe(400);
    expect((await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, fx.member.id)))[0]!.blocks).toBe("mine");
  });

  it("drops an event once its owner is removed from the team", async () => {
    const fx = await seed();
    const path = await feedPathOf(fx.member);
    expect(uids((await feed(createClient(), path)).text)).toContain(`event-${fx.joined.id}@localhost`);
    const removed = await fx.stranger.client.post(`/events/${fx.joined.id}?tab=team`, { intent: "remove-team", id: `member:${fx.membership.id}` });
    expect(removed.status).toBeLessThan(400);
    const after = await feed(createClient(), path);
    expect(after.response.status).toBe(200);
    expect(uids(after.text)).toEqual([]);
    expect(after.text).not.toContain("Priya");
  });

  it("moves a block when the plan changes, under the same UID with a higher SEQUENCE", async () => {
    const fx = await seed();
    const path = await feedPathOf(fx.lead);
    await fx.lead.client.post("/settings/calendar", { intent: "calendar-feed-blocks", blocks: "all" });
    const before = entryOf((await feed(createClient(), path)).text, fx.ceremony);
    expect(before.start).toBe("20270619T200000Z");
    const edit = { id: crypto.randomUUID(), name: "edit-block", args: { id: fx.ceremony, values: { title: "Ceremony", blockType: "ceremony", durationMinutes: "30", startTime: "16:45" } } };
    const response = await fx.lead.client.post(`/events/${fx.led.id}/mutations`, { mutations: JSON.stringify([edit]) });
    expect(((await response.json()) as { results: MutationResult[] }).results[0]).toMatchObject({ status: "applied" });
    const after = entryOf((await feed(createClient(), path)).text, fx.ceremony);
    expect(after.start).toBe("20270619T204500Z");
    expect(after.sequence).toBeGreaterThan(before.sequence);
  });

  it("stops the old link at once on 'Reset link'; the new one works", async () => {
    const fx = await seed();
    const old = await feedPathOf(fx.lead);
    expect((await feed(createClient(), old)).response.status).toBe(200);
    expect((await fx.lead.client.post("/settings/calendar", { intent: "calendar-feed-reset" })).status).toBe(302);
    const fresh = await feedPathOf(fx.lead, { create: false });
    expect(fresh).not.toBe(old);
    const gone = await feed(createClient(), old);
    expect(gone.response.status).toBe(404);
    expect(gone.text).toBe("Not found");
    expect((await feed(createClient(), fresh)).response.status).toBe(200);
    // The settings page that shows it sends no referrer and is kept by no cache.
    const page = await fx.lead.client.get("/settings?tab=notifications");
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    // Only its hash is stored.
    const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, fx.lead.id));
    expect(fresh).not.toContain(row!.tokenHash);
    expect(JSON.stringify(row)).not.toContain(fresh.slice(10, 74));
  });

  it("makes no link for the signed out: to sign in, nothing written", async () => {
    const before = (await db.select().from(calendarFeeds)).length;
    const response = await createClient().post("/settings/calendar", { intent: "calendar-feed-reset", first: "1" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth\?returnTo=/);
    expect((await db.select().from(calendarFeeds)).length).toBe(before);
  });

  it("answers a wrong token 404 with nothing in it, and an IP that guesses too often 429, while a valid feed from that IP is served", async () => {
    const fx = await seed();
    const path = await feedPathOf(fx.lead);
    const guesser = createClient();
    const malformed = await feed(guesser, "/calendar/not-a-token.ics");
    const unknown = await feed(guesser, `/calendar/${"ab".repeat(32)}.ics`);
    for (const wrong of [malformed, unknown]) {
      expect(wrong.response.status).toBe(404);
      expect(wrong.text).toBe("Not found");
      expect(wrong.response.headers.get("Referrer-Policy")).toBe("no-referrer");
    }
    for (let i = 2; i < LIMITS.calendarFeedGuessesPerIp.max; i++) expect((await guesser.get(`/calendar/${crypto.randomUUID().replaceAll("-", "").repeat(2)}.ics`)).status).toBe(404);
    const over = await feed(guesser, `/calendar/${"cd".repeat(32)}.ics`);
    expect(over.response.status).toBe(429);
    expect(over.text).toBe("Too many attempts. Please wait a minute and try again.");
    // Calendar services fetch many people's feeds from one IP: a valid link is still served.
    expect((await guesser.get(path)).status).toBe(200);
  });

  it("counts a feed's own fetches, and reads it in one D1 round trip", async () => {
    const fx = await seed();
    const path = await feedPathOf(fx.lead);
    const { binding, trips } = countingDb(env.DB);
    const ctx = createExecutionContext();
    const response = await worker.fetch(new Request(`${ORIGIN}${path}`, { headers: { "CF-Connecting-IP": "2001:db8::feed" } }) as never, { ...env, DB: binding }, ctx);
    expect(response.status).toBe(200);
    await response.text();
    await waitOnExecutionContext(ctx);
    expect(trips).toHaveLength(1);
    for (let i = 1; i < LIMITS.calendarFeedReads.max; i++) expect((await createClient().get(path)).status).toBe(200);
    expect((await createClient().get(path)).status).toBe(429);
  });
});

describe("'Add to calendar'", () => {
  it("gives the lead and the team the event's day with its timeline and team notes", async () => {
    const fx = await seed();
    const lead = await fx.lead.client.get(`/events/${fx.led.id}/calendar`);
    expect(lead.status).toBe(200);
    expect(lead.headers.get("Content-Disposition")).toBe('attachment; filename="Emma-James-Wedding.ics"');
    const text = await lead.text();
    expect(uids(text)).toEqual([`event-${fx.led.id}@localhost`]);
    expect(text.replace(/\r\n[ \t]/g, "")).toContain("Team notes: Bring the 85mm");
    await db.update(eventSecondShooters).set({ status: "accepted" }).where(eq(eventSecondShooters.eventId, fx.led.id));
    const member = await fx.member.client.get(`/events/${fx.led.id}/calendar`);
    expect(member.status).toBe(200);
    expect((await member.text()).replace(/\r\n[ \t]/g, "")).toContain("Team notes: Bring the 85mm");
  });

  it("refuses a stranger, a declined member (404) and the signed out (401)", async () => {
    const fx = await seed();
    expect((await fx.stranger.client.get(`/events/${fx.led.id}/calendar`)).status).toBe(404);
    expect((await fx.member.client.get(`/events/${fx.led.id}/calendar`)).status).toBe(404);
    expect((await createClient().get(`/events/${fx.led.id}/calendar`)).status).toBe(401);
    expect((await fx.lead.client.get(`/events/not-an-event/calendar`)).status).toBe(404);
    // A session revoked since (signed out on another device) is signed out here too.
    await db.delete(sessions).where(eq(sessions.userId, fx.lead.id));
    expect((await fx.lead.client.get(`/events/${fx.led.id}/calendar`)).status).toBe(401);
  });

  it("gives a client link what the portal shows, never team notes or assignments, and a wrong link nothing", async () => {
    const fx = await seed();
    const { token, accessId } = await insertClientLink(fx.led.id, ALL);
    const couple = createClient();
    couple.jar.set(`ef_client_${accessId}`, token);
    const response = await couple.get(`/client/view/${accessId}/calendar`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    const text = (await response.text()).replace(/\r\n[ \t]/g, "");
    expect(text).toContain("Ceremony");
    expect(text).toContain(`URL;VALUE=URI:http://localhost/client/view/${accessId}`);
    expect(text).not.toContain("Bring the 85mm");
    expect(text).not.toContain("Team notes");
    expect(text).not.toContain(fx.lead.id);
    expect(text).not.toContain("/events/");

    const wrong = createClient();
    wrong.jar.set(`ef_client_${accessId}`, "ab".repeat(32));
    expect((await wrong.get(`/client/view/${accessId}/calendar`)).status).toBe(404);
    // The link's token is for its own event only.
    expect((await couple.get(`/events/${fx.led.id}/calendar`)).status).toBe(401);
  });
});
