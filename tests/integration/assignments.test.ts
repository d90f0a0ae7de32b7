import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { eventSecondShooters, notifications, shotListItems, timelineBlocks } from "~/db/schema";
import type { MutationResult } from "~/modules/event/mutations";
import { NOT_ON_TEAM } from "~/modules/team/assignees";
import { leaveEvent, removeTeamRow } from "~/modules/team/service.server";
import { getDb } from "~/utils/db.server";
import { createEvent } from "../factories";
import { type Client, createClient, insertClientLink, sessionFor } from "./helpers";

// Who shoots what (docs/product/screens.md#who-shoots-what): the lead assigns blocks and
// shots to the team; those newly assigned are told once; a client link never sees or sets
// it; a member off the team is off every row.

const db = getDb(env);
const ALL = { canEditPeople: true, canEditTimeline: true, canEditShots: true, canEditVendors: true };

let lead: Awaited<ReturnType<typeof sessionFor>>;
let alex: Awaited<ReturnType<typeof sessionFor>>;
let sam: Awaited<ReturnType<typeof sessionFor>>;
beforeEach(async () => {
  lead = await sessionFor({ firstName: "Maya", lastName: "Lead" });
  alex = await sessionFor({ firstName: "Alex", lastName: "Second" });
  sam = await sessionFor({ firstName: "Sam", lastName: "Third" });
});

async function seed() {
  const event = await createEvent(db, lead.id, { title: "Emma & James Wedding" });
  const [block, shot, alexRow, samRow] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  await db.batch([
    db.insert(timelineBlocks).values({ id: block, eventId: event.id, title: "First Look", blockType: "first_look", startTime: "14:00", durationMinutes: 30, orderIndex: 0 }),
    db.insert(shotListItems).values({ id: shot, eventId: event.id, title: "Veil reveal", category: "first_look", orderIndex: 0 }),
    db.insert(eventSecondShooters).values([
      { id: alexRow, eventId: event.id, userId: alex.id, status: "accepted" },
      { id: samRow, eventId: event.id, userId: sam.id, status: "accepted" },
    ]),
  ]);
  return { eventId: event.id, title: event.title, block, shot, alexRow, samRow, path: `/events/${event.id}/mutations` };
}

async function send(client: Client, path: string, mutations: unknown[]) {
  const response = await client.post(path, { mutations: JSON.stringify(mutations) });
  const body = (await response.json()) as { results?: MutationResult[] };
  return { status: response.status, results: body.results ?? [] };
}

const assign = (kind: "block" | "shot", id: string, userIds: string[]) => ({ id: crypto.randomUUID(), name: `assign-${kind}`, args: { id, userIds } });
const assigneesOf = async (fx: Awaited<ReturnType<typeof seed>>) => ({
  block: (await db.select().from(timelineBlocks).where(eq(timelineBlocks.id, fx.block)))[0]!.assignees,
  shot: (await db.select().from(shotListItems).where(eq(shotListItems.id, fx.shot)))[0]!.assignees,
});
const notesOf = (userId: string) => db.select().from(notifications).where(eq(notifications.userId, userId));

