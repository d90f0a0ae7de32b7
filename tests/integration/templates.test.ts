import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eventPeople, eventSecondShooters, eventTemplates, shotListItems, timelineBlocks } from "~/db/schema";
import { TEMPLATES_PER_USER_MAX } from "~/modules/templates/template";
import { getDb } from "~/utils/db.server";
import { createEvent } from "../factories";
import { eventIdFrom, insertClientLink, sessionFor, signedInUser } from "./helpers";

// Templates (docs/product/screens.md#save-as-template, #templates, #create-event): only an
// event's lead saves one; only its owner sees, renames, deletes or uses it; bad input is
// refused with nothing written.

const db = getDb(env);
const key = () => crypto.randomUUID().replaceAll("-", "");

let lead: Awaited<ReturnType<typeof signedInUser>>;
let eventId: string;

const templatesOf = (userId: string) => db.select().from(eventTemplates).where(eq(eventTemplates.userId, userId)).orderBy(asc(eventTemplates.createdAt));
const blocksOf = (id: string) => db.select().from(timelineBlocks).where(eq(timelineBlocks.eventId, id)).orderBy(asc(timelineBlocks.orderIndex));
const shotsOf = (id: string) => db.select().from(shotListItems).where(eq(shotListItems.eventId, id)).orderBy(asc(shotListItems.orderIndex));

beforeAll(async () => {
  lead = await signedInUser({ pro: true });
  eventId = (await createEvent(db, lead.id, { title: "Emma & James Wedding", date: "2027-06-19" })).id;
  const member = crypto.randomUUID();
  await db.insert(timelineBlocks).values([
    { id: crypto.randomUUID(), eventId, title: "Details", blockType: "prep", startTime: null, durationMinutes: 30, orderIndex: 0, isDone: true, assignees: [member] },
    { id: crypto.randomUUID(), eventId, title: "Ceremony", blockType: "ceremony", startTime: "21:00", durationMinutes: 30, orderIndex: 1, location: "Chapel", notes: "Quiet", teamNotes: "Balcony", fixedTime: true, travelMinutes: 15 },
    { id: crypto.randomUUID(), eventId, title: "Golden hour", blockType: "portrait", startTime: "22:00", durationMinutes: 45, orderIndex: 2, anchor: "sunset", anchorOffsetMinutes: -30 },
    { id: crypto.randomUUID(), eventId, title: "Exit", blockType: "reception", startTime: "00:30", durationMinutes: 15, orderIndex: 3 },
  ]);
  await db.insert(shotListItems).values([
    { id: crypto.randomUUID(), eventId, title: "Rings", category: "details", orderIndex: 0, description: "On the invite", teamNotes: "Macro", isDone: true, assignees: [member] },
    { id: crypto.randomUUID(), eventId, title: "First Dance", category: "reception", orderIndex: 1 },
  ]);
});

