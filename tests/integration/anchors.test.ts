import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { events, eventSecondShooters, timelineBlocks } from "~/db/schema";
import type { MutationResult } from "~/modules/event/mutations";
import { lightOf } from "~/modules/timeline/light-rows";
import { shiftBasis, shiftBlocksOf } from "~/modules/timeline/shift";
import { anchorTime } from "~/modules/timeline/sun";
import { getDb } from "~/utils/db.server";
import { createEvent } from "../factories";
import { type Client, createClient, insertClientLink, sessionFor } from "./helpers";

// 'Anchor to' (docs/product/screens.md#the-light): an anchored block's start is the sun's,
// set by the server from the event's date and venue; it moves with an edit of the event's
// date or place, in the same change, and never with 'Running late'. Only the lead anchors.

const db = getDb(env);
const ALL = { canEditPeople: true, canEditTimeline: true, canEditShots: true, canEditVendors: true };
const BARN = { timeZone: "America/New_York", venueLatitude: 35.579, venueLongitude: -82.67 };
const RALEIGH = { venueLatitude: 35.7796, venueLongitude: -78.6382 };
const at = (date: string, anchor: "sunset" | "golden_hour_start" | "golden_hour_end", offset: number, place: { venueLatitude: number; venueLongitude: number } = BARN) =>
  anchorTime(lightOf({ date, timeZone: BARN.timeZone, ...place }), anchor, offset)!;

let lead: Awaited<ReturnType<typeof sessionFor>>;
let member: Awaited<ReturnType<typeof sessionFor>>;
beforeEach(async () => {
  lead = await sessionFor({ firstName: "Maya", lastName: "Lead" });
  member = await sessionFor({ firstName: "Alex", lastName: "Second" });
});

/** A June wedding at the barn: Ceremony 16:00, Portraits 12:00 (to be anchored), Reception 18:00. */
async function seed(place: Partial<typeof BARN> = BARN) {
  const event = await createEvent(db, lead.id, { title: "Emma & James Wedding", date: "2027-06-19", ...BARN, ...place });
  const [ceremony, portraits, reception] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  await db.batch([
    db.insert(timelineBlocks).values([
      { id: ceremony!, eventId: event.id, title: "Ceremony", blockType: "ceremony", startTime: "16:00", durationMinutes: 30, orderIndex: 0 },
      { id: portraits!, eventId: event.id, title: "Portraits", blockType: "portrait", startTime: "12:00", durationMinutes: 20, orderIndex: 1 },
      { id: reception!, eventId: event.id, title: "Reception", blockType: "reception", startTime: "18:00", durationMinutes: 120, orderIndex: 2 },
    ]),
    db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId: event.id, userId: member.id, status: "accepted" }),
  ]);
  const { token, accessId } = await insertClientLink(event.id, ALL);
  const couple = createClient();
  couple.jar.set(`ef_client_${accessId}`, token);
  return { eventId: event.id, ceremony: ceremony!, portraits: portraits!, reception: reception!, couple, path: `/events/${event.id}/mutations`, portal: `/client/view/${accessId}/mutations` };
}

async function send(client: Client, path: string, mutations: unknown[]) {
  const response = await client.post(path, { mutations: JSON.stringify(mutations) });
  const body = (await response.json()) as { results?: MutationResult[] };
  return { status: response.status, results: body.results ?? [] };
}

const blockValues = { title: "Portraits", blockType: "portrait", durationMinutes: "20" };
const editBlock = (id: string, values: Record<string, string>) => ({ id: crypto.randomUUID(), name: "edit-block", args: { id, values: { ...blockValues, ...values } } });
const editEvent = (values: Record<string, string>) => ({
  id: crypto.randomUUID(),
  name: "edit-event",
  args: { values: { title: "Emma & James Wedding", date: "2027-06-19", status: "auto", timeZone: BARN.timeZone, venueLatitude: "35.579", venueLongitude: "-82.67", ...values } },
});
const rowOf = async (id: string) => (await db.select().from(timelineBlocks).where(eq(timelineBlocks.id, id)))[0]!;

