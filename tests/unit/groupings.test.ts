import { beforeAll, describe, expect, it } from "vitest";
import type { PersonRole } from "~/db/enums";
import type { Mutation } from "~/modules/event/mutations";
import { applyMutation } from "~/modules/offline/apply";
import { valueParser } from "~/modules/offline/value-parser";
import { addRole, callerPlace, groupingsOf, groupingsWith, isGrouping, namesOf, peopleOf, personIdsOf, personRolesOf, withoutPerson } from "~/modules/shots/groupings";

// Family formals groupings name people by id (docs/product/screens.md#family-formals): a
// rename shows in every grouping at once, a removal takes the person out of every grouping
// (on the device at once, as the server does in the same change), the rest in order.

beforeAll(async () => {
  await valueParser.load();
});

const T0 = "2027-06-12T10:00:00.000Z";
const EMMA = "11111111-1111-4111-8111-111111111111";
const JAMES = "22222222-2222-4222-8222-222222222222";
const ROSE = "33333333-3333-4333-8333-333333333333";
const ARTHUR = "44444444-4444-4444-8444-444444444444";

const person = (id: string, firstName: string, lastName: string, role: PersonRole) => ({ id, firstName, lastName, role, isVip: false, pronunciation: null, notes: null, createdAt: T0, updatedAt: T0 });
const shot = (id: string, title: string, personIds: string[], orderIndex: number) => ({
  id,
  title,
  category: personIds.length ? "family_formals" : "details",
  description: null,
  personIds: JSON.stringify(personIds),
  orderIndex,
  isDone: false,
  doneAt: null,
  createdAt: T0,
  updatedAt: T0,
});

const state = () => ({
  lists: {
    blocks: [],
    shots: [shot("s1", "Couple + grandparents", [EMMA, JAMES, ROSE, ARTHUR], 0), shot("s2", "Rings", [], 1), shot("s3", "Bride + grandmother", [ROSE, EMMA], 2)],
    people: [person(ARTHUR, "Arthur", "Clark", "grandparent"), person(EMMA, "Emma", "Clark", "bride"), person(JAMES, "James", "Wright", "groom"), person(ROSE, "Rose", "Clark", "grandparent")],
    vendors: [],
  },
  event: { id: "e1" },
});

const m = (mutation: Omit<Mutation, "id">) => ({ id: "mutation-id-0000001", ...mutation }) as Mutation;

describe("family formals groupings", () => {
  it("a grouping shows its people in its own order, by the names the people list has now", () => {
    const { shots, people } = state().lists;
    expect(groupingsOf(shots).map((each) => each.id)).toEqual(["s1", "s3"]);
    expect(namesOf(shots[0]!, people)).toBe("Emma Clark, James Wright, Rose Clark, Arthur Clark");
    expect(namesOf(shots[2]!, people)).toBe("Rose Clark, Emma Clark");
  });

  it("a renamed person is renamed in every grouping, applied on the device at once", () => {
    const renamed = applyMutation(state(), m({ name: "edit-person", args: { id: ROSE, values: { firstName: "Rosemary", lastName: "Clark", role: "grandparent" } } }), T0);
    const { shots, people } = renamed.lists;
    expect(namesOf(shots[0]!, people)).toBe("Emma Clark, James Wright, Rosemary Clark, Arthur Clark");
    expect(namesOf(shots[2]!, people)).toBe("Rosemary Clark, Emma Clark");
    // The groupings themselves did not change: they name her by id.
    expect(shots).toEqual(state().lists.shots);
  });

  it("a removed person leaves every grouping in the same change, the rest in order; other shots are the same rows", () => {
    const before = state();
    const after = applyMutation(before, m({ name: "delete-person", args: { id: ROSE } }), T0);
    expect(after.lists.people.map((each) => each.id)).not.toContain(ROSE);
    expect(personIdsOf(after.lists.shots[0]!)).toEqual([EMMA, JAMES, ARTHUR]);
    expect(personIdsOf(after.lists.shots[2]!)).toEqual([EMMA]);
    expect(after.lists.shots[1]).toBe(before.lists.shots[1]);
    expect(namesOf(after.lists.shots[0]!, after.lists.people)).toBe("Emma Clark, James Wright, Arthur Clark");
  });

  it("before the removal, the groupings that lose the person are named", () => {
    const { shots, people } = state().lists;
    const byId = (id: string) => people.find((each) => each.id === id)!;
    expect(groupingsWith(shots, byId(ROSE)).map((each) => each.title)).toEqual(["Couple + grandparents", "Bride + grandmother"]);
    expect(groupingsWith(shots, byId(JAMES)).map((each) => each.title)).toEqual(["Couple + grandparents"]);
    expect(groupingsWith(shots, person("55555555-5555-4555-8555-555555555555", "Nobody", "Here", "guest"))).toEqual([]);
  });

  it("a person removed on another device (their id still in a grouping held here) is left out of its names", () => {
    const { shots, people } = state().lists;
    const without = people.filter((each) => each.id !== JAMES);
    expect(peopleOf(shots[0]!, without).map((each) => each.firstName)).toEqual(["Emma", "Rose", "Arthur"]);
    expect(withoutPerson(shots, "nobody")).toEqual(shots);
  });

  it("'By role' adds the role's people not yet picked, after those picked", () => {
    const { people } = state().lists;
    expect(addRole([EMMA, JAMES], people, "grandparent")).toEqual([EMMA, JAMES, ARTHUR, ROSE]);
    expect(addRole([ROSE], people, "grandparent")).toEqual([ROSE, ARTHUR]);
  });

  it("a grouping added or edited on the device is a family formals shot of its name and people", () => {
    const added = applyMutation(state(), m({ name: "group-shot", args: { id: "66666666-6666-4666-8666-666666666666", values: { title: "Groom's side", category: "family_formals", personIds: JSON.stringify([JAMES]) } } }), T0);
    expect(added.lists.shots.at(-1)).toMatchObject({ title: "Groom's side", category: "family_formals", personIds: JSON.stringify([JAMES]), isDone: false });
    const edited = applyMutation(state(), m({ name: "regroup-shot", args: { id: "s3", values: { title: "Grandmother + bride", category: "family_formals", personIds: JSON.stringify([EMMA, ROSE]) } } }), T0);
    expect(edited.lists.shots.find((each) => each.id === "s3")).toMatchObject({ title: "Grandmother + bride", personIds: JSON.stringify([EMMA, ROSE]) });
  });
});

