import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import {
  eventPeople,
  events,
  eventSecondShooters,
  eventVendors,
  organizations,
  shotListItems,
  timelineBlocks,
} from "~/db/schema";
import { dbFrom, requireViewer } from "~/utils/auth.server";
import type { Db } from "~/utils/db.server";
import type { Viewer } from "~/utils/session.server";
import { DEFAULT_BLOCKS, DEFAULT_SHOTS } from "./defaults";
import { can, type EventAction, type EventRole } from "./permissions";
import type { EventInput } from "./schema";
import { eventStatus } from "./status";

export type EventRow = typeof events.$inferSelect;

/** The viewer's role in the event, or null when they have none (a stranger). */
export async function roleIn(db: Db, viewer: Pick<Viewer, "userId">, eventId: string) {
  const [row] = await db
    .select({ event: events, membership: eventSecondShooters.status })
    .from(events)
    .leftJoin(
      eventSecondShooters,
      and(eq(eventSecondShooters.eventId, events.id), eq(eventSecondShooters.userId, viewer.userId)),
    )
    .where(eq(events.id, eventId));
  if (!row) return null;
  if (row.event.leadPhotographerId === viewer.userId) return { event: row.event, role: "lead" as EventRole };
  if (row.membership === "accepted" || row.membership === "active") return { event: row.event, role: "team" as EventRole };
  return null;
}

/**
 * The one authorization function (conventions.md habit 2): who is asking and what they
 * may do to this event. Signed out: redirect to sign-in. No role: 404 (revealing that
 * the event exists would leak it). A role without the right: 403.
 */
export async function requireEventAccess(
  context: Readonly<RouterContextProvider>,
  request: Request,
  eventId: string | undefined,
  action: EventAction,
) {
  const viewer = requireViewer(context, request);
  const db = dbFrom(context);
  const access = eventId && eventId.length <= 64 ? await roleIn(db, viewer, eventId) : null;
  if (!access) throw data("Event not found", { status: 404 });
  if (!can(access.role, action)) throw data("You do not have permission to do that.", { status: 403 });
  return { ...access, viewer, db };
}

/** Home lists: events I lead (by date) and events I was hired for, in one round trip. */
export async function listEvents(db: Db, userId: string) {
  const [mine, hired] = await db.batch([
    db.select().from(events).where(eq(events.leadPhotographerId, userId)).orderBy(asc(events.date)),
    db
      .select({ event: events })
      .from(eventSecondShooters)
      .innerJoin(events, eq(events.id, eventSecondShooters.eventId))
      .where(and(eq(eventSecondShooters.userId, userId), inArray(eventSecondShooters.status, ["accepted", "active"])))
      .orderBy(asc(events.date)),
  ]);
  return { mine: mine.map(toEventSummary), hired: hired.map((row) => toEventSummary(row.event)) };
}

/** What a page shows of an event: the card on home, the dashboard's header. */
export function toEventSummary(event: EventRow) {
  return {
    id: event.id,
    title: event.title,
    coupleNames: event.coupleNames,
    date: event.date,
    venue: event.venue,
    status: eventStatus(event),
  };
}
export type EventSummary = ReturnType<typeof toEventSummary>;

/**
 * Creates the event with its organization (for a lead who has none, named after the
 * e-mail), the four default blocks and seven default shots, in one D1 batch.
 */
export async function createEvent(db: Db, viewer: Pick<Viewer, "userId" | "email">, input: EventInput) {
  const eventId = crypto.randomUUID();
  const newOrganizationId = crypto.randomUUID();
  const organizationId = sql`(SELECT id FROM organizations WHERE owner_id = ${viewer.userId})`;
  await db.batch([
    db.insert(organizations).values({ id: newOrganizationId, name: viewer.email, ownerId: viewer.userId }).onConflictDoNothing(),
    db.insert(events).values({
      id: eventId,
      title: input.title,
      coupleNames: input.coupleNames,
      date: input.date,
      venue: input.venue,
      organizationId,
      leadPhotographerId: viewer.userId,
    }),
    db.insert(timelineBlocks).values(
      DEFAULT_BLOCKS.map((block, orderIndex) => ({ id: crypto.randomUUID(), eventId, orderIndex, ...block })),
    ),
    db.insert(shotListItems).values(
      DEFAULT_SHOTS.map((shot, orderIndex) => ({ id: crypto.randomUUID(), eventId, orderIndex, ...shot })),
    ),
  ]);
  return eventId;
}

/** Everything the dashboard shows, in one D1 batch. */
export async function loadDashboard(db: Db, eventId: string) {
  const [blocks, shots, people, vendors] = await db.batch([
    db.select().from(timelineBlocks).where(eq(timelineBlocks.eventId, eventId)).orderBy(asc(timelineBlocks.orderIndex)),
    db.select().from(shotListItems).where(eq(shotListItems.eventId, eventId)).orderBy(asc(shotListItems.orderIndex)),
    db.select().from(eventPeople).where(eq(eventPeople.eventId, eventId)).orderBy(asc(eventPeople.firstName)),
    db.select().from(eventVendors).where(eq(eventVendors.eventId, eventId)).orderBy(asc(eventVendors.vendorType), desc(eventVendors.createdAt)),
  ]);
  return { blocks, shots, people, vendors };
}

/**
 * Checks a block or shot off (stamping who and when) or back on (clearing both). The
 * id must belong to this event; a row deleted meanwhile answers clearly.
 */
export async function toggleDone(db: Db, kind: "block" | "shot", eventId: string, itemId: string, userId: string, done: boolean) {
  const table = kind === "block" ? timelineBlocks : shotListItems;
  const [row] = await db
    .update(table)
    .set(done ? { isDone: true, doneBy: userId, doneAt: new Date().toISOString() } : { isDone: false, doneBy: null, doneAt: null })
    .where(and(eq(table.id, itemId), eq(table.eventId, eventId)))
    .returning({ id: table.id });
  return row !== undefined;
}
