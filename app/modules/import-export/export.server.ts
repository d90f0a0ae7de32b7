import { and, eq, inArray } from "drizzle-orm";
import { eventPeople, events, eventSecondShooters, eventVendors, profiles, shotListItems, timelineBlocks } from "~/db/schema";
import { ON_TEAM_STATUSES } from "~/db/enums";
import { listOrderBy } from "~/modules/event/lists.server";
import type { Db } from "~/utils/db.server";
import { type ExportList, PEOPLE_COLUMNS, SHOT_COLUMNS, tableOf, TIMELINE_COLUMNS, VENDOR_COLUMNS } from "./columns";
import { toCsv } from "./csv";

// An event's files (docs/product/screens.md#import-and-export): the whole event as JSON,
// and each list as CSV. For the lead and the team, who see the event whole, team notes
// and assignments included (decision 020); a client link has no way here (these are
// routes of a signed-in user's event). Built like Settings' 'Download my data'
// (app/modules/account/data-export.server.ts): its version field, its rows whole but
// for the event id they sit under, read in the access check's own batch.

/** Bumped when a field is renamed or removed, so a reader of an older file can tell. */
export const EVENT_EXPORT_VERSION = 1;

/** The reads of an export, for requireEventAccess's batch (one round trip with the access check). */
export function exportReads(db: Db, eventId: string) {
  return {
    exported: db.select().from(events).where(eq(events.id, eventId)),
    blocks: db.select().from(timelineBlocks).where(eq(timelineBlocks.eventId, eventId)).orderBy(...listOrderBy("block")),
    shots: db.select().from(shotListItems).where(eq(shotListItems.eventId, eventId)).orderBy(...listOrderBy("shot")),
    people: db.select().from(eventPeople).where(eq(eventPeople.eventId, eventId)).orderBy(...listOrderBy("person")),
    vendors: db.select().from(eventVendors).where(eq(eventVendors.eventId, eventId)).orderBy(...listOrderBy("vendor")),
    // Who may be named in 'Assigned to' and 'Done by': the lead and the team, by name.
    leadName: db
      .select({ userId: events.leadPhotographerId, firstName: profiles.firstName, lastName: profiles.lastName, businessName: profiles.businessName })
      .from(events)
      .leftJoin(profiles, eq(profiles.userId, events.leadPhotographerId))
      .where(eq(events.id, eventId)),
    teamNames: db
      .select({ userId: eventSecondShooters.userId, firstName: profiles.firstName, lastName: profiles.lastName, businessName: profiles.businessName })
      .from(eventSecondShooters)
      .leftJoin(profiles, eq(profiles.userId, eventSecondShooters.userId))
      .where(and(eq(eventSecondShooters.eventId, eventId), inArray(eventSecondShooters.status, ON_TEAM_STATUSES))),
  };
}

type Reads = { [K in keyof ReturnType<typeof exportReads>]: Awaited<ReturnType<typeof exportReads>[K]> };
type Named = { userId: string; firstName: string | null; lastName: string | null; businessName: string | null };

/** A user id as the team knows them: a name, or 'A team member' (as the team's notifications name someone without a profile). */
function namesOf(reads: Pick<Reads, "leadName" | "teamNames">) {
  const byId = new Map<string, string>();
  for (const person of [...reads.teamNames, ...reads.leadName] as Named[]) {
    const name = [person.firstName, person.lastName].filter(Boolean).join(" ") || person.businessName || "";
    if (name) byId.set(person.userId, name);
  }
  return (userId: string) => byId.get(userId) ?? "A team member";
}

/** File names: the event's title made safe for a file system, then what the file holds. */
export function exportFileName(title: string, what: ExportList | "event", extension: "csv" | "json") {
  const slug =
    title
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .toLowerCase()
      .slice(0, 60) || "event";
  return `${slug}-${what}.${extension}`;
}

/** One list as CSV. */
export function exportCsv(reads: Reads, list: ExportList) {
  const nameOf = namesOf(reads);
  const table =
    list === "timeline"
      ? tableOf(TIMELINE_COLUMNS, reads.blocks, nameOf)
      : list === "shots"
        ? tableOf(SHOT_COLUMNS, reads.shots, nameOf)
        : list === "people"
          ? tableOf(PEOPLE_COLUMNS, reads.people, nameOf)
          : tableOf(VENDOR_COLUMNS, reads.vendors, nameOf);
  return toCsv(table.header, table.rows);
}

/** A row without the event id it sits under, its people by name rather than by id. */
function rowOf<T extends { eventId: string; assignees?: string[]; doneBy?: string | null }>(row: T, nameOf: (userId: string) => string) {
  const { eventId: _eventId, assignees, doneBy, ...rest } = row;
  return {
    ...rest,
    ...(assignees ? { assignedTo: assignees.map(nameOf) } : {}),
    ...(doneBy !== undefined ? { doneBy: doneBy ? nameOf(doneBy) : null } : {}),
  };
}

/** The whole event as the JSON bundle's value. */
export function exportJson(reads: Reads, now: Date) {
  const nameOf = namesOf(reads);
  const event = reads.exported[0];
  if (!event) return null;
  return {
    format: "Event Flow event",
    version: EVENT_EXPORT_VERSION,
    exportedAt: now.toISOString(),
    event: {
      id: event.id,
      title: event.title,
      coupleNames: event.coupleNames,
      date: event.date,
      venue: event.venue,
      timeZone: event.timeZone,
      status: event.statusOverride,
      clientEditsLockOn: event.clientEditsLockOn,
      createdAt: event.createdAt,
      updatedAt: event.updatedAt,
    },
    team: [
      ...reads.leadName.map((lead) => ({ name: nameOf(lead.userId), role: "lead" })),
      ...reads.teamNames.map((member) => ({ name: nameOf(member.userId), role: "team" })),
    ],
    timeline: reads.blocks.map((row) => rowOf(row, nameOf)),
    shots: reads.shots.map((row) => rowOf(row, nameOf)),
    people: reads.people.map((row) => rowOf(row, nameOf)),
    vendors: reads.vendors.map((row) => rowOf(row, nameOf)),
  };
}
