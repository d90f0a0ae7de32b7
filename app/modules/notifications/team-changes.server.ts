import { inArray, SQL, sql } from "drizzle-orm";
import { ON_TEAM_STATUSES } from "~/db/enums";
import { eventSecondShooters } from "~/db/schema";
import { type Db, batchWithRaw } from "~/utils/db.server";
import { enqueueJobs, type JobMessage } from "~/utils/jobs";
import type { WrittenNotification } from "./live.server";
import { dispatchNotifications } from "./service.server";
import { runningLateMessage } from "~/modules/timeline/shift";
import { formatBlockStart, type HourCycle } from "~/modules/timeline/span";

// Team-change notifications (docs/product/notifications.md#types, docs/product/notifications.md#recipients, docs/product/notifications.md;
// decision 006): the lead and every accepted team member except whoever made the
// change get an in-app notification, and a push coalesced per recipient and event:
// the first change of a minute is pushed at once, the rest of that minute arrive as
// one digest push when the minute ends (push-digest job, delayed on the queue).

export { TEAM_CHANGE_TYPES, type TeamChangeType } from "./team-change-types";
import type { TeamChangeType } from "./team-change-types";

/**
 * What changed, as the handler that made the change knows it. 'Running late' also carries
 * its minutes and the next block's new start ("HH:MM"), told on each recipient's clock.
 */
export type TeamChange = { type: TeamChangeType; subject: string; done?: boolean; minutes?: number; time?: string };

/** How long one push covers: later changes of the same event wait for the digest. */
export const PUSH_WINDOW_MS = 60_000;

const TITLES: Record<TeamChangeType, string> = {
  timeline_added: "Timeline Block Added",
  timeline_updated: "Timeline Updated",
  timeline_deleted: "Timeline Block Deleted",
  shot_added: "Shot Added",
  shot_status_changed: "Shot List Updated",
  shot_deleted: "Shot Deleted",
  person_added: "Person Added",
  person_updated: "Person Updated",
  person_deleted: "Person Removed",
  event_updated: "Event Updated",
  team_member_joined: "Team Member Joined",
  running_late: "Running Late",
  assigned: "Assigned to You",
  people_imported: "People Imported",
  shots_imported: "Shots Imported",
};

/** The notification's title and message, e.g. 'Alex checked off "First kiss" (Smith Wedding).', times on `cycle`'s clock. */
export function teamChangeText(change: TeamChange, actorName: string, eventTitle: string, cycle: HourCycle = "12h") {
  const s = change.subject;
  // The team's one line on the day, not a person's action: no name before it.
  if (change.type === "running_late") {
    return { title: TITLES.running_late, message: `${runningLateMessage(change.minutes ?? 0, s, formatBlockStart(change.time ?? "", cycle))} (${eventTitle}).` };
  }
  const what: Record<TeamChangeType, string> = {
    timeline_added: `added "${s}" to the timeline`,
    timeline_updated: change.done === undefined ? `updated "${s}" on the timeline` : change.done ? `marked "${s}" done` : `marked "${s}" not done`,
    timeline_deleted: `deleted "${s}" from the timeline`,
    shot_added: `added the shot "${s}"`,
    shot_status_changed: change.done === false ? `unchecked "${s}"` : `checked off "${s}"`,
    shot_deleted: `deleted the shot "${s}"`,
    person_added: `added ${s} to the people list`,
    person_updated: `updated ${s} in the people list`,
    person_deleted: `removed ${s} from the people list`,
    event_updated: "updated the event details",
    team_member_joined: "joined the team",
    running_late: "",
    assigned: `assigned you "${s}"`,
    // A CSV import, told once with its count ('12 people', '1 shot').
    people_imported: `imported ${s}`,
    shots_imported: `imported ${s}`,
  };
  return { title: TITLES[change.type], message: `${actorName} ${what[change.type]} (${eventTitle}).` };
}

