import { between, sql } from "drizzle-orm";
import type { TimeFormat } from "~/db/enums";
import { type HourCycle, hourCycleOf } from "~/modules/timeline/span";
import { ON_TEAM_STATUSES } from "~/db/enums";
import { events } from "~/db/schema";
import { formatEventDate } from "~/modules/event/format";
import { eventReminderEmail } from "~/modules/team/emails";
import { batchWithRaw, type Db } from "~/utils/db.server";
import { enqueueEmails, outboxInsert } from "~/utils/email.server";
import type { WrittenNotification } from "./live.server";
import { dispatchNotifications, notificationInsert } from "./service.server";

// Reminders of upcoming events (docs/product/notifications.md; docs/product/screens.md#notifications-tab,
// docs/product/limits.md#defaults-when-adding): `event_reminder_days` (1 to 30, default 1) before the event's date,
// counted in the event's time zone, to the lead and every member on the team whose
// preferences have upcoming_events on (a user without a preferences row has the
// defaults). Run by the cron every 15 minutes (workers/scheduled.ts); decision 009.

/**
 * No reminder before this hour of the event's local day (decision 009): a reminder
 * pushed at 00:05 wakes photographers. Any run from then until midnight sends what
 * earlier runs did not, so a missed run only delays it.
 */
export const REMINDER_LOCAL_HOUR = 9;

/** The notification's type: the bell and the push lead to `event_id` (destination.ts). */
export const EVENT_REMINDER_TYPE = "event_reminder";

/**
 * The most reminders one run reads and sends: a run stays short however many are due;
 * the next run (15 minutes later) sends the rest, as sent ones are not read again. Only
 * due ones are read (see runReminders), so those not due yet never crowd them out.
 */
export const REMINDERS_PER_RUN = 500;

/**
 * How many reminders are written at once (each is its own D1 batch); each chunk is
 * dispatched as soon as it is written.
 */
const PARALLEL_WRITES = 10;

/**
 * Exactly once per recipient, event and event date: the key is claimed in processed_jobs
 * in the same D1 batch as the notification and the e-mail, so a second or overlapping
 * run's batch fails on the primary key and writes and sends nothing. A moved event has a
 * new date, hence a new key (its old reminder is not repeated for the old date).
 */
export const reminderKey = (userId: string, eventId: string, date: string) => `reminder:${userId}:${eventId}:${date}`;

/** 'Tomorrow' or 'In 3 days'. */
export function reminderWhen(days: number) {
  return days === 1 ? "Tomorrow" : `In ${days} days`;
}

/** The in-app notification's text (decision 009), e.g. 'Upcoming event: Smith Wedding' / 'Tomorrow · Jun 12, 2027 · Villa Rosa'. */
export function reminderText(event: { title: string; date: string; venue: string | null }, days: number) {
  return {
    title: `Upcoming event: ${event.title}`,
    message: [reminderWhen(days), formatEventDate(event.date), event.venue].filter(Boolean).join(" · "),
  };
}

/**
 * The local date (yyyy-MM-dd) and hour (0 to 23) in a time zone, from one formatter: a
 * run reads each zone's clock once, not twice per candidate (about
 * 0.85 s of CPU per 5,000). UTC's when the zone is unknown, as todayIn.
 */
export function localClock(timeZone: string, now: Date): { date: string; hour: number } {
  try {
    const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", hourCycle: "h23" }).formatToParts(now);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
    return { date: `${part("year")}-${part("month")}-${part("day")}`, hour: Number(part("hour")) };
  } catch {
    return { date: now.toISOString().slice(0, 10), hour: now.getUTCHours() };
  }
}

const dayOffset = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A team member row `s` on the team (ON_TEAM_STATUSES). */
const ON_TEAM = sql`s.status IN (${sql.join(ON_TEAM_STATUSES.map((status) => sql`${status}`), sql`, `)})`;

type Candidate = {
  event_id: string;
  title: string;
  date: string;
  venue: string | null;
  couple_names: string | null;
  time_zone: string;
  user_id: string;
  email: string;
  /** 1 when users.email_confirmed_at is set: only then the e-mail. */
  email_confirmed: number;
  first_name: string | null;
  /** The recipient's 'Time format' and their browser's clock ('Automatic'). */
  time_format: TimeFormat | null;
  auto_hour_cycle: HourCycle | null;
  days: number;
  block_title: string | null;
  block_time: string | null;
};

