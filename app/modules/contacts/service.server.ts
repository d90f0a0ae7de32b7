import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { shooterContacts } from "~/db/schema";
import type { Db } from "~/utils/db.server";
import { type Claim, insertClaimed, once } from "~/utils/idempotency.server";
import { CONTACTS_PER_USER_MAX, type ContactInput } from "./schema";

// Saved contacts (docs/product/data.md#profiles-and-contacts) belong to one user: every statement is
// scoped to the owner, so another user's id matches nothing.

/** The user's saved contacts, newest first (rowid breaks a tie within one millisecond). */
/** `userId` may be SQL naming the viewer (a page whose batch reads the session). */
export function listContacts(db: Db, userId: string | SQL<string>) {
  return db
    .select()
    .from(shooterContacts)
    .where(eq(shooterContacts.userId, userId))
    .orderBy(desc(shooterContacts.createdAt), desc(sql`rowid`));
}

/** Adds a contact unless the user has the maximum (checked inside the INSERT). */
export async function addContact(db: Db, userId: string, input: ContactInput, claim: Claim | null = null) {
  const id = crypto.randomUUID();
  const insert = sql`INSERT INTO ${shooterContacts} (id, user_id, shooter_type, first_name, last_name, email, phone_number, instagram_handle, notes)
    SELECT ${id}, ${userId}, ${input.shooterType}, ${input.firstName}, ${input.lastName}, ${input.email}, ${input.phoneNumber}, ${input.instagramHandle}, ${input.notes}
    WHERE (SELECT COUNT(*) FROM ${shooterContacts} WHERE user_id = ${userId}) < ${CONTACTS_PER_USER_MAX}`;
  // A repeated submit of the same form adds nothing and answers as the first (decision 007).
  const created = sql`EXISTS (SELECT 1 FROM ${shooterContacts} WHERE id = ${id})`;
  return once(db, claim, async () => (await insertClaimed(db, insert, claim, { id }, created)).meta.changes > 0, () => true);
}

export async function updateContact(db: Db, userId: string, id: string, input: ContactInput) {
  const rows = await db
    .update(shooterContacts)
    .set(input)
    .where(and(eq(shooterContacts.id, id), eq(shooterContacts.userId, userId)))
    .returning({ id: shooterContacts.id });
  return rows.length > 0;
}

export async function deleteContact(db: Db, userId: string, id: string) {
  const rows = await db
    .delete(shooterContacts)
    .where(and(eq(shooterContacts.id, id), eq(shooterContacts.userId, userId)))
    .returning({ id: shooterContacts.id });
  return rows.length > 0;
}
