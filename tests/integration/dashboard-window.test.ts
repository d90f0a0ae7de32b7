import { env } from "cloudflare:workers";
import { eq, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eventInvites, events, eventPeople, eventSecondShooters, eventVendors, shooterContacts, shotListItems, timelineBlocks } from "~/db/schema";
import { getDb } from "~/utils/db.server";
import { createEvent } from "../factories";
import { type Client, createClient, decodeRouteData, insertClientLink, sessionFor } from "./helpers";

// Hidden tabs' lists are not sent until opened. The dashboard's document
// (and its `.data`) carries the shown list's window, the header's figures and the team
// data only where shown; GET /events/:id/lists carries the rest, under the page's rules.

const db = getDb(env);
const pad = (n: number) => String(n).padStart(3, "0");

let lead: Awaited<ReturnType<typeof sessionFor>>;
let member: Awaited<ReturnType<typeof sessionFor>>;
let eventId: string;
const COUNTS = { blocks: 45, shots: 70, people: 64, vendors: 33 };

beforeAll(async () => {
  lead = await sessionFor({ firstName: "Maya", lastName: "Lead" });
  member = await sessionFor({ firstName: "Sam", lastName: "Second" });
  eventId = (await createEvent(db, lead.id, { title: "Window Wedding" })).id;
  // Blocks 0-44 (4 done), shots 0-69 (ceremony every other; 7 done), people and vendors by name.
  // One row a statement: D1 binds at most 100 values to one.
  await db.batch([
    db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: member.id, status: "accepted" }),
    ...Array.from({ length: COUNTS.blocks }, (_, i) => db.insert(timelineBlocks).values({ id: crypto.randomUUID(), eventId, title: `Block ${pad(i)}`, orderIndex: i, isDone: i < 4 })),
    ...Array.from({ length: COUNTS.shots }, (_, i) =>
      db.insert(shotListItems).values({ id: crypto.randomUUID(), eventId, title: `Shot ${pad(i)}`, orderIndex: i, category: i % 2 === 0 ? "ceremony" : "reception", isDone: i % 10 === 0 }),
    ),
    ...Array.from({ length: COUNTS.people }, (_, i) => db.insert(eventPeople).values({ id: crypto.randomUUID(), eventId, firstName: `Person ${pad(i)}`, notes: i === 50 ? "Needle in the haystack" : null })),
    ...Array.from({ length: COUNTS.vendors }, (_, i) => db.insert(eventVendors).values({ id: crypto.randomUUID(), eventId, vendorName: `Vendor ${pad(i)}`, vendorType: "florist" })),
    db.insert(eventInvites).values({ id: crypto.randomUUID(), eventId, email: "pending@example.com", inviteType: "second_shooter" }),
    db.insert(shooterContacts).values({ id: crypto.randomUUID(), userId: lead.id, shooterType: "second_shooter", firstName: "Contact", email: "contact@example.com" }),
  ]);
  await insertClientLink(eventId, { canEditPeople: false, canEditTimeline: false, canEditShots: false, canEditVendors: false });
});

type Row = Record<string, unknown> & { id: string };
type PageData = {
  blocks: Row[];
  shots: Row[];
  people: Row[];
  vendors: Row[];
  window: { list: string; offset: number; count: number; matching: number; q: string; category: string | null } | null;
  counts: { blocks: { done: number; total: number }; shots: { done: number; total: number } };
  shotCategories: string[];
  dialogRow: { list: string; row: Row } | null;
  members: Row[] | null;
  invites: Row[] | null;
  clientAccess: Row[] | null;
  contacts: Row[] | null;
};

/** The dashboard's data as the page's client navigation reads it (`.data`). */
async function pageData(client: Client, search = "") {
  const response = await client.get(`/events/${eventId}.data${search}`);
  expect(response.status).toBe(200);
  const text = await response.text();
  return { data: decodeRouteData(text)["routes/events.$eventId"]!.data as unknown as PageData, bytes: text.length };
}

const titles = (rows: Row[], field = "title") => rows.map((row) => row[field]);

