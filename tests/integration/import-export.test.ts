import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { eventPeople, events, eventSecondShooters, eventVendors, notifications, organizations, shotListItems, timelineBlocks } from "~/db/schema";
import { CSV_IMPORT_LIMITS } from "~/modules/import-export/csv";
import { CSV_BAD_ENCODING, CSV_NOTHING_VALID, CSV_TOO_LARGE, CSV_UNCLOSED_QUOTE, IMPORT_ALREADY_DONE } from "~/modules/import-export/messages";
import { limitMessage } from "~/modules/lists/registry";
import { getDb } from "~/utils/db.server";
import worker from "../../workers/app";
import { type Client, countingDb, createClient, eventLists, insertClientLink, ORIGIN, sessionFor } from "./helpers";

// docs/product/screens.md#import-and-export: an event's files are the lead's and the team's
// (team notes and assignments included); a CSV of people or shots imports for whoever may
// add rows of that list, after a preview, in one D1 batch, with one change for the live
// room; a bad file or a refused sender writes nothing.

const db = getDb(env);
type User = Awaited<ReturnType<typeof sessionFor>>;
let lead: User;
let member: User;
let stranger: User;

beforeAll(async () => {
  [lead, member, stranger] = [await sessionFor({ firstName: "Dana", lastName: "Lead" }), await sessionFor({ firstName: "Alex", lastName: "Second" }), await sessionFor()];
});

/** An event of the lead's with the member on its team and one row of each list. */
async function seedEvent() {
  const event = { id: crypto.randomUUID() };
  await db.batch([
    db.insert(organizations).values({ id: crypto.randomUUID(), name: "Org", ownerId: lead.id }).onConflictDoNothing(),
    db.insert(events).values({ id: event.id, title: "Rivera–Chen Wedding", date: "2027-06-12", organizationId: sql`(SELECT id FROM organizations WHERE owner_id = ${lead.id})`, leadPhotographerId: lead.id }),
    db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId: event.id, userId: member.id, status: "accepted" }),
    db.insert(timelineBlocks).values({ id: crypto.randomUUID(), eventId: event.id, title: "Ceremony", startTime: "16:00", durationMinutes: 30, orderIndex: 0, teamNotes: "North gate", assignees: [member.id] }),
    db.insert(shotListItems).values({ id: crypto.randomUUID(), eventId: event.id, title: "Rings, on the invitation", category: "details", orderIndex: 0, teamNotes: "Macro lens", assignees: [lead.id] }),
    db.insert(eventPeople).values({ id: crypto.randomUUID(), eventId: event.id, firstName: "Lucia", lastName: "Rivera", role: "parent", notes: '=HYPERLINK("http://evil.example")', teamNotes: "Arrives late" }),
    db.insert(eventVendors).values({ id: crypto.randomUUID(), eventId: event.id, vendorName: "Petal Co", vendorType: "florist", phoneNumber: "+1 555 0199" }),
  ]);
  return event.id;
}

/** A browser holding a client link's cookie (all four flags), as the link's exchange leaves it. */
async function portalOf(eventId: string) {
  const { token, accessId } = await insertClientLink(eventId, { canEditPeople: true, canEditTimeline: true, canEditShots: true, canEditVendors: true });
  const couple = createClient();
  couple.jar.set(`ef_client_${accessId}`, token);
  return couple;
}

/** A multipart post, as the page's file form sends it. */
async function postForm(client: Client, path: string, fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  return exports.default.fetch(`${ORIGIN}${path}`, { method: "POST", body, headers: { Cookie: cookie, Origin: ORIGIN, "CF-Connecting-IP": client.ip }, redirect: "manual" });
}

const csvFile = (text: string | Uint8Array<ArrayBuffer>, name = "people.csv") => new File([text], name, { type: "text/csv" });
const preview = (client: Client, eventId: string, list: string, file: File) => postForm(client, `/events/${eventId}/data`, { intent: "preview", list, file });

/** The preview's import id and the file's text, as its confirm form carries them back. */
function confirmFields(html: string) {
  const importId = /name="importId" value="([^"]+)"/.exec(html)?.[1];
  expect(importId).toMatch(/^[0-9a-f-]{36}$/);
  return { importId: importId! };
}