describe("who shoots what", () => {
  it("the lead assigns a block and a shot; each newly assigned member is told once, the lead is not", async () => {
    const fx = await seed();
    const answer = await send(lead.client, fx.path, [assign("block", fx.block, [alex.id, lead.id]), assign("shot", fx.shot, [alex.id])]);
    expect(answer.results.map((result) => result.status)).toEqual(["applied", "applied"]);
    expect(answer.results[0]).toMatchObject({ row: { id: fx.block, assignees: [alex.id, lead.id].sort() } });
    expect(await assigneesOf(fx)).toEqual({ block: [alex.id, lead.id].sort(), shot: [alex.id] });
    const told = await notesOf(alex.id);
    expect(told.map((note) => [note.title, note.message])).toEqual(
      expect.arrayContaining([
        ["Assigned to You", `Maya Lead assigned you "First Look" (${fx.title}).`],
        ["Assigned to You", `Maya Lead assigned you "Veil reveal" (${fx.title}).`],
      ]),
    );
    expect(told).toHaveLength(2);
    expect(await notesOf(lead.id)).toEqual([]);
    expect(await notesOf(sam.id)).toEqual([]);

    // Sam joins Alex on the block: only Sam is told.
    await send(lead.client, fx.path, [assign("block", fx.block, [alex.id, sam.id])]);
    expect(await notesOf(alex.id)).toHaveLength(2);
    expect((await notesOf(sam.id)).map((note) => note.message)).toEqual([`Maya Lead assigned you "First Look" (${fx.title}).`]);
    expect((await assigneesOf(fx)).block).toEqual([alex.id, sam.id].sort());
  });

  it("the same assignment sent twice (a retry) applies once and tells once", async () => {
    const fx = await seed();
    const mutation = assign("block", fx.block, [alex.id]);
    expect((await send(lead.client, fx.path, [mutation])).results[0]).toMatchObject({ status: "applied" });
    expect((await send(lead.client, fx.path, [mutation])).results[0]).toMatchObject({ status: "applied", replay: true });
    expect(await notesOf(alex.id)).toHaveLength(1);
  });

  it("someone not on the team is refused with its words, and nothing changes", async () => {
    const fx = await seed();
    const stranger = await sessionFor();
    const answer = await send(lead.client, fx.path, [assign("block", fx.block, [alex.id, stranger.id])]);
    expect(answer.results[0]).toMatchObject({ status: "refused", code: 400, message: NOT_ON_TEAM });
    expect(await assigneesOf(fx)).toEqual({ block: [], shot: [] });
    expect(await notesOf(alex.id)).toEqual([]);
    // A member who declined is not on the team either.
    await db.update(eventSecondShooters).set({ status: "declined" }).where(eq(eventSecondShooters.id, fx.samRow));
    expect((await send(lead.client, fx.path, [assign("shot", fx.shot, [sam.id])])).results[0]).toMatchObject({ status: "refused", message: NOT_ON_TEAM });
  });

  it("only the lead assigns: a team member and a client link with every flag are refused, a stranger gets 404; nothing changes", async () => {
    const fx = await seed();
    expect((await send(alex.client, fx.path, [assign("block", fx.block, [alex.id])])).results[0]).toMatchObject({ status: "refused", code: 403 });
    expect((await send(alex.client, fx.path, [assign("shot", fx.shot, [alex.id])])).results[0]).toMatchObject({ status: "refused", code: 403 });
    const { token, accessId } = await insertClientLink(fx.eventId, ALL);
    const couple = createClient();
    couple.jar.set(`ef_client_${accessId}`, token);
    expect((await send(couple, `/client/view/${accessId}/mutations`, [assign("shot", fx.shot, [alex.id])])).results[0]).toMatchObject({ status: "refused", code: 403 });
    expect((await couple.post(`/client/view/${accessId}`, { intent: "assign-block", id: fx.block, userIds: alex.id })).status).toBe(403);
    const stranger = await sessionFor();
    expect((await send(stranger.client, fx.path, [assign("block", fx.block, [stranger.id])])).status).toBe(404);
    // Without JavaScript, the form: refused to the member too.
    expect((await alex.client.post(`/events/${fx.eventId}`, { intent: "assign-block", id: fx.block, userIds: alex.id })).status).toBe(403);
    expect(await assigneesOf(fx)).toEqual({ block: [], shot: [] });
  });

  it("the team sees assignments; a client link is never given them", async () => {
    const fx = await seed();
    await send(lead.client, fx.path, [assign("block", fx.block, [alex.id]), assign("shot", fx.shot, [alex.id])]);
    const team = await (await alex.client.get(`/events/${fx.eventId}/lists`, { Accept: "application/json" })).text();
    expect(team).toContain(alex.id);
    const { token, accessId } = await insertClientLink(fx.eventId, ALL);
    const couple = createClient();
    couple.jar.set(`ef_client_${accessId}`, token);
    for (const tab of ["", "?tab=shots"]) {
      const html = await (await couple.get(`/client/view/${accessId}${tab}`)).text();
      expect(html).not.toContain(alex.id);
      expect(html).not.toContain("assignees");
    }
    const data = await (await couple.get(`/client/view/${accessId}.data`)).text();
    expect(data).not.toContain(alex.id);
  });

  it("a member removed from the team, or who leaves, is off every block and shot; the others stay", async () => {
    const fx = await seed();
    await send(lead.client, fx.path, [assign("block", fx.block, [alex.id, sam.id, lead.id]), assign("shot", fx.shot, [alex.id, sam.id])]);
    expect(await removeTeamRow(db, fx.eventId, "member", fx.alexRow)).toBeTruthy();
    expect(await assigneesOf(fx)).toEqual({ block: [sam.id, lead.id].sort(), shot: [sam.id] });
    await leaveEvent(db, env, { id: fx.eventId, title: fx.title, leadPhotographerId: lead.id } as Parameters<typeof leaveEvent>[2], { firstName: "Sam", lastName: "Third", userId: sam.id, email: sam.email } as Parameters<typeof leaveEvent>[3]);
    expect(await assigneesOf(fx)).toEqual({ block: [lead.id], shot: [] });
  });
});
