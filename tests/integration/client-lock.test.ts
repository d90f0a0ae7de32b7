import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { events, eventSecondShooters, notifications, shotListItems, timelineBlocks } from "~/db/schema";
import { CLIENT_EDITS_LOCKED } from "~/modules/event/client-lock";
import type { MutationResult } from "~/modules/event/mutations";
import { todayIn } from "~/modules/event/status";
import { getDb } from "~/utils/db.server";
import { createEvent } from "../factories";
import { type Client, createClient, eventLists, insertClientLink, sessionFor } from "./helpers";

// 'Client edits lock on' (docs/product/screens.md#edit-event): from the lock date, in the
// event's time zone, a client link only views; its writes are refused with the lock's
// words, through the portal's forms and its outbox alike. The lead and the team are not locked.

const db = getDb(env);
const ALL = { canEditPeople: true, canEditTimeline: true, canEditShots: true, canEditVendors: true };
// Kiritimati is 25 hours ahead of Pago Pago: its today is always a later date.
const AHEAD = "Pacific/Kiritimati";
const BEHIND = "Pacific/Pago_Pago";

let lead: Awaited<ReturnType<typeof sessionFor>>;
let member: Awaited<ReturnType<typeof sessionFor>>;
beforeEach(async () => {
  lead = await sessionFor({ firstName: "Maya", lastName: "Lead" });
  member = await sessionFor({ firstName: "Alex", lastName: "Second" });
});

/** An event of `owner` (one each: the factory makes the lead's organization with it). */
async function seed(event: { timeZone?: string; clientEditsLockOn?: string | null } = {}, owner = lead) {
  const created = await createEvent(db, owner.id, { title: "Emma & James Wedding", date: "2027-06-12", timeZone: event.timeZone ?? "America/New_York", clientEditsLockOn: event.clientEditsLockOn ?? null });
  const block = crypto.randomUUID();
  const shot = crypto.randomUUID();
  await db.batch([
    db.insert(timelineBlocks).values({ id: block, eventId: created.id, title: "Ceremony", blockType: "ceremony", startTime: "16:00", durationMinutes: 30, orderIndex: 0 }),
    db.insert(shotListItems).values({ id: shot, eventId: created.id, title: "Rings", category: "details", orderIndex: 0 }),
    db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId: created.id, userId: member.id, status: "accepted" }),
  ]);
  const { token, accessId } = await insertClientLink(created.id, ALL);
  const couple = createClient();
  couple.jar.set(`ef_client_${accessId}`, token);
  return { eventId: created.id, block, shot, accessId, couple, portal: `/client/view/${accessId}` };
}

async function send(client: Client, path: string, mutations: unknown[]) {
  const response = await client.post(path, { mutations: JSON.stringify(mutations) });
  const body = (await response.json()) as { results?: MutationResult[] };
  return { status: response.status, results: body.results ?? [] };
}

const toggleShot = (id: string, done: boolean) => ({ id: crypto.randomUUID(), name: "toggle-shot", args: { id, done } });
const addPerson = () => ({ id: crypto.randomUUID(), name: "add-person", args: { id: crypto.randomUUID(), values: { firstName: "Rosa", role: "parent" } } });
const clientNotes = async () => (await db.select().from(notifications).where(eq(notifications.userId, lead.id))).filter((note) => note.title === "Client Update");

