import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appliedMutations, events, eventSecondShooters, notifications, profiles, timelineBlocks } from "~/db/schema";
import type { MutationResult } from "~/modules/event/mutations";
import { NOTHING_TO_UNDO, SHIFT_REFUSALS, shiftBasis, shiftBlocksOf } from "~/modules/timeline/shift";
import { getDb } from "~/utils/db.server";
import { type Client, seedTeamEvent, sessionFor } from "./helpers";

// 'Running late' and 'Back on time' (docs/product/screens.md#running-late): one change of the
// one write path, the lead's alone, applied once, refused when the plan moved under it,
// and told to the team once, on each member's clock.

const db = getDb(env);

/** Getting Ready 13:00 (90), First Look 14:45 (30), Ceremony 15:30 fixed (30), Reception 17:00 (120). */
async function seed() {
  const fx = await seedTeamEvent({
    event: { title: "Emma & James Wedding" },
    blocks: [
      { title: "Getting Ready", blockType: "prep", startTime: "13:00", durationMinutes: 90, orderIndex: 0 },
      { title: "First Look", blockType: "first_look", startTime: "14:45", durationMinutes: 30, orderIndex: 1 },
      { title: "Ceremony", blockType: "ceremony", startTime: "15:30", durationMinutes: 30, orderIndex: 2, fixedTime: true },
      { title: "Reception", blockType: "reception", startTime: "17:00", durationMinutes: 120, orderIndex: 3 },
    ],
  });
  const [prep, look, ceremony, reception] = fx.blocks;
  return { ...fx, prep: prep!, look: look!, ceremony: ceremony!, reception: reception! };
}

const times = async (eventId: string) =>
  Object.fromEntries((await db.select().from(timelineBlocks).where(eq(timelineBlocks.eventId, eventId))).map((block) => [block.title, block.startTime]));

async function basisFrom(eventId: string, fromId: string) {
  return shiftBasis(shiftBlocksOf(await db.select().from(timelineBlocks).where(eq(timelineBlocks.eventId, eventId))), fromId)!;
}

async function send(client: Client, path: string, mutations: unknown[]) {
  const response = await client.post(path, { mutations: JSON.stringify(mutations) });
  const body = (await response.json()) as { results?: MutationResult[] };
  return { status: response.status, results: body.results ?? [] };
}

const shift = (id: string, minutes: number, basis: string) => ({ id: crypto.randomUUID(), name: "shift-block", args: { id, minutes, basis } });
const undo = () => ({ id: crypto.randomUUID(), name: "shift-block", args: { undo: true } });

