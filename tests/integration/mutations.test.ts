import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appliedMutations, eventClientAccess, eventPeople, events, eventSecondShooters, eventVendors, shotListItems, timelineBlocks } from "~/db/schema";
import { canDo } from "~/modules/event/intents";
import { type Mutation, type MutationName, type MutationResult, MUTATION_NAMES, MUTATIONS_PER_REQUEST, ONLINE_ONLY } from "~/modules/event/mutations";
import { runMutation } from "~/modules/event/mutations.server";
import { LIMITS } from "~/utils/rate-limit.server";
import type { ClientFlags, Grant } from "~/modules/event/permissions";
import { removeTeamRow } from "~/modules/team/service.server";
import { sha256Hex } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { shiftBasis, shiftBlocksOf } from "~/modules/timeline/shift";
import { createEvent } from "../factories";
import { type Client, createClient, eventLists, insertClientLink, ORIGIN, sessionFor } from "./helpers";

// Decision 010 "One mutation layer": every change to an
// event is a named mutation run by one function. These tests send mutations as a
// device's outbox does (POST {scope}/mutations) and as runMutation is called, for every
// role and every mutation, and check what D1 holds afterwards.

const db = getDb(env);
const FUTURE = "2099-01-01T00:00:00.000Z";
const NONE: ClientFlags = { canEditPeople: false, canEditTimeline: false, canEditShots: false, canEditVendors: false };
const ALL: ClientFlags = { canEditPeople: true, canEditTimeline: true, canEditShots: true, canEditVendors: true };

type Fixture = { eventId: string; blocks: [string, string, string]; shots: [string, string]; people: [string, string]; vendors: [string, string] };

let lead: Awaited<ReturnType<typeof sessionFor>>;
beforeAll(async () => {
  lead = await sessionFor({ firstName: "Maya", lastName: "Lead" });
});

async function seed(): Promise<Fixture> {
  // The factory's organization is made once per lead; later events reuse it.
  const event = (await db.select().from(events).where(eq(events.leadPhotographerId, lead.id))).length
    ? (
        await db
          .insert(events)
          .values({
            id: crypto.randomUUID(),
            title: "Test Wedding",
            date: "2027-06-12",
            coupleNames: "Emma & James",
            venue: "Willow Creek Barn",
            organizationId: sql`(SELECT id FROM organizations WHERE owner_id = ${lead.id})`,
            leadPhotographerId: lead.id,
          })
          .returning()
      )[0]!
    : await createEvent(db, lead.id, { coupleNames: "Emma & James", venue: "Willow Creek Barn" });
  const fx: Fixture = {
    eventId: event.id,
    blocks: [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()],
    shots: [crypto.randomUUID(), crypto.randomUUID()],
    people: [crypto.randomUUID(), crypto.randomUUID()],
    vendors: [crypto.randomUUID(), crypto.randomUUID()],
  };
  await db.batch([
    // At one time: a move reorders them, a shift moves them.
    db.insert(timelineBlocks).values(fx.blocks.map((id, i) => ({ id, eventId: event.id, title: `Block ${i}`, blockType: "ceremony" as const, startTime: "14:00", orderIndex: i }))),
    // The first a family formals grouping of the first person (regroup-shot's row).
    db.insert(shotListItems).values(fx.shots.map((id, i) => ({ id, eventId: event.id, title: `Shot ${i}`, category: "details" as const, orderIndex: i, ...(i === 0 ? { personIds: JSON.stringify([fx.people[0]]) } : {}) }))),
    db.insert(eventPeople).values(fx.people.map((id, i) => ({ id, eventId: event.id, firstName: `Person${i}`, role: "guest" as const }))),
    db.insert(eventVendors).values(fx.vendors.map((id, i) => ({ id, eventId: event.id, vendorName: `Vendor ${i}`, vendorType: "florist" as const }))),
  ]);
  return fx;
}

const snapshot = eventLists;