describe("client edits lock", () => {
  it("the lead sets the date in Edit Event, clears it, and a date that is not one is refused with its message", async () => {
    const fx = await seed();
    const form = { intent: "edit-event", title: "Emma & James Wedding", date: "2027-06-12", status: "auto" };
    const set = await lead.client.post(`/events/${fx.eventId}?dialog=edit-event`, { ...form, clientEditsLockOn: "2027-06-10" });
    expect(set.status).toBe(302);
    expect((await db.select().from(events).where(eq(events.id, fx.eventId)))[0]!.clientEditsLockOn).toBe("2027-06-10");

    const bad = await lead.client.post(`/events/${fx.eventId}?dialog=edit-event`, { ...form, clientEditsLockOn: "2027-02-30" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter a valid date");
    expect((await db.select().from(events).where(eq(events.id, fx.eventId)))[0]!.clientEditsLockOn).toBe("2027-06-10");

    expect((await lead.client.post(`/events/${fx.eventId}?dialog=edit-event`, { ...form, clientEditsLockOn: "" })).status).toBe(302);
    expect((await db.select().from(events).where(eq(events.id, fx.eventId)))[0]!.clientEditsLockOn).toBeNull();
  });

  it("only the lead sets it: a team member and a client link are refused, nothing changes", async () => {
    const fx = await seed();
    const edit = { id: crypto.randomUUID(), name: "edit-event", args: { values: { title: "Emma & James Wedding", date: "2027-06-12", status: "auto", clientEditsLockOn: "2027-06-10" } } };
    expect((await send(member.client, `/events/${fx.eventId}/mutations`, [edit])).results[0]).toMatchObject({ status: "refused", code: 403 });
    expect((await send(fx.couple, `${fx.portal}/mutations`, [{ ...edit, id: crypto.randomUUID() }])).results[0]).toMatchObject({ status: "refused" });
    expect((await db.select().from(events).where(eq(events.id, fx.eventId)))[0]!.clientEditsLockOn).toBeNull();
  });

  it("from the lock date a client's writes are refused with its words, by form and by outbox, and change nothing", async () => {
    const fx = await seed({ clientEditsLockOn: "2020-01-01" });
    const before = await eventLists(fx.eventId);
    // A portal form.
    const form = await fx.couple.post(`${fx.portal}?dialog=add-person`, { intent: "add-person", firstName: "Rosa", role: "parent" });
    expect(form.status).toBe(403);
    expect(await form.text()).toContain(CLIENT_EDITS_LOCKED);
    // The outbox: changes queued on the device before the lock, sent after it.
    const sent = await send(fx.couple, `${fx.portal}/mutations`, [toggleShot(fx.shot, true), addPerson()]);
    expect(sent.results).toHaveLength(2);
    for (const result of sent.results) expect(result).toMatchObject({ status: "refused", code: 403, message: CLIENT_EDITS_LOCKED });
    expect(await eventLists(fx.eventId)).toEqual(before);
    expect(await clientNotes()).toEqual([]);
  });

  it("the lock date is the event's: locked where it has come in the event's zone, open where it has not", async () => {
    const lockOn = todayIn(AHEAD);
    const locked = await seed({ timeZone: AHEAD, clientEditsLockOn: lockOn });
    expect((await send(locked.couple, `${locked.portal}/mutations`, [toggleShot(locked.shot, true)])).results[0]).toMatchObject({ status: "refused", message: CLIENT_EDITS_LOCKED });
    const open = await seed({ timeZone: BEHIND, clientEditsLockOn: lockOn }, await sessionFor());
    expect((await send(open.couple, `${open.portal}/mutations`, [toggleShot(open.shot, true)])).results[0]).toMatchObject({ status: "applied" });
  });

  it("the lead and the team are not locked", async () => {
    const fx = await seed({ clientEditsLockOn: "2020-01-01" });
    expect((await send(lead.client, `/events/${fx.eventId}/mutations`, [toggleShot(fx.shot, true)])).results[0]).toMatchObject({ status: "applied" });
    expect((await send(member.client, `/events/${fx.eventId}/mutations`, [toggleShot(fx.shot, false)])).results[0]).toMatchObject({ status: "applied" });
    expect((await send(member.client, `/events/${fx.eventId}/mutations`, [addPerson()])).results[0]).toMatchObject({ status: "applied" });
  });

  it("a change the client made before the lock, sent again after it (a retry), is answered as made, not refused", async () => {
    const fx = await seed();
    const mutation = toggleShot(fx.shot, true);
    expect((await send(fx.couple, `${fx.portal}/mutations`, [mutation])).results[0]).toMatchObject({ status: "applied" });
    await db.update(events).set({ clientEditsLockOn: "2020-01-01" }).where(eq(events.id, fx.eventId));
    expect((await send(fx.couple, `${fx.portal}/mutations`, [mutation])).results[0]).toMatchObject({ status: "applied", replay: true });
    // A new one is refused.
    expect((await send(fx.couple, `${fx.portal}/mutations`, [toggleShot(fx.shot, false)])).results[0]).toMatchObject({ status: "refused", message: CLIENT_EDITS_LOCKED });
  });

  it("the locked portal offers no edit controls and says why; before the date it says when", async () => {
    const fx = await seed({ clientEditsLockOn: "2020-01-01" });
    const page = await (await fx.couple.get(fx.portal)).text();
    expect(page).toContain(CLIENT_EDITS_LOCKED);
    expect(page).not.toContain("Add Block");
    expect(page).toContain("editing disabled");
    const shots = await (await fx.couple.get(`${fx.portal}?tab=shots`)).text();
    expect(shots).not.toContain("Add Shot");
    // A dialog the URL asks for does not open.
    const dialog = await (await fx.couple.get(`${fx.portal}?dialog=add-block`)).text();
    expect(dialog).not.toContain("Add Block");
    expect(dialog).not.toContain(`name="title"`);

    const later = await seed({ clientEditsLockOn: "2099-06-10" }, await sessionFor());
    const open = await (await later.couple.get(later.portal)).text();
    expect(open).toContain("Add Block");
    expect(open).toContain("Changes lock on");
    expect(open).not.toContain(CLIENT_EDITS_LOCKED);
  });
});

describe("venue location", () => {
  const form = { intent: "edit-event", title: "Emma & James Wedding", date: "2027-06-12", status: "auto" };
  const stored = async (eventId: string) => {
    const [row] = await db.select({ latitude: events.venueLatitude, longitude: events.venueLongitude }).from(events).where(eq(events.id, eventId));
    return row;
  };

  it("the lead types it in Edit Event; both or neither, each in range; cleared, it is none; the couple's portal is given it", async () => {
    const fx = await seed();
    const page = `/events/${fx.eventId}?dialog=edit-event`;
    expect((await lead.client.post(page, { ...form, venueLatitude: "35.579", venueLongitude: "-82.67" })).status).toBe(302);
    expect(await stored(fx.eventId)).toEqual({ latitude: 35.579, longitude: -82.67 });
    const portal = await (await fx.couple.get(fx.portal)).text();
    expect(portal).toContain("35.579");
    expect(portal).toContain("Golden hour");

    for (const [fields, message] of [
      [{ venueLatitude: "91", venueLongitude: "10" }, "Latitude must be a number between -90 and 90"],
      [{ venueLatitude: "10", venueLongitude: "-180.5" }, "Longitude must be a number between -180 and 180"],
      [{ venueLatitude: "north", venueLongitude: "10" }, "Latitude must be a number between -90 and 90"],
      [{ venueLatitude: "35.5", venueLongitude: "" }, "Enter both latitude and longitude, or neither"],
    ] as const) {
      const response = await lead.client.post(page, { ...form, ...fields });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect(await stored(fx.eventId)).toEqual({ latitude: 35.579, longitude: -82.67 });

    expect((await lead.client.post(page, { ...form, venueLatitude: "", venueLongitude: "" })).status).toBe(302);
    expect(await stored(fx.eventId)).toEqual({ latitude: null, longitude: null });
  });

  it("only the lead sets it: a team member and a client link are refused, nothing changes", async () => {
    const fx = await seed();
    const values = { title: "Emma & James Wedding", date: "2027-06-12", status: "auto", venueLatitude: "35.579", venueLongitude: "-82.67" };
    expect((await send(member.client, `/events/${fx.eventId}/mutations`, [{ id: crypto.randomUUID(), name: "edit-event", args: { values } }])).results[0]).toMatchObject({ status: "refused", code: 403 });
    expect((await fx.couple.post(fx.portal, { ...form, venueLatitude: "35.579", venueLongitude: "-82.67" })).status).toBe(403);
    expect(await stored(fx.eventId)).toEqual({ latitude: null, longitude: null });
  });
});
