import { sql } from "drizzle-orm";
import { ON_TEAM_STATUSES } from "~/db/enums";
import { formatEventDate } from "~/modules/event/format";
import { todayIn } from "~/modules/event/status";
import { eventReminderEmail } from "~/modules/team/emails";
import { batchWithRaw, type Db } from "~/utils/db.server";
import { enqueueEmails, outboxInsert } from "~/utils/email.server";
import type { WrittenNotification } from "./live.server";
import { dispatchNotifications, notificationInsert } from "./service.server";

// Reminders of upcoming events (issue 16 item 3; decisions.md 'Notifications'; spec §2
// Settings, §9): `event_reminder_days` (1 to 30, default 1) before the event's date,
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
 * The most reminders one run sends: a run stays short however many are due; the next
 * run (15 minutes later) sends the rest, as sent ones are not read again.
 */
export const REMINDERS_PER_RUN = 500;

/**
 * The most candidates one run reads. More than it sends: some candidates are not due
 * yet (before 09:00 in their zone, or their day has not begun there), and they must not
 * crowd out those that are.
 */
const CANDIDATES_PER_RUN = 5000;

/** How many reminders are written at once (each is its own D1 batch). */
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

/** The hour (0 to 23) in a time zone; UTC's when the zone is unknown (as todayIn). */
export function hourIn(timeZone: string, now: Date): number {
  try {
    return Number(new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(now));
  } catch {
    return now.getUTCHours();
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
  first_name: string | null;
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
 * One run: finds who is due a reminder now (one D1 query over the events of the next 31
 * days), then writes each reminder in its own batch with its claim, and dispatches those
 * written (live bell, push job, e-mail job). Never throws for one reminder: the others
 * still go, and a failed one is tried again by the next run.
 */
export async function runReminders(db: Db, env: Pick<Env, "JOBS" | "USER_CHANNEL" | "APP_URL">, now = new Date()): Promise<ReminderRun> {
  const utcToday = now.toISOString().slice(0, 10);
  // Every zone's today is within a day of UTC's (offsets −12 to +14 hours).
  const [earliest, latest] = [dayOffset(utcToday, -1), dayOffset(utcToday, 1)];
  const days = sql`COALESCE(np.event_reminder_days, 1)`;
  const results = await db.all<Candidate>(sql`WITH r AS (
        SELECT e.id AS event_id, e.lead_photographer_id AS user_id FROM events e WHERE e.date BETWEEN ${utcToday} AND ${dayOffset(utcToday, 32)}
        UNION
        SELECT s.event_id, s.user_id FROM event_second_shooters s JOIN events e ON e.id = s.event_id
          WHERE e.date BETWEEN ${utcToday} AND ${dayOffset(utcToday, 32)} AND ${ON_TEAM}
      )
      SELECT e.id AS event_id, e.title, e.date, e.venue, e.couple_names, e.time_zone, u.id AS user_id, u.email, p.first_name, ${days} AS days,
        b.title AS block_title, b.start_time AS block_time
      FROM r
      JOIN events e ON e.id = r.event_id
      JOIN users u ON u.id = r.user_id
      LEFT JOIN profiles p ON p.user_id = u.id
      LEFT JOIN notification_preferences np ON np.user_id = u.id
      -- The day's first block: the earliest start time (blocks without one last), then the order.
      LEFT JOIN timeline_blocks b ON b.id = (SELECT id FROM timeline_blocks WHERE event_id = e.id
        ORDER BY start_time IS NULL, start_time, order_index LIMIT 1)
      WHERE COALESCE(np.upcoming_events, 1) = 1
        AND date(e.date, '-' || ${days} || ' days') BETWEEN ${earliest} AND ${latest}
        -- Already sent (the key of reminderKey): later runs of the day read nothing again.
        AND NOT EXISTS (SELECT 1 FROM processed_jobs j WHERE j.key = 'reminder:' || u.id || ':' || e.id || ':' || e.date)
      ORDER BY e.date, e.id
      LIMIT ${CANDIDATES_PER_RUN}`);

  const due = results
    .filter((c) => dayOffset(c.date, -c.days) === todayIn(c.time_zone, now) && hourIn(c.time_zone, now) >= REMINDER_LOCAL_HOUR)
    .slice(0, REMINDERS_PER_RUN);
  const run: ReminderRun = { due: due.length, sent: 0, alreadySent: 0, noLongerDue: 0, failed: 0 };
  const written: WrittenNotification[] = [];
  const emails: string[] = [];
  for (let start = 0; start < due.length; start += PARALLEL_WRITES) {
    await Promise.all(
      due.slice(start, start + PARALLEL_WRITES).map(async (candidate) => {
        const outcome = await writeReminder(db, env, candidate);
        if (typeof outcome === "string") {
          run[outcome] += 1;
          return;
        }
        run.sent += 1;
        written.push(outcome.written);
        emails.push(outcome.outboxId);
      }),
    );
  }
  // Spec §8: once saved, a notification that cannot be pushed or shown live is only logged.
  await dispatchNotifications(env, written);
  try {
    await enqueueEmails(env, emails);
  } catch (error) {
    // The outbox rows are saved: housekeeping hands a lost e-mail to the queue again.
    console.warn(`Could not queue ${emails.length} reminder e-mail(s)`, error instanceof Error ? error.message : error);
  }
  return run;
}

async function writeReminder(db: Db, env: Pick<Env, "APP_URL">, candidate: Candidate) {
  const event = { id: candidate.event_id, title: candidate.title, date: candidate.date, venue: candidate.venue, coupleNames: candidate.couple_names };
  const notification = notificationInsert(db, {
    userId: candidate.user_id,
    ...reminderText(event, candidate.days),
    data: { type: EVENT_REMINDER_TYPE, event_id: event.id },
    eventId: event.id,
  });
  const mail = outboxInsert(
    db,
    eventReminderEmail({
      to: candidate.email,
      firstName: candidate.first_name,
      event,
      when: reminderWhen(candidate.days),
      firstBlock: candidate.block_title === null ? null : { title: candidate.block_title, startTime: candidate.block_time },
      url: `${env.APP_URL.replace(/\/+$/, "")}/events/${encodeURIComponent(event.id)}`,
    }),
  );
  // The claim comes first. Its `kind` is NULL (refused: NOT NULL) unless the current rows
  // still call for this reminder, so an event moved or deleted, a member removed or
  // preferences changed since the read above fail the batch, like a reminder already sent.
  const claim = sql`INSERT INTO processed_jobs (key, kind) VALUES (${reminderKey(candidate.user_id, event.id, event.date)},
    CASE WHEN ${stillDue(candidate)} THEN 'reminder' END)`;
  try {
    await batchWithRaw(db, [claim, notification.statement, mail.statement]);
    return { written: notification.written, outboxId: mail.id };
  } catch (error) {
    const text = String((error as { cause?: unknown })?.cause ?? "") + String((error as { message?: unknown })?.message ?? error);
    if (text.includes("UNIQUE") && text.includes("processed_jobs.key")) return "alreadySent" as const;
    if (text.includes("NOT NULL") && text.includes("processed_jobs.kind")) return "noLongerDue" as const;
    console.warn(`Could not write the reminder of ${event.id} for ${candidate.user_id}`, text.slice(0, 300));
    return "failed" as const;
  }
}
