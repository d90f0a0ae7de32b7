import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { eventClientAccess, eventPeople, eventVendors, shotListItems, timelineBlocks } from "~/db/schema";
import { cloudflareContext, viewerContext } from "~/context";
import { LIST_KINDS, type ListKind, listOrder } from "~/modules/lists/registry";
import { LIST_ROW_SCHEMAS } from "~/modules/event/lists.schema";
import { toPortalRow } from "~/modules/live/protocol";
import { listQuery } from "~/modules/event/lists.server";
import { sha256Hex } from "~/utils/crypto.server";
import { batchNamed, getDb } from "~/utils/db.server";
import { readSession } from "~/modules/account/session.server";
import { loader as dashboardListsLoader } from "~/routes/events.$eventId.lists";
import { loader as portalLoader } from "~/routes/client.view.$accessId";
import { createEvent, createUser } from "../factories";
import { type Client, createClient, ORIGIN, sessionFor } from "./helpers";

// Each list's order is defined once (its descriptor, app/modules/<list>/list.ts). The loaders read it as
// SQL (lists.server.ts), a device re-sorts with its comparator after every live change:
// the two must agree on every row, or a row jumps when the page reloads. The data is
// chosen where they could differ: ties broken by creation and then id, letters in both
// cases, NULL and empty last names, characters outside ASCII and above U+FFFF.

const db = getDb(env);
const T0 = "2027-06-12T09:00:00.000Z";
const T1 = "2027-06-12T10:00:00.000Z";