describe("save as template", () => {
  it("the lead saves the timeline (relative times) and shots, without done marks or assignments", async () => {
    const response = await lead.client.post(`/events/${eventId}`, { intent: "save-template", name: "Late summer", idempotencyKey: key() });
    expect(response.status).toBe(302);
    const [template] = await templatesOf(lead.id);
    expect(template).toMatchObject({ name: "Late summer", blockCount: 4, shotCount: 2 });
    expect(template!.body.firstStart).toBe("21:00");
    expect(template!.body.blocks.map((b) => b.offsetMinutes)).toEqual([null, 0, 60, 210]);
    expect(template!.body.blocks[1]).toEqual({
      title: "Ceremony", blockType: "ceremony", offsetMinutes: 0, durationMinutes: 30, location: "Chapel", notes: "Quiet", teamNotes: "Balcony",
      fixedTime: true, travelMinutes: 15, anchor: null, anchorOffsetMinutes: 0,
    });
    expect(template!.body.blocks[2]).toMatchObject({ anchor: "sunset", anchorOffsetMinutes: -30 });
    expect(template!.body.shots[0]).toEqual({ title: "Rings", category: "details", description: "On the invite", teamNotes: "Macro" });
    expect(JSON.stringify(template!.body)).not.toMatch(/isDone|assignees|doneBy/);
    await db.delete(eventTemplates).where(eq(eventTemplates.userId, lead.id));
  });

  it("a double submission writes one template", async () => {
    const idempotencyKey = key();
    const answers = await Promise.all([1, 2].map(() => lead.client.post(`/events/${eventId}`, { intent: "save-template", name: "Twice", idempotencyKey })));
    expect(answers.map((a) => a.status)).toEqual([302, 302]);
    expect((await templatesOf(lead.id)).filter((t) => t.name === "Twice")).toHaveLength(1);
    await db.delete(eventTemplates).where(eq(eventTemplates.userId, lead.id));
  });

  it("a team member, a stranger and a client link are refused, and nothing is written", async () => {
    const member = await sessionFor();
    await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: member.id, status: "accepted", shooterType: "second_shooter" });
    const stranger = await sessionFor();
    expect((await member.client.post(`/events/${eventId}`, { intent: "save-template", name: "Mine now", idempotencyKey: key() })).status).toBe(403);
    expect((await stranger.client.post(`/events/${eventId}`, { intent: "save-template", name: "Mine now", idempotencyKey: key() })).status).toBe(404);
    // A client link's browser has no account: the dashboard sends it to sign in.
    const { token } = await insertClientLink(eventId, { canEditPeople: true, canEditTimeline: true, canEditShots: true, canEditVendors: true });
    const client = (await sessionFor()).client;
    client.jar.delete("ef_session");
    await client.get(`/client/${token}`);
    const clientAnswer = await client.post(`/events/${eventId}`, { intent: "save-template", name: "Mine now", idempotencyKey: key() });
    expect(clientAnswer.headers.get("Location") ?? "").toMatch(/^\/auth/);
    const written = await db.select().from(eventTemplates).where(eq(eventTemplates.name, "Mine now"));
    expect(written).toEqual([]);
  });

  it("an empty or overlong name is refused with its message", async () => {
    const empty = await lead.client.post(`/events/${eventId}`, { intent: "save-template", name: "  ", idempotencyKey: key() });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Template name is required");
    const long = await lead.client.post(`/events/${eventId}`, { intent: "save-template", name: "x".repeat(81), idempotencyKey: key() });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Template name must be less than 80 characters");
    expect(await templatesOf(lead.id)).toEqual([]);
  });

  it(`a user keeps at most ${TEMPLATES_PER_USER_MAX} templates`, async () => {
    const body = { firstStart: null, blocks: [], shots: [] };
    await db.insert(eventTemplates).values(Array.from({ length: TEMPLATES_PER_USER_MAX }, (_, i) => ({ id: crypto.randomUUID(), userId: lead.id, name: `T${i}`, body, blockCount: 0, shotCount: 0 })).slice(0, 10));
    for (let i = 10; i < TEMPLATES_PER_USER_MAX; i += 10) {
      await db.insert(eventTemplates).values(Array.from({ length: 10 }, (_, j) => ({ id: crypto.randomUUID(), userId: lead.id, name: `T${i + j}`, body, blockCount: 0, shotCount: 0 })));
    }
    const answer = await lead.client.post(`/events/${eventId}`, { intent: "save-template", name: "One too many", idempotencyKey: key() });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain(`You can keep at most ${TEMPLATES_PER_USER_MAX} templates.`);
    expect(await templatesOf(lead.id)).toHaveLength(TEMPLATES_PER_USER_MAX);
    await db.delete(eventTemplates).where(eq(eventTemplates.userId, lead.id));
  });
});