describe("the dashboard's data carries what its URL shows", () => {
  it("the Timeline: its first window of 30 blocks, no other list, the header's figures, no team data", async () => {
    const { data } = await pageData(lead.client);
    expect(titles(data.blocks)).toEqual(Array.from({ length: 30 }, (_, i) => `Block ${pad(i)}`));
    expect([data.shots, data.people, data.vendors]).toEqual([[], [], []]);
    expect(data.window).toEqual({ list: "block", offset: 0, count: 45, matching: 45, q: "", category: null });
    expect(data.counts).toEqual({ blocks: { done: 4, total: 45 }, shots: { done: 7, total: 70 } });
    expect([data.members, data.invites, data.clientAccess, data.contacts]).toEqual([null, null, null, null]);
  });

  it("each list tab: only that list's window; a category filter, a page, a page past the end (the last) and a search are the server's", async () => {
    const shots = (await pageData(lead.client, "?tab=shots")).data;
    expect(titles(shots.shots)).toHaveLength(30);
    expect([shots.blocks, shots.people, shots.vendors]).toEqual([[], [], []]);
    expect(shots.window).toMatchObject({ list: "shot", count: 70, offset: 0 });

    const ceremony = (await pageData(lead.client, "?tab=shots&category=ceremony&page=2")).data;
    expect(titles(ceremony.shots)).toEqual(Array.from({ length: 5 }, (_, i) => `Shot ${pad(60 + 2 * i)}`));
    expect(ceremony.window).toMatchObject({ list: "shot", category: "ceremony", count: 35, matching: 35, offset: 30 });
    // The filter's categories are the whole list's, not the window's.
    expect(shots.shotCategories).toEqual(["ceremony", "reception"]);
    expect(ceremony.shotCategories).toEqual(["ceremony", "reception"]);

    const people = (await pageData(lead.client, "?tab=people&page=99")).data;
    expect(titles(people.people, "firstName")).toEqual(Array.from({ length: 4 }, (_, i) => `Person ${pad(60 + i)}`));
    expect(people.window).toMatchObject({ list: "person", offset: 60, count: 64 });

    const found = (await pageData(lead.client, "?tab=people&q=haystack")).data;
    expect(titles(found.people, "firstName")).toEqual(["Person 050"]);
    expect(found.window).toMatchObject({ list: "person", q: "haystack", count: 64, matching: 1, offset: 0 });

    const vendors = (await pageData(lead.client, "?tab=vendors")).data;
    expect(titles(vendors.vendors, "vendorName")).toHaveLength(30);
    expect([vendors.blocks, vendors.shots, vendors.people]).toEqual([[], [], []]);
  });

  it("the Team tab: the team and client links, no list; the Client tab: the client links; the invite dialog: the lead's contacts", async () => {
    const team = (await pageData(lead.client, "?tab=team")).data;
    expect([team.blocks, team.shots, team.people, team.vendors]).toEqual([[], [], [], []]);
    expect(team.window).toBeNull();
    expect(team.members).toHaveLength(1);
    expect(titles(team.invites!, "email")).toEqual(["pending@example.com"]);
    expect(team.clientAccess).toHaveLength(1);
    expect(team.contacts).toBeNull();

    const client = (await pageData(lead.client, "?tab=client")).data;
    expect(client.clientAccess).toHaveLength(1);
    expect([client.members, client.contacts, client.window]).toEqual([null, null, null]);

    const invite = (await pageData(lead.client, "?tab=team&dialog=invite-team")).data;
    expect(titles(invite.contacts!, "email")).toEqual(["contact@example.com"]);
  });

  it("a member asking for the lead's Client tab is shown the Timeline's window, and no client link", async () => {
    const { data } = await pageData(member.client, "?tab=client");
    expect(titles(data.blocks)).toHaveLength(30);
    expect(data.window).toMatchObject({ list: "block" });
    expect(data.clientAccess ?? []).toEqual([]);
  });

  it("a row dialog opened by URL has its row even when it is outside the window, and works without JavaScript", async () => {
    const [far] = await db.select().from(shotListItems).where(eqTitle("Shot 065"));
    const { data } = await pageData(lead.client, `?tab=shots&dialog=edit-shot&id=${far!.id}`);
    expect(data.dialogRow).toMatchObject({ list: "shot", row: { id: far!.id, title: "Shot 065" } });
    const html = await (await lead.client.get(`/events/${eventId}?tab=shots&dialog=edit-shot&id=${far!.id}`)).text();
    expect(html).toMatch(/<dialog[^>]*open/);
    expect(html).toContain('value="Shot 065"');
  });

  it("its size does not grow with the lists beyond the window", async () => {
    const before = (await pageData(lead.client)).bytes;
    await db.batch([
      db.insert(timelineBlocks).values({ id: crypto.randomUUID(), eventId, title: "Later block", orderIndex: 1000 }),
      ...Array.from({ length: 100 }, (_, i) => db.insert(timelineBlocks).values({ id: crypto.randomUUID(), eventId, title: `Later block ${pad(i)}`, orderIndex: 1000 + i })),
      // In a category the event has: a new category is new data the filter shows.
      ...Array.from({ length: 100 }, (_, i) => db.insert(shotListItems).values({ id: crypto.randomUUID(), eventId, title: `Later shot ${pad(i)}`, orderIndex: 1000 + i, category: "reception" })),
    ]);
    const after = (await pageData(lead.client)).bytes;
    // Only the figures grow (a digit or two).
    expect(after - before).toBeLessThan(20);
  });
});