export type TeamChangeNotice = {
  event: { id: string; title: string };
  change: TeamChange;
  /** Who made it: a user (left out), or null for a client link. */
  actor: { userId: string; name: string } | null;
  /** Users told otherwise of this change (the lead of a client's change gets 'Client Update'). */
  alsoExcept?: SQL;
  /** Only if this holds when the batch runs (a change earlier in the same batch took effect). */
  onlyIf?: SQL;
  /** Only these of the team (those newly assigned), when the change is theirs alone. */
  onlyTo?: readonly string[];
  now?: Date;
};

/** A fresh UUID v4 in SQL, one per inserted row. */
const SQL_UUID = sql.raw(
  "lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' || " +
    "substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))",
);

/**
 * The two statements of a team change, for the D1 batch that records it: the
 * notifications (one per recipient) and the push window of each recipient. Put them
 * in the change's own batch where it has one, then `afterTeamChange` the results.
 */
export function teamChangeStatements(notice: TeamChangeNotice) {
  const { event, change, actor } = notice;
  const { title, message: on12h } = teamChangeText(change, actor?.name ?? "The client", event.title, "12h");
  const { message: on24h } = teamChangeText(change, actor?.name ?? "The client", event.title, "24h");
  // A time in the text is told on each recipient's clock (their 'Time format', 'Automatic' their browser's).
  const message = on12h === on24h ? on12h : sql`CASE WHEN (SELECT CASE time_format WHEN 'auto' THEN auto_hour_cycle ELSE time_format END FROM profiles WHERE user_id = r.uid) = '24h' THEN ${on24h} ELSE ${on12h} END`;
  const data = { type: change.type, eventId: event.id, eventTitle: event.title, notificationType: change.type, url: "/" };
  const recipients = sql`(SELECT lead_photographer_id AS uid FROM events WHERE id = ${event.id}
      UNION SELECT user_id FROM event_second_shooters WHERE event_id = ${event.id} AND ${inArray(eventSecondShooters.status, ON_TEAM_STATUSES)}) AS r
    WHERE r.uid IS NOT ${actor?.userId ?? null}${notice.alsoExcept ? sql` AND r.uid NOT IN (${notice.alsoExcept})` : sql``}${notice.onlyIf ? sql` AND (${notice.onlyIf})` : sql``}${notice.onlyTo ? sql` AND r.uid IN (SELECT value FROM json_each(${JSON.stringify(notice.onlyTo)}))` : sql``}`;
  return coalescedStatements({ eventId: event.id, recipients, title, message, data, now: notice.now ?? new Date() });
}

/** Stand-ins for what only the batch knows, in a notice written in the change's own batch. */
const SUBJECT_MARK = "\u{E000}subject\u{E000}";
const TITLE_MARK = "\u{E000}event\u{E000}";
const ACTOR_MARK = "\u{E000}actor\u{E000}";

/**
 * teamChangeStatements for a change whose subject and event title only its own batch
 * knows (a check-off writes and notifies in one round trip): `subject`
 * and `eventTitle` are SQL read as the batch runs, `eventId` too (a link's event is SQL).
 * The text is the same function's (teamChangeText), its stand-ins replaced in SQL.
 */