describe("a grouping by role (laid from a template)", () => {
  const byRole = (roles: string[]) => ({ ...shot("r1", "Couple + grandparents", [], 0), category: "family_formals", personRoles: JSON.stringify(roles) });

  it("is a grouping whose people are the people list's of its roles, role by role, so someone added later is in it", () => {
    const { people } = state().lists;
    const grouping = byRole(["bride", "groom", "grandparent"]);
    expect(isGrouping(grouping)).toBe(true);
    expect(peopleOf(grouping, people).map((each) => each.firstName)).toEqual(["Emma", "James", "Arthur", "Rose"]);
    const added = applyMutation(state(), m({ name: "add-person", args: { id: "77777777-7777-4777-8777-777777777777", values: { firstName: "Edith", lastName: "Wright", role: "grandparent" } } }), T0);
    expect(namesOf(grouping, added.lists.people)).toBe("Emma Clark, James Wright, Arthur Clark, Edith Wright, Rose Clark");
  });

  it("names the roles no one has yet, and a removal of one of its people is named before it is confirmed", () => {
    const { people } = state().lists;
    const grouping = byRole(["bride", "parent"]);
    expect(namesOf(grouping, people)).toBe("Emma Clark, no parents yet");
    expect(namesOf(grouping, [])).toBe("no brides yet, no parents yet");
    expect(groupingsWith([grouping], people.find((each) => each.id === EMMA)!)).toEqual([grouping]);
    expect(groupingsWith([grouping], people.find((each) => each.id === ROSE)!)).toEqual([]);
  });

  it("once 'Edit grouping' names its people it is a grouping of those people, by role no longer; unknown roles are ignored", () => {
    const edited = applyMutation(
      { ...state(), lists: { ...state().lists, shots: [byRole(["bride", "grandparent"])] } },
      m({ name: "regroup-shot", args: { id: "r1", values: { title: "Couple + grandparents", category: "family_formals", personIds: JSON.stringify([EMMA, ROSE]) } } }),
      T0,
    );
    const [row] = edited.lists.shots;
    expect(personRolesOf(row!)).toEqual([]);
    expect(peopleOf(row!, state().lists.people).map((each) => each.firstName)).toEqual(["Emma", "Rose"]);
    // The lead's own shot form naming people does the same.
    const named = applyMutation(
      { ...state(), lists: { ...state().lists, shots: [byRole(["bride", "grandparent"])] } },
      m({ name: "edit-shot", args: { id: "r1", values: { title: "Couple + grandparents", category: "family_formals", personIds: JSON.stringify([ROSE]) } } }),
      T0,
    );
    expect(named.lists.shots[0]).toMatchObject({ personIds: JSON.stringify([ROSE]), personRoles: "[]" });
    expect(personRolesOf(byRole(["bride", "chauffeur"]))).toEqual(["bride"]);
    expect(isGrouping(byRole(["chauffeur"]))).toBe(false);
  });

  it("in the name caller, gathers the next grouping's people by role", () => {
    const { people } = state().lists;
    const list = [shot("s3", "Bride + grandmother", [ROSE, EMMA], 0), { ...byRole(["groom", "grandparent"]), orderIndex: 1 }];
    const place = callerPlace(list, people, "1");
    expect(place.count).toBe(2);
    expect(place.gather.map((each) => each.firstName)).toEqual(["James", "Arthur"]);
  });
});

describe("the name caller's place", () => {
  const shots = () => {
    const { shots: list } = state().lists;
    return [list[0]!, list[1]!, list[2]!, { ...shot("s4", "Groom + grandparents", [JAMES, ROSE, ARTHUR], 3) }];
  };
  const { people } = state().lists;

  it("starts at the first grouping not done, counts only groupings, and gathers the next one's people not already here", () => {
    const list = shots().map((each) => (each.id === "s1" ? { ...each, isDone: true } : each));
    const place = callerPlace(list, people, null);
    expect(place).toMatchObject({ count: 3, number: 2 });
    expect(place.current?.id).toBe("s3");
    expect(place.people.map((each) => each.firstName)).toEqual(["Rose", "Emma"]);
    expect(place.next?.id).toBe("s4");
    expect(place.gather.map((each) => each.firstName)).toEqual(["James", "Arthur"]);
  });

  it("goes to the group the URL asks for, the last at most; the last has no next", () => {
    expect(callerPlace(shots(), people, "1").current?.id).toBe("s1");
    const last = callerPlace(shots(), people, "9");
    expect(last).toMatchObject({ number: 3, next: null, gather: [] });
    expect(callerPlace(shots(), people, "nonsense").number).toBe(1);
    expect(callerPlace([], people, null)).toMatchObject({ count: 0, number: 0, current: null });
  });
});