/** Ids out of insertion order, so neither rowid nor insertion order can pass for the id tie-break. */
const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${String(n - i).padStart(2, "0")}-${crypto.randomUUID()}`);

async function seed(eventId: string) {
  const [b1, b2, b3, b4, b5] = ids("b", 5);
  await db.insert(timelineBlocks).values([
    { id: b1!, eventId, title: "Later of two at 0", orderIndex: 0, createdAt: T1 },
    { id: b2!, eventId, title: "Earlier of two at 0", orderIndex: 0, createdAt: T0 },
    { id: b3!, eventId, title: "Same moment at 1 (a)", orderIndex: 1, createdAt: T1 },
    { id: b4!, eventId, title: "Same moment at 1 (b)", orderIndex: 1, createdAt: T1 },
    { id: b5!, eventId, title: "Ten", orderIndex: 10, createdAt: T0 },
  ]);
  const [s1, s2, s3, s4] = ids("s", 4);
  await db.insert(shotListItems).values([
    { id: s1!, eventId, title: "Rings", orderIndex: 2, createdAt: T0 },
    { id: s2!, eventId, title: "Dress", orderIndex: 2, createdAt: T0 },
    { id: s3!, eventId, title: "Veil", orderIndex: 1, createdAt: T1 },
    { id: s4!, eventId, title: "Shoes", orderIndex: 1, createdAt: T0 },
  ]);
  const people: Array<[string, string | null]> = [
    ["anna", "Zimmer"],
    ["Anna", null],
    ["Anna", ""],
    ["Anna", "smith"],
    ["Anna", "Smith"],
    ["Zoe", "Adams"],
    ["bob", "Jones"],
    ["Bob", "jones"],
    ["Émile", null],
    ["_x", null],
    ["Ｚed", "Fullwidth"],
    ["😀 Joy", "Astral"],
    ["Zoë", null],
  ];
  await db.insert(eventPeople).values(ids("p", people.length).map((id, i) => ({ id, eventId, firstName: people[i]![0], lastName: people[i]![1] })));
  const vendors: Array<[(typeof eventVendors.$inferInsert)["vendorType"], string]> = [
    ["venue", "Willow Barn"],
    ["dj", "zed"],
    ["dj", "Alpha"],
    ["dj", "alpha"],
    ["band", "Beta"],
    ["hair_makeup", "Glow"],
    ["other", "Ümlaut"],
    ["other", "Umlaut"],
  ];
  await db.insert(eventVendors).values(ids("v", vendors.length).map((id, i) => ({ id, eventId, vendorType: vendors[i]![0], vendorName: vendors[i]![1] })));
}

/** A few orders of the same rows: the comparator must not depend on the order it is given. */
function shuffles<T>(rows: T[]) {
  const seeded = (seed: number) => () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  return [rows, [...rows].reverse(), ...[1, 2, 3].map((seed) => {
    const random = seeded(seed);
    return [...rows].map((row) => [random(), row] as const).sort((a, b) => a[0] - b[0]).map(([, row]) => row);
  })];
}

/** Each list's rows, as the query reads them, re-sorted by the comparator from several starting orders. */
const sortedByComparator: Record<ListKind, () => Promise<string[][]>> = {
  block: async () => shuffles(await listQuery(db, "block", eventId)).map((rows) => [...rows].sort(listOrder.block).map((row) => row.id)),
  shot: async () => shuffles(await listQuery(db, "shot", eventId)).map((rows) => [...rows].sort(listOrder.shot).map((row) => row.id)),
  person: async () => shuffles(await listQuery(db, "person", eventId)).map((rows) => [...rows].sort(listOrder.person).map((row) => row.id)),
  vendor: async () => shuffles(await listQuery(db, "vendor", eventId)).map((rows) => [...rows].sort(listOrder.vendor).map((row) => row.id)),
};

let eventId: string;
let lead: Awaited<ReturnType<typeof sessionFor>>;
const fromSql: Partial<Record<ListKind, string[]>> = {};

beforeAll(async () => {
  lead = await sessionFor();
  eventId = (await createEvent(db, lead.id)).id;
  await seed(eventId);
  for (const kind of LIST_KINDS) fromSql[kind] = (await listQuery(db, kind, eventId)).map((row) => row.id);
});

describe("one order per list: SQL and the comparator agree", () => {
  it.each(LIST_KINDS)("%s: the query's order is the comparator's, whatever order the rows come in", async (kind) => {
    for (const sorted of await sortedByComparator[kind]()) expect(sorted).toEqual(fromSql[kind]);
  });

  it("orders blocks by position, then creation, then id", async () => {
    const titles = (await listQuery(db, "block", eventId)).map((block) => block.title);
    expect(titles.slice(0, 2)).toEqual(["Earlier of two at 0", "Later of two at 0"]);
    // Equal position and creation: by id (b-02 before b-03, though inserted after it).
    expect(titles.slice(2, 4)).toEqual(["Same moment at 1 (b)", "Same moment at 1 (a)"]);
  });

  it("orders people by first then last name, ignoring the case of ASCII letters, no last name first, then by id", async () => {
    const names = (await listQuery(db, "person", eventId)).map((person) => [person.firstName, person.lastName]);
    expect(names).toEqual([
      ["_x", null],
      ["Anna", null],
      ["Anna", ""],
      ["Anna", "Smith"],
      ["Anna", "smith"],
      ["anna", "Zimmer"],
      ["Bob", "jones"],
      ["bob", "Jones"],
      ["Zoe", "Adams"],
      ["Zoë", null],
      ["Émile", null],
      ["Ｚed", "Fullwidth"],
      ["😀 Joy", "Astral"],
    ]);
  });

  it("orders vendors by type, then name", async () => {
    const vendors = (await listQuery(db, "vendor", eventId)).map((vendor) => `${vendor.vendorType}:${vendor.vendorName}`);
    expect(vendors).toEqual(["band:Beta", "dj:alpha", "dj:Alpha", "dj:zed", "hair_makeup:Glow", "other:Umlaut", "other:Ümlaut", "venue:Willow Barn"]);
  });
});

describe("the rows a device holds", () => {
  it.each(LIST_KINDS)("%s: every row as read (and as a client link is given it) is a row of the list's schema, which a live change is read with", async (kind) => {
    const rows: Record<string, unknown>[] = await listQuery(db, kind, eventId);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(LIST_ROW_SCHEMAS[kind].safeParse(row).success).toBe(true);
      expect(LIST_ROW_SCHEMAS[kind].safeParse(toPortalRow(kind, row)).success).toBe(true);
    }
  });
});

describe("the pages read the lists in that order", () => {
  const context = async (request: Request) => {
    const provider = new RouterContextProvider();
    provider.set(cloudflareContext, { env, ctx: createExecutionContext() });
    provider.set(viewerContext, (await readSession(db, request))?.viewer ?? null);
    return provider;
  };
  const cookie = (client: Client) => [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const listIds = (data: Record<ListKind | "blocks" | "shots" | "people" | "vendors", unknown>) => ({
    block: (data.blocks as Array<{ id: string }>).map((row) => row.id),
    shot: (data.shots as Array<{ id: string }>).map((row) => row.id),
    person: (data.people as Array<{ id: string }>).map((row) => row.id),
    vendor: (data.vendors as Array<{ id: string }>).map((row) => row.id),
  });

  // The dashboard's document has the shown list's window; its lists route has them whole.
  it("the dashboard", async () => {
    const request = new Request(`${ORIGIN}/events/${eventId}/lists`, { headers: { Cookie: cookie(lead.client) } });
    const response = await dashboardListsLoader({ request, context: await context(request), params: { eventId } } as unknown as Parameters<typeof dashboardListsLoader>[0]);
    expect(listIds((await response.json()) as never)).toEqual(fromSql);
  });

  it("a client link's portal", async () => {
    const token = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
    const accessId = crypto.randomUUID();
    await db.insert(eventClientAccess).values({ id: accessId, eventId, clientEmail: "couple@example.com", accessTokenHash: await sha256Hex(token), expiresAt: "2099-01-01T00:00:00.000Z" });
    const client = createClient();
    expect((await client.get(`/client/${token}`)).status).toBe(302);
    const request = new Request(`${ORIGIN}/client/view/${accessId}`, { headers: { Cookie: cookie(client), "CF-Connecting-IP": client.ip } });
    const result = (await portalLoader({ request, context: await context(request), params: { accessId } } as unknown as Parameters<typeof portalLoader>[0])) as unknown as { data: Record<string, unknown> };
    expect(listIds(result.data as never)).toEqual(fromSql);
  });
});

describe("batchNamed", () => {
  it("answers each statement's result under its name, running them in the order written, in one atomic batch", async () => {
    const event = await createEvent(db, (await createUser(db)).id);
    const id = crypto.randomUUID();
    const { added, people, none } = await batchNamed(db, {
      added: db.insert(eventPeople).values({ id, eventId: event.id, firstName: "Ada" }).returning({ id: eventPeople.id }),
      people: listQuery(db, "person", event.id),
      none: listQuery(db, "vendor", event.id),
    });
    expect(added).toEqual([{ id }]);
    expect(people.map((person) => person.firstName)).toEqual(["Ada"]);
    expect(none).toEqual([]);
    // A statement that fails undoes the ones before it.
    await expect(
      batchNamed(db, {
        added: db.insert(eventPeople).values({ id: crypto.randomUUID(), eventId: event.id, firstName: "Bo" }),
        refused: db.insert(eventPeople).values({ id, eventId: event.id, firstName: "Duplicate id" }),
      }),
    ).rejects.toThrow();
    expect((await listQuery(db, "person", event.id)).map((person) => person.firstName)).toEqual(["Ada"]);
  });
});
