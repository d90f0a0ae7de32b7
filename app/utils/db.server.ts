import { SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "~/db/schema";

export function getDb(env: Pick<Env, "DB">) {
  return drizzle(env.DB, { schema });
}
export type Db = ReturnType<typeof getDb>;

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