export function teamChangeStatementsIn(
  notice: Omit<TeamChangeNotice, "event" | "change" | "actor"> & {
    eventId: SQL;
    eventTitle: SQL;
    subject: SQL;
    change: Omit<TeamChange, "subject">;
    /** The actor's id and name may be SQL too (a session read in the same batch). */
    actor: { userId: string | SQL; name: string | SQL } | null;
  },
) {
  const { change, actor, eventId } = notice;
  const named = typeof actor?.name === "string" ? actor.name : undefined;
  const text = teamChangeText({ ...change, subject: SUBJECT_MARK }, actor ? (named ?? ACTOR_MARK) : "The client", TITLE_MARK);
  // The actor's name first (the message starts with it), then the event title: a subject
  // that happened to hold a stand-in is left as it is.
  const withActor = (value: string) => (actor && named === undefined ? sql`replace(${value}, ${ACTOR_MARK}, COALESCE(${actor.name}, ''))` : sql`${value}`);
  const fill = (value: string, quote: boolean) =>
    sql`replace(replace(${withActor(value)}, ${quote ? JSON.stringify(TITLE_MARK) : TITLE_MARK}, ${quote ? sql`json_quote(COALESCE(${notice.eventTitle}, ''))` : sql`COALESCE(${notice.eventTitle}, '')`}), ${SUBJECT_MARK}, COALESCE(${notice.subject}, ''))`;
  const data = { type: change.type, eventId: "\u{E000}id\u{E000}", eventTitle: TITLE_MARK, notificationType: change.type, url: "/" };
  const dataSql = sql`replace(${fill(JSON.stringify(data), true)}, ${JSON.stringify("\u{E000}id\u{E000}")}, json_quote(${eventId}))`;
  const recipients = sql`(SELECT lead_photographer_id AS uid FROM events WHERE id = ${eventId}
      UNION SELECT user_id FROM event_second_shooters WHERE event_id = ${eventId} AND ${inArray(eventSecondShooters.status, ON_TEAM_STATUSES)}) AS r
    WHERE r.uid IS NOT ${actor?.userId ?? null}${notice.alsoExcept ? sql` AND r.uid NOT IN (${notice.alsoExcept})` : sql``}${notice.onlyIf ? sql` AND (${notice.onlyIf})` : sql``}`;
  return coalescedStatements({ eventId, recipients, title: text.title, message: fill(text.message, false), data: dataSql, now: notice.now ?? new Date() });
}

/** The results of teamChangeStatements(In) in a batch: the push jobs and live bells to send once it committed. */
export function teamChangeJobsOf(eventId: string, inserted: unknown, windows: unknown, now: Date) {
  const rows = <T>(result: unknown) => (Array.isArray(result) ? result : ((result as { results?: unknown[] } | undefined)?.results ?? [])) as T[];
  return teamChangeJobs(eventId, rows<InsertedRow>(inserted), rows<Window>(windows), now);
}

/**
 * A notification to each of `recipients` (a FROM … WHERE over `r.uid`) with its push
 * coalesced per recipient and event: the notifications, and each recipient's push
 * window (see PUSH_WINDOW_MS). Team changes and a client's changes share the window.
 */
function coalescedStatements({ eventId, recipients, title, message, data, now }: { eventId: string | SQL; recipients: SQL; title: string; message: string | SQL; data: Record<string, unknown> | SQL; now: Date }) {
  const nowIso = now.toISOString();
  const windowEnd = new Date(now.getTime() + PUSH_WINDOW_MS).toISOString();
  return [
    sql`INSERT INTO notifications (id, user_id, title, message, data, event_id, created_at)
      SELECT ${SQL_UUID}, r.uid, ${title}, ${message}, ${data instanceof SQL ? data : JSON.stringify(data)}, ${eventId}, ${nowIso} FROM ${recipients}
      RETURNING id, user_id, title, message, created_at`,
    // A window that has ended starts again with this change (pushed at once); within
    // one, the change is counted (the first counted schedules the digest).
    sql`INSERT INTO push_throttle (user_id, event_id, window_started_at, window_ends_at, changes)
      SELECT r.uid, ${eventId}, ${nowIso}, ${windowEnd}, 0 FROM ${recipients}
      ON CONFLICT (user_id, event_id) DO UPDATE SET
        changes = CASE WHEN push_throttle.window_ends_at <= ${nowIso} THEN 0 ELSE push_throttle.changes + 1 END,
        window_started_at = CASE WHEN push_throttle.window_ends_at <= ${nowIso} THEN excluded.window_started_at ELSE push_throttle.window_started_at END,
        window_ends_at = CASE WHEN push_throttle.window_ends_at <= ${nowIso} THEN excluded.window_ends_at ELSE push_throttle.window_ends_at END
      RETURNING user_id, window_ends_at, changes`,
  ] as const;
}

/** A notification row as D1 returns it (column names). */
export type InsertedRow = { id: string; user_id: string; title: string; message: string; created_at: string };
type Window = { user_id: string; window_ends_at: string; changes: number };

