import { and, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { events, eventSecondShooters, type shotListItems, type timelineBlocks } from "~/db/schema";
import { ON_TEAM_STATUSES } from "~/db/enums";
import { NOT_ON_TEAM, normalizedAssignees } from "~/modules/team/assignees";
import type { Conflict } from "~/modules/event/mutation-names";
import type { LIST_TABLES } from "./tables.server";
import { type BatchResults, batchPart, type Db } from "~/utils/db.server";
import type { ListKind } from "./registry";

// What every list's changes share: a change as statements for the mutation runner's
// batch (a Plan) and the row helpers each list's changes.server.ts builds its changes
// from. Nothing here names a list; each list passes its own table.

export type ListTable = (typeof LIST_TABLES)[ListKind];
export type ChangedTable = ListTable | typeof events;
/** A form's values as its schema parsed them (the list's values schema, VALUES_SCHEMAS). */
export type FormValue = object;
/** What the device last saw of the fields it edits (an edit's `base`). */
export type Base = Readonly<Record<string, string | number | boolean | null>>;
/** A row of a list's table or the event's, as drizzle reads it. */
export type ChangedRow = ChangedTable["$inferSelect"];

/** What a change's batch left: the row (or none, for a deletion), or why nothing was written. */
export type Outcome<Row> =
  /** `assigned`: an assignment's people who were not on the row before (they are told). */
  | { row: Row | null; rows?: Row[]; conflicts?: Conflict[]; assigned?: string[] }
  | { gone: true }
  | { full: true }
  | { taken: true }
  /** A change its own rules refuse, with the words the sender reads ('Running late' against a plan that moved). */
  | { refused: { code: 400 | 409; message: string } };

/**
 * What one change writes, as statements for the batch, and how its result is read from
 * theirs. `rowId`: the row to keep in the record (none for a delete).
 */
export type Plan<Row = ChangedRow> = {
  statements: BatchItem<"sqlite">[];
  /** The outcome, from the results of `statements` (in their order): made by `batchPart`, which keeps their types. */
  read: (results: readonly unknown[]) => Outcome<Row>;
  table: ChangedTable;
  rowId: string | SQL | null;
  /**
   * Nothing to write (the first block moved up): no one is told, and the record is kept
   * unless the row is gone (`missing`), so a repeat is answered as the first was, even
   * if the order changed meanwhile (a repeat must never move it then).
   */
  noop?: { missing: SQL };
  /** What must still hold when the batch runs, or nothing is written (a move: the order it read). */
  precondition?: SQL;
  /** The changed row's name in SQL, for notifications written in the same batch (a check-off's). */
  subject?: SQL;
};

/**
 * What a change is planned with: the event (SQL: the access check's), the guard that
 * carries the sender's right into every write, who sends it, the time, the
 * mutation's record key (a write may be conditioned on the record standing), and the
 * fields the sender never writes (a client link: its list's team fields, so its edit
 * leaves the team's notes as they are and its add leaves them empty).
 */
export type PlanContext = { db: Db; eventId: SQL; guard: SQL; userId: string | SQL<string> | null; now: string; key: string | SQL<string>; unwritable: readonly string[] };

/** The column each form field writes: null when the fields are the columns (a list's); the event's descriptor's formColumns. */
export type FieldColumns = Readonly<Record<string, string>> | null;
const columnOf = (fields: FieldColumns, field: string) => (fields ? fields[field] : field);
const fieldOf = (fields: FieldColumns, column: string) => (fields ? (Object.keys(fields).find((field) => fields[field] === column) ?? column) : column);

/**
 * The changes a list (or the event) supports, each a function of its changes.server.ts
 * returning the statements of one change; the registry (changes.server.ts) holds them by
 * kind, and the mutation runner calls the one a mutation names.
 */
export type Changes<Value extends FormValue = FormValue> = {
  readonly table: ChangedTable;
  readonly fields: FieldColumns;
  /** A Promise where the plan reads first (a timeline block anchored to the light). */
  readonly add?: (context: PlanContext, id: string, value: Value) => Plan | Promise<Plan>;
  readonly edit?: (context: PlanContext, id: string | null, value: Value, base: Base | undefined) => Plan | Promise<Plan>;
  readonly delete?: (context: PlanContext, id: string | null) => Plan;
  /** `skipped`: run mode's Skip; null from a list whose rows cannot be skipped (the runner answers 400). */
  readonly toggle?: (context: PlanContext, id: string, done: boolean, skipped: boolean) => Plan | null;
  readonly move?: (context: PlanContext, id: string, direction: "up" | "down") => Promise<Plan>;
  /** 'Running late' from a block by N minutes against the plan's basis, or 'Back on time'. */
  readonly shift?: (context: PlanContext, args: { id: string; minutes: number; basis: string } | { undo: true }) => Promise<Plan>;
  /** 'Assign': the row's people, the whole set. */
  readonly assign?: (context: PlanContext, id: string, userIds: readonly string[]) => Plan;
  /** A family formals grouping added ('Add grouping'): its name and people. */
  readonly group?: (context: PlanContext, id: string, value: Value) => Plan | Promise<Plan>;
  /** A grouping's name and people edited. */
  readonly regroup?: (context: PlanContext, id: string, value: Value, base: Base | undefined) => Plan | Promise<Plan>;
};

/** A row as D1 returns it from raw SQL (snake_case, 0/1) made the row drizzle would give. */
export function fromDriver(table: ChangedTable, raw: object) {
  const stored = new Map<string, unknown>(Object.entries(raw));
  const columns: [string, SQLiteColumn][] = Object.entries(getTableColumns(table));
  return Object.fromEntries(
    columns.map(([key, column]) => {
      const value = stored.get(column.name) ?? stored.get(key);
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  );
}

/** The row as a JSON object in SQL, by its driver column names (read back with fromDriver). */
export function rowJson(table: ChangedTable) {
  const columns: SQLiteColumn[] = Object.values(getTableColumns(table));
  return sql.join([sql`json_object(`, sql.join(columns.map((column) => sql`${column.name}, ${sql.identifier(column.name)}`), sql`, `), sql`)`], sql``);
}

const toDriver = (column: SQLiteColumn, value: unknown) => (value === null || value === undefined ? null : column.mapToDriverValue(value));

export const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

const isSql = (value: unknown): value is SQL => !!value && typeof value === "object" && "queryChunks" in value;

export function firstOrGone(rows: readonly ChangedRow[]): Outcome<ChangedRow> {
  const [row] = rows;
  return row ? { row } : { gone: true };
}

/** Checked off or not: the desired state, never a flip, so a repeat cannot undo. */
export function toggleDone(
  { db, eventId, guard, userId, now }: PlanContext,
  table: ListTable & { isDone: SQLiteColumn; doneBy: SQLiteColumn; doneAt: SQLiteColumn; title: SQLiteColumn; isSkipped?: SQLiteColumn },
  id: string,
  done: boolean,
  skipped = false,
): Plan {
  // Checking off what someone already checked off keeps who did and when.
  const values = done
    ? { isDone: true, doneBy: sql`CASE WHEN ${table.isDone} = 1 THEN ${table.doneBy} ELSE ${userId} END`, doneAt: sql`CASE WHEN ${table.isDone} = 1 THEN ${table.doneAt} ELSE ${now} END`, updatedAt: now }
    : { isDone: false, doneBy: null, doneAt: null, updatedAt: now };
  // A list whose rows can be skipped (a timeline block in run mode): done says whether, unchecked is neither.
  if (table.isSkipped) Object.assign(values, { isSkipped: done && skipped });
  const write = db.update(table).set(values).where(and(eq(table.id, id), eq(table.eventId, eventId), guard)).returning();
  return { ...batchPart([write], ([rows]) => firstOrGone(rows)), table, rowId: id, subject: sql`(SELECT ${table.title} FROM ${table} WHERE ${table.id} = ${id})` };
}

/** A new row, last in its list (`ordered`: its order_index one past the event's last), within the list's limit. */
function addRow({ db, eventId, guard, now, unwritable }: PlanContext, table: ListTable, limit: number, id: string, value: FormValue): Plan {
  const given = new Map<string, unknown>(Object.entries({ ...value, id, eventId, createdAt: now, updatedAt: now }).filter(([key]) => !unwritable.includes(key)));
  if ("orderIndex" in table) given.set("orderIndex", sql`(SELECT COALESCE(MAX(order_index), -1) + 1 FROM ${table} WHERE event_id = ${eventId})`);
  // INSERT … SELECT names every column in the table's order: the given value, else the column's default.
  const columns: [string, SQLiteColumn][] = Object.entries(getTableColumns(table));
  const values = columns.map(([key, column]) => {
    const v = given.get(key) !== undefined ? given.get(key) : column.default;
    return isSql(v) ? v : sql`${toDriver(column, v)}`;
  });
  // The limit is counted inside the INSERT, so two devices cannot both take the last place.
  // An id that exists (in any event: a forged or colliding id) is read before and left
  // out by the INSERT itself, so the batch never fails on the row's key.
  const exists = sql`EXISTS (SELECT 1 FROM ${table} WHERE ${table.id} = ${id})`;
  const taken = db.select({ taken: sql<number>`1` }).from(table).where(eq(table.id, id));
  const select = sql`SELECT ${sql.join(values, sql`, `)} WHERE ${guard} AND NOT ${exists} AND (SELECT COUNT(*) FROM ${table} WHERE event_id = ${eventId}) < ${limit}`;
  const insert = db.insert(table).select(select).returning();
  return {
    ...batchPart([taken, insert], ([before, [row]]) => (row ? { row } : before.length ? { taken: true } : { full: true })),
    table,
    rowId: id,
  };
}

/**
 * An edit of a row (`where`: which), field by field. With `base` (what the device last
 * saw), a field the device did not change is not written, and one it changed is written
 * only if no one else changed it since: otherwise theirs is kept, and answered as a conflict.
 */
export function editRow({ db, now, unwritable }: PlanContext, table: ChangedTable, where: SQL | undefined, rowId: string | SQL, fields: FieldColumns, value: FormValue, base: Base | undefined): Plan {
  const columns = new Map<string, SQLiteColumn>(Object.entries(getTableColumns(table)));
  // Every value is bound as its column's driver value, so the set is SQL whatever the column.
  const set = new Map<string, SQL>([["updatedAt", sql`${now}`]]);
  const edits = editsOf(fields, value, base, unwritable);
  for (const [key, edit] of edits) {
    const column = columns.get(key);
    if (!column) {
      edits.delete(key);
      continue;
    }
    // A field the device changed since it saw it is written only if no one else changed it
    // meanwhile; otherwise theirs is kept, and answered as a conflict.
    set.set(key, "seen" in edit ? sql`CASE WHEN ${column} IS ${toDriver(column, edit.seen)} THEN ${toDriver(column, edit.value)} ELSE ${column} END` : sql`${toDriver(column, edit.value)}`);
  }
  const mine = guardedOf(edits);
  const write = db.update(table).set(Object.fromEntries(set)).where(where).returning();
  return {
    ...batchPart([write], ([rows]) => {
      const [row] = rows;
      return row ? { row, conflicts: conflictsOf(fields, row, mine) } : { gone: true };
    }),
    table,
    rowId,
  };
}

/** An edit of a list's row: its fields are its columns. */
function editListRow(context: PlanContext, table: ListTable, id: string, value: FormValue, base: Base | undefined) {
  return editRow(context, table, and(eq(table.id, id), eq(table.eventId, context.eventId), context.guard), id, null, value, base);
}

/** A list's row deleted (answered with the row as it was). */
function deleteListRow({ db, eventId, guard }: PlanContext, table: ListTable, id: string): Plan {
  const write = db.delete(table).where(and(eq(table.id, id), eq(table.eventId, eventId), guard)).returning();
  return { ...batchPart([write], ([rows]) => firstOrGone(rows)), table, rowId: null };
}

/** The changes every list has (added within its limit, edited, deleted), which its changes.server.ts extends with its own. */
export function rowChanges(table: ListTable, limit: number) {
  return {
    table,
    fields: null,
    add: (context: PlanContext, id: string, value: FormValue) => addRow(context, table, limit, id, value),
    edit: (context: PlanContext, id: string | null, value: FormValue, base: Base | undefined) => editListRow(context, table, id ?? "", value, base),
    delete: (context: PlanContext, id: string | null) => deleteListRow(context, table, id ?? ""),
  } satisfies Changes;
}

/** The fields kept at someone else's value: the row as stored differs from what the device wrote. */
export function conflictsOf(fields: FieldColumns, row: object, mine: ReadonlyMap<string, unknown>): Conflict[] {
  const stored = new Map<string, unknown>(Object.entries(row));
  return [...mine]
    .filter(([key, value]) => !same(stored.get(key), value))
    .map(([key, value]) => ({ field: fieldOf(fields, key), theirs: stored.get(key) ?? null, mine: value ?? null }));
}

/**
 * What an edit writes, by column: each field's value, with the value the device last saw
 * (`seen`) when it sent one. A field the device did not change since it saw it is left out:
 * someone else's change stands. A field the sender never writes (`unwritable`) is left out
 * too, so no conflict is ever answered with its stored value.
 */
function editsOf(fields: FieldColumns, value: FormValue, base: Base | undefined, unwritable: readonly string[]) {
  const edits = new Map<string, { value: unknown; seen?: unknown }>();
  for (const [field, mine] of Object.entries(value)) {
    const key = columnOf(fields, field);
    if (!key || unwritable.includes(field)) continue;
    if (!base || !Object.hasOwn(base, field)) edits.set(key, { value: mine });
    else if (!same(base[field], mine)) edits.set(key, { value: mine, seen: base[field] });
  }
  return edits;
}

/** The columns written only if no one changed them meanwhile, with the device's values: what a conflict is read against. */
function guardedOf(edits: ReadonlyMap<string, { value: unknown; seen?: unknown }>) {
  return new Map([...edits].filter(([, edit]) => "seen" in edit).map(([key, edit]) => [key, edit.value]));
}

/** The columns an edit with `base` wrote (as editRow chose them), to re-derive its conflicts on a repeat. */
export function mineOf(fields: FieldColumns, value: FormValue, base: Base, unwritable: readonly string[]) {
  return guardedOf(editsOf(fields, value, base, unwritable));
}

/**
 * 'Assign' (docs/product/screens.md#who-shoots-what): the row's people set whole, each the
 * event's lead or an accepted team member, or nothing is written and the change is refused
 * with NOT_ON_TEAM. The row as it was is read first, so those newly on it are told.
 */
export function assignRow({ db, eventId, guard, now }: PlanContext, table: typeof timelineBlocks | typeof shotListItems, id: string, userIds: readonly string[]): Plan {
  const wanted = JSON.stringify(normalizedAssignees(userIds));
  const team = sql`SELECT ${events.leadPhotographerId} FROM ${events} WHERE ${events.id} = ${eventId}
    UNION SELECT ${eventSecondShooters.userId} FROM ${eventSecondShooters} WHERE ${eventSecondShooters.eventId} = ${eventId} AND ${inArray(eventSecondShooters.status, ON_TEAM_STATUSES)}`;
  const outsiders = sql`SELECT value FROM json_each(${wanted}) WHERE value NOT IN (${team})`;
  const which = and(eq(table.id, id), eq(table.eventId, eventId));
  const before = db.select({ assignees: table.assignees }).from(table).where(which);
  const strangers = db.select({ count: sql<number>`count(*)` }).from(sql`(${outsiders})`);
  const write = db
    .update(table)
    .set({ assignees: sql`${wanted}`, updatedAt: now })
    .where(and(which, guard, sql`NOT EXISTS (${outsiders})`))
    .returning();
  return {
    ...batchPart([before, strangers, write], ([was, [outside], rows]): Outcome<ChangedRow> => {
      if ((outside?.count ?? 0) > 0) return { refused: { code: 400, message: NOT_ON_TEAM } };
      const [row] = rows;
      if (!row) return { gone: true };
      const previous: readonly string[] = was[0]?.assignees ?? [];
      return { row, assigned: row.assignees.filter((userId) => !previous.includes(userId)) };
    }),
    table,
    rowId: id,
  };
}
