import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { deletedEvents, eventClientAccess, eventSecondShooters, sessions } from "~/db/schema";
import { EVENT_DELETED } from "~/modules/event/deleted-event";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { runHousekeeping } from "~/utils/housekeeping.server";
import { createEvent } from "../factories";
import { type Client, createClient, insertClientLink, sessionFor, signedInUser, VALID_SIGNUP } from "./helpers";

// docs/product/flows.md#deleting-an-event (decision 017): the pages of a deleted event say so
// to those who could open it (the lead's other devices, the accepted team, its valid client
// links), with 410; anyone else gets the plain 404, as for an id that never existed.

const db = getDb(env);
const NOT_FOUND = "Oops! Page not found";
const FLAGS = { canEditPeople: true, canEditTimeline: true, canEditShots: true, canEditVendors: true };
const ACCESS_NOT_FOUND = "Access not found or expired";

type User = Awaited<ReturnType<typeof sessionFor>>;
let member: User;
let declined: User;
let stranger: User;

beforeAll(async () => {
  member = await sessionFor();
  declined = await sessionFor();
  stranger = await sessionFor();
});

/** An event of `leadId` with an accepted member, a declined one, a valid client link (opened), a revoked and an expired one. */
async function eventWithPeople(leadId: string) {
  const event = await createEvent(db, leadId, { title: "Willow Creek Wedding" });
  await db.insert(eventSecondShooters).values([
    { id: crypto.randomUUID(), eventId: event.id, userId: member.id, status: "accepted" },
    { id: crypto.randomUUID(), eventId: event.id, userId: declined.id, status: "declined" },
  ]);
  const link = await insertClientLink(event.id, FLAGS);
  const couple = createClient();
  expect((await couple.get(`/client/${link.token}`)).status).toBe(302);
  const revoked = await insertClientLink(event.id, FLAGS);
  const revokedClient = createClient();
  expect((await revokedClient.get(`/client/${revoked.token}`)).status).toBe(302);
  await db.delete(eventClientAccess).where(eq(eventClientAccess.id, revoked.accessId));
  const expired = await insertClientLink(event.id, FLAGS, { expiresAt: "2020-01-01T00:00:00.000Z" });
  return { eventId: event.id, link, couple, revoked, revokedClient, expired };
}

async function page(client: Client, path: string) {
  const response = await client.get(path);
  return { status: response.status, html: await response.text() };
}

const deleteEvent = (client: Client, eventId: string) => client.post(`/events/${eventId}`, { intent: "delete-event", confirmation: "delete" });

