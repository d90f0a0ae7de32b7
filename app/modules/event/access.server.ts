import { and, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { isOnTeam, ON_TEAM_STATUSES } from "~/db/enums";
import { eventClientAccess, events, eventSecondShooters } from "~/db/schema";
import { sha256Hex } from "~/utils/crypto.server";
import type { Db } from "~/utils/db.server";
import { clientIp, type Limit, LIMITS, peek, peekStatements, recordFailure } from "~/utils/rate-limit.server";
import { CLIENT_INTENT_FLAGS, type DashboardIntent, INTENT_PERMISSIONS, isClientIntent } from "./intents";
import { type ClientFlags, clientFlagsOf, type EventRole, rolesThatCan } from "./permissions";

// Decision 010 "One access function": who may look at an event is
// decided here and nowhere else, for page loads, portal loads and socket upgrades
// alike: the lead, an accepted member, a client link with its flags, or nobody. The
// client token is checked here once (format, hash, expiry; a revoked link's row is
// gone). What each role may then do is permissions.ts's table.

type EventRow = typeof events.$inferSelect;
/** A client link as its holder's pages need it (never its token's hash). */
type LinkRow = Omit<typeof eventClientAccess.$inferSelect, "accessTokenHash">;

/** docs/product/limits.md#client-links: a client token is 32 bytes as hex. Anything else is not looked up. */
export const CLIENT_TOKEN_PATTERN = /^[0-9a-f]{64}$/;
const ACCESS_ID_PATTERN = /^[0-9a-f-]{36}$/;

/** Who asks: a signed-in user, or a client link's token (with the access id its cookie is named after, when it has one). */
export type Who = { userId: string } | { token: string; accessId?: string };

/**
 * What `who` may be on the event: its role, a link's flags, the event, and when the
 * access began (`accessStart`, ms: the live room's replay bound: the
 * lead's is 0, a member's their acceptance, a link's its creation).
 */
export type EventAccess =
  | { role: EventRole; flags: null; event: EventRow; accessStart: number; link: null }
  | { role: "client"; flags: ClientFlags; event: EventRow; accessStart: number; link: LinkRow };

/**
 * The access check as one statement (so a caller can put its own reads in the same D1
 * batch), the event id as SQL for those reads (a link's is read from its row, and is
 * empty unless the link is valid), and `decide`, which turns the statement's rows into
 * the access or null. accessQuery gives null (no statement at all) for a malformed
 * token or access id: it is not looked up.
 */
export type AccessQuery = {
  statement: BatchItem<"sqlite"> & PromiseLike<unknown>;
  eventId: SQL;
  decide: (rows: unknown) => EventAccess | null;
  /**
   * The same decision for one intent, as a SQL condition (decision 010 "One mutation
   * layer"): a write that carries it runs in the check's own D1 batch and, refused,
   * changes nothing. Read from the one rules table (intents.ts: the right per role,
   * the flag per link), as `decide` and `canDo` are.
   */
  permitted: (intent: DashboardIntent) => SQL;
};

/**
 * `eventId` null: a link's own event (a link opens exactly one). A user always names one.
 * A user's id may be SQL: a page whose batch reads the session names the viewer so
 * (NULL, and so no access, unless the session is live).
 */
export async function accessQuery(db: Db, who: Who | { userId: string | SQL<string> }, eventId: string | null): Promise<AccessQuery | null> {
  if ("userId" in who) {
    if (eventId === null) return null;
    return userAccess(db, who.userId, eventId);
  }
  if (!CLIENT_TOKEN_PATTERN.test(who.token) || (who.accessId !== undefined && !ACCESS_ID_PATTERN.test(who.accessId))) return null;
  return linkAccess(db, await sha256Hex(who.token), who.accessId, eventId);
}

export type LinkAccess = Extract<EventAccess, { role: "client" }>;
export type UserAccess = Exclude<EventAccess, LinkAccess>;

/** accessQuery on its own: one round trip. A link's access is a link's, a user's a user's. */
export async function accessOf(db: Db, who: Extract<Who, { token: string }>, eventId: string | null): Promise<LinkAccess | null>;
export async function accessOf(db: Db, who: Extract<Who, { userId: string }>, eventId: string | null): Promise<UserAccess | null>;
export async function accessOf(db: Db, who: Who, eventId: string | null): Promise<EventAccess | null>;
export async function accessOf(db: Db, who: Who, eventId: string | null): Promise<EventAccess | null> {
  const query = await accessQuery(db, who, eventId);
  if (!query) return null;
  return query.decide(await query.statement);
}

function userAccess(db: Db, userId: string | SQL<string>, eventId: string): AccessQuery {
  const statement = db
    .select({
      event: events,
      membership: eventSecondShooters.status,
      memberSince: sql<string | null>`${eventSecondShooters.createdAt}`.as("member_since"),
      // Who asked, as the statement knew them (the id may be SQL, read in the same batch).
      viewerId: sql<string | null>`${userId}`.as("viewer_id"),
    })
    .from(events)
    .leftJoin(eventSecondShooters, and(eq(eventSecondShooters.eventId, events.id), eq(eventSecondShooters.userId, userId)))
    .where(eq(events.id, eventId));
  const decide = (rows: unknown): EventAccess | null => {
    const row = (rows as Awaited<typeof statement>)[0];
    if (!row) return null;
    if (row.viewerId === null) return null;
    if (row.event.leadPhotographerId === row.viewerId) return { role: "lead", flags: null, event: row.event, accessStart: 0, link: null };
    // Unreadable (never, the column is NOT NULL), the bound fails closed: access began by now at the latest.
    if (isOnTeam(row.membership)) return { role: "team", flags: null, event: row.event, accessStart: Date.parse(row.memberSince ?? "") || Date.now(), link: null };
    return null;
  };
  const permitted = (intent: DashboardIntent) => {
    const roles = rolesThatCan(INTENT_PERMISSIONS[intent]);
    const conditions = [
      ...(roles.includes("lead") ? [sql`EXISTS (SELECT 1 FROM ${events} WHERE ${events.id} = ${eventId} AND ${events.leadPhotographerId} = ${userId})`] : []),
      ...(roles.includes("team")
        ? [
            sql`EXISTS (SELECT 1 FROM ${eventSecondShooters} WHERE ${eventSecondShooters.eventId} = ${eventId} AND ${eventSecondShooters.userId} = ${userId} AND ${inArray(eventSecondShooters.status, ON_TEAM_STATUSES)})`,
          ]
        : []),
    ];
    return conditions.length ? sql`(${sql.join(conditions, sql` OR `)})` : sql`0`;
  };
  return { statement, eventId: sql`${eventId}`, decide, permitted };
}

function linkAccess(db: Db, tokenHash: string, accessId: string | undefined, eventId: string | null): AccessQuery {
  const now = new Date().toISOString();
  // Looked up by the token's hash (an index): no comparison ever runs on the secret.
  const valid = and(
    eq(eventClientAccess.accessTokenHash, tokenHash),
    gt(eventClientAccess.expiresAt, now),
    accessId === undefined ? undefined : eq(eventClientAccess.id, accessId),
    eventId === null ? undefined : eq(eventClientAccess.eventId, eventId),
  )!;
  // D1's batch maps a row by column name: the link's columns that the event also has
  // (id, created_at) are read under names of their own, or the event's would win.
  const link = {
    id: sql<string>`${eventClientAccess.id}`.as("link_id"),
    eventId: eventClientAccess.eventId,
    clientEmail: eventClientAccess.clientEmail,
    canEditPeople: eventClientAccess.canEditPeople,
    canEditTimeline: eventClientAccess.canEditTimeline,
    canEditShots: eventClientAccess.canEditShots,
    canEditVendors: eventClientAccess.canEditVendors,
    createdBy: eventClientAccess.createdBy,
    createdAt: sql<string>`${eventClientAccess.createdAt}`.as("link_created_at"),
    expiresAt: eventClientAccess.expiresAt,
  };
  const statement = db.select({ event: events, link }).from(eventClientAccess).innerJoin(events, eq(events.id, eventClientAccess.eventId)).where(valid);
  const decide = (rows: unknown): EventAccess | null => {
    const row = (rows as Awaited<typeof statement>)[0];
    if (!row) return null;
    return { role: "client", flags: clientFlagsOf(row.link), event: row.event, accessStart: Date.parse(row.link.createdAt), link: row.link };
  };
  const FLAG_COLUMNS = {
    canEditPeople: eventClientAccess.canEditPeople,
    canEditTimeline: eventClientAccess.canEditTimeline,
    canEditShots: eventClientAccess.canEditShots,
    canEditVendors: eventClientAccess.canEditVendors,
  } as const;
  // A link may do only what its flag allows; anything else (delete, move, the event, the team) never.
  const permitted = (intent: DashboardIntent) =>
    isClientIntent(intent) ? sql`EXISTS (SELECT 1 FROM ${eventClientAccess} WHERE ${valid} AND ${FLAG_COLUMNS[CLIENT_INTENT_FLAGS[intent]]} = 1)` : sql`0`;
  return { statement, eventId: sql`(SELECT ${eventClientAccess.eventId} FROM ${eventClientAccess} WHERE ${valid})`, decide, permitted };
}

/**
 * Decision 005: a client link's look-up counts toward the guesses
 * allowed per IP only when it fails; over the limit, nothing is answered (429), even a
 * right guess. Pages and sockets read the limit beside the look-up (one wait); opening
 * a link (`peekFirst`) reads it first, so an IP over it has no token looked up at all.
 */
export async function guardedLinkLookup<T>(
  db: Db,
  request: Request,
  lookup: () => Promise<T | null>,
  { peekFirst = false } = {},
): Promise<{ refused: 429 | 404; found: null } | { refused: null; found: T }> {
  const guess: Array<[Limit, string]> = [[LIMITS.clientLinkPerIp, clientIp(request)]];
  const [over, found] = peekFirst ? [await peek(db, guess), null] : await Promise.all([peek(db, guess), lookup()]);
  if (over) return { refused: 429, found: null };
  const result = peekFirst ? await lookup() : found;
  if (result === null) {
    await recordFailure(db, guess);
    return { refused: 404, found: null };
  }
  return { refused: null, found: result };
}

/**
 * guardedLinkLookup for a look-up that is one D1 batch (the portal's
 * page): the guess limit is read in that same batch. `lookup` is given the limit's
 * statements to put in its batch and answers its find and that batch's results, or null
 * when it looked nothing up (no token, a malformed one): the limit is then read alone.
 */
export async function guardedLinkBatch<T>(
  db: Db,
  request: Request,
  lookup: (guard: Record<string, BatchItem<"sqlite">>) => Promise<{ found: T | null; results: Record<string, unknown> } | null>,
): Promise<{ refused: 429 | 404; found: null } | { refused: null; found: T }> {
  const guess: Array<[Limit, string]> = [[LIMITS.clientLinkPerIp, clientIp(request)]];
  const guard = peekStatements(db, guess);
  const read = await lookup(guard.statements);
  if (read === null) return guardedLinkLookup<T>(db, request, async () => null);
  if (guard.over(read.results)) return { refused: 429, found: null };
  if (read.found === null) {
    await recordFailure(db, guess);
    return { refused: 404, found: null };
  }
  return { refused: null, found: read.found };
}
