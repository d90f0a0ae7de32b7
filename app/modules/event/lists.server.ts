import { type AnyColumn, and, asc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { eventPeople, eventVendors, shotListItems, timelineBlocks } from "~/db/schema";
import type { Db } from "~/utils/db.server";
import { LISTS, type ListKind } from "~/modules/lists/registry";
import { LIST_TABLES } from "~/modules/lists/tables.server";

// Each list's query, once (decision 010): the dashboard's loader, the
// portal's and anything else that reads a list reads it here, in its descriptor's
// order, which the live updates sort by too (listOrder, app/modules/lists/registry.ts).

/** A list's order as SQL: the comparator's rules are SQLite's (BINARY, NOCASE, NULL first). */
export function listOrderBy(kind: ListKind) {
  const columns: Record<string, AnyColumn> = getTableColumns(LIST_TABLES[kind]);
  const keys: readonly { field: string; nocase?: true; nullsLast?: true }[] = LISTS[kind].order;
  return keys.flatMap(({ field, nocase, nullsLast }) => [
    ...(nullsLast ? [sql`${columns[field]} IS NULL`] : []),
    asc(nocase ? sql`${columns[field]} COLLATE NOCASE` : columns[field]!),
  ]);
}

// `also`: a further condition (a window's category, a dialog's row).
const queries = {
  block: (db: Db, eventId: SQL | string, also?: SQL) => db.select().from(timelineBlocks).where(and(eq(timelineBlocks.eventId, eventId), also)).orderBy(...listOrderBy("block")),
  shot: (db: Db, eventId: SQL | string, also?: SQL) => db.select().from(shotListItems).where(and(eq(shotListItems.eventId, eventId), also)).orderBy(...listOrderBy("shot")),
  person: (db: Db, eventId: SQL | string, also?: SQL) => db.select().from(eventPeople).where(and(eq(eventPeople.eventId, eventId), also)).orderBy(...listOrderBy("person")),
  vendor: (db: Db, eventId: SQL | string, also?: SQL) => db.select().from(eventVendors).where(and(eq(eventVendors.eventId, eventId), also)).orderBy(...listOrderBy("vendor")),
};
type ListSelects = { [K in ListKind]: ReturnType<(typeof queries)[K]> };
const typedQueries: { [K in ListKind]: (db: Db, eventId: SQL | string, also?: SQL) => ListSelects[K] } = queries;

/**
 * A list of an event, whole and in its order, as one statement (for a D1 batch).
 * `eventId` may be SQL: the portal reads its link's event as a subquery that is empty
 * unless the link is valid.
 */
export function listQuery<K extends ListKind>(db: Db, kind: K, eventId: SQL | string, also?: SQL): ListSelects[K] {
  return typedQueries[kind](db, eventId, also);
}

/** The four lists of an event, by name, for batchNamed. */
export function allListQueries(db: Db, eventId: SQL | string) {
  return {
    blocks: listQuery(db, "block", eventId),
    shots: listQuery(db, "shot", eventId),
    people: listQuery(db, "person", eventId),
    vendors: listQuery(db, "vendor", eventId),
  };
}