/** A message as the page's HTML writes it. */
const html = (message: string) => message.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");
const liveSeqOf = async (eventId: string) => (await db.select({ seq: events.liveSeq }).from(events).where(eq(events.id, eventId)))[0]!.seq;
const cellsOf = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;

describe("export", () => {
  let eventId: string;
  beforeAll(async () => {
    eventId = await seedEvent();
  });

  it("gives the lead and the team every file, team notes and assignments by name included", async () => {
    for (const who of [lead, member]) {
      const people = await who.client.get(`/events/${eventId}/export/people.csv`);
      expect(people.status).toBe(200);
      expect(people.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(people.headers.get("Content-Disposition")).toBe('attachment; filename="rivera-chen-wedding-people.csv"');
      expect(people.headers.get("Cache-Control")).toBe("no-store");
      const rows = cellsOf(await people.text());
      expect(rows[0]).toEqual(["First Name", "Last Name", "Role", "VIP", "Pronunciation", "Notes", "Team notes"]);
      // A formula is written as text.
      expect(rows[1]).toEqual(["Lucia", "Rivera", "Parent", "no", "", `'=HYPERLINK("http://evil.example")`, "Arrives late"]);
    }
    const timeline = cellsOf(await (await lead.client.get(`/events/${eventId}/export/timeline.csv`)).text());
    expect(timeline[1]).toEqual(["16:00", "Ceremony", "Ceremony", "30", "", "", "North gate", "no", "", "no", "Alex Second"]);
    const shots = cellsOf(await (await member.client.get(`/events/${eventId}/export/shots.csv`)).text());
    expect(shots[1]).toEqual(["Rings, on the invitation", "Details", "", "Macro lens", "no", "Dana Lead"]);
    const vendors = cellsOf(await (await lead.client.get(`/events/${eventId}/export/vendors.csv`)).text());
    expect(vendors[1]![4]).toBe("'+1 555 0199");
  });

  it("gives the whole event as a JSON bundle", async () => {
    const response = await member.client.get(`/events/${eventId}/export/event.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="rivera-chen-wedding-event.json"');
    const bundle = (await response.json()) as Record<string, unknown> & { timeline: Record<string, unknown>[]; people: Record<string, unknown>[] };
    expect(bundle).toMatchObject({ format: "Event Flow event", version: 1, event: { id: eventId, title: "Rivera–Chen Wedding" } });
    expect(bundle.team).toEqual([
      { name: "Dana Lead", role: "lead" },
      { name: "Alex Second", role: "team" },
    ]);
    expect(bundle.timeline[0]).toMatchObject({ title: "Ceremony", teamNotes: "North gate", assignedTo: ["Alex Second"] });
    expect(bundle.timeline[0]).not.toHaveProperty("eventId");
    expect(bundle.timeline[0]).not.toHaveProperty("assignees");
    expect(bundle.people[0]).toMatchObject({ firstName: "Lucia", teamNotes: "Arrives late" });
  });

  it("gives a stranger, a client link and a signed-out visitor nothing", async () => {
    for (const file of ["event.json", "people.csv"]) {
      const strangers = await stranger.client.get(`/events/${eventId}/export/${file}`);
      expect(strangers.status).toBe(404);
      expect(await strangers.text()).not.toContain("Lucia");
      const couple = await (await portalOf(eventId)).get(`/events/${eventId}/export/${file}`);
      expect(couple.status).toBe(302);
      expect(couple.headers.get("Location")).toMatch(/^\/auth\?returnTo=/);
      const visitor = await createClient().get(`/events/${eventId}/export/${file}`);
      expect(visitor.status).toBe(302);
    }
    expect((await lead.client.get(`/events/${eventId}/export/guests.csv`)).status).toBe(404);
    expect((await lead.client.get(`/events/${eventId}/export/people.json`)).status).toBe(404);
  });
});

describe("import", () => {
  const PEOPLE = "Role,First Name,Last Name,VIP\nGrandparent,Rosa,Chen,yes\nGuest,,Nobody,\nSibling,Mei,Chen,no\n";

  it("previews every row, with each bad row's number and its field's message, and writes nothing", async () => {
    const eventId = await seedEvent();
    const before = await eventLists(eventId);
    const response = await preview(lead.client, eventId, "people", csvFile(PEOPLE));
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("3 rows read: 2 ready to import, 1 with errors (skipped).");
    expect(page).toContain("Row <!-- -->3");
    expect(page).toContain("First Name: First name is required");
    expect(page).toContain("Import 2 people");
    expect(await eventLists(eventId)).toEqual(before);
  });

  it("answers a malformed or oversized file with a clear message and writes nothing", async () => {
    const eventId = await seedEvent();
    const before = await eventLists(eventId);
    const cases: [File, number, string][] = [
      [csvFile(`First Name,Notes\n${"Ana,".padEnd(CSV_IMPORT_LIMITS.bytes + 10, "x")}\n`), 413, CSV_TOO_LARGE],
      [csvFile(new Uint8Array([0x46, 0x69, 0x72, 0x73, 0x74, 0x20, 0x4e, 0x61, 0x6d, 0x65, 0x0a, 0x4a, 0x6f, 0x73, 0xe9, 0x0a])), 400, CSV_BAD_ENCODING],
      [csvFile('First Name,Notes\nAna,"never closed\n'), 400, CSV_UNCLOSED_QUOTE],
      [csvFile("Name,Shoe size\nAna,7\n"), 400, 'Unknown column "Name". The columns are: First Name, Last Name, Role, VIP, Pronunciation, Notes, Team notes.'],
      [csvFile("Title,Category\nRings,Details\n"), 400, 'Unknown column "Title"'],
      [csvFile(""), 400, "Please choose a CSV file."],
    ];
    for (const [file, status, message] of cases) {
      const response = await preview(lead.client, eventId, "people", file);
      expect(response.status).toBe(status);
      expect(await response.text()).toContain(html(message));
    }
    // Wrong types: a role and a category that are not ours, a VIP that is neither yes nor no.
    const types = await (await preview(lead.client, eventId, "people", csvFile("First Name,Role,VIP\nAna,Astronaut,no\nBen,Guest,maybe\n"))).text();
    expect(types).toContain("Role: Please choose a role");
    expect(types).toContain("VIP: VIP must be yes or no");
    const shots = await (await preview(lead.client, eventId, "shots", csvFile("Title,Category\nRings,Underwater\n", "shots.csv"))).text();
    expect(shots).toContain("Category: Please choose a category");
    expect(await eventLists(eventId)).toEqual(before);
  });

  it("writes the good rows when confirmed, in one D1 batch, as one change of the live room", async () => {
    const eventId = await seedEvent();
    const { importId } = confirmFields(await (await preview(lead.client, eventId, "people", csvFile(PEOPLE))).text());
    const seq = await liveSeqOf(eventId);
    const { response, trips } = await counted(`/events/${eventId}/data`, lead, { intent: "confirm", list: "people", importId, csv: PEOPLE });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/events/${eventId}?tab=people`);
    // The session's read, then the import's one batch (access, limit, record, rows, the room's
    // number, the team's notifications and their push windows).
    expect(trips).toEqual([expect.stringMatching(/^batch of/), "batch of 7"]);
    const people = await db.select().from(eventPeople).where(eq(eventPeople.eventId, eventId));
    expect(people.map((p) => [p.firstName, p.lastName, p.role, p.isVip]).sort()).toEqual([
      ["Lucia", "Rivera", "parent", false],
      ["Mei", "Chen", "sibling", false],
      ["Rosa", "Chen", "grandparent", true],
    ]);
    expect(await liveSeqOf(eventId)).toBe(seq + 1);

    // The same confirmation again (a double tap, a reload) imports nothing more.
    const again = await postForm(lead.client, `/events/${eventId}/data`, { intent: "confirm", list: "people", importId, csv: PEOPLE });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(html(IMPORT_ALREADY_DONE));
    expect(await db.$count(eventPeople, eq(eventPeople.eventId, eventId))).toBe(3);
  });

  it("keeps the shots' order: the file's rows after the list's last", async () => {
    const eventId = await seedEvent();
    const file = "Category,Title,Done,Assigned to\nFamily Formals,Couple + grandparents,yes,Alex\n,Cake cutting,,\n";
    const { importId } = confirmFields(await (await preview(lead.client, eventId, "shots", csvFile(file, "shots.csv"))).text());
    expect((await postForm(lead.client, `/events/${eventId}/data`, { intent: "confirm", list: "shots", importId, csv: file })).status).toBe(302);
    const shots = await db.select().from(shotListItems).where(eq(shotListItems.eventId, eventId)).orderBy(shotListItems.orderIndex);
    expect(shots.map((s) => [s.orderIndex, s.title, s.category, s.isDone, s.assignees])).toEqual([
      [0, "Rings, on the invitation", "details", false, [lead.id]],
      [1, "Couple + grandparents", "family_formals", false, []],
      [2, "Cake cutting", "other", false, []],
    ]);
  });

  it("refuses an import past the list's limit with the limit's message, writing nothing", async () => {
    const eventId = await seedEvent();
    // 498 people: the file's 2 good rows fit, 3 would not.
    await db.run(sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 497)
      INSERT INTO event_people (id, event_id, first_name, role, is_vip, created_at, updated_at) SELECT lower(hex(randomblob(16))), ${eventId}, 'Guest ' || i, 'guest', 0, '2026-01-01', '2026-01-01' FROM n`);
    const three = "First Name\nAna\nBen\nCara\n";
    const { importId } = confirmFields(await (await preview(lead.client, eventId, "people", csvFile(three))).text());
    const before = await eventLists(eventId);
    const seq = await liveSeqOf(eventId);
    const response = await postForm(lead.client, `/events/${eventId}/data`, { intent: "confirm", list: "people", importId, csv: three });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(html(limitMessage("person")));
    expect(await eventLists(eventId)).toEqual(before);
    expect(await liveSeqOf(eventId)).toBe(seq);
    // The record was not kept: the same file, two rows shorter, still imports.
    const two = "First Name\nAna\nBen\n";
    expect((await postForm(lead.client, `/events/${eventId}/data`, { intent: "confirm", list: "people", importId, csv: two })).status).toBe(302);
    expect(await db.$count(eventPeople, eq(eventPeople.eventId, eventId))).toBe(500);
  });

  it("refuses a confirmation whose rows are all bad", async () => {
    const eventId = await seedEvent();
    const before = await eventLists(eventId);
    const response = await postForm(lead.client, `/events/${eventId}/data`, { intent: "confirm", list: "people", importId: crypto.randomUUID(), csv: "First Name,Last Name\n,Chen\n,Rivera\n" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(html(CSV_NOTHING_VALID));
    expect(await eventLists(eventId)).toEqual(before);
  });

  describe("a confirmation sent again writes nothing, whatever else changed since the first", () => {
    it("when the repeat would pass the list's limit: 409, no second copy, no second notification", async () => {
      const eventId = await seedEvent();
      // 1 + 497 people: the file's 2 rows fill the list to its 500.
      await db.run(sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 497)
        INSERT INTO event_people (id, event_id, first_name, role, is_vip, created_at, updated_at) SELECT lower(hex(randomblob(16))), ${eventId}, 'Guest ' || i, 'guest', 0, '2026-01-01', '2026-01-01' FROM n`);
      const { importId } = confirmFields(await (await preview(lead.client, eventId, "people", csvFile(PEOPLE))).text());
      expect((await postForm(lead.client, `/events/${eventId}/data`, { intent: "confirm", list: "people", importId, csv: PEOPLE })).status).toBe(302);
      const seq = await liveSeqOf(eventId);
      const again = await postForm(lead.client, `/events/${eventId}/data`, { intent: "confirm", list: "people", importId, csv: PEOPLE });
      expect(again.status).toBe(409);
      expect(await again.text()).toContain(html(IMPORT_ALREADY_DONE));
      expect(await db.$count(eventPeople, eq(eventPeople.eventId, eventId))).toBe(500);
      expect(await liveSeqOf(eventId)).toBe(seq);
      expect(await db.$count(notifications, eq(notifications.eventId, eventId))).toBe(1);
    });

    it("by a member removed from the team since (404), or for the other list (403): nothing written, no one told", async () => {
      const eventId = await seedEvent();
      const file = "First Name\nRosa\n";
      const { importId } = confirmFields(await (await preview(member.client, eventId, "people", csvFile(file))).text());
      expect((await postForm(member.client, `/events/${eventId}/data`, { intent: "confirm", list: "people", importId, csv: file })).status).toBe(302);
      const before = await eventLists(eventId);
      const told = await db.$count(notifications, eq(notifications.eventId, eventId));
      const seq = await liveSeqOf(eventId);
      // The same import id for shots, which a member may not import.
      expect((await postForm(member.client, `/events/${eventId}/data`, { intent: "confirm", list: "shots", importId, csv: "Title\nRings\n" })).status).toBe(403);
      await db.delete(eventSecondShooters).where(eq(eventSecondShooters.eventId, eventId));
      expect((await postForm(member.client, `/events/${eventId}/data`, { intent: "confirm", list: "people", importId, csv: file })).status).toBe(404);
      expect(await eventLists(eventId)).toEqual(before);
      expect(await db.$count(notifications, eq(notifications.eventId, eventId))).toBe(told);
      expect(await liveSeqOf(eventId)).toBe(seq);
    });
  });

  describe("the team's notification", () => {
    const toldOf = async (eventId: string) =>
      (await db.select().from(notifications).where(eq(notifications.eventId, eventId))).map((row) => ({ userId: row.userId, title: row.title, message: row.message, type: row.data?.type }));

    it("a confirmed import tells each team member once, not once per row, and not the lead who imported; a repeat tells no one again", async () => {
      const eventId = await seedEvent();
      // Another accepted member is told too; one who declined is not on the team.
      const [other, declined] = [await sessionFor({ firstName: "Sam", lastName: "Third" }), await sessionFor()];
      await db.insert(eventSecondShooters).values([
        { id: crypto.randomUUID(), eventId, userId: other.id, status: "accepted" },
        { id: crypto.randomUUID(), eventId, userId: declined.id, status: "declined" },
      ]);
      const { importId } = confirmFields(await (await preview(lead.client, eventId, "people", csvFile(PEOPLE))).text());
      expect(await toldOf(eventId)).toEqual([]);
      expect((await postForm(lead.client, `/events/${eventId}/data`, { intent: "confirm", list: "people", importId, csv: PEOPLE })).status).toBe(302);
      const message = "Dana Lead imported 2 people (Rivera–Chen Wedding).";
      expect((await toldOf(eventId)).sort((a, b) => a.userId.localeCompare(b.userId))).toEqual(
        [
          { userId: member.id, title: "People Imported", message, type: "people_imported" },
          { userId: other.id, title: "People Imported", message, type: "people_imported" },
        ].sort((a, b) => a.userId.localeCompare(b.userId)),
      );
      expect((await postForm(lead.client, `/events/${eventId}/data`, { intent: "confirm", list: "people", importId, csv: PEOPLE })).status).toBe(409);
      expect(await toldOf(eventId)).toHaveLength(2);
    });

    it("a shots import says so; a team member's import tells the lead, not the member", async () => {
      const eventId = await seedEvent();
      const shots = "Title\nFirst dance\n";
      const first = confirmFields(await (await preview(lead.client, eventId, "shots", csvFile(shots, "shots.csv"))).text());
      expect((await postForm(lead.client, `/events/${eventId}/data`, { intent: "confirm", list: "shots", importId: first.importId, csv: shots })).status).toBe(302);
      expect(await toldOf(eventId)).toEqual([{ userId: member.id, title: "Shots Imported", message: "Dana Lead imported 1 shot (Rivera–Chen Wedding).", type: "shots_imported" }]);

      const people = "First Name\nRosa\nMei\nAna\n";
      const second = confirmFields(await (await preview(member.client, eventId, "people", csvFile(people))).text());
      expect((await postForm(member.client, `/events/${eventId}/data`, { intent: "confirm", list: "people", importId: second.importId, csv: people })).status).toBe(302);
      expect((await toldOf(eventId)).filter((row) => row.type === "people_imported")).toEqual([
        { userId: lead.id, title: "People Imported", message: "Alex Second imported 3 people (Rivera–Chen Wedding).", type: "people_imported" },
      ]);
    });

    it("a preview or a refused import tells no one: no good row, past the limit, no right to the list, a client link", async () => {
      const eventId = await seedEvent();
      const file = "First Name\nRosa\n";
      await preview(lead.client, eventId, "people", csvFile(file));
      expect((await postForm(lead.client, `/events/${eventId}/data`, { intent: "confirm", list: "people", importId: crypto.randomUUID(), csv: "First Name,Last Name\n,Chen\n" })).status).toBe(400);
      expect((await postForm(member.client, `/events/${eventId}/data`, { intent: "confirm", list: "shots", importId: crypto.randomUUID(), csv: "Title\nRings\n" })).status).toBe(403);
      const couple = await portalOf(eventId);
      expect((await postForm(couple, `/events/${eventId}/data`, { intent: "confirm", list: "people", importId: crypto.randomUUID(), csv: file })).status).toBe(302);
      await db.run(sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 499)
        INSERT INTO event_people (id, event_id, first_name, role, is_vip, created_at, updated_at) SELECT lower(hex(randomblob(16))), ${eventId}, 'Guest ' || i, 'guest', 0, '2026-01-01', '2026-01-01' FROM n`);
      expect((await postForm(lead.client, `/events/${eventId}/data`, { intent: "confirm", list: "people", importId: crypto.randomUUID(), csv: file })).status).toBe(400);
      expect(await toldOf(eventId)).toEqual([]);
    });
  });

  describe("rights", () => {
    it("a team member imports people but not shots (the add right of each list)", async () => {
      const eventId = await seedEvent();
      const page = await (await member.client.get(`/events/${eventId}/data`)).text();
      expect(page).toContain("Columns, in any order: First Name (required)");
      expect(page).not.toContain('<option value="shots"');
      const file = "First Name\nRosa\n";
      const { importId } = confirmFields(await (await preview(member.client, eventId, "people", csvFile(file))).text());
      expect((await postForm(member.client, `/events/${eventId}/data`, { intent: "confirm", list: "people", importId, csv: file })).status).toBe(302);
      expect(await db.$count(eventPeople, eq(eventPeople.eventId, eventId))).toBe(2);

      const before = await eventLists(eventId);
      const shots = "Title\nRings\n";
      expect((await preview(member.client, eventId, "shots", csvFile(shots, "shots.csv"))).status).toBe(403);
      const confirm = await postForm(member.client, `/events/${eventId}/data`, { intent: "confirm", list: "shots", importId: crypto.randomUUID(), csv: shots });
      expect(confirm.status).toBe(403);
      expect(await eventLists(eventId)).toEqual(before);
    });

    it("a stranger, a client link and a signed-out visitor import nothing", async () => {
      const eventId = await seedEvent();
      const before = await eventLists(eventId);
      const seq = await liveSeqOf(eventId);
      const file = "First Name\nRosa\n";
      const confirm = { intent: "confirm", list: "people", importId: crypto.randomUUID(), csv: file };
      expect((await preview(stranger.client, eventId, "people", csvFile(file))).status).toBe(404);
      expect((await postForm(stranger.client, `/events/${eventId}/data`, confirm)).status).toBe(404);
      expect((await stranger.client.get(`/events/${eventId}/data`)).status).toBe(404);
      const couple = await portalOf(eventId);
      for (const response of [await preview(couple, eventId, "people", csvFile(file)), await postForm(couple, `/events/${eventId}/data`, confirm), await createClient().get(`/events/${eventId}/data`)]) {
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toMatch(/^\/auth\?returnTo=/);
      }
      expect(await eventLists(eventId)).toEqual(before);
      expect(await liveSeqOf(eventId)).toBe(seq);
    });
  });
});

/** One multipart post through the Worker with a D1 that counts its round trips (as round-trips.test.ts does). */
async function counted(path: string, who: User, fields: Record<string, string>) {
  const { binding, trips } = countingDb(env.DB);
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const cookie = [...who.client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${ORIGIN}${path}`, { method: "POST", body, headers: { Cookie: cookie, Origin: ORIGIN }, redirect: "manual" }) as never, { ...env, DB: binding }, ctx);
  await response.text();
  await waitOnExecutionContext(ctx);
  return { response, trips };
}
