import { and, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { appliedMutations, events } from "~/db/schema";
import { accessQuery, type EventAccess } from "~/modules/event/access.server";
import { canDo } from "~/modules/event/intents";
import { type FormValues, parseValues } from "~/modules/event/mutations";
import { limitMessage, LISTS } from "~/modules/lists/registry";
import { LIST_TABLES } from "~/modules/lists/tables.server";
import { nextLiveSeq, publishChange, seqOf } from "~/modules/live/room.server";
import { dispatchTeamChange, teamChangeJobsOf, teamChangeStatementsIn } from "~/modules/notifications/team-changes.server";
import { personNameSql } from "~/modules/team/service.server";
import { sha256Hex } from "~/utils/crypto.server";
import { batchNamed, type Db, rawAll, violatesUnique } from "~/utils/db.server";
import { formValuesOf, headerOf, IMPORT_COLUMNS, IMPORT_IGNORED, IMPORT_LISTS, type ImportList } from "./columns";
import { readCsv } from "./csv";
import { CSV_NOTHING_VALID, IMPORT_ALREADY_DONE, rowCount } from "./messages";

// A CSV of people or shots imported into an event (docs/product/screens.md#import-and-export):
// read and checked row by row with the add form's own zod schema (parseValues, as a
// mutation's values are), shown as a preview, and written only when confirmed: every
// valid row in one D1 batch with the access check, the import's record (so a repeat of
// the confirmation writes nothing twice), the list's limit and one number of the live
// room, which is then told once, and the team's one notification of it. Rows with errors
// are left out (decision 020).

type ImportKind = (typeof IMPORT_LISTS)[ImportList]["kind"];

/** A row of the file as the preview shows it: its number, what it is called, and why it is left out (none: it is imported). */
export type PreviewRow = { row: number; label: string; errors: string[] };
/** A file read for an import: every row, or why the whole file is refused. */
export type ImportReading<K extends ImportKind = ImportKind> =
  | { ok: true; rows: PreviewRow[]; values: FormValues[K][] }
  | { ok: false; message: string };

/** A row's name in the preview: the first name and last name, or the title, as the file has them. */
const labelOf = (list: ImportList, cells: Record<string, string>) =>
  (list === "people" ? [cells.firstName, cells.lastName].filter((part) => part?.trim()).join(" ") : (cells.title ?? "")).trim();

/** A CSV's text read and checked against the list's add form: the rows to write and each row's errors. */
export function readImport(list: ImportList, text: string): ImportReading {
  const read = readCsv(text, IMPORT_COLUMNS[list], IMPORT_IGNORED);
  if (!read.ok) return read;
  const kind = IMPORT_LISTS[list].kind;
  const rows: PreviewRow[] = [];
  const values: FormValues[ImportKind][] = [];
  for (const record of read.records) {
    const label = labelOf(list, record.cells);
    if (record.error) {
      rows.push({ row: record.row, label, errors: [record.error] });
      continue;
    }
    const form = formValuesOf(list, record.cells);
    if ("error" in form) {
      rows.push({ row: record.row, label, errors: [`${headerOf(list, form.field)}: ${form.error}`] });
      continue;
    }
    const parsed = parseValues(kind, form.values);
    if (!parsed.value) {
      rows.push({ row: record.row, label, errors: Object.entries(parsed.errors).flatMap(([field, messages]) => messages.map((message) => `${headerOf(list, field)}: ${message}`)) });
      continue;
    }
    rows.push({ row: record.row, label, errors: [] });
    values.push(parsed.value);
  }
  return { ok: true, rows, values };
}

/** What a confirmed import answers: the rows written, or why nothing was (status and message). */
export type ImportOutcome = { imported: number; access: EventAccess } | { refused: { status: 400 | 403 | 404 | 409; message: string } };

const isSql = (value: unknown): value is SQL => !!value && typeof value === "object" && "queryChunks" in value;

/**
 * Writes a file's valid rows into the event for `userId`, all or none, in one D1 batch:
 * the access check, the import's record (kept only if the sender may add rows of the
 * list and the rows fit under its limit), one INSERT of every row (carrying that record,
 * so it writes nothing if the record was not kept), the live room's number and the team's
 * notification ('People Imported', one per recipient, only if the record was kept). Then
 * the room is told once, with every row, and the notifications are pushed. `importId`:
 * made by the preview, so a confirmation sent twice (a double tap, a reload) imports once.
 */
export async function runImport(db: Db, env: Pick<Env, "EVENT_ROOM" | "JOBS" | "USER_CHANNEL">, userId: string, eventId: string, list: ImportList, importId: string, text: string, now = new Date()): Promise<ImportOutcome> {
  const reading = readImport(list, text);
  if (!reading.ok) return { refused: { status: 400, message: reading.message } };
  if (!reading.values.length) return { refused: { status: 400, message: CSV_NOTHING_VALID } };
  const query = await accessQuery(db, { userId }, eventId);
  if (!query) return { refused: { status: 404, message: "Event not found" } };
  const kind = IMPORT_LISTS[list].kind;
  const intent = `add-${kind}` as const;
  const table = LIST_TABLES[kind];
  const { max } = LISTS[kind].limit;
  const stamp = now.toISOString();
  const key = `import:${userId}:${await sha256Hex(`${eventId}:${list}:${importId}`)}`;
  // This batch's own mark on the record: the rows, the room's number and the notifications
  // carry the record kept by this batch, never one a first confirmation left (a repeat whose
  // record is refused, past the limit or without the right, must write nothing).
  const mark = JSON.stringify({ batch: crypto.randomUUID() });
  const count = sql`(SELECT COUNT(*) FROM ${table} WHERE ${table.eventId} = ${query.eventId})`;

  // Each row as its columns' stored values (a boolean as 0/1), by column name, for json_each.
  const columns: [string, SQLiteColumn][] = Object.entries(getTableColumns(table));
  const given = reading.values.map((value, index) => {
    const row = new Map<string, unknown>(Object.entries({ ...value, id: crypto.randomUUID(), createdAt: stamp, updatedAt: stamp }));
    return Object.fromEntries(
      columns.filter(([field]) => row.has(field)).map(([field, column]) => [column.name, row.get(field) === null ? null : column.mapToDriverValue(row.get(field))]).concat([["__index", index]]),
    );
  });
  const fields = new Set(Object.keys(reading.values[0]!).concat(["id", "createdAt", "updatedAt"]));
  const cells = columns.map(([field, column]) => {
    if (field === "eventId") return sql`${query.eventId}`;
    // Last in the list, in the file's order: one past the event's last, plus the row's place.
    if (field === "orderIndex") return sql`(SELECT COALESCE(MAX(order_index), -1) + 1 FROM ${table} WHERE event_id = ${query.eventId}) + json_extract(value, '$.__index')`;
    if (fields.has(field)) return sql`json_extract(value, ${`$.${column.name}`})`;
    const fallback = column.default;
    return isSql(fallback) ? fallback : sql`${fallback === undefined ? null : column.mapToDriverValue(fallback)}`;
  });
  const recorded = sql`EXISTS (SELECT 1 FROM ${appliedMutations} WHERE ${appliedMutations.key} = ${key} AND ${appliedMutations.result} = ${mark})`;
  // docs/product/notifications.md#types: the team is told once per import, not once per row,
  // as a team change (the lead and accepted members but the importer; never a client link).
  const [noticeRows, noticeWindows] = teamChangeStatementsIn({
    eventId: sql`${query.eventId}`,
    eventTitle: sql`(SELECT ${events.title} FROM ${events} WHERE ${events.id} = ${query.eventId})`,
    subject: sql`${rowCount(given.length, IMPORT_LISTS[list].noun)}`,
    change: { type: IMPORT_LISTS[list].notice },
    actor: { userId, name: personNameSql(userId) },
    onlyIf: recorded,
    now,
  });

  let results;
  try {
    results = await batchNamed(db, {
      access: query.statement,
      before: rawAll<{ count: number; already: number }>(db, sql`SELECT ${count} AS count, EXISTS (SELECT 1 FROM ${appliedMutations} WHERE ${appliedMutations.key} = ${key}) AS already`),
      record: db
        .insert(appliedMutations)
        .select(sql`SELECT ${key}, ${query.eventId}, ${`import-${kind}`}, ${mark}, ${stamp} WHERE ${and(query.permitted(intent), sql`${count} + ${given.length} <= ${max}`)}`),
      rows: db
        .insert(table)
        .select(sql`SELECT ${sql.join(cells, sql`, `)} FROM json_each(${JSON.stringify(given)}) WHERE ${recorded}`)
        .returning(),
      seq: nextLiveSeq(db, query.eventId, recorded),
      noticeRows: rawAll(db, noticeRows),
      noticeWindows: rawAll(db, noticeWindows),
    });
  } catch (error) {
    // The same import confirmed again: its record is there, so the whole batch rolled back.
    if (violatesUnique(error, appliedMutations.key)) return { refused: { status: 409, message: IMPORT_ALREADY_DONE } };
    throw error;
  }
  const access = query.decide(results.access);
  if (!access) return { refused: { status: 404, message: "Event not found" } };
  if (access.role === "client" || !canDo(access.role, intent)) return { refused: { status: 403, message: "You do not have permission to do that." } };
  if (!results.rows.length) {
    if (Number(results.before[0]?.already ?? 0)) return { refused: { status: 409, message: IMPORT_ALREADY_DONE } };
    const before = Number(results.before[0]?.count ?? 0);
    return { refused: { status: 400, message: before + given.length > max ? limitMessage(kind) : "Nothing was imported. Please try again." } };
  }
  await publishChange(env, access.event.id, seqOf(results.seq), { entity: kind, op: "upsert", rows: results.rows, actor: userId });
  await dispatchTeamChange(env, teamChangeJobsOf(access.event.id, results.noticeRows, results.noticeWindows, now));
  return { imported: results.rows.length, access };
}

