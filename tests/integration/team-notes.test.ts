import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eventPeople, events, eventSecondShooters, organizations, shotListItems, timelineBlocks } from "~/db/schema";
import type { MutationResult } from "~/modules/event/mutations";
import { getDb } from "~/utils/db.server";
import { type Client, createClient, eventLists, insertClientLink, sessionFor, waitFor } from "./helpers";

// docs/product/roles.md#client-links: team notes are the lead's and the team's only. A client
// link is never given them (its pages, their .data, its socket, its changes' answers) and
// never writes them; the team sees and writes them like any field.

const db = getDb(env);
const ALL_ON = { canEditPeople: true, canEditTimeline: true, canEditShots: true, canEditVendors: true };

type User = Awaited<ReturnType<typeof sessionFor>>;
let lead: User;
let member: User;
beforeAll(async () => {
  [lead, member] = [await sessionFor(), await sessionFor()];
});

/** An event whose block, shot and person each have notes for everyone and team notes (unique per event, so no test sees another's). */
async function seedEvent() {
  const eventId = crypto.randomUUID();
  const tag = eventId.slice(0, 8);
  const fx = {
    eventId,
    block: crypto.randomUUID(),
    shot: crypto.randomUUID(),
    person: crypto.randomUUID(),
    secrets: { block: `Keep Alex at the north gate ${tag}`, shot: `Macro lens only ${tag}`, person: `Uncle Ray arrives late ${tag}` },
  };
  await db.batch([
    db.insert(organizations).values({ id: crypto.randomUUID(), name: "Org", ownerId: lead.id }).onConflictDoNothing(),
    db.insert(events).values({ id: eventId, title: "Notes Wedding", date: "2027-06-12", organizationId: sql`(SELECT id FROM organizations WHERE owner_id = ${lead.id})`, leadPhotographerId: lead.id }),
    db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: member.id, status: "accepted" }),
    db.insert(timelineBlocks).values({ id: fx.block, eventId, title: "Ceremony", blockType: "ceremony", startTime: "16:00", durationMinutes: 30, orderIndex: 0, notes: "Unplugged ceremony", teamNotes: fx.secrets.block }),
    db.insert(shotListItems).values({ id: fx.shot, eventId, title: "Rings", category: "details", description: "On the invitation", orderIndex: 0, teamNotes: fx.secrets.shot }),
    db.insert(eventPeople).values({ id: fx.person, eventId, firstName: "Grace", role: "grandparent", notes: "Loves roses", teamNotes: fx.secrets.person }),
  ]);
  return fx;
}
type Fixture = Awaited<ReturnType<typeof seedEvent>>;

/** A client link of the event, and a browser holding its cookie (as the link's exchange leaves it). */
async function portalOf(eventId: string) {
  const { token, accessId } = await insertClientLink(eventId, ALL_ON);
  const couple = createClient();
  couple.jar.set(`ef_client_${accessId}`, token);
  return { couple, accessId, page: `/client/view/${accessId}`, outbox: `/client/view/${accessId}/mutations` };
}

/** What a browser receives, with HTML's escapes undone, so a note is found however it is written. */
async function textOf(response: Response) {
  return (await response.text()).replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");
}

const secretsOf = (fx: Fixture) => Object.values(fx.secrets);
const expectNoSecret = (text: string, fx: Fixture, where: string) => {
  for (const secret of secretsOf(fx)) expect(text, where).not.toContain(secret);
};

/** Posts mutations as a device's outbox does. */
async function send(client: Client, path: string, mutations: unknown[]) {
  const response = await client.post(path, { mutations: JSON.stringify(mutations) });
  const text = await response.text();
  return { status: response.status, text, results: (JSON.parse(text) as { results?: MutationResult[] }).results ?? [] };
}

/** A socket on an event's room that said hello; collects what it is sent. */
async function live(client: Client, path: string, since = 0) {
  const response = await client.get(path, { Upgrade: "websocket", Origin: "http://localhost" });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const frames: string[] = [];
  socket.addEventListener("message", (e) => frames.push(String(e.data)));
  socket.accept();
  socket.send(JSON.stringify({ type: "hello", since }));
  await waitFor(() => frames.some((frame) => JSON.parse(frame).type === "live"));
  return { socket, frames, changes: () => frames.map((frame) => JSON.parse(frame) as { type: string; change?: { entity: string; rows?: Record<string, unknown>[] } }).filter((m) => m.type === "change") };
}

const TABS = ["timeline", "shots", "people", "vendors"];

