import type { z } from "zod";
import { BLOCK_TYPES, PERSON_ROLES, SHOT_CATEGORIES, VENDOR_TYPES } from "~/db/enums";
import type { LIST_ROW_SCHEMAS } from "./lists.schema";

// Decision 010 "List services and typed rows": the four lists under an
// event (timeline blocks, shots, people, vendors), each defined once: its row as a page
// holds it, its order, its limit. Client-safe: the live updates sort with `listOrder`;
// lists.server.ts builds the loaders' SQL ORDER BY from the same LIST_ORDERS, so a row
// that arrives over the socket lands where a reload would put it.

export { LIST_KINDS, type ListKind } from "./list-kinds";
import type { ListKind } from "./list-kinds";
/** Each kind's list, by the name every page and answer holds it under (the loader, the lists route, the live and offline state). */
export const LIST_NAME = { block: "blocks", shot: "shots", person: "people", vendor: "vendors" } as const satisfies Record<ListKind, string>;

/**
 * A row as every page holds it (LIST_ROW_SCHEMAS, lists.schema.ts: the fields a client
 * link is given). Its zod schemas are in their own module, which a page loads only when
 * a change arrives (decision 014).
 */
export type ListRow<K extends ListKind> = z.infer<(typeof LIST_ROW_SCHEMAS)[K]>;

/**
 * Each list's order, as SQL's ORDER BY reads it: ascending, NULL first (SQLite's rule),
 * text by UTF-8 bytes (SQLite's BINARY), or with ASCII letters folded (`nocase`:
 * SQLite's NOCASE), so "anna" files beside "Anna", not after "Zoe". Every order ends
 * with the id, so rows equal in everything else (two "Anna Smith"s, two blocks added in
 * the same millisecond) still have one order on every device.
 */
type OrderKey<K extends ListKind> = { readonly field: keyof ListRow<K> & string; readonly nocase?: true };
export const LIST_ORDERS = {
  // docs/product/screens.md#timeline: blocks and shots by order_index; rows added at the same moment by creation.
  block: [{ field: "orderIndex" }, { field: "createdAt" }, { field: "id" }],
  shot: [{ field: "orderIndex" }, { field: "createdAt" }, { field: "id" }],
  person: [{ field: "firstName", nocase: true }, { field: "lastName", nocase: true }, { field: "id" }],
  vendor: [{ field: "vendorType" }, { field: "vendorName", nocase: true }, { field: "id" }],
} as const satisfies { [K in ListKind]: readonly OrderKey<K>[] };

/** The fields a list's order reads: all a row needs to be sorted. */
export type OrderRow<K extends ListKind> = Pick<ListRow<K>, Extract<(typeof LIST_ORDERS)[K][number]["field"], keyof ListRow<K>>>;

/** SQLite's BINARY compares UTF-8 bytes, which order as code points; JS strings compare UTF-16 units, which differ above U+D7FF. */
const utf8Rank = (unit: number) => (unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit);
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

function compareText(a: string, b: string) {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return utf8Rank(x) - utf8Rank(y);
  }
  return a.length - b.length;
}

function compareValues(a: unknown, b: unknown, nocase: boolean) {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return nocase ? compareText(foldAscii(String(a)), foldAscii(String(b))) : compareText(String(a), String(b));
}

function comparator<R>(keys: readonly { readonly field: keyof R; readonly nocase?: true }[]) {
  return (a: R, b: R) => {
    for (const { field, nocase } of keys) {
      const order = compareValues(a[field], b[field], nocase === true);
      if (order !== 0) return order;
    }
    return 0;
  };
}

/** Each list's order as a comparator: the same as its SQL (lists.server.ts). */
export const listOrder: { [K in ListKind]: (a: OrderRow<K>, b: OrderRow<K>) => number } = {
  block: comparator<OrderRow<"block">>(LIST_ORDERS.block),
  shot: comparator<OrderRow<"shot">>(LIST_ORDERS.shot),
  person: comparator<OrderRow<"person">>(LIST_ORDERS.person),
  vendor: comparator<OrderRow<"vendor">>(LIST_ORDERS.vendor),
};

/** A ceiling per event, so no one can grow an event without bound. */
export const LIST_LIMITS: Record<ListKind, { max: number; noun: string }> = {
  block: { max: 200, noun: "timeline blocks" },
  shot: { max: 500, noun: "shots" },
  person: { max: 500, noun: "people" },
  vendor: { max: 100, noun: "vendors" },
};

export function limitMessage(kind: ListKind) {
  return `An event can have at most ${LIST_LIMITS[kind].max} ${LIST_LIMITS[kind].noun}.`;
}

/**
 * The text a list's search box matches, for the page's box and the
 * server's answer to it without JavaScript (`?q=`) alike.
 */
export const LIST_SEARCH_TEXT: { [K in ListKind]: (row: ListRow<K>) => string } = {
  block: (block) => `${block.title} ${block.location ?? ""} ${block.notes ?? ""}`,
  shot: (shot) => `${shot.title} ${shot.description ?? ""}`,
  person: (person) => `${[person.firstName, person.lastName].filter(Boolean).join(" ")} ${person.notes ?? ""}`,
  vendor: (vendor) => `${vendor.vendorName} ${vendor.companyName ?? ""} ${vendor.notes ?? ""}`,
};
