import { eventDescriptor } from "~/modules/event/descriptor";
import { peopleList } from "~/modules/people/list";
import { shotList } from "~/modules/shots/list";
import { timelineList } from "~/modules/timeline/list";
import { vendorList } from "~/modules/vendors/list";
import type { eventPeople, events, eventVendors, shotListItems, timelineBlocks } from "~/db/schema";
import { type ChangeVerb, comparator } from "./descriptor";

// The one place that names every list under an event (docs/architecture.md#adding-a-list-or-a-change):
// kind → its folder's descriptor. Everything that treats lists alike reads them here.
// Client-safe (descriptor.ts).

export const LISTS = { block: timelineList, shot: shotList, person: peopleList, vendor: vendorList } as const;
export const LIST_KINDS = ["block", "shot", "person", "vendor"] as const satisfies readonly (keyof typeof LISTS)[];
export type ListKind = (typeof LIST_KINDS)[number];

/** What a change may be made to: a list's row, or the event. */
export const CHANGEABLE = { ...LISTS, event: eventDescriptor } as const;
export type ChangeableKind = keyof typeof CHANGEABLE;

type Named<K extends ChangeableKind, Rights> = `${keyof Rights & ChangeVerb}-${K}`;
/** A change's name, its verb then its kind (`toggle-shot`, `edit-event`): one for each right a descriptor names. */
export type ChangeName = { [K in ChangeableKind]: Named<K, (typeof CHANGEABLE)[K]["rights"]> }[ChangeableKind];
/** The changes a client link may make (a descriptor's clientRights). */
export type ClientChangeName = { [K in ChangeableKind]: Named<K, (typeof CHANGEABLE)[K]["clientRights"]> }[ChangeableKind];

type KindOf<N> = N extends `${string}-${infer K extends ChangeableKind}` ? K : never;
type VerbOf<N> = N extends `${infer V extends ChangeVerb}-${string}` ? V : never;
type RightOf<N extends ChangeName, Part extends "rights" | "clientRights"> = (typeof CHANGEABLE)[KindOf<N>][Part][VerbOf<N> & keyof (typeof CHANGEABLE)[KindOf<N>][Part]];

// Every change by the name it travels under, written out: the type check holds each entry
// to the right its descriptor names (a missing, extra or misnamed change does not compile),
// and a new right in a descriptor shows here as a missing name.
/** Each change a descriptor supports, by name, with the right it needs. */
export const CHANGE_RIGHTS = {
  "toggle-block": LISTS.block.rights.toggle,
  "toggle-shot": LISTS.shot.rights.toggle,
  "add-block": LISTS.block.rights.add,
  "edit-block": LISTS.block.rights.edit,
  "move-block": LISTS.block.rights.move,
  "shift-block": LISTS.block.rights.shift,
  "assign-block": LISTS.block.rights.assign,
  "delete-block": LISTS.block.rights.delete,
  "add-shot": LISTS.shot.rights.add,
  "edit-shot": LISTS.shot.rights.edit,
  "assign-shot": LISTS.shot.rights.assign,
  "group-shot": LISTS.shot.rights.group,
  "regroup-shot": LISTS.shot.rights.regroup,
  "delete-shot": LISTS.shot.rights.delete,
  "add-person": LISTS.person.rights.add,
  "edit-person": LISTS.person.rights.edit,
  "delete-person": LISTS.person.rights.delete,
  "add-vendor": LISTS.vendor.rights.add,
  "edit-vendor": LISTS.vendor.rights.edit,
  "delete-vendor": LISTS.vendor.rights.delete,
  "edit-event": CHANGEABLE.event.rights.edit,
  "delete-event": CHANGEABLE.event.rights.delete,
} as const satisfies { readonly [N in ChangeName]: RightOf<N, "rights"> };

