import { type Column, getTableName, SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "~/db/schema";

const makeDb = (binding: D1Database) => drizzle(binding, { schema });
export type Db = ReturnType<typeof makeDb>;

/**
 * The D1 binding as drizzle, made once per binding: drizzle derives
 * the schema's relations each time it is made, work a request should not repeat.
 */
const dbs = new WeakMap<D1Database, Db>();
export function getDb(env: Pick<Env, "DB">): Db {
  let db = dbs.get(env.DB);
  if (!db) dbs.set(env.DB, (db = makeDb(env.DB)));
  return db;
}

/** A statement for `batchWithRaw`: a drizzle query, or raw SQL (INSERT … SELECT … WHERE). */
type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

const dialect = new SQLiteSyncDialect();

/**
 * One atomic D1 batch that may hold raw SQL. drizzle's own batch cannot take raw
 * statements, and a conditional write (INSERT … SELECT … WHERE the previous statement
 * did its part) needs one. Answers D1's own results, in order.
 */
export function batchWithRaw(db: Db, statements: Statement[]) {
  const client = db.$client;
  return client.batch(
    statements.map((statement) => {
      const query = statement instanceof SQL ? dialect.sqlToQuery(statement) : statement.toSQL();
      return client.prepare(query.sql).bind(...query.params);
    }),
  );
}

/**
 * Raw SQL (an INSERT … SELECT … RETURNING) as an item of `batchNamed`, answering its
 * rows. drizzle's D1 batch binds a raw statement's parameters to a prepared statement it
 * never made for raw SQL, so the statement is prepared here.
 */
export function rawAll<T = Record<string, unknown>>(db: Db, query: SQL) {
  const raw = db.all<T>(query);
  return Object.assign(raw, { stmt: db.$client.prepare(dialect.sqlToQuery(query).sql) });
}

type Named = Record<string, BatchItem<"sqlite">>;
export type NamedResults<T extends Named> = { [K in keyof T]: NonNullable<T[K]>["_"]["result"] };

/**
 * One D1 batch (one round trip, atomic) whose results are read by name, not by
 * position (decision 010): `batchNamed(db, { blocks: q1, shots: q2 })` answers
 * `{ blocks, shots }`, so adding or moving a statement cannot shift another's result.
 * Statements run in the order written (a write before the read that should see it);
 * JavaScript would put integer names first, so give none an integer name.
 */
export async function batchNamed<T extends Named>(db: Db, statements: T): Promise<NamedResults<T>> {
  const entries = Object.entries(statements);
  if (entries.length === 0) return {} as NamedResults<T>;
  const results: unknown[] = await db.batch(entries.map(([, statement]) => statement) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return Object.fromEntries(entries.map(([name], i) => [name, results[i]])) as NamedResults<T>;
}

/** The results of statements, in their order, each typed by its statement. */
export type BatchResults<W extends readonly BatchItem<"sqlite">[]> = { -readonly [I in keyof W]: NonNullable<W[I]>["_"]["result"] };

/**
 * Statements whose batch is put together elsewhere, at run time (the mutation runner's,
 * around a change's writes), with how their results are read. drizzle types a batch's
 * results only for a tuple written out where db.batch is called, so the results of a list
 * built at run time reach their reader as `unknown`; this keeps each result's type with
 * its statement instead. The one promise it takes on trust: whoever runs the batch hands
 * `read` the results of exactly these statements, in their order.
 */
export function batchPart<const W extends readonly BatchItem<"sqlite">[], Out>(statements: W, read: (results: BatchResults<W>) => Out) {
  return { statements: [...statements], read: (results: readonly unknown[]) => read(results as BatchResults<W>) };
}

/**
 * Whether a batch failed on the UNIQUE (or PRIMARY KEY) constraint of `column`. SQLite
 * names the constraint's columns as `table.column` (comma-separated for a compound
 * key) in D1's error; they are compared with the schema's own names for the column,
 * so no caller matches an error's wording.
 */
export function violatesUnique(error: unknown, column: Column) {
  const wanted = `${getTableName(column.table)}.${column.name}`;
  const errors = [error, error instanceof Error ? error.cause : undefined];
  return errors.some((each) => {
    const columns = /UNIQUE constraint failed: ([\w.]+(?:, [\w.]+)*)/.exec(each instanceof Error ? each.message : String(each ?? ""))?.[1];
    return columns?.split(", ").includes(wanted) ?? false;
  });
}