describe("using a template", () => {
  let templateId: string;
  beforeAll(async () => {
    expect((await lead.client.post(`/events/${eventId}`, { intent: "save-template", name: "Evening", idempotencyKey: key() })).status).toBe(302);
    templateId = (await templatesOf(lead.id)).find((t) => t.name === "Evening")!.id;
  });

  it("New Event offers it, and creating from it lays the blocks from a new first start with the shots copied", async () => {
    const page = await (await lead.client.get("/events/new")).text();
    expect(page).toContain("Default timeline and shots");
    expect(page).toContain("Evening (4 blocks · 2 shots)");
    const created = eventIdFrom(await lead.client.post("/events/new", { title: "From template", date: "2027-07-01", startFrom: templateId, firstStart: "20:00", idempotencyKey: key() }));
    const blocks = await blocksOf(created);
    expect(blocks.map((b) => [b.title, b.startTime])).toEqual([["Details", null], ["Ceremony", "20:00"], ["Golden hour", "21:00"], ["Exit", "23:30"]]);
    expect(blocks[1]).toMatchObject({ location: "Chapel", notes: "Quiet", teamNotes: "Balcony", fixedTime: true, travelMinutes: 15, isDone: false, assignees: [] });
    expect(blocks[2]).toMatchObject({ anchor: "sunset", anchorOffsetMinutes: -30 });
    const shots = await shotsOf(created);
    expect(shots.map((s) => [s.title, s.category, s.isDone, s.assignees])).toEqual([["Rings", "details", false, []], ["First Dance", "reception", false, []]]);
  });

  it("without a first start the template's own is used, crossing midnight as before", async () => {
    const created = eventIdFrom(await lead.client.post("/events/new", { title: "Own start", date: "2027-07-02", startFrom: templateId, idempotencyKey: key() }));
    expect((await blocksOf(created)).map((b) => b.startTime)).toEqual([null, "21:00", "22:00", "00:30"]);
  });

  it("'Default timeline and shots' is today's defaults", async () => {
    const created = eventIdFrom(await lead.client.post("/events/new", { title: "Defaults", date: "2027-07-03", startFrom: "", idempotencyKey: key() }));
    expect((await blocksOf(created)).map((b) => b.title)).toEqual(["Getting Ready", "Ceremony", "Cocktail Hour", "Reception"]);
  });

  it("a malformed first start and an unknown template are refused, and no event is made", async () => {
    const before = await templatesOf(lead.id);
    const bad = await lead.client.post("/events/new", { title: "Bad time", date: "2027-07-04", startFrom: templateId, firstStart: "25:99", idempotencyKey: key() });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter a time like 14:00");
    const unknown = await lead.client.post("/events/new", { title: "Unknown", date: "2027-07-04", startFrom: crypto.randomUUID(), idempotencyKey: key() });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("That template no longer exists.");
    expect(await templatesOf(lead.id)).toEqual(before);
  });

  it("another user's template is refused (404) for use, rename and delete, and nothing is written", async () => {
    const other = await signedInUser({ pro: true });
    const use = await other.client.post("/events/new", { title: "Borrowed", date: "2027-07-05", startFrom: templateId, idempotencyKey: key() });
    expect(use.status).toBe(404);
    expect(await (await other.client.get("/events/new")).text()).not.toContain("Evening");
    expect(await (await other.client.get("/settings?tab=templates")).text()).not.toContain("Evening");
    expect((await other.client.post("/settings/templates?tab=templates", { intent: "rename-template", id: templateId, name: "Stolen" })).status).toBe(404);
    expect((await other.client.post("/settings/templates?tab=templates", { intent: "delete-template", id: templateId })).status).toBe(404);
    const [row] = await db.select().from(eventTemplates).where(eq(eventTemplates.id, templateId));
    expect(row?.name).toBe("Evening");
  });

  it("the owner lists, renames and deletes it in Settings", async () => {
    const page = await (await lead.client.get("/settings?tab=templates")).text();
    expect(page).toContain("Evening");
    expect(page).toContain("4 blocks · 2 shots");
    const empty = await lead.client.post("/settings/templates?tab=templates", { intent: "rename-template", id: templateId, name: "" });
    expect(empty.status).toBe(400);
    expect((await lead.client.post("/settings/templates?tab=templates", { intent: "rename-template", id: templateId, name: "Evening, renamed" })).status).toBe(302);
    expect((await db.select().from(eventTemplates).where(eq(eventTemplates.id, templateId)))[0]?.name).toBe("Evening, renamed");
    expect((await lead.client.post("/settings/templates?tab=templates", { intent: "delete-template", id: templateId })).status).toBe(302);
    expect(await db.select().from(eventTemplates).where(eq(eventTemplates.id, templateId))).toEqual([]);
  });
});

