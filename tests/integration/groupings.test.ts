import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventPeople, shotListItems } from "~/db/schema";
import type { MutationResult } from "~/modules/event/mutations";
import { NO_PEOPLE, NOT_EVENT_PEOPLE } from "~/modules/shots/changes.server";
import { GROUPING_PEOPLE_MAX } from "~/modules/shots/groupings";
import { getDb } from "~/utils/db.server";
import { createEvent } from "../factories";
import { ALL_CLIENT_FLAGS, type Client, seedTeamEvent, sessionFor } from "./helpers";

// Family formals groupings (docs/product/screens.md#family-formals): shots of the family
// formals category naming the event's people by id, added and edited by the lead, the team
// and a client link with shot rights; never naming anyone outside the event; a removed
// person leaves every grouping in the removal's own change.

const db = getDb(env);

async function seed() {
  const fx = await seedTeamEvent({
    event: { title: "Emma & James Wedding" },
    people: [
      { firstName: "Emma", lastName: "Clark", role: "bride" },
      { firstName: "James", lastName: "Wright", role: "groom" },
      { firstName: "Rose", lastName: "Clark", role: "grandparent", pronunciation: "ROHZ" },
    ],
  });
  const other = await createEvent(db, fx.member.id, { title: "Another Wedding" });
  const stranger = crypto.randomUUID();
  await db.insert(eventPeople).values({ id: stranger, eventId: other.id, firstName: "Other", lastName: "Person", role: "guest" });
  const [emma, james, rose] = fx.people;
  return { ...fx, emma: emma!, james: james!, rose: rose!, stranger };
}

async function send(client: Client, path: string, mutations: unknown[]) {
  const response = await client.post(path, { mutations: JSON.stringify(mutations) });
  const body = (await response.json()) as { results?: MutationResult[] };
  return { status: response.status, results: body.results ?? [] };
}

// The form sends its category (the shot form's schema reads it); a grouping is always family formals.
const grouping = (title: string, personIds: string[]) => ({ title, category: "family_formals", personIds: JSON.stringify(personIds) });
/** 'Add grouping' (group-shot) and a grouping's edit (regroup-shot). */
const add = (values: Record<string, string>, id: string = crypto.randomUUID()) => ({ id: crypto.randomUUID(), name: "group-shot", args: { id, values } });
const edit = (id: string, values: Record<string, string>) => ({ id: crypto.randomUUID(), name: "regroup-shot", args: { id, values } });
const remove = (id: string) => ({ id: crypto.randomUUID(), name: "delete-person", args: { id } });

const shotsOf = (eventId: string) => db.select().from(shotListItems).where(eq(shotListItems.eventId, eventId));

/** A client link to the event with every flag, or every flag but the shot list. */
const clientOf = (fx: Awaited<ReturnType<typeof seed>>, canEditShots: boolean) => fx.clientLink({ ...ALL_CLIENT_FLAGS, canEditShots });

