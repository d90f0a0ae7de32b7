import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shotListItems, timelineBlocks } from "~/db/schema";
import type { MutationResult } from "~/modules/event/mutations";
import { getDb } from "~/utils/db.server";
import { type Client, seedTeamEvent, sessionFor } from "./helpers";

// Run mode (docs/product/screens.md#run-the-day): its Done and Skip are check-offs of a
// block, through the dashboard's form and the outbox alike; the page reads the whole
// timeline and shot list with the access check.

const db = getDb(env);

async function seed() {
  const fx = await seedTeamEvent(
    {
      event: { coupleNames: "Emma & James", venue: "Willow Creek Barn" },
      blocks: [0, 1].map((i) => ({ title: `Block ${i}`, blockType: "portrait" as const, startTime: `1${i}:00`, orderIndex: i })),
      shots: [{ title: "Full wedding party", category: "wedding_party", orderIndex: 0 }],
    },
    { member: { firstName: "Sam", lastName: "Second" } },
  );
  return { ...fx, shot: fx.shots[0]! };
}

const blockRow = async (id: string) => (await db.select().from(timelineBlocks).where(eq(timelineBlocks.id, id)))[0]!;

async function send(client: Client, path: string, mutations: unknown[]) {
  const response = await client.post(path, { mutations: JSON.stringify(mutations) });
  const body = (await response.json()) as { results?: MutationResult[] };
  return { status: response.status, results: body.results ?? [] };
}

describe("run mode's Done and Skip", () => {
  it("a team member skips a block through the outbox: done and skipped; checking it off again clears the skip", async () => {
    const fx = await seed();
    const { path } = fx;
    const skipped = await send(fx.member.client, path, [{ id: crypto.randomUUID(), name: "toggle-block", args: { id: fx.blocks[0], done: true, skipped: true } }]);
    expect(skipped.status, JSON.stringify(skipped.results)).toBe(200);
    expect(skipped.results[0], JSON.stringify(skipped.results)).toMatchObject({ status: "applied" });
    expect(await blockRow(fx.blocks[0]!)).toMatchObject({ isDone: true, isSkipped: true, doneBy: fx.member.id });
    await send(fx.member.client, path, [{ id: crypto.randomUUID(), name: "toggle-block", args: { id: fx.blocks[0], done: true } }]);
    expect(await blockRow(fx.blocks[0]!)).toMatchObject({ isDone: true, isSkipped: false, doneBy: fx.member.id });
    await send(fx.lead.client, path, [{ id: crypto.randomUUID(), name: "toggle-block", args: { id: fx.blocks[0], done: false, skipped: true } }]);
    // Unchecked is neither done nor skipped, whatever the flag says.
    expect(await blockRow(fx.blocks[0]!)).toMatchObject({ isDone: false, isSkipped: false, doneBy: null });
  });

  it("the form's Skip (before JavaScript) skips the block for the lead", async () => {
    const fx = await seed();
    const response = await fx.lead.client.post(`/events/${fx.eventId}?view=run`, { intent: "toggle-block", id: fx.blocks[1]!, done: "true", skipped: "true" });
    expect(response.status).toBeLessThan(400);
    expect(await blockRow(fx.blocks[1]!)).toMatchObject({ isDone: true, isSkipped: true });
  });

  it("a shot cannot be skipped: 400, nothing changes", async () => {
    const fx = await seed();
    const result = await send(fx.lead.client, fx.path, [{ id: crypto.randomUUID(), name: "toggle-shot", args: { id: fx.shot, done: true, skipped: true } }]);
    expect(result.results[0]).toMatchObject({ status: "refused", code: 400 });
    expect((await db.select().from(shotListItems).where(eq(shotListItems.id, fx.shot)))[0]).toMatchObject({ isDone: false });
  });

  it("a client link never skips a block, even one allowed to edit the timeline; a stranger gets no run page", async () => {
    const fx = await seed();
    const link = await fx.clientLink();
    const result = await send(link.client, link.path, [{ id: crypto.randomUUID(), name: "toggle-block", args: { id: fx.blocks[0], done: true, skipped: true } }]);
    expect(result.results[0]).toMatchObject({ status: "refused", code: 403 });
    expect(await blockRow(fx.blocks[0]!)).toMatchObject({ isDone: false, isSkipped: false });
    const stranger = await sessionFor({ firstName: "Nia", lastName: "Stranger" });
    expect((await stranger.client.get(`/events/${fx.eventId}?view=run`)).status).toBe(404);
  });

  it("the run page reads the whole timeline and shot list, with Now's shots, in the document", async () => {
    const fx = await seed();
    const response = await fx.member.client.get(`/events/${fx.eventId}?view=run`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Run the day");
    expect(html).toContain("Block 0");
    expect(html).toContain("Block 1");
  });
});