describe("the lead and the team see team notes", () => {
  it("on the dashboard's page and in the lists' data, for the lead and an accepted member alike", async () => {
    const fx = await seedEvent();
    for (const viewer of [lead, member]) {
      const page = await textOf(await viewer.client.get(`/events/${fx.eventId}`));
      expect(page).toContain(fx.secrets.block);
      const lists = await textOf(await viewer.client.get(`/events/${fx.eventId}/lists`));
      for (const secret of secretsOf(fx)) expect(lists).toContain(secret);
    }
  });

  it("in the edit dialogs, with who sees each field", async () => {
    const fx = await seedEvent();
    const dialog = await textOf(await lead.client.get(`/events/${fx.eventId}?dialog=edit-block&id=${fx.block}`));
    expect(dialog).toContain("Team notes");
    expect(dialog).toContain("Visible to your client.");
    expect(dialog).toContain("Only you and your team see this.");
    expect(dialog).toContain(fx.secrets.block);
  });

  it("write them through a form and the outbox, and are told them live", async () => {
    const fx = await seedEvent();
    const memberSocket = await live(member.client, `/live/events/${fx.eventId}`);
    const edited = await lead.client.post(`/events/${fx.eventId}`, { intent: "edit-block", id: fx.block, title: "Ceremony", blockType: "ceremony", durationMinutes: "30", teamNotes: "Alex: north gate, then the balcony" });
    expect(edited.status).toBe(302);
    const added = crypto.randomUUID();
    const answer = await send(member.client, `/events/${fx.eventId}/mutations`, [
      { id: crypto.randomUUID(), name: "add-person", args: { id: added, values: { firstName: "Ray", role: "guest", teamNotes: "Arrives at 17:00" } } },
    ]);
    expect(answer.results[0]).toMatchObject({ status: "applied", row: { id: added, teamNotes: "Arrives at 17:00" } });
    const lists = await eventLists(fx.eventId);
    expect(lists.blocks[0]).toMatchObject({ teamNotes: "Alex: north gate, then the balcony" });
    expect(lists.people.find((person) => person.id === added)).toMatchObject({ teamNotes: "Arrives at 17:00" });
    await waitFor(() => memberSocket.changes().length === 2);
    expect(memberSocket.changes().map((m) => m.change?.rows?.[0]?.teamNotes)).toEqual(["Alex: north gate, then the balcony", "Arrives at 17:00"]);
    memberSocket.socket.close(1000, "done");
  });

  it("in the lead's own data export", async () => {
    const fx = await seedEvent();
    const exported = await textOf(await lead.client.post("/settings/data", {}));
    for (const secret of secretsOf(fx)) expect(exported).toContain(secret);
  });
});

describe("a client link never receives team notes", () => {
  it("not in the portal's HTML nor its .data, on any tab, nor in an edit dialog the URL opens", async () => {
    const fx = await seedEvent();
    const { couple, page } = await portalOf(fx.eventId);
    for (const tab of TABS) {
      const html = await couple.get(`${page}?tab=${tab}`);
      expect(html.status).toBe(200);
      expectNoSecret(await textOf(html), fx, `${tab} HTML`);
      const data = await couple.get(`${page}.data?tab=${tab}`);
      expect(data.status).toBe(200);
      const text = await data.text();
      expectNoSecret(text, fx, `${tab} .data`);
      expect(text).not.toContain("teamNotes");
    }
    // The notes for everyone are there (the page is not simply empty).
    expect(await textOf(await couple.get(page))).toContain("Unplugged ceremony");
    for (const [dialog, id] of [["edit-block", fx.block], ["edit-shot", fx.shot], ["edit-person", fx.person]] as const) {
      const html = await textOf(await couple.get(`${page}?dialog=${dialog}&id=${id}`));
      expect(html, dialog).toContain("Cancel");
      expect(html, dialog).not.toContain("Team notes");
      expect(html, dialog).not.toContain("Visible to your client.");
      expectNoSecret(html, fx, dialog);
    }
  });

  it("not in the room's frames to the portal, live or replayed, while the team's frames carry them", async () => {
    const fx = await seedEvent();
    const { couple, page } = await portalOf(fx.eventId);
    const portal = await live(couple, `${page}/live`);
    const leadSocket = await live(lead.client, `/live/events/${fx.eventId}`);
    const dashboard = `/events/${fx.eventId}`;
    expect((await lead.client.post(dashboard, { intent: "edit-block", id: fx.block, title: "Vows", blockType: "ceremony", durationMinutes: "30", teamNotes: fx.secrets.block })).status).toBe(302);
    expect((await lead.client.post(dashboard, { intent: "edit-shot", id: fx.shot, title: "Both rings", category: "details", teamNotes: fx.secrets.shot })).status).toBe(302);
    expect((await member.client.post(dashboard, { intent: "edit-person", id: fx.person, firstName: "Gracie", role: "grandparent", teamNotes: fx.secrets.person })).status).toBe(302);
    expect((await lead.client.post(dashboard, { intent: "toggle-shot", id: fx.shot, done: "true" })).status).toBe(200);
    await waitFor(() => portal.changes().length === 4 && leadSocket.changes().length === 4);
    expect(portal.changes().map((m) => m.change?.rows?.[0]?.title ?? m.change?.rows?.[0]?.firstName)).toEqual(["Vows", "Both rings", "Gracie", "Both rings"]);
    expectNoSecret(portal.frames.join("\n"), fx, "portal frames");
    expect(portal.frames.join("\n")).not.toContain("teamNotes");
    expect(leadSocket.changes().map((m) => m.change?.rows?.[0]?.teamNotes)).toEqual([fx.secrets.block, fx.secrets.shot, fx.secrets.person, fx.secrets.shot]);
    portal.socket.close(1000, "done");
    leadSocket.socket.close(1000, "done");
    // A portal that comes back is replayed the same cut rows.
    const back = await live(couple, `${page}/live`, 0);
    expect(back.changes()).toHaveLength(4);
    expectNoSecret(back.frames.join("\n"), fx, "replayed frames");
    back.socket.close(1000, "done");
  });
});

