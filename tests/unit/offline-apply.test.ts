import { beforeAll, describe, expect, it } from "vitest";
import type { Mutation } from "~/modules/event/mutations";
import { applyMutation, baseOf, pendingIds } from "~/modules/offline/apply";
import { changeOf, mineAgain } from "~/modules/offline/apply-answer";
import { valueParser } from "~/modules/offline/value-parser";

// The page shows the confirmed state with the device's pending
// mutations applied on top, as the server will apply them.

// The form schemas that read an add's or edit's values load when a page first needs
// them (value-parser.ts), as the page's outbox does.
beforeAll(async () => {
  await valueParser.load();
});

const T0 = "2027-06-12T10:00:00.000Z";
const AT = "2027-06-12T11:00:00.000Z";
const NEW_ID = "6f1c1d2e-8c1a-4b7e-9a55-1234567890ab";

const block = (id: string, orderIndex: number, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Block ${id}`,
  blockType: "ceremony",
  startTime: null,
  durationMinutes: 60,
  location: null,
  notes: null,
  orderIndex,
  isDone: false,
  doneAt: null,
  createdAt: T0,
  updatedAt: T0,
  ...extra,
});
const shot = (id: string, orderIndex: number, isDone = false) => ({ id, title: `Shot ${id}`, category: "ceremony", description: null, orderIndex, isDone, doneAt: isDone ? T0 : null, createdAt: T0, updatedAt: T0 });
const person = (id: string, firstName: string) => ({ id, firstName, lastName: null, role: "guest", isVip: false, pronunciation: null, notes: null, createdAt: T0, updatedAt: T0 });
const vendor = (id: string, vendorType: string, vendorName: string) => ({ id, vendorName, vendorType, companyName: null, email: null, createdAt: T0, updatedAt: T0 });

const state = () => ({
  lists: {
    blocks: [block("b1", 0), block("b2", 1), block("b3", 2)],
    shots: [shot("s1", 0), shot("s2", 1, true)],
    people: [person("p1", "Anna"), person("p2", "Zoe")],
    vendors: [vendor("v1", "florist", "Bloom"), vendor("v2", "venue", "Barn")],
  },
  event: { id: "e1", title: "Wedding", coupleNames: null, date: "2099-06-12", venue: null, timeZone: "UTC", statusOverride: null, status: "upcoming" },
});

const m = (mutation: Omit<Mutation, "id">) => ({ id: "mutation-id-0000001", ...mutation }) as Mutation;

describe("applyMutation", () => {
  it("a toggle sets the desired state (never a flip), so applying it twice changes nothing more", () => {
    const on = m({ name: "toggle-shot", args: { id: "s1", done: true } });
    const once = applyMutation(state(), on, AT);
    expect(once.lists.shots.find((s) => s.id === "s1")).toMatchObject({ isDone: true, doneAt: AT });
    expect(applyMutation(once, on, AT)).toEqual(once);
    const off = applyMutation(state(), m({ name: "toggle-shot", args: { id: "s2", done: false } }), AT);
    expect(off.lists.shots.find((s) => s.id === "s2")).toMatchObject({ isDone: false, doneAt: null });
    // Already done: who and when stay (as the server keeps them).
    const again = applyMutation(state(), m({ name: "toggle-shot", args: { id: "s2", done: true } }), AT);
    expect(again.lists.shots.find((s) => s.id === "s2")).toMatchObject({ isDone: true, doneAt: T0 });
  });

  it("an add inserts the row built from the form's values with the device's id, last in its list's order", () => {
    const added = applyMutation(
      state(),
      m({ name: "add-block", args: { id: NEW_ID, values: { title: "Toasts", blockType: "reception", durationMinutes: "30" } } }),
      AT,
    );
    expect(added.lists.blocks.map((b) => b.id)).toEqual(["b1", "b2", "b3", NEW_ID]);
    expect(added.lists.blocks[3]).toMatchObject({ id: NEW_ID, title: "Toasts", blockType: "reception", durationMinutes: 30, orderIndex: 3, isDone: false, createdAt: AT });
    // People keep their order by first name.
    const people = applyMutation(state(), m({ name: "add-person", args: { id: NEW_ID, values: { firstName: "Maria", role: "parent", isVip: "on" } } }), AT);
    expect(people.lists.people.map((p) => p.firstName)).toEqual(["Anna", "Maria", "Zoe"]);
    expect(people.lists.people[1]).toMatchObject({ id: NEW_ID, role: "parent", isVip: true });
  });

  it("an add whose values the form's schema refuses changes nothing", () => {
    const before = state();
    expect(applyMutation(before, m({ name: "add-person", args: { id: NEW_ID, values: { firstName: "" } } }), AT)).toBe(before);
  });

  it("an edit merges its values into the row and keeps the list's order", () => {
    const edited = applyMutation(state(), m({ name: "edit-person", args: { id: "p1", values: { firstName: "Zara", role: "guest", lastName: "Lee" } } }), AT);
    expect(edited.lists.people.map((p) => [p.id, p.firstName, p.lastName])).toEqual([
      ["p2", "Zoe", null],
      ["p1", "Zara", "Lee"],
    ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))));
    const vendors = applyMutation(state(), m({ name: "edit-vendor", args: { id: "v2", values: { vendorName: "Barn", vendorType: "caterer" } } }), AT);
    expect(vendors.lists.vendors.map((v) => v.id)).toEqual(["v2", "v1"]);
  });

  it("a delete removes the row; a change to a row that is gone changes nothing", () => {
    const gone = applyMutation(state(), m({ name: "delete-shot", args: { id: "s1" } }), AT);
    expect(gone.lists.shots.map((s) => s.id)).toEqual(["s2"]);
    const toggled = applyMutation(gone, m({ name: "toggle-shot", args: { id: "s1", done: true } }), AT);
    expect(toggled.lists.shots).toEqual(gone.lists.shots);
  });

  it("a move swaps the block with its neighbour; the first block up or the last down stays", () => {
    const up = applyMutation(state(), m({ name: "move-block", args: { id: "b2", direction: "up" } }), AT);
    expect(up.lists.blocks.map((b) => [b.id, b.orderIndex])).toEqual([
      ["b2", 0],
      ["b1", 1],
      ["b3", 2],
    ]);
    const first = state();
    expect(applyMutation(first, m({ name: "move-block", args: { id: "b1", direction: "up" } }), AT)).toBe(first);
    expect(applyMutation(first, m({ name: "move-block", args: { id: "b3", direction: "down" } }), AT)).toBe(first);
  });

  it("an edit of the event merges into the event, its status as the form sets it", () => {
    const edited = applyMutation(state(), m({ name: "edit-event", args: { values: { title: "Our Day", date: "2099-06-12", status: "completed", timeZone: "" } } }), AT);
    expect(edited.event).toMatchObject({ title: "Our Day", statusOverride: "completed", status: "completed", timeZone: "UTC" });
  });

  it("pending mutations apply in the order they were made, on top of the confirmed state", () => {
    const mutations = [
      m({ name: "add-shot", args: { id: NEW_ID, values: { title: "Cake", category: "reception" } } }),
      m({ name: "toggle-shot", args: { id: NEW_ID, done: true } }),
      m({ name: "edit-shot", args: { id: NEW_ID, values: { title: "Cake cutting", category: "reception" } } }),
    ];
    const shown = mutations.reduce((s, mutation) => applyMutation(s, mutation, AT), state());
    expect(shown.lists.shots.at(-1)).toMatchObject({ id: NEW_ID, title: "Cake cutting", isDone: true });
    expect([...pendingIds(mutations)]).toEqual([NEW_ID]);
    expect([...pendingIds([m({ name: "edit-event", args: { values: { title: "x", date: "2099-01-01", status: "auto" } } })])]).toEqual(["event"]);
  });
});

describe("an edit's base, its answer and Apply mine", () => {
  it("the base is the form's initial values as its schema reads them: empty optional text null, numbers and booleans typed, the event's status its override", () => {
    expect(baseOf("edit-person", { firstName: "Maria", lastName: "", role: "guest", isVip: "on", pronunciation: "", notes: "" })).toEqual({
      firstName: "Maria",
      lastName: null,
      role: "guest",
      isVip: true,
      pronunciation: null,
      notes: null,
    });
    expect(baseOf("edit-block", { title: "Toasts", blockType: "reception", startTime: "", durationMinutes: "45", location: "", notes: "" })).toMatchObject({ durationMinutes: 45 });
    expect(baseOf("edit-event", { title: "W", coupleNames: "", date: "2099-01-01", venue: "", timeZone: "UTC", status: "auto" })).toMatchObject({ status: null, timeZone: "UTC" });
    // A form the schema refuses has no base (the edit then overwrites).
    expect(baseOf("edit-person", { firstName: "" })).toBeUndefined();
  });

  it("an applied answer becomes a live change of the confirmed state: rows upserted, a delete by id, the event's shown fields with its status", () => {
    const row = person("p1", "Maria");
    expect(changeOf(m({ name: "edit-person", args: { id: "p1", values: {} } }), { id: "x", status: "applied", row }, {})).toEqual({ entity: "person", op: "upsert", rows: [row], actor: null });
    expect(changeOf(m({ name: "delete-shot", args: { id: "s1" } }), { id: "x", status: "applied" }, {})).toEqual({ entity: "shot", op: "delete", ids: ["s1"], actor: null });
    // A repeat's row is as the first run left it (maybe deleted since): never applied, the room has the row as it is now.
    expect(changeOf(m({ name: "add-person", args: { id: "p9", values: {} } }), { id: "x", status: "applied", replay: true, row }, {})).toBeNull();
    const moved = [block("b1", 1), block("b2", 0)];
    expect(changeOf(m({ name: "move-block", args: { id: "b2", direction: "up" } }), { id: "x", status: "applied", row: moved[1], rows: moved }, {})).toMatchObject({ rows: moved });
    const event = changeOf(
      m({ name: "edit-event", args: { values: {} } }),
      { id: "x", status: "applied", row: { id: "e1", title: "T", date: "2000-01-01", timeZone: "UTC", statusOverride: null, leadPhotographerId: "secret" } },
      state().event,
    );
    expect(event?.rows?.[0]).toEqual({ id: "e1", title: "T", date: "2000-01-01", timeZone: "UTC", statusOverride: null, status: "completed" });
  });

  it("Apply mine sends the row's form with this device's values in the conflicted fields, and theirs as their base", () => {
    const row = { ...person("p1", "Maria"), pronunciation: "ma-RYE-a", isVip: true };
    const again = mineAgain("person", row, [{ field: "pronunciation", theirs: "ma-RYE-a", mine: "mah-REE-ah" }]);
    expect(again.values).toEqual({ firstName: "Maria", lastName: "", role: "guest", isVip: "on", pronunciation: "mah-REE-ah", notes: "" });
    expect(again.base).toMatchObject({ firstName: "Maria", lastName: null, isVip: true, pronunciation: "ma-RYE-a" });
    // Only the conflicted field differs from its base: only it is written.
    expect(Object.keys(again.base).filter((field) => baseOf("edit-person", again.values)?.[field] !== again.base[field])).toEqual(["pronunciation"]);
    // The event's status field: its override ("auto" when none); an unchecked box is not sent.
    const event = mineAgain("event", state().event, [{ field: "status", theirs: "completed", mine: null }]);
    expect(event.values.status).toBe("auto");
    expect(event.base.status).toBe("completed");
    expect(mineAgain("person", row, [{ field: "isVip", theirs: true, mine: false }]).values).not.toHaveProperty("isVip");
  });
});

describe("team notes (docs/product/roles.md#client-links)", () => {
  it("a team page's add and edit show their team notes at once, as the server writes them", () => {
    const added = applyMutation(state(), m({ name: "add-block", args: { id: NEW_ID, values: { title: "Ceremony", blockType: "ceremony", durationMinutes: "30", teamNotes: "Keep Alex at the north gate" } } }), AT);
    expect(added.lists.blocks.find((b) => b.id === NEW_ID)).toMatchObject({ notes: null, teamNotes: "Keep Alex at the north gate" });
    const edited = applyMutation(state(), m({ name: "edit-person", args: { id: "p1", values: { firstName: "Anna", role: "guest", teamNotes: "Uses a cane" } } }), AT);
    expect(edited.lists.people.find((p) => p.id === "p1")).toMatchObject({ teamNotes: "Uses a cane" });
  });

  it("an edit's base holds the team notes only where the form has them: never the portal's", () => {
    expect(baseOf("edit-shot", { title: "Rings", category: "details", description: "", teamNotes: "Macro lens" })).toEqual({ title: "Rings", category: "details", description: null, teamNotes: "Macro lens" });
    expect(baseOf("edit-shot", { title: "Rings", category: "details", description: "" })).toEqual({ title: "Rings", category: "details", description: null });
  });
});

describe("Apply mine and team notes", () => {
  it("on a team page it carries the row's team notes as they are (an edit without them would empty them); on a portal's rows, none", () => {
    const row = { ...person("p1", "Maria"), teamNotes: "Uncle Ray arrives late" };
    const again = mineAgain("person", row, [{ field: "notes", theirs: "Aunt", mine: "Great-aunt" }]);
    expect(again.values).toMatchObject({ notes: "Great-aunt", teamNotes: "Uncle Ray arrives late" });
    expect(again.base).toMatchObject({ notes: "Aunt", teamNotes: "Uncle Ray arrives late" });
    const portal = mineAgain("person", person("p1", "Maria"), [{ field: "notes", theirs: "Aunt", mine: "Great-aunt" }]);
    expect(portal.values).not.toHaveProperty("teamNotes");
    expect(portal.base).not.toHaveProperty("teamNotes");
  });
});