describe("family formals groupings", () => {
  it("the lead adds a grouping of the event's people, in order, as a family formals shot", async () => {
    const fx = await seed();
    const id = crypto.randomUUID();
    const answer = await send(fx.lead.client, fx.path, [add(grouping("Couple + grandparents", [fx.james, fx.emma, fx.rose]), id)]);
    expect(answer.results[0]).toMatchObject({ status: "applied" });
    const [shot] = await shotsOf(fx.eventId);
    expect(shot).toMatchObject({ id, title: "Couple + grandparents", category: "family_formals" });
    expect(JSON.parse(shot!.personIds)).toEqual([fx.james, fx.emma, fx.rose]);
    // Sent twice (a retry), added once.
    const again = add(grouping("Couple", [fx.emma, fx.james]));
    expect((await send(fx.lead.client, fx.path, [again])).results[0]).toMatchObject({ status: "applied" });
    expect((await send(fx.lead.client, fx.path, [again])).results[0]).toMatchObject({ status: "applied", replay: true });
    expect(await shotsOf(fx.eventId)).toHaveLength(2);
  });

  it("a team member edits a grouping's name and people, but not a shot that is not a grouping, nor adds or edits other shots", async () => {
    const fx = await seed();
    const plain = crypto.randomUUID();
    await send(fx.lead.client, fx.path, [{ id: crypto.randomUUID(), name: "add-shot", args: { id: plain, values: { title: "Rings", category: "details" } } }]);
    expect((await send(fx.member.client, fx.path, [edit(plain, grouping("Rings", [fx.emma]))])).results[0]).toMatchObject({ status: "refused", code: 404 });
    expect((await send(fx.member.client, fx.path, [{ id: crypto.randomUUID(), name: "add-shot", args: { id: crypto.randomUUID(), values: { ...grouping("Couple", [fx.emma]), category: "family_formals" } } }])).results[0]).toMatchObject({ status: "refused", code: 403 });
    expect((await send(fx.member.client, fx.path, [{ id: crypto.randomUUID(), name: "edit-shot", args: { id: plain, values: { title: "Hijacked", category: "details" } } }])).results[0]).toMatchObject({ status: "refused", code: 403 });
    const [shot] = await shotsOf(fx.eventId);
    expect(shot).toMatchObject({ title: "Rings", category: "details", personIds: "[]" });
  });

  it("the lead's own shot form naming a grouping by role's people makes it a grouping of those people", async () => {
    const fx = await seed();
    const id = crypto.randomUUID();
    await db.insert(shotListItems).values({ id, eventId: fx.eventId, title: "Couple + grandparents", category: "family_formals", orderIndex: 9, personRoles: JSON.stringify(["bride", "grandparent"]) });
    expect((await send(fx.lead.client, fx.path, [{ id: crypto.randomUUID(), name: "edit-shot", args: { id, values: { title: "Couple + grandparents", category: "family_formals", personIds: JSON.stringify([fx.emma, fx.rose]) } } }])).results[0]).toMatchObject({ status: "applied" });
    const [shot] = (await shotsOf(fx.eventId)).filter((each) => each.id === id);
    expect(shot).toMatchObject({ personIds: JSON.stringify([fx.emma, fx.rose]), personRoles: "[]" });
  });

  it("a family formals shot written before its people ('Couple with all grandparents') is made a grouping with 'Edit grouping', its notes kept", async () => {
    const fx = await seed();
    const formals = crypto.randomUUID();
    await send(fx.lead.client, fx.path, [{ id: crypto.randomUUID(), name: "add-shot", args: { id: formals, values: { title: "Couple with grandmother", category: "family_formals", description: "Bring a chair" } } }]);
    expect((await send(fx.member.client, fx.path, [edit(formals, grouping("Couple with grandmother", [fx.emma, fx.james, fx.rose]))])).results[0]).toMatchObject({ status: "applied" });
    const [shot] = await shotsOf(fx.eventId);
    expect(shot).toMatchObject({ title: "Couple with grandmother", category: "family_formals", description: "Bring a chair", personIds: JSON.stringify([fx.emma, fx.james, fx.rose]) });
  });

  it("a team member and a client link with shot rights add and edit groupings; a link without shot rights is refused, a stranger gets 404", async () => {
    const fx = await seed();
    const id = crypto.randomUUID();
    expect((await send(fx.member.client, fx.path, [add(grouping("Couple", [fx.emma, fx.james]), id)])).results[0]).toMatchObject({ status: "applied" });
    expect((await send(fx.member.client, fx.path, [edit(id, grouping("Couple", [fx.james, fx.emma]))])).results[0]).toMatchObject({ status: "applied" });

    const withRights = await clientOf(fx, true);
    expect((await send(withRights.client, withRights.path, [edit(id, grouping("Couple + Rose", [fx.emma, fx.james, fx.rose]))])).results[0]).toMatchObject({ status: "applied" });
    const theirs = crypto.randomUUID();
    expect((await send(withRights.client, withRights.path, [add(grouping("Bride + grandmother", [fx.emma, fx.rose]), theirs)])).results[0]).toMatchObject({ status: "applied" });

    const without = await clientOf(fx, false);
    expect((await send(without.client, without.path, [add(grouping("Not allowed", [fx.emma]))])).results[0]).toMatchObject({ status: "refused", code: 403 });
    expect((await send(without.client, without.path, [edit(id, grouping("Not allowed", [fx.rose]))])).results[0]).toMatchObject({ status: "refused", code: 403 });
    const stranger = await sessionFor();
    expect((await send(stranger.client, fx.path, [add(grouping("Not allowed", [fx.emma]))])).status).toBe(404);
    expect((await send(stranger.client, fx.path, [edit(id, grouping("Not allowed", [fx.rose]))])).status).toBe(404);

    const shots = await shotsOf(fx.eventId);
    expect(shots.map((shot) => shot.title).sort()).toEqual(["Bride + grandmother", "Couple + Rose"]);
    expect(JSON.parse(shots.find((shot) => shot.id === id)!.personIds)).toEqual([fx.emma, fx.james, fx.rose]);
  });

  it("a grouping naming an unknown id, another event's person, with an oversized name or too many people is refused (4xx) and nothing changes", async () => {
    const fx = await seed();
    const id = crypto.randomUUID();
    await send(fx.lead.client, fx.path, [add(grouping("Couple", [fx.emma, fx.james]), id)]);
    const before = await shotsOf(fx.eventId);

    const refusals = [
      [add(grouping("Unknown", [fx.emma, crypto.randomUUID()])), NOT_EVENT_PEOPLE],
      [add(grouping("Someone else's", [fx.stranger])), NOT_EVENT_PEOPLE],
      [edit(id, grouping("Couple", [fx.emma, fx.stranger])), NOT_EVENT_PEOPLE],
      [edit(id, grouping("Couple", [crypto.randomUUID()])), NOT_EVENT_PEOPLE],
      // The lead's own shot form, naming people, is held to the same.
      [{ id: crypto.randomUUID(), name: "add-shot", args: { id: crypto.randomUUID(), values: { ...grouping("Shot", [fx.stranger]), category: "family_formals" } } }, NOT_EVENT_PEOPLE],
      [add({ title: "No people", category: "family_formals" }), NO_PEOPLE],
    ] as const;
    for (const [mutation, message] of refusals) expect((await send(fx.lead.client, fx.path, [mutation])).results[0]).toMatchObject({ status: "refused", code: 400, message });

    const tooMany = Array.from({ length: GROUPING_PEOPLE_MAX + 1 }, () => crypto.randomUUID());
    const invalid = [
      add(grouping("x".repeat(201), [fx.emma])),
      add(grouping("Too many", tooMany)),
      add(grouping("Nobody", [])),
      add(grouping("Twice", [fx.emma, fx.emma])),
      add({ title: "Not a list", category: "family_formals", personIds: "emma" }),
      add({ title: "Not ids", category: "family_formals", personIds: JSON.stringify(["emma"]) }),
      edit(id, grouping("y".repeat(201), [fx.emma])),
    ];
    for (const mutation of invalid) expect((await send(fx.lead.client, fx.path, [mutation])).results[0]).toMatchObject({ status: "refused", code: 400 });

    // The form, without JavaScript, too.
    const form = await fx.member.client.post(`/events/${fx.eventId}`, { intent: "group-shot", ...grouping("Someone else's", [fx.stranger]) });
    expect(form.status).toBe(400);
    const client = await clientOf(fx, true);
    expect((await send(client.client, client.path, [add(grouping("Someone else's", [fx.stranger]))])).results[0]).toMatchObject({ status: "refused", code: 400, message: NOT_EVENT_PEOPLE });

    expect(await shotsOf(fx.eventId)).toEqual(before);
  });

  it("a renamed person is renamed in every grouping (named by id); a removed person leaves every grouping in the same change, the rest in order", async () => {
    const fx = await seed();
    const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await send(fx.lead.client, fx.path, [
      add(grouping("Couple + Rose", [fx.emma, fx.rose, fx.james]), a),
      add(grouping("Emma + Rose", [fx.rose, fx.emma]), b),
      add(grouping("Couple", [fx.emma, fx.james]), c),
    ]);
    const renamed = { id: crypto.randomUUID(), name: "edit-person", args: { id: fx.rose, values: { firstName: "Rosemary", lastName: "Clark", role: "grandparent" } } };
    expect((await send(fx.lead.client, fx.path, [renamed])).results[0]).toMatchObject({ status: "applied" });
    expect(JSON.parse((await shotsOf(fx.eventId)).find((shot) => shot.id === a)!.personIds)).toEqual([fx.emma, fx.rose, fx.james]);

    expect((await send(fx.lead.client, fx.path, [remove(fx.rose)])).results[0]).toMatchObject({ status: "applied" });
    const byId = new Map((await shotsOf(fx.eventId)).map((shot) => [shot.id, JSON.parse(shot.personIds) as string[]]));
    expect(byId.get(a)).toEqual([fx.emma, fx.james]);
    expect(byId.get(b)).toEqual([fx.emma]);
    expect(byId.get(c)).toEqual([fx.emma, fx.james]);
  });

  it("a removal the sender may not make leaves the groupings as they are", async () => {
    const fx = await seed();
    const id = crypto.randomUUID();
    await send(fx.lead.client, fx.path, [add(grouping("Couple + Rose", [fx.emma, fx.rose]), id)]);
    const client = await clientOf(fx, true);
    expect((await send(client.client, client.path, [remove(fx.rose)])).results[0]).toMatchObject({ status: "refused", code: 403 });
    const stranger = await sessionFor();
    expect((await send(stranger.client, fx.path, [remove(fx.rose)])).status).toBe(404);
    expect(JSON.parse((await shotsOf(fx.eventId))[0]!.personIds)).toEqual([fx.emma, fx.rose]);
  });
});