describe("family groupings in a template", () => {
  it("a grouping is kept by its people's roles, and the new event's grouping calls whoever of those roles it has, until 'Edit grouping' names them", async () => {
    const owner = await signedInUser({ pro: true });
    const source = (await createEvent(db, owner.id, { title: "Clark & Wright Wedding", date: "2027-06-19" })).id;
    const [emma, james, rose, arthur] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await db.insert(eventPeople).values([
      { id: emma, eventId: source, firstName: "Emma", lastName: "Clark", role: "bride" },
      { id: james, eventId: source, firstName: "James", lastName: "Wright", role: "groom" },
      { id: rose, eventId: source, firstName: "Rose", lastName: "Clark", role: "grandparent" },
      { id: arthur, eventId: source, firstName: "Arthur", lastName: "Wright", role: "grandparent" },
    ]);
    await db.delete(shotListItems).where(eq(shotListItems.eventId, source));
    await db.insert(shotListItems).values([
      { id: crypto.randomUUID(), eventId: source, title: "Couple + grandparents", category: "family_formals", orderIndex: 0, personIds: JSON.stringify([james, emma, rose, arthur]) },
      { id: crypto.randomUUID(), eventId: source, title: "Rings", category: "details", orderIndex: 1 },
    ]);
    expect((await owner.client.post(`/events/${source}`, { intent: "save-template", name: "With formals", idempotencyKey: key() })).status).toBe(302);
    const [template] = await templatesOf(owner.id);
    // By role, each once, in the grouping's order: no one of this wedding's people is kept.
    expect(template!.body.shots).toEqual([
      { title: "Couple + grandparents", category: "family_formals", description: null, teamNotes: null, roles: ["groom", "bride", "grandparent"] },
      { title: "Rings", category: "details", description: null, teamNotes: null },
    ]);
    expect(JSON.stringify(template!.body)).not.toContain(emma);

    const created = eventIdFrom(await owner.client.post("/events/new", { title: "Next wedding", date: "2027-08-07", startFrom: template!.id, idempotencyKey: key() }));
    const [formals, rings] = await shotsOf(created);
    expect(formals).toMatchObject({ title: "Couple + grandparents", category: "family_formals", personIds: "[]", personRoles: JSON.stringify(["groom", "bride", "grandparent"]) });
    expect(rings).toMatchObject({ personIds: "[]", personRoles: "[]" });
    // Until the family is on the People tab, the row says whom it waits for.
    const waiting = await (await owner.client.get(`/events/${created}?tab=shots`)).text();
    expect(waiting).toContain("no grooms yet, no brides yet, no grandparents yet");
    // Saved again before anyone is added, the grouping keeps its roles.
    expect((await owner.client.post(`/events/${created}`, { intent: "save-template", name: "Saved again", idempotencyKey: key() })).status).toBe(302);
    const again = (await templatesOf(owner.id)).find((t) => t.name === "Saved again")!;
    expect(again.body.shots[0]).toMatchObject({ title: "Couple + grandparents", category: "family_formals", roles: ["groom", "bride", "grandparent"] });
    const [ana, ben, ida] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await db.insert(eventPeople).values([
      { id: ana, eventId: created, firstName: "Ana", lastName: "Lopez", role: "bride" },
      { id: ben, eventId: created, firstName: "Ben", lastName: "Ortiz", role: "groom" },
      { id: ida, eventId: created, firstName: "Ida", lastName: "Lopez", role: "grandparent" },
      { id: crypto.randomUUID(), eventId: created, firstName: "Tom", lastName: "Lopez", role: "sibling" },
    ]);
    const shown = await (await owner.client.get(`/events/${created}?tab=shots`)).text();
    expect(shown).toContain("Ben Ortiz, Ana Lopez, Ida Lopez");
    const sheet = await (await owner.client.get(`/events/${created}/run-sheet`)).text();
    expect(sheet).toContain("Ben Ortiz, Ana Lopez, Ida Lopez");

    // 'Edit grouping' names its people: by role no longer.
    const path = `/events/${created}/mutations`;
    // With the dialog's base (the row as stored: no one named yet), as a phone sends it.
    const base = { title: "Couple + grandparents", category: "family_formals", personIds: "[]" };
    const regroup = { id: crypto.randomUUID(), name: "regroup-shot", args: { id: formals!.id, values: { title: "Couple + grandmother", category: "family_formals", personIds: JSON.stringify([ana, ben, ida]) }, base } };
    expect((await owner.client.post(path, { mutations: JSON.stringify([regroup]) })).status).toBe(200);
    const [edited] = await shotsOf(created);
    expect(edited).toMatchObject({ title: "Couple + grandmother", personIds: JSON.stringify([ana, ben, ida]), personRoles: "[]" });
    // A plain shot is still not a grouping to edit as one.
    const plain = { id: crypto.randomUUID(), name: "regroup-shot", args: { id: rings!.id, values: { title: "Rings", category: "family_formals", personIds: JSON.stringify([ana]) } } };
    await owner.client.post(path, { mutations: JSON.stringify([plain]) });
    expect((await shotsOf(created))[1]).toMatchObject({ title: "Rings", personIds: "[]" });
  });
});