describe("running late", () => {
  it("the lead's 30 minutes from First Look move every later block but the fixed Ceremony, which is squeezed; Back on time puts them back", async () => {
    const fx = await seed();
    const { path } = fx;
    const answer = await send(fx.lead.client, path, [shift(fx.look, 30, await basisFrom(fx.eventId, fx.look))]);
    expect(answer.results[0]).toMatchObject({ status: "applied" });
    expect(await times(fx.eventId)).toEqual({ "Getting Ready": "13:00", "First Look": "15:15", Ceremony: "15:30", Reception: "17:30" });
    const [event] = await db.select({ lastShift: events.lastShift }).from(events).where(eq(events.id, fx.eventId));
    expect(event!.lastShift).toMatchObject({ minutes: 30, moves: [{ id: fx.look, from: "14:45", to: "15:15" }, { id: fx.reception, from: "17:00", to: "17:30" }] });

    const back = await send(fx.lead.client, path, [undo()]);
    expect(back.results[0]).toMatchObject({ status: "applied" });
    expect(await times(fx.eventId)).toEqual({ "Getting Ready": "13:00", "First Look": "14:45", Ceremony: "15:30", Reception: "17:00" });
    // Put back once: a second 'Back on time' has nothing to undo.
    expect((await send(fx.lead.client, path, [undo()])).results[0]).toMatchObject({ status: "refused", code: 409, message: NOTHING_TO_UNDO });
  });

  it("the same shift sent twice (a retry) applies once", async () => {
    const fx = await seed();
    const { path } = fx;
    const mutation = shift(fx.look, 15, await basisFrom(fx.eventId, fx.look));
    expect((await send(fx.lead.client, path, [mutation])).results[0]).toMatchObject({ status: "applied" });
    expect((await send(fx.lead.client, path, [mutation])).results[0]).toMatchObject({ status: "applied", replay: true });
    expect(await times(fx.eventId)).toMatchObject({ "First Look": "15:00", Reception: "17:15" });
    expect(await db.select().from(appliedMutations).where(and(eq(appliedMutations.eventId, fx.eventId), eq(appliedMutations.name, "shift-block")))).toHaveLength(1);
  });

  it("two phones pressing it at once on the same plan shift once; the other is told the plan moved", async () => {
    const fx = await seed();
    const { path } = fx;
    const basis = await basisFrom(fx.eventId, fx.look);
    const answers = await Promise.all([send(fx.lead.client, path, [shift(fx.look, 30, basis)]), send(fx.lead.client, path, [shift(fx.look, 30, basis)])]);
    const results = answers.map((answer) => answer.results[0]!);
    expect(results.filter((result) => result.status === "applied")).toHaveLength(1);
    expect(results.find((result) => result.status === "refused")).toMatchObject({ code: 409, message: SHIFT_REFUSALS.moved });
    expect(await times(fx.eventId)).toMatchObject({ "First Look": "15:15", Reception: "17:30" });
  });

  it("a shift computed on times that moved since (made offline) is refused and changes nothing", async () => {
    const fx = await seed();
    const { path } = fx;
    const stale = await basisFrom(fx.eventId, fx.look);
    await db.update(timelineBlocks).set({ startTime: "17:15" }).where(eq(timelineBlocks.id, fx.reception));
    const before = await times(fx.eventId);
    expect((await send(fx.lead.client, path, [shift(fx.look, 10, stale)])).results[0]).toMatchObject({ status: "refused", code: 409, message: SHIFT_REFUSALS.moved });
    expect(await times(fx.eventId)).toEqual(before);
  });

  it("minutes outside 1 to 720, or not whole, are refused (400) and nothing changes", async () => {
    const fx = await seed();
    const { path } = fx;
    const basis = await basisFrom(fx.eventId, fx.look);
    for (const minutes of [0, -5, 721, 2.5]) expect((await send(fx.lead.client, path, [shift(fx.look, minutes, basis)])).status).toBe(400);
    expect(await times(fx.eventId)).toMatchObject({ "First Look": "14:45" });
  });

  it("only the lead: a team member and a client link with every flag are refused, a stranger gets 404; nothing changes", async () => {
    const fx = await seed();
    const { path } = fx;
    const basis = await basisFrom(fx.eventId, fx.look);
    const before = await times(fx.eventId);
    expect((await send(fx.member.client, path, [shift(fx.look, 30, basis)])).results[0]).toMatchObject({ status: "refused", code: 403 });
    expect((await send(fx.member.client, path, [undo()])).results[0]).toMatchObject({ status: "refused", code: 403 });
    const link = await fx.clientLink();
    expect((await send(link.client, link.path, [shift(fx.look, 30, basis)])).results[0]).toMatchObject({ status: "refused", code: 403 });
    const stranger = await sessionFor();
    expect((await send(stranger.client, path, [shift(fx.look, 30, basis)])).status).toBe(404);
    // The form too.
    expect((await fx.member.client.post(`/events/${fx.eventId}`, { intent: "shift-block", id: fx.look, minutes: "30", basis })).status).toBe(403);
    expect(await times(fx.eventId)).toEqual(before);
  });

  it("the team is told once, 'Running N min late — next: {block} at {time}', on each member's clock; Back on time tells no one", async () => {
    const fx = await seed();
    const other = await sessionFor({ firstName: "Sam", lastName: "Third" });
    await db.batch([
      db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId: fx.eventId, userId: other.id, status: "accepted" }),
      db.update(profiles).set({ timeFormat: "24h" }).where(eq(profiles.userId, other.id)),
    ]);
    const { path } = fx;
    await send(fx.lead.client, path, [shift(fx.look, 30, await basisFrom(fx.eventId, fx.look))]);
    await send(fx.lead.client, path, [undo()]);
    const told = await db.select().from(notifications).where(eq(notifications.eventId, fx.eventId));
    expect(told.map((row) => [row.userId, row.title, row.message]).sort()).toEqual(
      [
        [fx.member.id, "Running Late", "Running 30 min late — next: First Look at 3:15 PM (Emma & James Wedding)."],
        [other.id, "Running Late", "Running 30 min late — next: First Look at 15:15 (Emma & James Wedding)."],
      ].sort(),
    );
  });
});