/** The current row says the recipient is still due this reminder (see the claim below). */
function stillDue(candidate: Candidate) {
  const { event_id: eventId, user_id: userId, date, days } = candidate;
  return sql`EXISTS (SELECT 1 FROM events e WHERE e.id = ${eventId} AND e.date = ${date}
      AND (e.lead_photographer_id = ${userId} OR EXISTS (SELECT 1 FROM event_second_shooters s
        WHERE s.event_id = e.id AND s.user_id = ${userId} AND ${ON_TEAM})))
    AND COALESCE((SELECT upcoming_events FROM notification_preferences WHERE user_id = ${userId}), 1) = 1
    AND COALESCE((SELECT event_reminder_days FROM notification_preferences WHERE user_id = ${userId}), 1) = ${days}`;
}

export type ReminderRun = { due: number; sent: number; alreadySent: number; noLongerDue: number; failed: number };

/**
 * One run: finds who is due a reminder now (the time zones of the events of the next 32
 * days, then one D1 query for those due), then writes each reminder in its own batch
 * with its claim, and dispatches each chunk as soon as it is written (live bell, push
 * job, e-mail job). Never throws for one reminder: the others still go, and a failed one
 * is tried again by the next run. `limit` is REMINDERS_PER_RUN (tests pass a smaller one).
 */
export async function runReminders(
  db: Db,
  env: Pick<Env, "JOBS" | "USER_CHANNEL" | "APP_URL">,
  now = new Date(),
  { limit = REMINDERS_PER_RUN } = {},
): Promise<ReminderRun> {
  const utcToday = now.toISOString().slice(0, 10);
  // Which reminder day is due now is decided per time zone before the
  // candidates are read (today there, from 09:00 there), so the query returns due ones
  // only and those not due yet cannot fill the limit ahead of them. One clock per zone.
  const zones = await db.selectDistinct({ timeZone: events.timeZone }).from(events).where(between(events.date, utcToday, dayOffset(utcToday, 32)));
  const dueDay: Record<string, string> = {};
  for (const { timeZone } of zones) {
    const clock = localClock(timeZone, now);
    if (clock.hour >= REMINDER_LOCAL_HOUR) dueDay[timeZone] = clock.date;
  }
  const run: ReminderRun = { due: 0, sent: 0, alreadySent: 0, noLongerDue: 0, failed: 0 };
  if (Object.keys(dueDay).length === 0) return run;

  const days = sql`COALESCE(np.event_reminder_days, 1)`;
  const due = await db.all<Candidate>(sql`WITH r AS (
        SELECT e.id AS event_id, e.lead_photographer_id AS user_id FROM events e WHERE e.date BETWEEN ${utcToday} AND ${dayOffset(utcToday, 32)}
        UNION
        SELECT s.event_id, s.user_id FROM event_second_shooters s JOIN events e ON e.id = s.event_id
          WHERE e.date BETWEEN ${utcToday} AND ${dayOffset(utcToday, 32)} AND ${ON_TEAM}
      )
      SELECT e.id AS event_id, e.title, e.date, e.venue, e.couple_names, e.time_zone, u.id AS user_id, u.email,
        u.email_confirmed_at IS NOT NULL AS email_confirmed, p.first_name, p.time_format, p.auto_hour_cycle, ${days} AS days,
        b.title AS block_title, b.start_time AS block_time
      FROM r
      JOIN events e ON e.id = r.event_id
      -- The zone's due reminder day, for zones where it is 09:00 or later: one parameter
      -- (D1 binds at most 100) holding { time zone: local date }.
      JOIN json_each(${JSON.stringify(dueDay)}) z ON z.key = e.time_zone
      JOIN users u ON u.id = r.user_id
      LEFT JOIN profiles p ON p.user_id = u.id
      LEFT JOIN notification_preferences np ON np.user_id = u.id
      -- The day's first block: the earliest start time (blocks without one last), then the order.
      LEFT JOIN timeline_blocks b ON b.id = (SELECT id FROM timeline_blocks WHERE event_id = e.id
        ORDER BY start_time IS NULL, start_time, order_index LIMIT 1)
      WHERE COALESCE(np.upcoming_events, 1) = 1
        AND date(e.date, '-' || ${days} || ' days') = z.value
        -- Already sent (the key of reminderKey): later runs of the day read nothing again.
        AND NOT EXISTS (SELECT 1 FROM processed_jobs j WHERE j.key = 'reminder:' || u.id || ':' || e.id || ':' || e.date)
      ORDER BY e.date, e.id
      LIMIT ${limit}`);
  run.due = due.length;
  // Not an error (the rest go 15 minutes later), but a sign the limit is too low.
  if (due.length === limit) console.warn(`Reminders: this run reached its limit of ${limit}; the next run sends the rest`);

  for (let start = 0; start < due.length; start += PARALLEL_WRITES) {
    const written: WrittenNotification[] = [];
    const emails: string[] = [];
    await Promise.all(
      due.slice(start, start + PARALLEL_WRITES).map(async (candidate) => {
        const outcome = await writeReminder(db, env, candidate);
        if (typeof outcome === "string") {
          run[outcome] += 1;
          return;
        }
        run.sent += 1;
        written.push(outcome.written);
        if (outcome.outboxId) emails.push(outcome.outboxId);
      }),
    );
    // This chunk's jobs go now, so a run stopped later (CPU limit,
    // deploy) leaves no written reminder whose push and e-mail were never queued.
    await dispatchReminders(env, written, emails);
  }
  return run;
}

