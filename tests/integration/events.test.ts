import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, eventSecondShooters, organizations, shotListItems, timelineBlocks } from "~/db/schema";
import { EVENT_ACTIONS, can } from "~/modules/event/permissions";
import { eventStatus } from "~/modules/event/status";
import { getDb } from "~/utils/db.server";
import { createClient, eventIdFrom, signedInUser, type Client } from "./helpers";

const db = getDb(env);

async function createViaForm(client: Client, fields: Record<string, string> = {}) {
  return client.post("/events/new", { title: "Emma & James", coupleNames: "Emma & James", date: "2027-06-12", venue: "Willow Creek Barn", ...fields });
}

async function leadWithEvent() {
  const lead = await signedInUser({ pro: true });
  const response = await createViaForm(lead.client);
  const eventId = eventIdFrom(response);
  return { lead, eventId };
}

describe("create event", () => {
  it("creates the organization, the event, four default blocks and seven default shots in one go", async () => {
    const { client, user, email } = await signedInUser({ pro: true });
    const response = await createViaForm(client, { coupleNames: "", venue: "" });
    expect(response.status).toBe(302);
    const eventId = eventIdFrom(response);
    const [event] = await db.select().from(events).where(eq(events.id, eventId));
    expect(event).toMatchObject({ title: "Emma & James", date: "2027-06-12", coupleNames: null, venue: null, leadPhotographerId: user.id });
    const [organization] = await db.select().from(organizations).where(eq(organizations.ownerId, user.id));
    expect(organization).toMatchObject({ id: event!.organizationId, name: email });

    const blocks = await db.select().from(timelineBlocks).where(eq(timelineBlocks.eventId, eventId)).orderBy(asc(timelineBlocks.orderIndex));
    expect(blocks.map((b) => [b.title, b.blockType, b.startTime, b.durationMinutes, b.orderIndex])).toEqual([
      ["Getting Ready", "prep", "14:00", 120, 0],
      ["Ceremony", "ceremony", "16:00", 30, 1],
      ["Cocktail Hour", "cocktail", "16:30", 60, 2],
      ["Reception", "reception", "17:30", 240, 3],
    ]);
    const shots = await db.select().from(shotListItems).where(eq(shotListItems.eventId, eventId)).orderBy(asc(shotListItems.orderIndex));
    expect(shots.map((s) => [s.title, s.category])).toEqual([
      ["Rings", "details"],
      ["Dress", "details"],
      ["Bride and Groom Portraits", "ceremony"],
      ["Family Portraits", "family_formals"],
      ["Bridal Party", "wedding_party"],
      ["First Dance", "reception"],
      ["Cake Cutting", "reception"],
    ]);

    const page = await client.get(`/events/${eventId}`);
    expect(await page.text()).toContain("Event created successfully!");

    // A second event reuses the organization.
    await createViaForm(client);
    expect(await db.select().from(organizations).where(eq(organizations.ownerId, user.id))).toHaveLength(1);
  });

  it.each([
    [{ title: "" }, "Event title is required"],
    [{ date: "" }, "Wedding date is required"],
    [{ date: "2027-02-30" }, "Please enter a valid date"],
  ])("refuses %j with its message and creates nothing", async (fields, message) => {
    const { client, user } = await signedInUser({ pro: true });
    const response = await createViaForm(client, fields);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await db.select().from(events).where(eq(events.leadPhotographerId, user.id))).toHaveLength(0);
  });

  it("refuses a user without an active Pro subscription on the server (403)", async () => {
    const { client, user } = await signedInUser({ pro: false });
    const response = await createViaForm(client);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Subscribe to Pro to create your own events");
    expect(await db.select().from(events).where(eq(events.leadPhotographerId, user.id))).toHaveLength(0);
  });

  it("sends a visitor to sign in", async () => {
    const response = await createViaForm(createClient());
    expect(response.headers.get("Location")).toBe("/auth?returnTo=%2Fevents%2Fnew");
  });
});