/** Each change a client link may make, by name, with the flag it needs. */
export const CLIENT_CHANGE_FLAGS = {
  "add-block": LISTS.block.clientRights.add,
  "edit-block": LISTS.block.clientRights.edit,
  "add-shot": LISTS.shot.clientRights.add,
  "edit-shot": LISTS.shot.clientRights.edit,
  "toggle-shot": LISTS.shot.clientRights.toggle,
  "group-shot": LISTS.shot.clientRights.group,
  "regroup-shot": LISTS.shot.clientRights.regroup,
  "add-person": LISTS.person.clientRights.add,
  "edit-person": LISTS.person.clientRights.edit,
  "add-vendor": LISTS.vendor.clientRights.add,
  "edit-vendor": LISTS.vendor.clientRights.edit,
} as const satisfies { readonly [N in ClientChangeName]: RightOf<N, "clientRights"> };

export function isChangeName(value: unknown): value is ChangeName {
  return typeof value === "string" && Object.hasOwn(CHANGE_RIGHTS, value);
}

const CHANGE_VERBS: readonly ChangeVerb[] = ["toggle", "add", "edit", "move", "delete", "shift", "assign", "group", "regroup"];
const isChangeVerb = (value: string | undefined): value is ChangeVerb => CHANGE_VERBS.some((verb) => verb === value);
const isChangeableKind = (value: string | undefined): value is ChangeableKind => value !== undefined && Object.hasOwn(CHANGEABLE, value);

/** A change's verb and the kind of row it changes, read off its name (`toggle-shot`, `edit-event`…). */
export function partsOf(name: ChangeName): { verb: ChangeVerb; kind: ChangeableKind } {
  const [verb, kind] = name.split("-");
  if (!isChangeVerb(verb) || !isChangeableKind(kind)) throw new Error(`Not a change's name: ${name}`);
  return { verb, kind };
}

type StoredRows = {
  block: typeof timelineBlocks.$inferSelect;
  shot: typeof shotListItems.$inferSelect;
  person: typeof eventPeople.$inferSelect;
  vendor: typeof eventVendors.$inferSelect;
  event: typeof events.$inferSelect;
};

type PortalRows = { [K in ChangeableKind]: Pick<StoredRows[K], Extract<(typeof CHANGEABLE)[K]["portalFields"][number], keyof StoredRows[K]>> };
/** A row as a client link may see it: the fields of its descriptor's `portalFields`. */
export type PortalRow<K extends ChangeableKind> = PortalRows[K];

type TeamRows = { [K in ListKind]: Partial<Pick<StoredRows[K], Extract<(typeof LISTS)[K]["teamFields"][number], keyof StoredRows[K]>>> };

/**
 * A row as every page holds it: the fields a client link is given, and on the lead's and
 * the team's pages its `teamFields` besides (absent from a portal's rows). Its zod schema
 * (LIST_ROW_SCHEMAS, lists.schema.ts) is the same row, checked by the type check there.
 */
export type ListRow<K extends ListKind> = ShownRows[K];
type ShownRows = { [K in ListKind]: PortalRows[K] & TeamRows[K] };

/** The fields of a kind's rows that only the lead and the team see, and a client link never writes (a list's `teamFields`). */
export function teamFieldsOf(kind: ChangeableKind): readonly string[] {
  return kind === "event" ? [] : LISTS[kind].teamFields;
}

/** Each kind's list, by the name every page and answer holds it under. */
export const LIST_NAME = {
  block: LISTS.block.name,
  shot: LISTS.shot.name,
  person: LISTS.person.name,
  vendor: LISTS.vendor.name,
} as const;

/** The fields a list's order reads: all a row needs to be sorted. */
export type OrderRow<K extends ListKind> = Pick<ListRow<K>, Extract<(typeof LISTS)[K]["order"][number]["field"], keyof ListRow<K>>>;

/** Each list's order as a comparator: the same as its SQL (listOrderBy, lists.server.ts). */
export const listOrder: { [K in ListKind]: (a: OrderRow<K>, b: OrderRow<K>) => number } = {
  block: comparator<OrderRow<"block">>(LISTS.block.order),
  shot: comparator<OrderRow<"shot">>(LISTS.shot.order),
  person: comparator<OrderRow<"person">>(LISTS.person.order),
  vendor: comparator<OrderRow<"vendor">>(LISTS.vendor.order),
};

export function limitMessage(kind: ListKind) {
  return `An event can have at most ${LISTS[kind].limit.max} ${LISTS[kind].limit.noun}.`;
}
