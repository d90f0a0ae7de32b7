import { and, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import { ON_TEAM_STATUSES } from "~/db/enums";
import { deletedEvents, eventClientAccess, events, eventSecondShooters } from "~/db/schema";
import type { Db } from "~/utils/db.server";

// Decision 017: a deleted event leaves a notice for those who could open it (the lead, the
// accepted team, the client links still valid), so their pages say it was deleted
// (docs/product/flows.md#deleting-an-event) while anyone else still gets the plain not-found.

/**
 * The notices of the events `which` selects (a condition on `events`), as statements for
 * the deletion's own batch: they must run before the events' rows are deleted, and insert
 * nothing when `which` holds for none (a refused or repeated deletion). An account's
 * deletion leaves out `lead`: there is no lead left to tell.
 */
export function deletedEventNotices(db: Db, which: SQL, now: string) {
  const deleted = db.select({ id: events.id }).from(events).where(which);
  const members = db
    .insert(deletedEvents)
    .select(
      db
        .select({ eventId: eventSecondShooters.eventId, userId: eventSecondShooters.userId, linkTokenHash: sql<null>`NULL`.as("link_token_hash"), deletedAt: sql<string>`${now}`.as("deleted_at") })
        .from(eventSecondShooters)
        .where(and(inArray(eventSecondShooters.eventId, deleted), inArray(eventSecondShooters.status, [...ON_TEAM_STATUSES]))),
    )
    .onConflictDoNothing();
  const links = db
    .insert(deletedEvents)
    .select(
      db
        .select({ eventId: eventClientAccess.eventId, userId: sql<null>`NULL`.as("user_id"), linkTokenHash: eventClientAccess.accessTokenHash, deletedAt: sql<string>`${now}`.as("deleted_at") })
        .from(eventClientAccess)
        .where(and(inArray(eventClientAccess.eventId, deleted), gt(eventClientAccess.expiresAt, now))),
    )
    .onConflictDoNothing();
  const lead = db
    .insert(deletedEvents)
    .select(db.select({ eventId: events.id, userId: events.leadPhotographerId, linkTokenHash: sql<null>`NULL`.as("link_token_hash"), deletedAt: sql<string>`${now}`.as("deleted_at") }).from(events).where(which))
    .onConflictDoNothing();
  return { lead, members, links };
}

/** Whether `userId` may be told that `eventId` was deleted: one row, for the page's batch. */
export function deletedForUser(db: Db, eventId: string, userId: string | SQL<string>) {
  return db
    .select({ deletedAt: deletedEvents.deletedAt })
    .from(deletedEvents)
    .where(and(eq(deletedEvents.eventId, eventId), eq(deletedEvents.userId, userId)))
    .limit(1);
}

/** Whether the client link whose token hashes to `tokenHash` was of an event since deleted. */
export function deletedForLink(db: Db, tokenHash: string) {
  return db.select({ deletedAt: deletedEvents.deletedAt }).from(deletedEvents).where(eq(deletedEvents.linkTokenHash, tokenHash)).limit(1);
}
