import { and, asc, desc, eq, gte, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { data, type RouterContextProvider } from "react-router";
import {
  eventClientAccess,
  eventInvites,
  eventPeople,
  events,
  eventSecondShooters,
  eventVendors,
  organizations,
  profiles,
  shotListItems,
  timelineBlocks,
  users,
} from "~/db/schema";
import { assertCanCreateEvents } from "~/modules/billing/entitlement";
import { ON_TEAM_STATUSES } from "~/db/enums";
import { dbFrom, requireViewer } from "~/utils/auth.server";
import { batchNamed, batchWithRaw, type Db, type NamedResults } from "~/utils/db.server";
import { AppError } from "~/utils/result";
import { type Claim, claimInsert, once } from "~/utils/idempotency.server";
import type { Viewer } from "~/modules/account/session.server";
import { listContacts } from "~/modules/contacts/service.server";
import { DEFAULT_BLOCKS, DEFAULT_SHOTS } from "./defaults";
import { accessQuery, type EventAccess, type UserAccess } from "./access.server";
import { EVENT_DELETED, EVENT_DELETED_STATUS } from "./deleted-event";
import { deletedForUser } from "./deleted-events.server";
import { sessionBatchFailed, settledViewer, settleSession, takeSessionForBatch } from "~/modules/account/session-batch.server";
import { allListQueries } from "./lists.server";
import { can, type EventAction } from "./permissions";
import type { EventInput } from "./schema";
import { eventStatus } from "./status";
import { featuredEvent } from "./featured";
import { utcToday } from "./calendar";
import { DAY } from "~/utils/time";

export type EventRow = typeof events.$inferSelect;

/** Event ids are crypto.randomUUID()s: anything else names no event. */
const EVENT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isEventId = (eventId: string | undefined): eventId is string => !!eventId && EVENT_ID_PATTERN.test(eventId);

/** A page's reads, by name (batchNamed); `access` is the check's own. */
export type Reads = Record<string, BatchItem<"sqlite">> & { access?: never; deleted?: never };

/**
 * The one authorization function (docs/conventions.md#2-one-authorization-function) for a signed-in page: who is
 * asking (accessOf, access.server.ts, decides) and what they may do to this event. Signed out: redirect to sign-in. No role: 404 (revealing that
 * the event exists would leak it). A role without the right: 403.
 *
 * `alsoRead` lets a loader read the page's lists in the same D1 batch as the check
 * (one round trip), by name (`{ blocks: … }` answers `reads.blocks`); their results are
 * returned only once access is granted. Writes go through the mutation layer
 * (mutations.server.ts), which batches its own.
 */
export async function requireEventAccess<R extends Reads = Record<never, never>>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  eventId: string | undefined,
  action: EventAction,
  alsoRead?: (db: Db, eventId: string, userId: string | SQL<string>) => R,
) {
  const read = await readEventAccess(context, eventId, alsoRead);
  requireViewer(context, request);
  if (!read) throw data("Event not found", { status: 404 });
  return decideAccess(context, request, read.access, read.deleted, action, read.db, read.reads);
}

/**
 * The access check and `alsoRead` in one D1 batch, nothing decided: for a route that
 * answers a refusal its own way (a download's plain 401 or 404), with decideEventAccess.
 * Null when no one is signed in or the id names no event. On a page that joins the
 * session (root.tsx), the session is read in this batch and the access check and reads
 * name the viewer through it (SQL that is NULL unless the session is live); otherwise the
 * middleware has read it already.
 */