describe("an event deleted by its lead", () => {
  it("says so to the lead's other devices and the team (410), and is a plain 404 to anyone else", async () => {
    const lead = await signedInUser({ pro: true });
    const { eventId } = await eventWithPeople(lead.id);
    // The lead's other device: a session of its own.
    const otherDevice = createClient();
    const token = randomToken(32);
    await db.insert(sessions).values({ tokenHash: await sha256Hex(token), userId: lead.id, persistent: true, expiresAt: "2099-01-01T00:00:00.000Z" });
    otherDevice.jar.set("ef_session", token);
    expect((await page(member.client, `/events/${eventId}`)).status).toBe(200);

    const deleted = await deleteEvent(lead.client, eventId);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/");

    for (const client of [member.client, otherDevice]) {
      const shown = await page(client, `/events/${eventId}`);
      expect(shown.status).toBe(410);
      expect(shown.html).toContain(EVENT_DELETED);
      expect(shown.html).toContain("Back to Events");
      expect(shown.html).not.toContain("Willow Creek Wedding");
    }
    // The page's data request (a client navigation, a live page refetching) answers the same.
    expect((await member.client.get(`/events/${eventId}.data`)).status).toBe(410);

    // Never on the team, or declined: the event's existence is not revealed.
    for (const client of [stranger.client, declined.client]) {
      const shown = await page(client, `/events/${eventId}`);
      expect(shown.status).toBe(404);
      expect(shown.html).toContain(NOT_FOUND);
      expect(shown.html).not.toContain(EVENT_DELETED);
    }
    // An id that never existed is the same 404 for a member.
    const never = await page(member.client, `/events/${crypto.randomUUID()}`);
    expect(never.status).toBe(404);
    expect(never.html).not.toContain(EVENT_DELETED);
    // Signed out: sign in first, as for any event page.
    expect((await createClient().get(`/events/${eventId}`)).status).toBe(302);
  });

  it("says so on its client link's portal and link; a revoked or expired link keeps its own words", async () => {
    const lead = await signedInUser({ pro: true });
    const { eventId, link, couple, revoked, revokedClient, expired } = await eventWithPeople(lead.id);
    expect((await deleteEvent(lead.client, eventId)).status).toBe(302);

    const portal = await page(couple, `/client/view/${link.accessId}`);
    expect(portal.status).toBe(410);
    expect(portal.html).toContain(EVENT_DELETED);
    expect(portal.html).toContain("Return to Home");
    const opened = await page(createClient(), `/client/${link.token}`);
    expect(opened.status).toBe(410);
    expect(opened.html).toContain(EVENT_DELETED);

    // Revoked before the deletion, expired, or the portal's URL without the link's cookie: as before.
    for (const [client, path] of [
      [revokedClient, `/client/view/${revoked.accessId}`],
      [createClient(), `/client/${revoked.token}`],
      [createClient(), `/client/${expired.token}`],
      [createClient(), `/client/view/${link.accessId}`],
    ] as const) {
      const shown = await page(client, path);
      expect(shown.status).toBe(404);
      expect(shown.html).toContain(ACCESS_NOT_FOUND);
      expect(shown.html).not.toContain(EVENT_DELETED);
    }
  });

  it("keeps only the event's id, who may be told and when, and forgets it after 30 days", async () => {
    const lead = await signedInUser({ pro: true });
    const { eventId, link } = await eventWithPeople(lead.id);
    expect((await deleteEvent(lead.client, eventId)).status).toBe(302);

    const notices = await db.select().from(deletedEvents).where(eq(deletedEvents.eventId, eventId));
    expect(notices.map(({ userId, linkTokenHash }) => ({ userId, linkTokenHash })).sort((a, b) => String(a.userId).localeCompare(String(b.userId)))).toEqual(
      [
        { userId: lead.id, linkTokenHash: null },
        { userId: member.id, linkTokenHash: null },
        { userId: null, linkTokenHash: await sha256Hex(link.token) },
      ].sort((a, b) => String(a.userId).localeCompare(String(b.userId))),
    );

    await runHousekeeping(db, env, new Date(Date.now() + 29 * 24 * 3600_000));
    expect((await page(member.client, `/events/${eventId}`)).status).toBe(410);
    await runHousekeeping(db, env, new Date(Date.now() + 31 * 24 * 3600_000));
    expect(await db.select().from(deletedEvents).where(eq(deletedEvents.eventId, eventId))).toEqual([]);
    const later = await page(member.client, `/events/${eventId}`);
    expect(later.status).toBe(404);
    expect(later.html).not.toContain(EVENT_DELETED);
  });

  it("a deletion refused (not the lead) leaves no notice", async () => {
    const lead = await signedInUser({ pro: true });
    const { eventId } = await eventWithPeople(lead.id);
    expect((await deleteEvent(member.client, eventId)).status).toBe(403);
    expect(await db.select().from(deletedEvents).where(eq(deletedEvents.eventId, eventId))).toEqual([]);
    expect((await page(member.client, `/events/${eventId}`)).status).toBe(200);
  });
});

describe("an event deleted with its lead's account", () => {
  it("says so to the team and the client link", async () => {
    const lead = await signedInUser({ pro: true });
    const { eventId, link, couple } = await eventWithPeople(lead.id);
    const gone = await lead.client.post("/settings/delete-account", { intent: "delete-account", password: VALID_SIGNUP.password, confirmation: "delete" });
    expect(gone.status).toBe(302);

    const shown = await page(member.client, `/events/${eventId}`);
    expect(shown.status).toBe(410);
    expect(shown.html).toContain(EVENT_DELETED);
    expect((await page(couple, `/client/view/${link.accessId}`)).html).toContain(EVENT_DELETED);
    expect((await page(stranger.client, `/events/${eventId}`)).status).toBe(404);
  });
});