/** The push jobs a team change's batch calls for, from the results of its two statements. */
export function teamChangeJobs(
  eventId: string,
  inserted: InsertedRow[],
  windows: Window[],
  now = new Date(),
): { jobs: JobMessage[]; digests: { job: JobMessage; delaySeconds: number }[]; notified: WrittenNotification[] } {
  const notificationOf = new Map(inserted.map((row) => [row.user_id, row.id]));
  const jobs: JobMessage[] = [];
  const digests: { job: JobMessage; delaySeconds: number }[] = [];
  for (const window of windows) {
    const notificationId = notificationOf.get(window.user_id);
    if (window.changes === 0 && notificationId) jobs.push({ kind: "push", notificationId });
    if (window.changes === 1) {
      const delaySeconds = Math.max(1, Math.ceil((Date.parse(window.window_ends_at) - now.getTime()) / 1000));
      digests.push({ job: { kind: "push-digest", userId: window.user_id, eventId, windowEndsAt: window.window_ends_at }, delaySeconds });
    }
  }
  return { jobs, digests, notified: inserted.map(writtenOf) };
}

/** A returned row as the live channel sends it. */
export function writtenOf(row: InsertedRow): WrittenNotification {
  return { id: row.id, userId: row.user_id, title: row.title, message: row.message, read: false, createdAt: row.created_at };
}

/**
 * After a team change has committed: its push jobs (the digests delayed to the end of
 * their windows) and the live channels of its recipients. Best effort: the
 * notifications are saved.
 */
export async function dispatchTeamChange(env: Pick<Env, "JOBS" | "USER_CHANNEL">, planned: ReturnType<typeof teamChangeJobs>) {
  try {
    await enqueueJobs(env, planned.jobs);
    for (const { job, delaySeconds } of planned.digests) await enqueueJobs(env, [job], { delaySeconds });
  } catch (error) {
    // docs/product/messages.md#events-and-team: notification and push failures are only logged.
    console.warn("Could not queue the pushes of a team change", error instanceof Error ? error.message : error);
  }
  await dispatchNotifications(env, planned.notified, { push: false });
}

/**
 * A team change on its own batch (after the change committed): notifications, push
 * windows, jobs. Returns the notifications written (for the live bell).
 */
export function notifyTeamChange(db: Db, env: Pick<Env, "JOBS" | "USER_CHANNEL">, notice: TeamChangeNotice) {
  const now = notice.now ?? new Date();
  return notifyCoalesced(db, env, notice.event.id, teamChangeStatements({ ...notice, now }), now, `a ${notice.change.type}`);
}

/**
 * A client link's change, told to the photographer ('Client Update'), with its
 * push coalesced like the team's changes (a link's burst of 25 edits
 * made 25 pushes): the first of a minute at once, the rest in the minute's digest.
 */
export function notifyClientChange(db: Db, env: Pick<Env, "JOBS" | "USER_CHANNEL">, event: { id: string }, message: string, now = new Date()) {
  const lead = sql`(SELECT lead_photographer_id AS uid FROM events WHERE id = ${event.id}) AS r WHERE r.uid IS NOT NULL`;
  const statements = coalescedStatements({ eventId: event.id, recipients: lead, title: "Client Update", message, data: { type: CLIENT_CHANGE_TYPE, event_id: event.id }, now });
  return notifyCoalesced(db, env, event.id, statements, now, "a client's change");
}

/** The type of a client's change (docs/product/notifications.md#types). */
export const CLIENT_CHANGE_TYPE = "client_change";

async function notifyCoalesced(db: Db, env: Pick<Env, "JOBS" | "USER_CHANNEL">, eventId: string, statements: ReturnType<typeof coalescedStatements>, now: Date, what: string) {
  try {
    const [inserted, windows] = await batchWithRaw(db, [...statements]);
    const planned = teamChangeJobs(eventId, (inserted?.results ?? []) as InsertedRow[], (windows?.results ?? []) as Window[], now);
    await dispatchTeamChange(env, planned);
    return planned.notified;
  } catch (error) {
    console.warn(`Could not notify of ${what} in ${eventId}`, error instanceof Error ? error.message : error);
    return [];
  }
}
