import { organizations, events, profiles, users } from "~/db/schema";
import type { Db } from "~/utils/db.server";

// Test data builders: the smallest valid rows, overridable per test.

export async function createUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  const email = overrides.email ?? `user-${id.slice(0, 8)}@example.com`;
  const [user] = await db.batch([
    db.insert(users).values({ id, email, passwordHash: "scrypt$16384$8$5$x$y", ...overrides }).returning(),
    db.insert(profiles).values({ userId: overrides.id ?? id, email, firstName: "Test", lastName: "User" }),
  ]);
  return user[0]!;
}

export async function createEvent(db: Db, leadId: string, overrides: Partial<typeof events.$inferInsert> = {}) {
  const organizationId = crypto.randomUUID();
  const id = crypto.randomUUID();
  const [, inserted] = await db.batch([
    db.insert(organizations).values({ id: organizationId, name: "Org", ownerId: leadId }).onConflictDoNothing(),
    db
      .insert(events)
      .values({ id, title: "Test Wedding", date: "2027-06-12", organizationId, leadPhotographerId: leadId, ...overrides })
      .returning(),
  ]);
  return inserted[0]!;
}

/** The database's own message behind drizzle's "Failed query" wrapper. */
export async function dbError(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : String(error);
  }
  throw new Error("Expected the database to refuse the statement");
}