export async function readEventAccess<R extends Reads = Record<never, never>>(
  context: Readonly<RouterContextProvider>,
  eventId: string | undefined,
  alsoRead?: (db: Db, eventId: string, userId: string | SQL<string>) => R,
) {
  const db = dbFrom(context);
  const session = isEventId(eventId) ? takeSessionForBatch(context) : null;
  let userId: string | SQL<string>;
  if (session) userId = session.userId;
  else {
    const viewer = await settledViewer(context, db);
    if (!viewer || !isEventId(eventId)) return null;
    userId = viewer.userId;
  }
  const query = (await accessQuery(db, { userId }, eventId!))!;
  const reads = { ...alsoRead?.(db, eventId!, userId), access: query.statement, deleted: deletedForUser(db, eventId!, userId) };
  let results;
  try {
    results = await batchNamed(db, { ...session?.statements, ...reads });
  } catch (error) {
    if (session) sessionBatchFailed(session, error);
    throw error;
  }
  if (session) await settleSession(context, db, session, results);
  const { access: rows, deleted, ...rest } = results;
  return { access: query.decide(rows), deleted: deleted.length > 0, db, reads: ownReads(rest) as NamedResults<R> };
}

/** A batch's results without the session's own, which settleSession has read. */
function ownReads<T extends object>(results: T) {
  const { sessionSlide: _slide, session: _session, headerLatest: _latest, headerUnread: _unread, ...own } = results as T & Record<"sessionSlide" | "session" | "headerLatest" | "headerUnread", unknown>;
  return own;
}

/**
 * Whether a signed-in user's access allows `action`: no role is a stranger's 404, a role
 * without the right a 403. The pages throw the error as their answer; the live upgrade
 * refuses the handshake with its status.
 */
export function decideEventAccess(access: EventAccess | null, action: EventAction): { granted: UserAccess } | { error: AppError } {
  // A user's access is never a link's; the narrowing only tells the types so.
  if (!access || access.role === "client") return { error: new AppError(404, "access-ended", "Event not found") };
  if (!can(access.role, action)) return { error: new AppError(403, "forbidden", "You do not have permission to do that.") };
  return { granted: access };
}

/**
 * Signed out: to sign-in; otherwise decideEventAccess's refusal as the page's answer. An
 * event deleted while the viewer could open it answers 410 with its own page (decision
 * 017); read in the same batch, it costs no round trip.
 */
function decideAccess<T>(context: Readonly<RouterContextProvider>, request: Request, access: EventAccess | null, deleted: boolean, action: EventAction, db: Db, reads: T) {
  const viewer = requireViewer(context, request);
  const decided = decideEventAccess(access, action);
  if (!access && deleted) throw data(EVENT_DELETED, { status: EVENT_DELETED_STATUS });
  if ("error" in decided) throw data(decided.error.message, { status: decided.error.status });
  const { event, role, accessStart } = decided.granted;
  return { event, role, accessStart, viewer, db, reads };
}