describe("event dashboard access (docs/product/roles.md#what-each-may-do)", () => {
  it("shows the lead the event and all its lists", async () => {
    const { lead, eventId } = await leadWithEvent();
    const response = await lead.client.get(`/events/${eventId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Emma &amp; James");
    expect(html).toContain("Getting Ready");
    expect(html).toContain("Jun 12, 2027");
  });

  it("shows an accepted team member the event, and hides it from a pending or declined one", async () => {
    const { eventId } = await leadWithEvent();
    const member = await signedInUser({ pro: false });
    await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: member.user.id, status: "declined" });
    expect((await member.client.get(`/events/${eventId}`)).status).toBe(404);
    await db.update(eventSecondShooters).set({ status: "accepted" }).where(eq(eventSecondShooters.userId, member.user.id));
    expect((await member.client.get(`/events/${eventId}`)).status).toBe(200);
    const home = await member.client.get("/?tab=hired");
    expect(await home.text()).toContain(`/events/${eventId}`);
  });

  it("answers a stranger 404 for the page and its action, and changes nothing", async () => {
    const { eventId } = await leadWithEvent();
    const stranger = await signedInUser({ pro: true });
    expect((await stranger.client.get(`/events/${eventId}`)).status).toBe(404);
    const [block] = await db.select().from(timelineBlocks).where(eq(timelineBlocks.eventId, eventId)).limit(1);
    const response = await stranger.client.post(`/events/${eventId}`, { intent: "toggle-block", id: block!.id, done: "true" });
    expect(response.status).toBe(404);
    const [after] = await db.select().from(timelineBlocks).where(eq(timelineBlocks.id, block!.id));
    expect(after!.isDone).toBe(false);
  });

  it("sends a visitor to sign in and back", async () => {
    const { eventId } = await leadWithEvent();
    const response = await createClient().get(`/events/${eventId}`);
    expect(response.headers.get("Location")).toBe(`/auth?returnTo=${encodeURIComponent(`/events/${eventId}`)}`);
  });

  it("answers 404 for an unknown or oversized event id", async () => {
    const { lead } = await leadWithEvent();
    expect((await lead.client.get("/events/nope")).status).toBe(404);
    expect((await lead.client.get(`/events/${"x".repeat(500)}`)).status).toBe(404);
  });
});

describe("checking off blocks and shots", () => {
  it("stamps who and when on done, and clears both on undone", async () => {
    const { lead, eventId } = await leadWithEvent();
    const [shot] = await db.select().from(shotListItems).where(eq(shotListItems.eventId, eventId)).limit(1);
    expect((await lead.client.post(`/events/${eventId}?tab=shots`, { intent: "toggle-shot", id: shot!.id, done: "true" })).status).toBe(200);
    const [done] = await db.select().from(shotListItems).where(eq(shotListItems.id, shot!.id));
    expect(done).toMatchObject({ isDone: true, doneBy: lead.user.id });
    expect(done!.doneAt).toMatch(/Z$/);
    await lead.client.post(`/events/${eventId}`, { intent: "toggle-shot", id: shot!.id, done: "false" });
    const [undone] = await db.select().from(shotListItems).where(eq(shotListItems.id, shot!.id));
    expect(undone).toMatchObject({ isDone: false, doneBy: null, doneAt: null });
  });

  it("lets an accepted team member check off a block", async () => {
    const { eventId } = await leadWithEvent();
    const member = await signedInUser({ pro: false });
    await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: member.user.id, status: "accepted" });
    const [block] = await db.select().from(timelineBlocks).where(eq(timelineBlocks.eventId, eventId)).limit(1);
    expect((await member.client.post(`/events/${eventId}`, { intent: "toggle-block", id: block!.id, done: "true" })).status).toBe(200);
    const [after] = await db.select().from(timelineBlocks).where(eq(timelineBlocks.id, block!.id));
    expect(after).toMatchObject({ isDone: true, doneBy: member.user.id });
  });

  it("refuses an id from another event, and a block deleted meanwhile, clearly", async () => {
    const first = await leadWithEvent();
    const second = await createViaForm(first.lead.client);
    const otherEventId = eventIdFrom(second);
    const [foreign] = await db.select().from(timelineBlocks).where(eq(timelineBlocks.eventId, otherEventId)).limit(1);
    const response = await first.lead.client.post(`/events/${first.eventId}`, { intent: "toggle-block", id: foreign!.id, done: "true" });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Failed to update timeline block.");
    const [untouched] = await db.select().from(timelineBlocks).where(eq(timelineBlocks.id, foreign!.id));
    expect(untouched!.isDone).toBe(false);
  });

  it.each([
    [{ intent: "delete-everything", id: "x", done: "true" }],
    [{ intent: "toggle-block", id: "", done: "true" }],
    [{ intent: "toggle-block", id: "x", done: "maybe" }],
    [{ intent: "toggle-block", id: "x", done: "true" }],
  ])("refuses malformed input %j with 400", async (fields) => {
    const { lead, eventId } = await leadWithEvent();
    expect((await lead.client.post(`/events/${eventId}`, fields)).status).toBe(400);
  });
});

describe("roles table", () => {
  it("gives the lead every right but leaving, and an accepted team member view, check-off, people, family formals groupings and leaving", () => {
    expect(EVENT_ACTIONS.filter((action) => can("lead", action))).toEqual(EVENT_ACTIONS.filter((action) => action !== "leaveEvent"));
    expect(EVENT_ACTIONS.filter((action) => can("team", action))).toEqual(["view", "toggleDone", "editPeople", "editGroupings", "leaveEvent"]);
  });
});

describe("event status", () => {
  it("is upcoming before the date, active on it and completed after it, in the event's time zone", () => {
    const now = new Date("2026-11-22T03:00:00.000Z"); // still Nov 21 in New York
    const base = { statusOverride: null, timeZone: "America/New_York" };
    expect(eventStatus({ ...base, date: "2026-11-22" }, now)).toBe("upcoming");
    expect(eventStatus({ ...base, date: "2026-11-21" }, now)).toBe("active");
    expect(eventStatus({ ...base, date: "2026-11-20" }, now)).toBe("completed");
    expect(eventStatus({ ...base, date: "2026-11-20", statusOverride: "active" }, now)).toBe("active");
  });
});