describe("GET /events/:id/lists: the rest of the dashboard", () => {
  const lists = (client: Client) => client.get(`/events/${eventId}/lists`);

  it("gives the lead every list whole, the team with its addresses, the client links and contacts, with the room's sequence", async () => {
    const response = await lists(lead.client);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = (await response.json()) as PageData & { seq: number; syncedAt: string };
    const [blocks, shots, people, vendors] = await Promise.all([
      db.$count(timelineBlocks, eqEvent(timelineBlocks)),
      db.$count(shotListItems, eqEvent(shotListItems)),
      db.$count(eventPeople, eqEvent(eventPeople)),
      db.$count(eventVendors, eqEvent(eventVendors)),
    ]);
    expect([body.blocks.length, body.shots.length, body.people.length, body.vendors.length]).toEqual([blocks, shots, people, vendors]);
    expect(titles(body.blocks).slice(0, 3)).toEqual(["Block 000", "Block 001", "Block 002"]);
    expect(body.members![0]!.email).toBe(member.email);
    expect(titles(body.invites!, "email")).toEqual(["pending@example.com"]);
    expect(body.clientAccess).toHaveLength(1);
    expect(titles(body.contacts!, "email")).toEqual(["contact@example.com"]);
    const [row] = await db.select({ liveSeq: events.liveSeq }).from(events).where(eq(events.id, eventId));
    expect(body.seq).toBe(row!.liveSeq);
    expect(Date.parse(body.syncedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("gives a member the lists and the team without addresses, no invitations, client links or contacts", async () => {
    const response = await lists(member.client);
    expect(response.status).toBe(200);
    const body = (await response.json()) as PageData;
    expect(body.shots.length).toBeGreaterThan(30);
    expect(body.members!.map((m) => m.email)).toEqual([null]);
    expect([body.invites, body.clientAccess, body.contacts]).toEqual([[], [], []]);
    expect(JSON.stringify(body)).not.toContain(lead.email);
  });

  it("refuses as the page does: a stranger and a declined member 404, signed out to sign in, a client link's cookie to sign in", async () => {
    const stranger = await sessionFor();
    expect((await lists(stranger.client)).status).toBe(404);
    const declined = await sessionFor();
    await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: declined.id, status: "declined" });
    const refused = await lists(declined.client);
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain("Block 000");
    const signedOut = await lists(createClient());
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe(`/auth?returnTo=${encodeURIComponent(`/events/${eventId}/lists`)}`);
    const { token, accessId } = await insertClientLink(eventId, { canEditPeople: true, canEditTimeline: true, canEditShots: true, canEditVendors: true });
    const link = createClient();
    link.jar.set(`ef_client_${accessId}`, token);
    expect((await lists(link)).status).toBe(302);
    expect((await createClient().get(`/events/not-an-event/lists`)).status).toBe(302);
    expect((await lead.client.get(`/events/not-an-event/lists`)).status).toBe(404);
  });
});

function eqTitle(title: string): SQL {
  return eq(shotListItems.title, title);
}
function eqEvent(table: typeof timelineBlocks | typeof shotListItems | typeof eventPeople | typeof eventVendors): SQL {
  return eq(table.eventId, eventId);
}