describe("a client link never writes team notes", () => {
  it("a portal form or an outbox change that carries them is refused (403) and changes nothing", async () => {
    const fx = await seedEvent();
    const { couple, page, outbox } = await portalOf(fx.eventId);
    const before = await eventLists(fx.eventId);
    const forms: Record<string, string>[] = [
      { intent: "edit-block", id: fx.block, title: "Ceremony", blockType: "ceremony", durationMinutes: "30", teamNotes: "" },
      { intent: "edit-shot", id: fx.shot, title: "Rings", category: "details", teamNotes: "Changed by the couple" },
      { intent: "add-person", firstName: "Rosa", role: "parent", teamNotes: "Changed by the couple" },
    ];
    for (const form of forms) expect((await couple.post(page, form)).status, form.intent).toBe(403);
    const answer = await send(couple, outbox, [
      { id: crypto.randomUUID(), name: "edit-person", args: { id: fx.person, values: { firstName: "Grace", role: "grandparent", teamNotes: "Changed by the couple" } } },
      { id: crypto.randomUUID(), name: "add-block", args: { id: crypto.randomUUID(), values: { title: "Sparklers", blockType: "exit", durationMinutes: "15", teamNotes: "x" } } },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.results.map((result) => [result.status, "code" in result ? result.code : null])).toEqual([
      ["refused", 403],
      ["refused", 403],
    ]);
    expect(await eventLists(fx.eventId)).toEqual(before);
  });

  it("a client's own edits and adds leave the team notes as they are, and their answers carry none", async () => {
    const fx = await seedEvent();
    const { couple, page, outbox } = await portalOf(fx.eventId);
    // A form posted without JavaScript: every field of the portal's form, none of the team's.
    expect((await couple.post(page, { intent: "edit-block", id: fx.block, title: "Vows", blockType: "ceremony", durationMinutes: "45", notes: "" })).status).toBe(302);
    // The outbox's edit, with the base a portal's form makes, and one a crafted base names the team notes in.
    const edit = (values: Record<string, string>, base: Record<string, string | number | boolean | null>) => ({ id: crypto.randomUUID(), name: "edit-shot", args: { id: fx.shot, values, base } });
    const honest = edit({ title: "Both rings", category: "details" }, { title: "Rings", category: "details", description: "On the invitation" });
    const crafted = edit({ title: "Both rings", category: "details" }, { title: "Both rings", category: "details", teamNotes: "a guess" });
    const added = crypto.randomUUID();
    const answer = await send(couple, outbox, [honest, crafted, { id: crypto.randomUUID(), name: "add-person", args: { id: added, values: { firstName: "Rosa", role: "parent" } } }]);
    expect(answer.results.map((result) => result.status)).toEqual(["applied", "applied", "applied"]);
    expectNoSecret(answer.text, fx, "answers");
    expect(answer.text).not.toContain("teamNotes");
    // A repeat is answered as the first was: still nothing of the team's.
    const repeat = await send(couple, outbox, [crafted]);
    expect(repeat.results[0]).toMatchObject({ status: "applied", replay: true });
    expectNoSecret(repeat.text, fx, "repeat");
    expect(repeat.text).not.toContain("teamNotes");
    const lists = await eventLists(fx.eventId);
    expect(lists.blocks[0]).toMatchObject({ title: "Vows", durationMinutes: 45, notes: null, teamNotes: fx.secrets.block });
    expect(lists.shots[0]).toMatchObject({ title: "Both rings", teamNotes: fx.secrets.shot });
    expect(lists.people.find((person) => person.id === added)).toMatchObject({ firstName: "Rosa", teamNotes: null });
    const [person] = await db.select().from(eventPeople).where(eq(eventPeople.id, fx.person));
    expect(person!.teamNotes).toBe(fx.secrets.person);
  });
});
