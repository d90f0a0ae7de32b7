import { PERSON_ROLES, type PersonRole } from "~/db/enums";

// Family formals groupings (docs/product/screens.md#family-formals): a grouping is a shot
// whose people are named by id, in order (`personIds`, a JSON array). Names are read from
// the people list when shown, so a rename shows in every grouping at once; a removed
// person leaves every grouping (the server in the removal's batch, the device at once).
// A grouping laid from a template names roles instead (`personRoles`): its people are the
// people list's of those roles whenever it is shown, until 'Edit grouping' names them.
// Client-safe and pure: the shot list, the name caller, the dialogs and the offline apply.

/** docs/product/limits.md#family-formals: a grouping names at most this many people. */
export const GROUPING_PEOPLE_MAX = 30;

/** The category a grouping is a shot of. */
export const GROUPING_CATEGORY = "family_formals" as const;

/** A shot, or a row the device holds as one. */
type WithPeople = { id: string; personIds?: unknown; personRoles?: unknown } | ({ id: string } & Record<string, unknown>);
type Person = { id: string; role?: PersonRole };
type Named = Person & { firstName: string; lastName: string | null };

function stringsOf(value: unknown): string[] {
  if (typeof value !== "string" || !value) return [];
  try {
    const items: unknown = JSON.parse(value);
    return Array.isArray(items) ? items.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** A shot's people's ids, in order; none for a shot that is not a grouping (or a malformed value). */
export function personIdsOf(shot: WithPeople): string[] {
  return stringsOf("personIds" in shot ? shot.personIds : undefined);
}

/** A grouping by role's roles, in order; none once it names its people (or for any other shot). */
export function personRolesOf(shot: WithPeople): PersonRole[] {
  if (personIdsOf(shot).length > 0) return [];
  return stringsOf("personRoles" in shot ? shot.personRoles : undefined).filter((role): role is PersonRole => (PERSON_ROLES as readonly string[]).includes(role));
}

/** A grouping: a shot that names people, or roles. */
export const isGrouping = (shot: WithPeople) => personIdsOf(shot).length > 0 || personRolesOf(shot).length > 0;

/** A change's value that names a shot's people: it is a grouping of those people, by role no longer (server and device alike). */
export function namingPeople<V extends object>(value: V): V | (V & { personRoles: string }) {
  return "personIds" in value && typeof value.personIds === "string" ? { ...value, personRoles: "[]" } : value;
}

/** What 'Edit grouping' may name people in: a grouping, or any family formals shot ('Couple with all grandparents' written before its people were). */
export const isGroupable = (shot: WithPeople & { category?: unknown }) => isGrouping(shot) || shot.category === GROUPING_CATEGORY;

/** 'Add by role' and a grouping by role: each role's people, as the words name them ('All grandparents'). */
export const ROLE_PLURALS: Record<PersonRole, string> = {
  bride: "brides",
  groom: "grooms",
  parent: "parents",
  grandparent: "grandparents",
  sibling: "siblings",
  wedding_party: "wedding party",
  guest: "guests",
  vendor: "vendors",
  other: "others",
};

/** The groupings of a shot list, in its order. */
export function groupingsOf<S extends WithPeople>(shots: readonly S[]): S[] {
  return shots.filter(isGrouping);
}

/**
 * A grouping's people as the people list has them now (so a rename shows at once), in the
 * grouping's order; an id no longer in the list (removed on another device) is left out.
 * A grouping by role: each role's people in turn, in the people list's order.
 */
export function peopleOf<P extends Person>(shot: WithPeople, people: readonly P[]): P[] {
  const roles = personRolesOf(shot);
  if (roles.length > 0) return roles.flatMap((role) => people.filter((person) => person.role === role));
  const byId = new Map(people.map((person) => [person.id, person]));
  return personIdsOf(shot).flatMap((id) => byId.get(id) ?? []);
}

export const nameOf = (person: { readonly firstName: string | null; readonly lastName: string | null }) => [person.firstName, person.lastName].filter(Boolean).join(" ");

/** A grouping by role's roles that no one on the people list has yet ('no grandparents yet'). */
export function rolesMissing(shot: WithPeople, people: readonly Person[]): PersonRole[] {
  return personRolesOf(shot).filter((role) => !people.some((person) => person.role === role));
}

/** A grouping's people's names, as its row in the shot list shows them; a role no one has yet is named as waiting for them. */
export function namesOf(shot: WithPeople, people: readonly Named[]) {
  const missing = rolesMissing(shot, people).map((role) => `no ${ROLE_PLURALS[role]} yet`);
  return [...peopleOf(shot, people).map(nameOf), ...missing].join(", ");
}

/** The groupings a person is in: what their removal takes them out of. */
export function groupingsWith<S extends WithPeople>(shots: readonly S[], person: Person): S[] {
  return shots.filter((shot) => peopleOf(shot, [person]).length > 0);
}

/** A person's removal, as the shots are left by it: out of every grouping, the rest as it was (same rows where untouched). */
export function withoutPerson<S extends WithPeople>(shots: readonly S[], personId: string): S[] {
  return shots.map((shot) => {
    const ids = personIdsOf(shot);
    return ids.includes(personId) ? { ...shot, personIds: JSON.stringify(ids.filter((id) => id !== personId)) } : shot;
  });
}

/** 'By role': the people of a role not yet in the grouping, in the people list's order, added after those picked. */
export function addRole<P extends { id: string; role: PersonRole }>(picked: readonly string[], people: readonly P[], role: PersonRole): string[] {
  const more = people.filter((person) => person.role === role && !picked.includes(person.id)).map((person) => person.id);
  return [...picked, ...more].slice(0, GROUPING_PEOPLE_MAX);
}

/** The value the grouping's form sends for its people (its hidden `personIds` field). */
export const personIdsValue = (ids: readonly string[]) => JSON.stringify(ids);

/**
 * The name caller's place (docs/product/screens.md#name-caller): the groupings in the shot
 * list's order, the one shown (`requested`, 1-based, from the URL; without one, the first
 * not yet done), and who of the next grouping to gather now: its people not already in
 * this one, in its order.
 */
export function callerPlace<S extends WithPeople & { isDone: boolean }, P extends Person>(shots: readonly S[], people: readonly P[], requested: string | null) {
  const groupings = groupingsOf(shots);
  const count = groupings.length;
  const asked = Number.parseInt(requested ?? "", 10);
  const firstOpen = groupings.findIndex((shot) => !shot.isDone);
  const index = count === 0 ? -1 : Number.isInteger(asked) && asked >= 1 ? Math.min(asked, count) - 1 : Math.max(firstOpen, 0);
  const current = index >= 0 ? groupings[index]! : null;
  const next = index >= 0 && index + 1 < count ? groupings[index + 1]! : null;
  const here = new Set(current ? peopleOf(current, people).map((person) => person.id) : []);
  return {
    count,
    /** 1-based, as 'Group N of M' says it; 0 when there are no groupings. */
    number: index + 1,
    current,
    people: current ? peopleOf(current, people) : [],
    next,
    gather: next ? peopleOf(next, people).filter((person) => !here.has(person.id)) : [],
  };
}
