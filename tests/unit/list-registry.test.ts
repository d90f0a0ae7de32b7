import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LIST_ROW_SCHEMAS } from "~/modules/event/lists.schema";
import { MUTATION_NAMES, partsOf } from "~/modules/event/mutation-names";
import { MutationSchema } from "~/modules/event/mutations";
import { LIST_ARGS, MUTATION_ARGS } from "~/modules/event/mutation-args";
import { CHANGE_RIGHTS, CHANGEABLE, CLIENT_CHANGE_FLAGS, LIST_KINDS, LISTS } from "~/modules/lists/registry";

// The registry (app/modules/lists/registry.ts) is the one place that names every list:
// each descriptor there has every part the shared code reads, and the mutation runner
// reaches lists only through it.

describe("the lists' registry", () => {
  it.each(LIST_KINDS)("%s: its descriptor has every part", (kind) => {
    const list = LISTS[kind];
    expect(list.kind).toBe(kind);
    expect(list.name).toMatch(/^[a-z]+$/);
    const verbs = Object.keys(list.rights);
    expect(verbs.length).toBeGreaterThan(0);
    const shown: readonly string[] = list.portalFields;
    expect(shown).toContain("id");
    expect(shown).toContain("eventId");
    // Its order reads only fields a page holds, and ends with the id (one order on every device).
    expect(list.order.map((key) => key.field).every((field) => shown.includes(field))).toBe(true);
    expect(list.order.at(-1)).toEqual({ field: "id" });
    expect(list.limit.max).toBeGreaterThan(0);
    expect(list.limit.noun).not.toBe("");
    for (const title of Object.values(list.failed)) expect(title).not.toBe("");
    expect(typeof list.searchText).toBe("function");
    expect(typeof list.subject).toBe("function");
    // Notices, client texts and client rights only for changes the list supports.
    for (const verb of Object.keys(list.clientRights)) expect(verbs).toContain(verb);
    for (const verb of Object.keys(list.notices)) expect(verbs).toContain(verb);
    for (const verb of Object.keys(list.clientChanges)) expect(verbs).toContain(verb);
    // The row a page holds is the row its zod schema reads, field for field: what a client
    // link is given, and the team's fields besides (never one a client link is given).
    const team: readonly string[] = list.teamFields;
    expect(team.filter((field) => shown.includes(field))).toEqual([]);
    expect(Object.keys(LIST_ROW_SCHEMAS[kind].shape).sort()).toEqual([...shown, ...team].sort());
  });

  it("names every list once, and each mutation is a change its descriptor supports", () => {
    expect(Object.keys(LISTS).sort()).toEqual([...LIST_KINDS].sort());
    expect(new Set(Object.values(LISTS).map((list) => list.name)).size).toBe(LIST_KINDS.length);
    const declared = Object.values(CHANGEABLE).flatMap((descriptor) => Object.keys(descriptor.rights).map((verb) => `${verb}-${descriptor.kind}`));
    expect([...declared].sort()).toEqual([...MUTATION_NAMES].sort());
    for (const name of MUTATION_NAMES) {
      const { verb, kind } = partsOf(name);
      expect(Object.keys(CHANGEABLE[kind].rights)).toContain(verb);
      expect(Object.keys(MUTATION_ARGS)).toContain(name);
      // A list's change takes its verb's arguments.
      if (kind !== "event") expect(MUTATION_ARGS[name]).toBe(LIST_ARGS[verb]);
    }
    expect(() => partsOf("drop-table" as never)).toThrow();
    expect(Object.keys(MUTATION_ARGS).sort()).toEqual([...MUTATION_NAMES].sort());
  });

  it("the descriptors' rights are docs/product/roles.md's table, change by change", () => {
    expect(CHANGE_RIGHTS).toEqual({
      "toggle-block": "toggleDone",
      "toggle-shot": "toggleDone",
      "add-block": "editBlocks",
      "edit-block": "editBlocks",
      "move-block": "editBlocks",
      "shift-block": "editBlocks",
      "assign-block": "assignShooters",
      "assign-shot": "assignShooters",
      "delete-block": "deleteBlocksAndShots",
      "add-shot": "editShots",
      "edit-shot": "editShots",
      "group-shot": "editGroupings",
      "regroup-shot": "editGroupings",
      "delete-shot": "deleteBlocksAndShots",
      "add-person": "editPeople",
      "edit-person": "editPeople",
      "delete-person": "editPeople",
      "add-vendor": "editVendors",
      "edit-vendor": "editVendors",
      "delete-vendor": "editVendors",
      "edit-event": "manageEvent",
      "delete-event": "manageEvent",
    });
    // docs/product/roles.md#client-links: clients never delete, move blocks or check off blocks.
    expect(CLIENT_CHANGE_FLAGS).toEqual({
      "add-block": "canEditTimeline",
      "edit-block": "canEditTimeline",
      "add-shot": "canEditShots",
      "edit-shot": "canEditShots",
      "toggle-shot": "canEditShots",
      "group-shot": "canEditShots",
      "regroup-shot": "canEditShots",
      "add-person": "canEditPeople",
      "edit-person": "canEditPeople",
      "add-vendor": "canEditVendors",
      "edit-vendor": "canEditVendors",
    });
  });

  it("the event's form writes only its own columns, and the portal shows no private field of it", () => {
    expect(Object.values(CHANGEABLE.event.formColumns)).toContain("statusOverride");
    expect(CHANGEABLE.event.portalFields as readonly string[]).not.toContain("leadPhotographerId");
  });

  it("the mutation runner imports no list's folder: it reaches each list through the registry", () => {
    const source = readFileSync("app/modules/event/mutations.server.ts", "utf8");
    const imports = [...source.matchAll(/from "([^"]+)"/g)].map((match) => match[1]!);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((path) => /modules\/(timeline|shots|people|vendors)\//.test(path))).toEqual([]);
    expect(imports).toContain("~/modules/lists/registry");
  });
});

describe("a mutation as sent (MutationSchema)", () => {
  const id = "0123456789abcdef";
  const row = "7f1c1f0e-2d5a-4c7b-9a51-0a4f3e1d2c3b";

  it("reads each name's own arguments", () => {
    expect(MutationSchema.parse({ id, name: "toggle-shot", args: { id: row, done: true } })).toEqual({ id, name: "toggle-shot", args: { id: row, done: true } });
    expect(MutationSchema.parse({ id, name: "delete-event", args: { confirmation: "delete" } }).args).toEqual({ confirmation: "delete" });
  });

  it("refuses an unknown name, another name's arguments and a bad id", () => {
    expect(MutationSchema.safeParse({ id, name: "drop-table", args: { id: row } }).success).toBe(false);
    const wrong = MutationSchema.safeParse({ id, name: "toggle-shot", args: { id: row, direction: "up" } });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.every((issue) => issue.path[0] === "args")).toBe(true);
    expect(MutationSchema.safeParse({ id: "short", name: "delete-shot", args: { id: row } }).success).toBe(false);
  });
});