/** Home lists: events I lead (by date) and events I was hired for, in one round trip. */
export async function listEvents(db: Db, userId: string, now = new Date()) {
  // Events from yesterday on (UTC) may be today somewhere: the first block's time of each,
  // for the home's 'Today' or 'Next up' card.
  const since = utcToday(new Date(now.getTime() - DAY));
  const { mine, hired, firstBlocks } = await batchNamed(db, {
    mine: db.select().from(events).where(eq(events.leadPhotographerId, userId)).orderBy(asc(events.date)),
    hired: db
      .select({ event: events })
      .from(eventSecondShooters)
      .innerJoin(events, eq(events.id, eventSecondShooters.eventId))
      .where(and(eq(eventSecondShooters.userId, userId), inArray(eventSecondShooters.status, ON_TEAM_STATUSES)))
      .orderBy(asc(events.date)),
    firstBlocks: db
      .select({ eventId: timelineBlocks.eventId, startTime: sql<string | null>`min(${timelineBlocks.startTime})` })
      .from(timelineBlocks)
      .innerJoin(events, eq(events.id, timelineBlocks.eventId))
      .where(
        and(
          gte(events.date, since),
          or(
            eq(events.leadPhotographerId, userId),
            sql`exists (select 1 from ${eventSecondShooters} where ${eventSecondShooters.eventId} = ${events.id} and ${eventSecondShooters.userId} = ${userId} and ${inArray(eventSecondShooters.status, ON_TEAM_STATUSES)})`,
          ),
        ),
      )
      .groupBy(timelineBlocks.eventId),
  });
  const hiredEvents = hired.map((row) => row.event);
  const next = featuredEvent([...mine, ...hiredEvents], now);
  const firstStart = next ? (firstBlocks.find((row) => row.eventId === next.event.id)?.startTime ?? null) : null;
  return {
    mine: mine.map(toEventSummary),
    hired: hiredEvents.map(toEventSummary),
    featured: next ? { when: next.when, event: toEventSummary(next.event), firstStart } : null,
  };
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

/** The event as its dashboard holds it and its live changes carry it: the summary and what Edit Event sets beside it (a link is sent its portal fields only). */
export function toDashboardEvent(event: EventRow) {
  return { ...toEventSummary(event), timeZone: event.timeZone, statusOverride: event.statusOverride, clientEditsLockOn: event.clientEditsLockOn, venueLatitude: event.venueLatitude, venueLongitude: event.venueLongitude };
}

/**
 * Creates the event with its organization (for a lead who has none, named after the
 * e-mail), the four default blocks and seven default shots, in one D1 batch.
 */
export async function createEvent(
  db: Db,
  viewer: Pick<Viewer, "userId" | "email" | "subscriptionStatus" | "subscriptionType" | "subscriptionExpiresAt">,
  input: EventInput,
  claim: Claim | null = null,
  start: StartRows = { blocks: DEFAULT_BLOCKS, shots: DEFAULT_SHOTS },
) {
  assertCanCreateEvents(viewer);
  return once(db, claim, () => insertEvent(db, viewer, input, claim, start), (result) => String(result.eventId));
}

// The rows go as one JSON parameter (json_each): a template's 200 blocks would pass D1's
// limit of bound parameters as a multi-row VALUES. An empty list inserts nothing.
function insertBlocks(eventId: string, blocks: StartRows["blocks"]) {
  const rows = JSON.stringify(blocks.map((block, orderIndex) => ({ ...block, id: crypto.randomUUID(), orderIndex })));
  const field = (name: string) => sql.raw(`json_extract(value, '$.${name}')`);
  return sql`INSERT INTO ${timelineBlocks} (id, event_id, order_index, title, block_type, start_time, duration_minutes, location, notes, team_notes, fixed_time, travel_minutes, anchor, anchor_offset_minutes)
    SELECT ${field("id")}, ${eventId}, ${field("orderIndex")}, ${field("title")}, ${field("blockType")}, ${field("startTime")}, ${field("durationMinutes")},
      ${field("location")}, ${field("notes")}, ${field("teamNotes")}, coalesce(${field("fixedTime")}, 0), ${field("travelMinutes")}, ${field("anchor")}, coalesce(${field("anchorOffsetMinutes")}, 0)
    FROM json_each(${rows})`;
}

function insertShots(eventId: string, shots: StartRows["shots"]) {
  const rows = JSON.stringify(shots.map((shot, orderIndex) => ({ ...shot, id: crypto.randomUUID(), orderIndex })));
  const field = (name: string) => sql.raw(`json_extract(value, '$.${name}')`);
  return sql`INSERT INTO ${shotListItems} (id, event_id, order_index, title, category, description, team_notes, person_roles)
    SELECT ${field("id")}, ${eventId}, ${field("orderIndex")}, ${field("title")}, ${field("category")}, ${field("description")}, ${field("teamNotes")}, coalesce(${field("personRoles")}, '[]')
    FROM json_each(${rows})`;
}

/** What a new event starts with: the defaults, or a template's rows ('Start from'). */
export type StartRows = {
  blocks: ReadonlyArray<Omit<typeof timelineBlocks.$inferInsert, "id" | "eventId" | "orderIndex">>;
  shots: ReadonlyArray<Omit<typeof shotListItems.$inferInsert, "id" | "eventId" | "orderIndex">>;
};

async function insertEvent(db: Db, viewer: Pick<Viewer, "userId" | "email">, input: EventInput, claim: Claim | null, start: StartRows) {
  const eventId = crypto.randomUUID();
  const newOrganizationId = crypto.randomUUID();
  const organizationId = sql`(SELECT id FROM organizations WHERE owner_id = ${viewer.userId})`;
  await batchWithRaw(db, [
    db.insert(organizations).values({ id: newOrganizationId, name: viewer.email, ownerId: viewer.userId }).onConflictDoNothing(),
    db.insert(events).values({
      id: eventId,
      title: input.title,
      coupleNames: input.coupleNames,
      date: input.date,
      venue: input.venue,
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
      organizationId,
      leadPhotographerId: viewer.userId,
    }),
    insertBlocks(eventId, start.blocks),
    insertShots(eventId, start.shots),
    ...(claim ? [claimInsert(db, claim, { eventId }, eventId)] : []),
  ]);
  return eventId;
}

/** Everything the dashboard shows, by name, read in the same batch as the access check (the lists route). */
export function dashboardReads(db: Db, eventId: string, userId: string | SQL<string>) {
  return { ...allListQueries(db, eventId), ...teamReads(db, eventId, userId) };
}

/** The dashboard's team, client links and the viewer's contacts, by name. */
export function teamReads(db: Db, eventId: string, userId: string | SQL<string>) {
  return {
    // Who may be assigned a block or a shot, by name: the lead and the accepted members.
    roster: db
      .select({ userId: profiles.userId, firstName: profiles.firstName, lastName: profiles.lastName })
      .from(profiles)
      .where(
        sql`${profiles.userId} IN (SELECT ${events.leadPhotographerId} FROM ${events} WHERE ${events.id} = ${eventId}
          UNION SELECT ${eventSecondShooters.userId} FROM ${eventSecondShooters} WHERE ${eventSecondShooters.eventId} = ${eventId} AND ${inArray(eventSecondShooters.status, ON_TEAM_STATUSES)})`,
      ),
    members: db
      .select({
        id: eventSecondShooters.id,
        // Whose blocks and shots are theirs (the Team tab's counts).
        userId: eventSecondShooters.userId,
        status: eventSecondShooters.status,
        shooterType: eventSecondShooters.shooterType,
        coverageHours: eventSecondShooters.coverageHours,
        createdAt: eventSecondShooters.createdAt,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        // The sign-in address: the profile's business e-mail is the user's to change.
        email: users.email,
      })
      .from(eventSecondShooters)
      .innerJoin(users, eq(users.id, eventSecondShooters.userId))
      .leftJoin(profiles, eq(profiles.userId, eventSecondShooters.userId))
      .where(eq(eventSecondShooters.eventId, eventId))
      .orderBy(desc(eventSecondShooters.createdAt)),
    invites: db
      .select({
        id: eventInvites.id,
        email: eventInvites.email,
        inviteeName: eventInvites.inviteeName,
        inviteType: eventInvites.inviteType,
        coverageHours: eventInvites.coverageHours,
        createdAt: eventInvites.createdAt,
      })
      .from(eventInvites)
      .where(and(eq(eventInvites.eventId, eventId), eq(eventInvites.status, "pending"), ne(eventInvites.inviteType, "client")))
      .orderBy(desc(eventInvites.createdAt)),
    clientAccess: db
      .select({
        id: eventClientAccess.id,
        clientEmail: eventClientAccess.clientEmail,
        canEditPeople: eventClientAccess.canEditPeople,
        canEditTimeline: eventClientAccess.canEditTimeline,
        canEditShots: eventClientAccess.canEditShots,
        canEditVendors: eventClientAccess.canEditVendors,
        createdAt: eventClientAccess.createdAt,
        expiresAt: eventClientAccess.expiresAt,
      })
      .from(eventClientAccess)
      .where(eq(eventClientAccess.eventId, eventId))
      .orderBy(desc(eventClientAccess.createdAt)),
    // The viewer's saved contacts, to pick from in the invite form (the lead's only).
    contacts: listContacts(db, userId),
  };
}