async function dispatchReminders(env: Pick<Env, "JOBS" | "USER_CHANNEL">, written: WrittenNotification[], emails: string[]) {
  await Promise.all([
    // docs/product/messages.md#events-and-team: once saved, a notification that cannot be pushed or shown live is only logged.
    dispatchNotifications(env, written),
    emails.length === 0
      ? undefined
      : enqueueEmails(env, emails).catch((error: unknown) => {
          // The outbox rows are saved: housekeeping hands a lost e-mail to the queue again.
          console.warn(`Could not queue ${emails.length} reminder e-mail(s)`, error instanceof Error ? error.message : error);
        }),
  ]);
}

async function writeReminder(db: Db, env: Pick<Env, "APP_URL">, candidate: Candidate) {
  const event = { id: candidate.event_id, title: candidate.title, date: candidate.date, venue: candidate.venue, coupleNames: candidate.couple_names };
  const notification = notificationInsert(db, {
    userId: candidate.user_id,
    ...reminderText(event, candidate.days),
    data: { type: EVENT_REMINDER_TYPE, event_id: event.id },
    eventId: event.id,
  });
  // No e-mail to an address never confirmed (it may not be theirs);
  // the bell and the push still go.
  const mail = candidate.email_confirmed
    ? outboxInsert(
        db,
        eventReminderEmail({
          to: candidate.email,
          firstName: candidate.first_name,
          event,
          when: reminderWhen(candidate.days),
          firstBlock: candidate.block_title === null ? null : { title: candidate.block_title, startTime: candidate.block_time },
          url: `${env.APP_URL.replace(/\/+$/, "")}/events/${encodeURIComponent(event.id)}`,
          hourCycle: hourCycleOf(candidate.time_format ?? "auto", candidate.auto_hour_cycle ?? "12h"),
        }),
      )
    : null;
  // The claim comes first. Its `kind` is NULL (refused: NOT NULL) unless the current rows
  // still call for this reminder, so an event moved or deleted, a member removed or
  // preferences changed since the read above fail the batch, like a reminder already sent.
  const claim = sql`INSERT INTO processed_jobs (key, kind) VALUES (${reminderKey(candidate.user_id, event.id, event.date)},
    CASE WHEN ${stillDue(candidate)} THEN 'reminder' END)`;
  try {
    await batchWithRaw(db, mail ? [claim, notification.statement, mail.statement] : [claim, notification.statement]);
    return { written: notification.written, outboxId: mail?.id ?? null };
  } catch (error) {
    const text = String((error as { cause?: unknown })?.cause ?? "") + String((error as { message?: unknown })?.message ?? error);
    if (text.includes("UNIQUE") && text.includes("processed_jobs.key")) return "alreadySent" as const;
    if (text.includes("NOT NULL") && text.includes("processed_jobs.kind")) return "noLongerDue" as const;
    console.warn(`Could not write the reminder of ${event.id} for ${candidate.user_id}`, text.slice(0, 300));
    return "failed" as const;
  }
}
