import { eventDescriptor } from "~/modules/event/descriptor";
import { peopleList } from "~/modules/people/list";
import { shotList } from "~/modules/shots/list";
import { timelineList } from "~/modules/timeline/list";
import { vendorList } from "~/modules/vendors/list";
import type { eventPeople, events, eventVendors, shotListItems, timelineBlocks } from "~/db/schema";
import type { ClientFlags, EventAction } from "~/modules/event/permissions";
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

function byName(part: "rights" | "clientRights") {
  return Object.fromEntries(Object.values(CHANGEABLE).flatMap((descriptor) => Object.entries(descriptor[part]).map(([verb, right]) => [`${verb}-${descriptor.kind}`, right])));
}
// The descriptors' rights by change name. The casts say what TypeScript cannot follow
// through Object.fromEntries: that its keys are the names ChangeName spells from the
// same rights (tests/unit/list-registry.test.ts checks them one by one).
/** Each change a descriptor supports, by name, with the right it needs. */
export const CHANGE_RIGHTS = byName("rights") as { readonly [N in ChangeName]: EventAction };
/** Each change a client link may make, by name, with the flag it needs. */
export const CLIENT_CHANGE_FLAGS = byName("clientRights") as { readonly [N in ClientChangeName]: keyof ClientFlags };

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

/**
 * A row as every page holds it: the fields a client link is given. Its zod schema
 * (LIST_ROW_SCHEMAS, rows.schema.ts) is the same row, checked by the type check there.
 */
export type ListRow<K extends ListKind> = PortalRows[K];

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
