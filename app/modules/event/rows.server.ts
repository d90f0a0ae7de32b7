import { and, asc, eq, getTableColumns, SQL, sql } from "drizzle-orm";
import { eventPeople, eventVendors, shotListItems, timelineBlocks } from "~/db/schema";
import type { Db } from "~/utils/db.server";
import { type Claim, insertClaimed } from "~/utils/idempotency.server";
import { LIST_LIMITS as ROW_LIMITS, limitMessage } from "./lists";

// The lists under an event (timeline blocks, shots, people, vendors) are written the
// same way: every statement is scoped to the event, so an id from another event
// matches nothing and the caller answers "not found" (issue 4: ids from another
// event are refused). The dashboard and, later, the client portal share these.

const TABLES = { block: timelineBlocks, shot: shotListItems, person: eventPeople, vendor: eventVendors } as const;
export type RowKind = keyof typeof TABLES;

type Managed = "id" | "eventId" | "createdAt" | "updatedAt" | "orderIndex" | "isDone" | "doneBy" | "doneAt";
export type RowValues<K extends RowKind> = Omit<(typeof TABLES)[K]["$inferInsert"], Managed>;

type DoneFields = { isDone: boolean; doneBy: string | null; doneAt: string | null };

// The limits and their message are each list's own (lists.ts, decision 010).
export { limitMessage };

/**
 * Adds a row, unless the event already has its limit: the count is checked inside
 * the INSERT (INSERT … SELECT … WHERE count < max), so two devices adding at once
 * cannot both take the last place. Blocks and shots go to the end of their list
 * (order_index = max + 1, spec §7), computed in the same statement.
 */
export async function insertRow<K extends RowKind>(db: Db, kind: K, eventId: string, values: RowValues<K>, claim: Claim | null = null) {
  const table = TABLES[kind];
  const id = crypto.randomUUID();
  const row: Record<string, unknown> = { ...values, id, eventId };
  if ("orderIndex" in table) row.orderIndex = sql`(SELECT COALESCE(MAX(order_index), -1) + 1 FROM ${table} WHERE event_id = ${eventId})`;
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const entries = Object.entries(row).filter(([, value]) => value !== undefined);
  const names = sql.join(entries.map(([key]) => sql.identifier(columns[key]!.name)), sql`, `);
  // D1 binds no booleans: store them as SQLite does, 0 or 1.
  const bound = sql.join(entries.map(([, value]) => (value instanceof SQL ? value : sql`${typeof value === "boolean" ? Number(value) : value}`)), sql`, `);
  const insert = sql`INSERT INTO ${table} (${names}) SELECT ${bound} WHERE (SELECT COUNT(*) FROM ${table} WHERE event_id = ${eventId}) < ${ROW_LIMITS[kind].max}`;
  // A creating form's claim goes in the same batch, recorded only if the row was added
  // (issue 14, item 10): a repeated submit fails on it and adds nothing.
  const result = await insertClaimed(db, insert, claim, { id }, sql`EXISTS (SELECT 1 FROM ${table} WHERE id = ${id})`);
  if (result.meta.changes === 0) return { ok: false as const };
  // The row as stored (defaults, order), for the live room to send to every device.
  const [stored] = await db.select().from(table as (typeof TABLES)[RowKind]).where(eq((table as (typeof TABLES)[RowKind]).id, id));
  return { ok: true as const, id: id as string, row: stored as Record<string, unknown> | undefined };
}

/** Updates a row of this event and returns it; null when there is none (deleted meanwhile, or foreign). */
export async function updateRow<K extends RowKind>(db: Db, kind: K, eventId: string, id: string, values: Partial<RowValues<K>> | DoneFields) {
  return updatedRow(await updateRowStatement(db, kind, eventId, id, values));
}

/** updateRow as one statement (for a D1 batch), only `where` it holds; see updatedRow. */
export function updateRowStatement<K extends RowKind>(
  db: Db,
  kind: K,
  eventId: string,
  id: string,
  values: Partial<RowValues<K>> | DoneFields,
  where?: SQL,
) {
  const table: (typeof TABLES)[RowKind] = TABLES[kind];
  return db
    .update(table)
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where(and(eq(table.id, id), eq(table.eventId, eventId), where))
    .returning();
}

/** The row an update statement returned, or null when it matched none. */
export function updatedRow(rows: unknown[]) {
  return (rows[0] as Record<string, unknown> | undefined) ?? null;
}

/** Deletes a row of this event; false when there is none. */
export async function deleteRow(db: Db, kind: RowKind, eventId: string, id: string) {
  const table: (typeof TABLES)[RowKind] = TABLES[kind];
  const rows = await db
    .delete(table)
    .where(and(eq(table.id, id), eq(table.eventId, eventId)))
    .returning();
  return (rows[0] as Record<string, unknown> | undefined) ?? null;
}

/**
 * Checks a block or shot off (stamping who and when: done_by is null for a client
 * link, which has no account) or back on (clearing both), spec §4. The id must belong
 * to this event; a row deleted meanwhile matches none (updatedRow: null). One
 * statement, for a batch; `where` adds a condition (the viewer's permission).
 */
export function setDoneStatement(db: Db, kind: "block" | "shot", eventId: string, id: string, userId: string | null, done: boolean, where?: SQL) {
  const values = done ? { isDone: true, doneBy: userId, doneAt: new Date().toISOString() } : { isDone: false, doneBy: null, doneAt: null };
  return updateRowStatement(db, kind, eventId, id, values, where);
}

/**
 * Moves a block one place up or down. The whole order is renumbered 0..n-1 in one
 * batch, which also repairs ties left by rows added at the same moment.
 */
export async function moveBlock(db: Db, eventId: string, id: string, direction: "up" | "down") {
  const blocks = await db
    .select({ id: timelineBlocks.id, orderIndex: timelineBlocks.orderIndex })
    .from(timelineBlocks)
    .where(eq(timelineBlocks.eventId, eventId))
    .orderBy(asc(timelineBlocks.orderIndex), asc(timelineBlocks.createdAt));
  const from = blocks.findIndex((block) => block.id === id);
  if (from === -1) return null;
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= blocks.length) return { moved: [] as Record<string, unknown>[] }; // already first or last: nothing to do
  const order = blocks.map((block) => block.id);
  [order[from], order[to]] = [order[to]!, order[from]!];
  const updates = order
    .map((blockId, orderIndex) => ({ blockId, orderIndex }))
    .filter(({ blockId, orderIndex }) => blocks.find((block) => block.id === blockId)!.orderIndex !== orderIndex)
    .map(({ blockId, orderIndex }) =>
      db
        .update(timelineBlocks)
        .set({ orderIndex, updatedAt: new Date().toISOString() })
        .where(and(eq(timelineBlocks.id, blockId), eq(timelineBlocks.eventId, eventId)))
        .returning(),
    );
  if (updates.length === 0) return { moved: [] as Record<string, unknown>[] };
  const results = await db.batch(updates as [(typeof updates)[number], ...typeof updates]);
  return { moved: results.flat() as Record<string, unknown>[] };
}