describe("anchor to the light", () => {
  it("the lead anchors a block 20 minutes before golden hour's start: the server sets its start from the sun, whatever was sent", async () => {
    const fx = await seed();
    const { results } = await send(lead.client, fx.path, [editBlock(fx.portraits, { startTime: "09:00", anchor: "golden_hour_start", anchorOffsetMinutes: "20", anchorSide: "before" })]);
    expect(results[0]).toMatchObject({ status: "applied" });
    const row = await rowOf(fx.portraits);
    expect(row).toMatchObject({ anchor: "golden_hour_start", anchorOffsetMinutes: -20, startTime: at("2027-06-19", "golden_hour_start", -20) });
    expect(row.startTime! > "19:00").toBe(true);

    // An anchored block added the same way; with no anchor again, it keeps the start typed.
    const added = crypto.randomUUID();
    const add = { id: crypto.randomUUID(), name: "add-block", args: { id: added, values: { ...blockValues, title: "Sunset Portraits", anchor: "sunset", anchorOffsetMinutes: "0" } } };
    expect((await send(lead.client, fx.path, [add])).results[0]).toMatchObject({ status: "applied" });
    expect(await rowOf(added)).toMatchObject({ anchor: "sunset", startTime: at("2027-06-19", "sunset", 0) });
    await send(lead.client, fx.path, [editBlock(fx.portraits, { startTime: "12:30" })]);
    expect(await rowOf(fx.portraits)).toMatchObject({ anchor: null, anchorOffsetMinutes: 0, startTime: "12:30" });
  });

  it("refuses an anchor without a venue location, with its words; nothing changes", async () => {
    const fx = await seed({ venueLatitude: null as unknown as number, venueLongitude: null as unknown as number });
    const none = await send(lead.client, fx.path, [editBlock(fx.portraits, { startTime: "12:00", anchor: "sunset" })]);
    expect(none.results[0]).toMatchObject({ status: "refused", code: 400, message: "Add the venue's location in Edit event to anchor a block to the light." });
    expect(await rowOf(fx.portraits)).toMatchObject({ anchor: null, startTime: "12:00" });
  });

  it("refuses an anchor whose time leaves the event's day, or minutes over 240, with their words; nothing changes", async () => {
    const far = await seed();
    const late = await send(lead.client, far.path, [editBlock(far.portraits, { startTime: "12:00", anchor: "golden_hour_end", anchorOffsetMinutes: "240", anchorSide: "after" })]);
    expect(late.results[0]).toMatchObject({ status: "refused", code: 400, message: "That time is not on the event's day at the venue. Choose fewer minutes or another anchor." });
    const bad = await send(lead.client, far.path, [editBlock(far.portraits, { startTime: "12:00", anchor: "sunset", anchorOffsetMinutes: "241" })]);
    expect(bad.results[0]).toMatchObject({ status: "refused", code: 400, message: "Minutes must be a whole number from 0 to 240" });
    expect(await rowOf(far.portraits)).toMatchObject({ anchor: null, startTime: "12:00" });
  });

  it("only the lead anchors: a team member is refused (403), a client link's anchor is refused and a stranger is not let in; nothing changes", async () => {
    const fx = await seed();
    const anchorIt = () => editBlock(fx.portraits, { startTime: "12:00", anchor: "sunset" });
    expect((await send(member.client, fx.path, [anchorIt()])).results[0]).toMatchObject({ status: "refused", code: 403 });
    expect((await send(fx.couple, fx.portal, [anchorIt()])).results[0]).toMatchObject({ status: "refused", code: 403 });
    const stranger = await sessionFor();
    const strangers = await send(stranger.client, fx.path, [anchorIt()]);
    expect(strangers.status === 404 || strangers.results[0]?.status === "refused", JSON.stringify(strangers)).toBe(true);
    expect(await rowOf(fx.portraits)).toMatchObject({ anchor: null, startTime: "12:00" });
    // The couple's own edit of the block (no anchor field) is theirs to make, and anchors nothing.
    const theirs = { id: crypto.randomUUID(), name: "edit-block", args: { id: fx.portraits, values: { ...blockValues, startTime: "12:15" } } };
    expect((await send(fx.couple, fx.portal, [theirs])).results[0]).toMatchObject({ status: "applied" });
    expect(await rowOf(fx.portraits)).toMatchObject({ anchor: null, startTime: "12:15" });
  });

  it("moves with the event's date and place in the edit's own change, and only the lead moves the place", async () => {
    const fx = await seed();
    await send(lead.client, fx.path, [editBlock(fx.portraits, { startTime: "12:00", anchor: "golden_hour_start", anchorOffsetMinutes: "10", anchorSide: "after" })]);
    await send(lead.client, fx.path, [{ ...editBlock(fx.reception, { title: "Reception", blockType: "reception", durationMinutes: "120", startTime: "18:00", anchor: "sunset", anchorOffsetMinutes: "30", anchorSide: "before" }) }]);

    // A winter date: hours earlier.
    expect((await send(lead.client, fx.path, [editEvent({ date: "2027-01-12" })])).results[0]).toMatchObject({ status: "applied" });
    expect(await rowOf(fx.portraits)).toMatchObject({ startTime: at("2027-01-12", "golden_hour_start", 10) });
    expect(await rowOf(fx.reception)).toMatchObject({ startTime: at("2027-01-12", "sunset", -30) });
    expect(await rowOf(fx.ceremony)).toMatchObject({ startTime: "16:00" });

    // Another place (Raleigh, east of the barn: the sun sets earlier on the same clock).
    await send(lead.client, fx.path, [editEvent({ date: "2027-01-12", venueLatitude: String(RALEIGH.venueLatitude), venueLongitude: String(RALEIGH.venueLongitude) })]);
    expect(await rowOf(fx.portraits)).toMatchObject({ startTime: at("2027-01-12", "golden_hour_start", 10, RALEIGH) });
    expect(at("2027-01-12", "golden_hour_start", 10, RALEIGH) < at("2027-01-12", "golden_hour_start", 10)).toBe(true);

    // The location cleared: the blocks keep their times and their anchors.
    const before = await rowOf(fx.portraits);
    await send(lead.client, fx.path, [editEvent({ date: "2027-06-19", venueLatitude: "", venueLongitude: "" })]);
    expect(await rowOf(fx.portraits)).toMatchObject({ anchor: "golden_hour_start", startTime: before.startTime });

    // A team member's edit of the event is refused: nothing moves.
    await send(lead.client, fx.path, [editEvent({ date: "2027-06-19" })]);
    const june = (await rowOf(fx.portraits)).startTime;
    expect(june).toBe(at("2027-06-19", "golden_hour_start", 10));
    expect((await send(member.client, fx.path, [editEvent({ date: "2027-01-12" })])).results[0]).toMatchObject({ status: "refused", code: 403 });
    expect((await db.select().from(events).where(eq(events.id, fx.eventId)))[0]!.date).toBe("2027-06-19");
    expect((await rowOf(fx.portraits)).startTime).toBe(june);
  });

  it("is never moved by 'Running late', which moves the blocks around it", async () => {
    const fx = await seed();
    await send(lead.client, fx.path, [editBlock(fx.portraits, { startTime: "12:00", anchor: "sunset", anchorOffsetMinutes: "0" })]);
    const sunset = (await rowOf(fx.portraits)).startTime;
    const basis = shiftBasis(shiftBlocksOf(await db.select().from(timelineBlocks).where(eq(timelineBlocks.eventId, fx.eventId))), fx.ceremony)!;
    const shift = { id: crypto.randomUUID(), name: "shift-block", args: { id: fx.ceremony, minutes: 30, basis } };
    expect((await send(lead.client, fx.path, [shift])).results[0]).toMatchObject({ status: "applied" });
    expect(await rowOf(fx.ceremony)).toMatchObject({ startTime: "16:30" });
    expect(await rowOf(fx.reception)).toMatchObject({ startTime: "18:30" });
    expect(await rowOf(fx.portraits)).toMatchObject({ startTime: sunset });
  });
});