const newToken = () => [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");

async function member(eventId: string, status: "accepted" | "declined" | "removed") {
  const user = await sessionFor({ firstName: "Sam", lastName: "Second" });
  const id = crypto.randomUUID();
  await db.insert(eventSecondShooters).values({ id, eventId, userId: user.id, status: status === "declined" ? "declined" : "accepted" });
  if (status === "removed") expect(await removeTeamRow(db, eventId, "member", id)).toBeTruthy();
  return { ...user, memberRow: id };
}

async function link(eventId: string, flags: ClientFlags, state: "valid" | "expired" | "revoked" = "valid") {
  const { token, accessId } = await insertClientLink(eventId, flags, state === "expired" ? { expiresAt: "2020-01-01T00:00:00.000Z" } : {});
  if (state === "revoked") expect(await removeTeamRow(db, eventId, "client", accessId)).toBe(true);
  const client = createClient();
  client.jar.set(`ef_client_${accessId}`, token);
  return { client, token, accessId, path: `/client/view/${accessId}/mutations` };
}

/** Posts mutations as a device's outbox does. */
async function send(client: Client, path: string, mutations: unknown, headers: Record<string, string> = {}) {
  const response = await client.post(path, { mutations: typeof mutations === "string" ? mutations : JSON.stringify(mutations) }, headers);
  const body = (await response.json()) as { results?: MutationResult[]; error?: string };
  return { status: response.status, ...body };
}

const mid = () => crypto.randomUUID();

/** A shift's basis computed, as a device does, on the blocks as they are now. */
async function withBasis(mutation: Mutation): Promise<Mutation> {
  if (mutation.name !== "shift-block" || !("minutes" in mutation.args)) return mutation;
  const { id } = mutation.args;
  const rows = await db.select().from(timelineBlocks).where(eq(timelineBlocks.eventId, sql`(SELECT event_id FROM timeline_blocks WHERE id = ${id})`));
  return { ...mutation, args: { ...mutation.args, basis: shiftBasis(shiftBlocksOf(rows), id) ?? "" } };
}

/** A valid mutation of each name against the fixture (deletes take the second row, edits the first). */
function mutationFor(name: MutationName, fx: Fixture): Mutation {
  const m = (args: unknown) => ({ id: mid(), name, args }) as Mutation;
  switch (name) {
    case "toggle-block":
      return m({ id: fx.blocks[0], done: true });
    case "toggle-shot":
      return m({ id: fx.shots[0], done: true });
    case "add-block":
      return m({ id: crypto.randomUUID(), values: { title: "First Look", blockType: "first_look", durationMinutes: "20" } });
    case "edit-block":
      return m({ id: fx.blocks[0], values: { title: "Getting Ready", blockType: "prep", startTime: "14:00", durationMinutes: "90" } });
    case "move-block":
      return m({ id: fx.blocks[1], direction: "up" });
    case "shift-block":
      // Its basis is the blocks' times as D1 holds them when it is sent (withBasis).
      return m({ id: fx.blocks[1], minutes: 15, basis: "" });
    case "delete-block":
      return m({ id: fx.blocks[2] });
    case "assign-block":
      // No one: the set is valid whoever is on the team.
      return m({ id: fx.blocks[0], userIds: [] });
    case "assign-shot":
      return m({ id: fx.shots[0], userIds: [] });
    case "add-shot":
      return m({ id: crypto.randomUUID(), values: { title: "Bouquet toss", category: "reception" } });
    case "edit-shot":
      return m({ id: fx.shots[0], values: { title: "Rings on the invitation", category: "details" } });
    case "delete-shot":
      return m({ id: fx.shots[1] });
    case "group-shot":
      return m({ id: crypto.randomUUID(), values: { title: "Couple + Person0", category: "family_formals", personIds: JSON.stringify([fx.people[0]]) } });
    case "regroup-shot":
      return m({ id: fx.shots[0], values: { title: "Person0 alone", category: "family_formals", personIds: JSON.stringify([fx.people[0]]) } });
    case "add-person":
      return m({ id: crypto.randomUUID(), values: { firstName: "Rosa", role: "parent" } });
    case "edit-person":
      return m({ id: fx.people[0], values: { firstName: "Rosie", role: "parent" } });
    case "delete-person":
      return m({ id: fx.people[1] });
    case "add-vendor":
      return m({ id: crypto.randomUUID(), values: { vendorName: "Bloom & Co", vendorType: "florist" } });
    case "edit-vendor":
      return m({ id: fx.vendors[0], values: { vendorName: "Bloom and Co", vendorType: "florist" } });
    case "delete-vendor":
      return m({ id: fx.vendors[1] });
    case "edit-event":
      return m({ values: { title: "Smith Wedding", date: "2027-06-13", status: "auto" } });
    case "delete-event":
      return m({ confirmation: "delete" });
  }
}

const OUTBOX_NAMES = MUTATION_NAMES.filter((name) => !ONLINE_ONLY.has(name));

describe("every mutation × every role, through the outbox (the roles table of docs/product/roles.md#what-each-may-do)", () => {
  type Role = { label: string; grant: Grant | null; make: (fx: Fixture) => Promise<{ client: Client; path: string }> };
  const roles: Role[] = [
    { label: "lead", grant: "lead", make: async (fx) => ({ client: lead.client, path: `/events/${fx.eventId}/mutations` }) },
    { label: "accepted member", grant: "team", make: async (fx) => ({ client: (await member(fx.eventId, "accepted")).client, path: `/events/${fx.eventId}/mutations` }) },
    { label: "declined member", grant: null, make: async (fx) => ({ client: (await member(fx.eventId, "declined")).client, path: `/events/${fx.eventId}/mutations` }) },
    { label: "removed member", grant: null, make: async (fx) => ({ client: (await member(fx.eventId, "removed")).client, path: `/events/${fx.eventId}/mutations` }) },
    { label: "stranger", grant: null, make: async (fx) => ({ client: (await sessionFor()).client, path: `/events/${fx.eventId}/mutations` }) },
    ...([
      ["link, view only", NONE],
      ["link, people", { ...NONE, canEditPeople: true }],
      ["link, timeline", { ...NONE, canEditTimeline: true }],
      ["link, shots", { ...NONE, canEditShots: true }],
      ["link, vendors", { ...NONE, canEditVendors: true }],
      ["link, all four", ALL],
    ] as const).map(([label, flags]): Role => ({ label, grant: { kind: "client", ...flags }, make: (fx) => link(fx.eventId, flags) })),
    { label: "expired link", grant: null, make: (fx) => link(fx.eventId, ALL, "expired") },
    { label: "revoked link", grant: null, make: (fx) => link(fx.eventId, ALL, "revoked") },
  ];

  for (const role of roles) {
    it(`${role.label}: each mutation applied exactly when the table allows it, and a refusal changes nothing`, async () => {
      const fx = await seed();
      const { client, path } = await role.make(fx);
      for (const name of OUTBOX_NAMES) {
        const before = await snapshot(fx.eventId);
        const answer = await send(client, path, [await withBasis(mutationFor(name, fx))]);
        const allowed = role.grant !== null && canDo(role.grant, name);
        if (role.grant === null) {
          expect(answer.status, `${role.label} ${name}`).toBe(404);
          expect(answer.results).toBeUndefined();
        } else {
          expect(answer.status, `${role.label} ${name}`).toBe(200);
          const [result] = answer.results!;
          expect(result!.status, `${role.label} ${name}: ${JSON.stringify(result)}`).toBe(allowed ? "applied" : "refused");
          if (!allowed) expect(result).toMatchObject({ code: 403, message: "You do not have permission to do that." });
        }
        const after = await snapshot(fx.eventId);
        if (allowed) expect(after, `${role.label} ${name} changed D1`).not.toEqual(before);
        else expect(after, `${role.label} ${name} left D1 as it was`).toEqual(before);
      }
    });
  }

  it("signed out: 401, nothing changes", async () => {
    const fx = await seed();
    const before = await snapshot(fx.eventId);
    const answer = await send(createClient(), `/events/${fx.eventId}/mutations`, [mutationFor("add-person", fx)]);
    expect(answer.status).toBe(401);
    expect(await snapshot(fx.eventId)).toEqual(before);
  });

  it("a client sees only a client's fields of the row it changed (no doneBy)", async () => {
    const fx = await seed();
    const { client, path } = await link(fx.eventId, ALL);
    const answer = await send(client, path, [mutationFor("toggle-shot", fx)]);
    expect(answer.results![0]).toMatchObject({ status: "applied", row: { id: fx.shots[0], isDone: true } });
    expect(answer.results![0]!.status === "applied" && answer.results![0]!.row).not.toHaveProperty("doneBy");
  });
});

describe("exactly once (decision 010)", () => {
  it("an add sent twice (a lost answer) makes one row; the repeat answers the first result, tells the room the row again and notifies no one again", async () => {
    const fx = await seed();
    const path = `/events/${fx.eventId}/mutations`;
    const add = mutationFor("add-person", fx);
    const first = await send(lead.client, path, [add]);
    const seq = await env.EVENT_ROOM.get(env.EVENT_ROOM.idFromName(fx.eventId)).sequence();
    const second = await send(lead.client, path, [add]);
    expect(first.results![0]).toMatchObject({ status: "applied", row: { firstName: "Rosa" } });
    expect(second.results![0]).toMatchObject({ status: "applied", replay: true, row: { firstName: "Rosa" } });
    expect((await snapshot(fx.eventId)).people.filter((p) => p.firstName === "Rosa")).toHaveLength(1);
    // The room hears the row again (its first news may have been lost; devices apply it idempotently).
    expect(await env.EVENT_ROOM.get(env.EVENT_ROOM.idFromName(fx.eventId)).sequence()).toBe(seq + 1);
  });

  it("a repeat of an add whose row was deleted meanwhile tells the room the row is gone, never brings it back", async () => {
    const fx = await seed();
    const path = `/events/${fx.eventId}/mutations`;
    const add = mutationFor("add-person", fx);
    await send(lead.client, path, [add]);
    await send(lead.client, path, [{ id: mid(), name: "delete-person", args: { id: (add.args as { id: string }).id } }]);
    const room = env.EVENT_ROOM.get(env.EVENT_ROOM.idFromName(fx.eventId));
    const seq = await room.sequence();
    expect((await send(lead.client, path, [add])).results![0]).toMatchObject({ status: "applied", replay: true });
    expect(await room.sequence()).toBe(seq + 1);
    const last = await runInDurableObject(room, async (_instance, state) => state.storage.get<{ change: unknown }>(`log:${String(seq + 1).padStart(12, "0")}`));
    expect(last?.change).toMatchObject({ entity: "person", op: "delete", ids: [(add.args as { id: string }).id] });
    expect((await snapshot(fx.eventId)).people.map((p) => p.id)).not.toContain((add.args as { id: string }).id);
  });

  it("a delete replayed answers applied (not 'gone'); a toggle replayed cannot undo a later change", async () => {
    const fx = await seed();
    const path = `/events/${fx.eventId}/mutations`;
    const remove = mutationFor("delete-person", fx);
    expect((await send(lead.client, path, [remove])).results![0]!.status).toBe("applied");
    expect((await send(lead.client, path, [remove])).results![0]).toMatchObject({ status: "applied", replay: true });

    const check = { id: mid(), name: "toggle-shot", args: { id: fx.shots[0], done: true } } as Mutation;
    const uncheck = { id: mid(), name: "toggle-shot", args: { id: fx.shots[0], done: false } } as Mutation;
    await send(lead.client, path, [check, uncheck]);
    await send(lead.client, path, [check]);
    expect((await snapshot(fx.eventId)).shots.find((s) => s.id === fx.shots[0])!.isDone).toBe(false);
  });

  it("checking off what another device already checked off keeps who did it and when", async () => {
    const fx = await seed();
    const second = await member(fx.eventId, "accepted");
    const path = `/events/${fx.eventId}/mutations`;
    await send(second.client, path, [{ id: mid(), name: "toggle-shot", args: { id: fx.shots[0], done: true } }]);
    const first = (await snapshot(fx.eventId)).shots.find((s) => s.id === fx.shots[0])!;
    await send(lead.client, path, [{ id: mid(), name: "toggle-shot", args: { id: fx.shots[0], done: true } }]);
    const after = (await snapshot(fx.eventId)).shots.find((s) => s.id === fx.shots[0])!;
    expect(after).toMatchObject({ isDone: true, doneBy: second.id, doneAt: first.doneAt });
  });

  it("a refused mutation leaves no record: sent again once allowed, it is applied", async () => {
    const fx = await seed();
    const { client, path, accessId } = await link(fx.eventId, NONE);
    const add = mutationFor("add-person", fx);
    expect((await send(client, path, [add])).results![0]).toMatchObject({ status: "refused", code: 403 });
    await db.update(eventClientAccess).set({ canEditPeople: true }).where(eq(eventClientAccess.id, accessId));
    expect((await send(client, path, [add])).results![0]).toMatchObject({ status: "applied" });
    expect((await send(client, path, [add])).results![0]).toMatchObject({ status: "applied", replay: true });
  });

  it("the same mutation id from another user is that user's own: it reveals nothing of the first", async () => {
    const fx = await seed();
    const second = await member(fx.eventId, "accepted");
    const path = `/events/${fx.eventId}/mutations`;
    const id = mid();
    await send(lead.client, path, [{ id, name: "add-person", args: { id: crypto.randomUUID(), values: { firstName: "Secret", role: "guest" } } }]);
    // The member reuses the id with other content: it runs as theirs, no replay of the lead's.
    const theirs = await send(second.client, path, [{ id, name: "add-person", args: { id: crypto.randomUUID(), values: { firstName: "Mine", role: "guest" } } }]);
    expect(theirs.results![0]).toMatchObject({ status: "applied", row: { firstName: "Mine" } });
    expect(theirs.results![0]).not.toHaveProperty("replay");
    // With the lead's exact content too: still not a replay of the lead's.
    const stranger = await sessionFor();
    expect((await send(stranger.client, path, [{ id, name: "add-person", args: { id: crypto.randomUUID(), values: { firstName: "Secret", role: "guest" } } }])).status).toBe(404);
  });

  it("a member removed after sending: the replay of their applied mutation is refused and reveals nothing", async () => {
    const fx = await seed();
    const second = await member(fx.eventId, "accepted");
    const path = `/events/${fx.eventId}/mutations`;
    const edit = mutationFor("edit-person", fx);
    expect((await send(second.client, path, [edit])).results![0]!.status).toBe("applied");
    await removeTeamRow(db, fx.eventId, "member", second.memberRow);
    const before = await snapshot(fx.eventId);
    const replay = await send(second.client, path, [edit]);
    expect(replay.status).toBe(404);
    expect(replay.results).toBeUndefined();
    // A forged new one from the same device: refused too.
    expect((await send(second.client, path, [mutationFor("add-person", fx)])).status).toBe(404);
    expect(await snapshot(fx.eventId)).toEqual(before);
  });

  it("a revoked link's replay is refused the same way", async () => {
    const fx = await seed();
    const { client, path, accessId } = await link(fx.eventId, ALL);
    const add = mutationFor("add-shot", fx);
    expect((await send(client, path, [add])).results![0]!.status).toBe("applied");
    await removeTeamRow(db, fx.eventId, "client", accessId);
    expect((await send(client, path, [add])).status).toBe(404);
  });

  it("a mutation record is kept per sender and event (the key names who, then a hash of the event and the id: a batch that knows the user only through the session it reads makes the same key)", async () => {
    const fx = await seed();
    const add = mutationFor("add-vendor", fx);
    await send(lead.client, `/events/${fx.eventId}/mutations`, [add]);
    const records = await db.select().from(appliedMutations).where(eq(appliedMutations.eventId, fx.eventId));
    expect(records).toHaveLength(1);
    expect(records[0]!.key).toBe(`user:${lead.id}:${await sha256Hex(`${fx.eventId}:${add.id}`)}`);
    expect(records[0]!.key).not.toContain(add.id);
  });
});

describe("conflicts (decision 010)", () => {
  it("a field someone changed after the device last saw it is kept as theirs and answered as a conflict; other fields apply", async () => {
    const fx = await seed();
    const second = await member(fx.eventId, "accepted");
    const path = `/events/${fx.eventId}/mutations`;
    const base = { firstName: "Person0", lastName: null, role: "guest", isVip: false, pronunciation: null, notes: null };
    // The lead renames the person while the member is offline.
    await send(lead.client, path, [{ id: mid(), name: "edit-person", args: { id: fx.people[0], values: { firstName: "Anna", role: "guest" }, base } }]);
    // The member, offline, renamed them too and added notes; it reaches the server now.
    const late = { id: mid(), name: "edit-person", args: { id: fx.people[0], values: { firstName: "Annie", role: "guest", notes: "Bride's aunt" }, base } } as Mutation;
    const answer = await send(second.client, path, [late]);
    expect(answer.results![0]).toMatchObject({
      status: "applied",
      conflicts: [{ field: "firstName", theirs: "Anna", mine: "Annie" }],
      row: { firstName: "Anna", notes: "Bride's aunt" },
    });
    // Its replay answers the same conflict.
    expect((await send(second.client, path, [late])).results![0]).toMatchObject({ replay: true, conflicts: [{ field: "firstName", theirs: "Anna", mine: "Annie" }] });
    // "Apply mine": the same field again, with base = theirs.
    const again = await send(second.client, path, [{ id: mid(), name: "edit-person", args: { id: fx.people[0], values: { firstName: "Annie", role: "guest", notes: "Bride's aunt" }, base: { ...base, firstName: "Anna", notes: "Bride's aunt" } } }]);
    expect(again.results![0]).toMatchObject({ status: "applied", row: { firstName: "Annie" } });
    expect(again.results![0]).not.toHaveProperty("conflicts");
  });

  it("a field the device did not change is not written: someone else's change to it stands", async () => {
    const fx = await seed();
    const path = `/events/${fx.eventId}/mutations`;
    const base = { title: "Block 0", blockType: "ceremony", startTime: null, durationMinutes: 60, location: null, notes: null };
    await send(lead.client, path, [{ id: mid(), name: "edit-block", args: { id: fx.blocks[0], values: { title: "Block 0", blockType: "ceremony", durationMinutes: "60", notes: "Bring the veil" }, base } }]);
    const answer = await send(lead.client, path, [{ id: mid(), name: "edit-block", args: { id: fx.blocks[0], values: { title: "Vows", blockType: "ceremony", durationMinutes: "60" }, base } }]);
    expect(answer.results![0]).toMatchObject({ status: "applied", row: { title: "Vows", notes: "Bring the veil" } });
    expect(answer.results![0]).not.toHaveProperty("conflicts");
  });

  it("the event's own fields: a date changed meanwhile is a conflict on 'date'", async () => {
    const fx = await seed();
    const path = `/events/${fx.eventId}/mutations`;
    const base = { title: "Test Wedding", coupleNames: "Emma & James", date: "2027-06-12", venue: "Willow Creek Barn", status: null };
    await send(lead.client, path, [{ id: mid(), name: "edit-event", args: { values: { title: "Test Wedding", coupleNames: "Emma & James", date: "2027-06-19", venue: "Willow Creek Barn", status: "auto" }, base } }]);
    const answer = await send(lead.client, path, [{ id: mid(), name: "edit-event", args: { values: { title: "Test Wedding", coupleNames: "Emma & James", date: "2027-06-26", venue: "Willow Creek Barn", status: "auto" }, base } }]);
    expect(answer.results![0]).toMatchObject({ status: "applied", conflicts: [{ field: "date", theirs: "2027-06-19", mine: "2027-06-26" }] });
  });

  it("a form posted without JavaScript carries its base too: a field changed meanwhile is kept and the form answers 409 with both values; saved again, it applies", async () => {
    const fx = await seed();
    const page = `/events/${fx.eventId}`;
    const base = JSON.stringify({ firstName: "Person0", lastName: null, role: "guest", isVip: false, pronunciation: null, notes: null, teamNotes: null });
    // The dialog the server renders carries it: the row as the form was opened on (the lead's form has team notes too).
    const dialog = await (await lead.client.get(`${page}?tab=people&dialog=edit-person&id=${fx.people[0]}`)).text();
    expect(dialog).toContain(`name="base" value="${base.replace(/"/g, "&quot;")}"`);
    await send(lead.client, `/events/${fx.eventId}/mutations`, [{ id: mid(), name: "edit-person", args: { id: fx.people[0], values: { firstName: "Anna", role: "guest" } } }]);
    const late = await lead.client.post(`${page}?tab=people&dialog=edit-person&id=${fx.people[0]}`, { intent: "edit-person", id: fx.people[0], firstName: "Annie", role: "guest", notes: "Aunt", base });
    expect(late.status).toBe(409);
    const html = await late.text();
    expect(html).toContain("Someone else changed this too");
    expect(html).toContain("Their change was kept. First Name: saved now “Anna”; yours “Annie”. Save again to apply yours.");
    expect((await snapshot(fx.eventId)).people.find((p) => p.id === fx.people[0])).toMatchObject({ firstName: "Anna", notes: "Aunt" });
    // The form now carries the row as it is: saved again, this device's value applies.
    const again = await lead.client.post(`${page}?tab=people&dialog=edit-person&id=${fx.people[0]}`, {
      intent: "edit-person",
      id: fx.people[0],
      firstName: "Annie",
      role: "guest",
      notes: "Aunt",
      base: JSON.stringify({ firstName: "Anna", lastName: null, role: "guest", isVip: false, pronunciation: null, notes: "Aunt" }),
    });
    expect(again.status).toBe(302);
    expect((await snapshot(fx.eventId)).people.find((p) => p.id === fx.people[0])).toMatchObject({ firstName: "Annie" });
  });

  it("an edit of a row deleted meanwhile is refused with the list's message, and changes nothing", async () => {
    const fx = await seed();
    const path = `/events/${fx.eventId}/mutations`;
    await send(lead.client, path, [{ id: mid(), name: "delete-shot", args: { id: fx.shots[0] } }]);
    const before = await snapshot(fx.eventId);
    const answer = await send(lead.client, path, [{ id: mid(), name: "toggle-shot", args: { id: fx.shots[0], done: true } }]);
    expect(answer.results![0]).toMatchObject({ status: "refused", code: 404, title: "Failed to update shot item." });
    expect(await snapshot(fx.eventId)).toEqual(before);
  });
});

describe("bad input and attack (decision 010): a 4xx, and nothing changes", () => {
  const cases: Array<[string, (fx: Fixture) => unknown, number]> = [
    ["not JSON", () => "{nope", 400],
    ["not a list", () => ({ id: mid() }), 400],
    ["an empty list", () => [], 400],
    ["an unknown name", (fx) => [{ id: mid(), name: "drop-table", args: { id: fx.people[0] } }], 400],
    ["a malformed id", (fx) => [{ id: "x", name: "toggle-shot", args: { id: fx.shots[0], done: true } }], 400],
    ["a flip instead of a state", (fx) => [{ id: mid(), name: "toggle-shot", args: { id: fx.shots[0], done: "flip" } }], 400],
    ["a new row without a uuid", () => [{ id: mid(), name: "add-person", args: { id: "mine", values: { firstName: "X", role: "guest" } } }], 400],
    ["a row named by no uuid", () => [{ id: mid(), name: "edit-person", args: { id: "p1", values: { firstName: "X", role: "guest" } } }], 400],
    ["an oversized value", (fx) => [{ id: mid(), name: "edit-person", args: { id: fx.people[0], values: { firstName: "x".repeat(6000) } } }], 400],
    ["too many fields", (fx) => [{ id: mid(), name: "edit-person", args: { id: fx.people[0], values: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${"a".repeat(i % 20)}${String.fromCharCode(97 + (i % 26))}`, "x"])) } }], 400],
    ["the same id twice in one request", (fx) => { const m = mutationFor("add-person", fx); return [m, m]; }, 400],
    ["delete-event from an outbox (online only)", (fx) => [mutationFor("delete-event", fx)], 400],
    ["more than the request may carry", (fx) => Array.from({ length: MUTATIONS_PER_REQUEST + 1 }, () => mutationFor("toggle-shot", fx)), 413],
    ["a valid one followed by a malformed one (none runs)", (fx) => [mutationFor("add-person", fx), { id: mid(), name: "add-person" }], 400],
  ];
  for (const [label, body, status] of cases) {
    it(`${label}: ${status}`, async () => {
      const fx = await seed();
      const before = await snapshot(fx.eventId);
      const answer = await send(lead.client, `/events/${fx.eventId}/mutations`, body(fx));
      expect(answer.status).toBe(status);
      expect(answer.error).toBeTruthy();
      expect(await snapshot(fx.eventId)).toEqual(before);
    });
  }

  it("invalid values: refused with the form's own messages, nothing changes", async () => {
    const fx = await seed();
    const before = await snapshot(fx.eventId);
    const answer = await send(lead.client, `/events/${fx.eventId}/mutations`, [{ id: mid(), name: "add-block", args: { id: crypto.randomUUID(), values: { title: "", blockType: "ceremony", durationMinutes: "0" } } }]);
    expect(answer.results![0]).toMatchObject({ status: "refused", code: 400, fieldErrors: { title: ["Title is required"], durationMinutes: ["Duration must be at least 1 minute"] } });
    expect(await snapshot(fx.eventId)).toEqual(before);
  });

  it("a new row named with an id that exists (another event's row): 409, nothing changes", async () => {
    const fx = await seed();
    const other = await seed();
    const before = await snapshot(fx.eventId);
    const answer = await send(lead.client, `/events/${fx.eventId}/mutations`, [{ id: mid(), name: "add-person", args: { id: other.people[0], values: { firstName: "Taken", role: "guest" } } }]);
    expect(answer.results![0]).toMatchObject({ status: "refused", code: 409 });
    expect(await snapshot(fx.eventId)).toEqual(before);
    expect((await snapshot(other.eventId)).people.find((p) => p.id === other.people[0])!.firstName).toBe("Person0");
  });

  it("a row of another event named by id: 404, nothing changes in either", async () => {
    const fx = await seed();
    const other = await seed();
    const before = [await snapshot(fx.eventId), await snapshot(other.eventId)];
    for (const m of [
      { id: mid(), name: "toggle-shot", args: { id: other.shots[0], done: true } },
      { id: mid(), name: "edit-person", args: { id: other.people[0], values: { firstName: "X", role: "guest" } } },
      { id: mid(), name: "delete-vendor", args: { id: other.vendors[0] } },
      { id: mid(), name: "move-block", args: { id: other.blocks[1], direction: "up" } },
    ]) {
      expect((await send(lead.client, `/events/${fx.eventId}/mutations`, [m])).results![0]).toMatchObject({ status: "refused", code: 404 });
    }
    expect([await snapshot(fx.eventId), await snapshot(other.eventId)]).toEqual(before);
  });

  it("a post that is not a form, or from another origin: refused before any mutation runs", async () => {
    const fx = await seed();
    const before = await snapshot(fx.eventId);
    const asJson = await lead.client.post(`/events/${fx.eventId}/mutations`, {}, { "Content-Type": "application/json" });
    expect(asJson.status).toBe(415);
    const forged = await send(lead.client, `/events/${fx.eventId}/mutations`, [mutationFor("add-person", fx)], { Origin: "https://evil.example" }).catch(() => ({ status: 403 }));
    expect(forged.status).toBe(403);
    expect(await snapshot(fx.eventId)).toEqual(before);
  });

  it("an event at its limit refuses an add with the limit's message", async () => {
    const fx = await seed();
    // D1 binds at most 100 values per statement: seven inserts of 14.
    const more = (n: number) => db.insert(eventVendors).values(Array.from({ length: 14 }, (_, i) => ({ id: crypto.randomUUID(), eventId: fx.eventId, vendorName: `V${n}-${i}`, vendorType: "florist" as const })));
    await db.batch([more(0), more(1), more(2), more(3), more(4), more(5), more(6)]);
    const answer = await send(lead.client, `/events/${fx.eventId}/mutations`, [mutationFor("add-vendor", fx)]);
    expect(answer.results![0]).toMatchObject({ status: "refused", code: 400, message: "An event can have at most 100 vendors." });
  });

  it("a wrong link guesses: each post counts one guess toward the per-IP limit, whatever its mutations hold", async () => {
    const fx = await seed();
    const { client, accessId } = await link(fx.eventId, ALL);
    client.jar.set(`ef_client_${accessId}`, newToken());
    // An invalid first mutation must not be answered otherwise than "no access" (a guess uncounted).
    const batch = [{ id: mid(), name: "add-person", args: { id: crypto.randomUUID(), values: {} } }, mutationFor("add-person", fx)];
    const statuses: number[] = [];
    for (let n = 0; n < LIMITS.clientLinkPerIp.max + 1; n++) statuses.push((await send(client, `/client/view/${accessId}/mutations`, batch)).status);
    expect(statuses.slice(0, LIMITS.clientLinkPerIp.max)).toEqual(Array(LIMITS.clientLinkPerIp.max).fill(404));
    expect(statuses.at(-1)).toBe(429);
  });

  it("posts with a wrong token never use up the real client's writes", async () => {
    const fx = await seed();
    const real = await link(fx.eventId, ALL);
    for (let n = 0; n < LIMITS.portalWritesPerLink.max + 1; n++) {
      const guesser = createClient();
      guesser.jar.set(`ef_client_${real.accessId}`, newToken());
      expect((await send(guesser, real.path, [mutationFor("add-person", fx)])).status).toBe(404);
    }
    expect((await send(real.client, real.path, [mutationFor("add-person", fx)])).results![0]).toMatchObject({ status: "applied" });
  });

  it("a mutation id reused for another change is refused, not answered as the first; on another event it is a change of its own", async () => {
    const fx = await seed();
    const other = await seed();
    const id = mid();
    await send(lead.client, `/events/${fx.eventId}/mutations`, [{ id, name: "add-person", args: { id: crypto.randomUUID(), values: { firstName: "Rosa", role: "guest" } } }]);
    const before = await snapshot(fx.eventId);
    const reused = await send(lead.client, `/events/${fx.eventId}/mutations`, [{ id, name: "toggle-shot", args: { id: fx.shots[0], done: true } }]);
    expect(reused.results![0]).toMatchObject({ status: "refused", code: 409, message: "This change was already sent as another change." });
    expect(await snapshot(fx.eventId)).toEqual(before);
    const elsewhere = await send(lead.client, `/events/${other.eventId}/mutations`, [{ id, name: "toggle-shot", args: { id: other.shots[0], done: true } }]);
    expect(elsewhere.results![0]).toMatchObject({ status: "applied", row: { isDone: true } });
    expect(elsewhere.results![0]).not.toHaveProperty("replay");
  });
});

describe("runMutation: the dashboard's forms and the outbox run the same function", () => {
  it("moves a block as the form does, and the record follows the moved block", async () => {
    const fx = await seed();
    const ran = await runMutation(db, env, { userId: lead.id, name: "Maya Lead" }, fx.eventId, { id: mid(), name: "move-block", args: { id: fx.blocks[2], direction: "up" } });
    expect(ran.result).toMatchObject({ status: "applied" });
    const order = (await db.select().from(timelineBlocks).where(eq(timelineBlocks.eventId, fx.eventId)).orderBy(asc(timelineBlocks.orderIndex))).map((b) => b.id);
    expect(order).toEqual([fx.blocks[0], fx.blocks[2], fx.blocks[1]]);
  });

  it("a move that changed nothing (the first block up) is answered as such when repeated, even once the order changed", async () => {
    const fx = await seed();
    const path = `/events/${fx.eventId}/mutations`;
    const up = { id: mid(), name: "move-block", args: { id: fx.blocks[0], direction: "up" } };
    expect((await send(lead.client, path, [up])).results![0]).toMatchObject({ status: "applied" });
    // Another device moves block 1 to the top; the first device's answer was lost, it sends again.
    await send(lead.client, path, [{ id: mid(), name: "move-block", args: { id: fx.blocks[1], direction: "up" } }]);
    const before = await snapshot(fx.eventId);
    expect((await send(lead.client, path, [up])).results![0]).toMatchObject({ status: "applied", replay: true });
    // Nothing moved; only the live room's number went on (a repeat tells the room the row again).
    const after = await snapshot(fx.eventId);
    expect({ ...after, event: { ...after.event, liveSeq: before.event!.liveSeq } }).toEqual(before);
  });

  it("a move where the block already sits at its new place (a gap left by a delete) is applied, answered with its rows and published", async () => {
    const fx = await seed();
    await db.update(timelineBlocks).set({ orderIndex: 3 }).where(eq(timelineBlocks.id, fx.blocks[2]));
    await db.update(timelineBlocks).set({ orderIndex: 2 }).where(eq(timelineBlocks.id, fx.blocks[1]));
    const room = env.EVENT_ROOM.get(env.EVENT_ROOM.idFromName(fx.eventId));
    const seq = await room.sequence();
    // Orders 0, 2, 3: block 1 down becomes place 2, which it already has.
    const answer = await send(lead.client, `/events/${fx.eventId}/mutations`, [{ id: mid(), name: "move-block", args: { id: fx.blocks[1], direction: "down" } }]);
    expect(answer.results![0]).toMatchObject({ status: "applied", row: { id: fx.blocks[1], orderIndex: 2 } });
    const order = (await db.select().from(timelineBlocks).where(eq(timelineBlocks.eventId, fx.eventId)).orderBy(asc(timelineBlocks.orderIndex))).map((b) => [b.id, b.orderIndex]);
    expect(order).toEqual([[fx.blocks[0], 0], [fx.blocks[2], 1], [fx.blocks[1], 2]]);
    expect(await room.sequence()).toBe(seq + 1);
  });

  it("two moves at once end as if one ran after the other: neither is lost, no two blocks share a place", async () => {
    const fx = await seed();
    const fourth = crypto.randomUUID();
    await db.insert(timelineBlocks).values({ id: fourth, eventId: fx.eventId, title: "Block 3", blockType: "ceremony", startTime: "14:00", orderIndex: 3 });
    const [a, b, c] = fx.blocks;
    const move = (id: string, direction: "up" | "down") =>
      runMutation(db, env, { userId: lead.id, name: "Maya" }, fx.eventId, { id: mid(), name: "move-block", args: { id, direction } });
    const answers = await Promise.all([move(b, "down"), move(fourth, "up")]);
    expect(answers.map((answer) => answer.result.status)).toEqual(["applied", "applied"]);
    const rows = await db.select().from(timelineBlocks).where(eq(timelineBlocks.eventId, fx.eventId)).orderBy(asc(timelineBlocks.orderIndex));
    expect(new Set(rows.map((row) => row.orderIndex)).size).toBe(4);
    expect([
      [a, c, fourth, b],
      [a, fourth, b, c],
    ]).toContainEqual(rows.map((row) => row.id));
  });

  it("delete-event runs for the lead only, and takes its records with it", async () => {
    const fx = await seed();
    const second = await member(fx.eventId, "accepted");
    const refused = await runMutation(db, env, { userId: second.id, name: "Sam" }, fx.eventId, mutationFor("delete-event", fx));
    expect(refused.result).toMatchObject({ status: "refused", code: 403 });
    await runMutation(db, env, { userId: lead.id, name: "Maya" }, fx.eventId, mutationFor("add-person", fx));
    const ran = await runMutation(db, env, { userId: lead.id, name: "Maya" }, fx.eventId, mutationFor("delete-event", fx));
    expect(ran.result).toMatchObject({ status: "applied" });
    expect(await snapshot(fx.eventId)).toMatchObject({ event: null, people: [] });
    expect(await db.select().from(appliedMutations).where(eq(appliedMutations.eventId, fx.eventId))).toEqual([]);
  });
});

it("the list of mutations covers every list change the dashboard offers", () => {
  expect([...MUTATION_NAMES].sort()).toEqual(
    [
      "toggle-block", "toggle-shot", "add-block", "edit-block", "move-block", "shift-block", "assign-block", "delete-block", "assign-shot", "add-shot", "edit-shot", "delete-shot", "group-shot", "regroup-shot",
      "add-person", "edit-person", "delete-person", "add-vendor", "edit-vendor", "delete-vendor", "edit-event", "delete-event",
    ].sort(),
  );
  expect(ORIGIN).toBe("http://localhost");
});

describe("housekeeping", () => {
  it("keeps a mutation's record 30 days, then lets it go", async () => {
    const fx = await seed();
    const add = mutationFor("add-person", fx);
    await send(lead.client, `/events/${fx.eventId}/mutations`, [add]);
    const key = `user:${lead.id}:${await sha256Hex(`${fx.eventId}:${add.id}`)}`;
    const { runHousekeeping } = await import("~/utils/housekeeping.server");
    await runHousekeeping(db, env, new Date(Date.now() + 29 * 24 * 3600_000));
    expect(await db.select().from(appliedMutations).where(eq(appliedMutations.key, key))).toHaveLength(1);
    const result = await runHousekeeping(db, env, new Date(Date.now() + 31 * 24 * 3600_000));
    expect(result.appliedMutations).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(appliedMutations).where(eq(appliedMutations.key, key))).toHaveLength(0);
  });
});
