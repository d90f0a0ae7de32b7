import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emailOutbox, events, eventSecondShooters, notificationPreferences, notifications, profiles, sessions, timelineBlocks } from "~/db/schema";
import { deliverPushNotification } from "~/modules/notifications/push.server";
import { runReminders } from "~/modules/notifications/reminders.server";
import { getDb } from "~/utils/db.server";
import type { JobMessage } from "~/utils/jobs";
import worker from "../../workers/app";
import { createEvent, createUser } from "../factories";
import { createBrowserSubscription, createFakePushService, generateVapidKeys } from "../fakes/push-service";
import { type Client, ORIGIN, sessionFor, storeDevice, waitFor } from "./helpers";

// Reminders of upcoming events, sent by the cron (decision 009).

const db = getDb(env);

afterEach(() => vi.restoreAllMocks());

/** The instant a wall-clock time (yyyy-MM-dd, HH:mm) happens in a time zone. */
function at(timeZone: string, date: string, time: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const offsetAt = (instant: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
        .formatToParts(new Date(instant))
        .map((p) => [p.type, p.value]),
    );
    return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!) - instant;
  };
  let instant = wall - offsetAt(wall);
  instant = wall - offsetAt(instant);
  return new Date(instant);
}

const dayBefore = (date: string, days = 1) => new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** Reminder e-mails go to confirmed addresses only: people here have confirmed theirs. */
const confirmed = { emailConfirmedAt: "2026-01-01T00:00:00.000Z" };

/** An event with its lead, and members with the given team statuses. */
async function teamEvent(overrides: Partial<typeof events.$inferInsert>, statuses: Array<"accepted" | "active" | "declined"> = []) {
  const lead = await createUser(db, confirmed);
  const event = await createEvent(db, lead.id, { title: "Smith Wedding", venue: "Villa Rosa", ...overrides });
  const members = [];
  for (const status of statuses) {
    const member = await createUser(db, confirmed);
    await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId: event.id, userId: member.id, status });
    members.push(member);
  }
  return { lead, event, members };
}

/** The reminders each user has, by user id. */
async function remindersOf(userIds: string[]) {
  const rows = await db.select().from(notifications).where(inArray(notifications.userId, userIds));
  const reminders = rows.filter((row) => row.data?.type === "event_reminder");
  return Object.fromEntries(userIds.map((id) => [id, reminders.filter((row) => row.userId === id)]));
}

const counts = async (userIds: string[]) => Object.values(await remindersOf(userIds)).map((rows) => rows.length);

const setPreferences = (userId: string, values: { upcomingEvents?: boolean; eventReminderDays?: number }) =>
  db.insert(notificationPreferences).values({ userId, ...values }).onConflictDoUpdate({ target: notificationPreferences.userId, set: values });

/** The jobs a run sends, held back from the queue. */
async function heldJobs(run: () => Promise<unknown>) {
  const jobs: JobMessage[] = [];
  vi.spyOn(env.JOBS, "sendBatch").mockImplementation(async (messages) => {
    for (const { body } of messages) jobs.push(body as JobMessage);
    return undefined as unknown as Awaited<ReturnType<typeof env.JOBS.sendBatch>>;
  });
  await run();
  vi.mocked(env.JOBS.sendBatch).mockRestore();
  return jobs;
}

describe("who gets a reminder, and when", () => {
  it.each<[string, string, number]>([
    ["Pacific/Honolulu", "2027-03-10", 1],
    ["Europe/Berlin", "2027-03-10", 1],
    ["Pacific/Auckland", "2027-03-10", 1],
    ["Europe/Berlin", "2027-03-12", 3],
    ["Pacific/Auckland", "2027-04-08", 30],
    ["Pacific/Honolulu", "2027-04-08", 30],
  ])("in %s, an event on %s with reminders %i day(s) before: that day from 09:00 local, once", async (timeZone, date, days) => {
    const { lead, event, members } = await teamEvent({ date, timeZone }, ["accepted", "active"]);
    const everyone = [lead.id, ...members.map((m) => m.id)];
    if (days !== 1) for (const id of everyone) await setPreferences(id, { eventReminderDays: days });
    const reminderDay = dayBefore(date, days);

    // The day before the reminder day, the reminder day before 09:00, the event's own day: nothing.
    for (const now of [at(timeZone, dayBefore(reminderDay), "12:00"), at(timeZone, reminderDay, "08:59"), at(timeZone, date, "10:00")]) {
      await runReminders(db, env, now);
      expect(await counts(everyone), now.toISOString()).toEqual([0, 0, 0]);
    }
    await runReminders(db, env, at(timeZone, reminderDay, "09:00"));
    expect(await counts(everyone)).toEqual([1, 1, 1]);
    const [reminder] = (await remindersOf([lead.id]))[lead.id]!;
    const when = days === 1 ? "Tomorrow" : `In ${days} days`;
    expect(reminder).toMatchObject({ title: "Upcoming event: Smith Wedding", eventId: event.id, data: { type: "event_reminder", event_id: event.id } });
    expect(reminder!.message).toMatch(new RegExp(`^${when} · \\w{3} \\d{1,2}, 2027 · Villa Rosa$`));

    // Later runs of that day (every 15 minutes until midnight) send nothing more.
    for (const time of ["09:15", "13:00", "23:59"]) await runReminders(db, env, at(timeZone, reminderDay, time));
    expect(await counts(everyone)).toEqual([1, 1, 1]);
  });

  it("counts the day in the event's time zone, not UTC's (Auckland is a day ahead, Honolulu behind)", async () => {
    const auckland = await teamEvent({ date: "2027-03-10", timeZone: "Pacific/Auckland" });
    const honolulu = await teamEvent({ date: "2027-03-10", timeZone: "Pacific/Honolulu" });
    // 2027-03-08 20:30 UTC is 09:30 on 03-09 in Auckland and 10:30 on 03-08 in Honolulu.
    await runReminders(db, env, new Date("2027-03-08T20:30:00Z"));
    expect(await counts([auckland.lead.id, honolulu.lead.id])).toEqual([1, 0]);
    // 2027-03-10 09:30 UTC is still 23:30 on 03-09 in Honolulu: its reminder day.
    await runReminders(db, env, new Date("2027-03-10T09:30:00Z"));
    expect(await counts([auckland.lead.id, honolulu.lead.id])).toEqual([1, 1]);
  });

  it("goes to the lead and members on the team only: not to the declined, the removed, the opted out, or someone with another setting", async () => {
    const { lead, event, members } = await teamEvent({ date: "2027-05-20", timeZone: "Europe/Berlin" }, ["accepted", "active", "declined", "accepted", "accepted", "accepted"]);
    const [accepted, active, declined, removed, optedOut, threeDays] = members as [typeof lead, typeof lead, typeof lead, typeof lead, typeof lead, typeof lead];
    await db.delete(eventSecondShooters).where(and(eq(eventSecondShooters.eventId, event.id), eq(eventSecondShooters.userId, removed.id)));
    await setPreferences(optedOut.id, { upcomingEvents: false });
    await setPreferences(threeDays.id, { eventReminderDays: 3 });
    // A row with upcoming_events on and the default day is the same as no row.
    await setPreferences(accepted.id, { upcomingEvents: true });
    const stranger = await createUser(db);
    const all = [lead, accepted, active, declined, removed, optedOut, threeDays, stranger].map((u) => u.id);

    await runReminders(db, env, at("Europe/Berlin", "2027-05-19", "09:00"));
    expect(await counts(all)).toEqual([1, 1, 1, 0, 0, 0, 0, 0]);
    await runReminders(db, env, at("Europe/Berlin", "2027-05-17", "09:00"));
    expect(await counts(all)).toEqual([1, 1, 1, 0, 0, 0, 1, 0]);
  });

  it("takes saved preferences at the next run: turned off, nothing; back on, the reminder", async () => {
    const { lead } = await teamEvent({ date: "2027-05-21", timeZone: "Europe/Berlin" });
    await setPreferences(lead.id, { upcomingEvents: false });
    await runReminders(db, env, at("Europe/Berlin", "2027-05-20", "09:00"));
    expect(await counts([lead.id])).toEqual([0]);
    await setPreferences(lead.id, { upcomingEvents: true });
    await runReminders(db, env, at("Europe/Berlin", "2027-05-20", "09:15"));
    expect(await counts([lead.id])).toEqual([1]);
  });

  it("sends nothing for a deleted event, and for a moved event only on its new date", async () => {
    const deleted = await teamEvent({ date: "2027-06-02", timeZone: "Europe/Berlin" }, ["accepted"]);
    await db.delete(events).where(eq(events.id, deleted.event.id));
    const moved = await teamEvent({ date: "2027-06-02", timeZone: "Europe/Berlin" }, ["accepted"]);
    await db.update(events).set({ date: "2027-06-05" }).where(eq(events.id, moved.event.id));
    const people = [deleted.lead.id, ...deleted.members.map((m) => m.id), moved.lead.id, ...moved.members.map((m) => m.id)];

    await runReminders(db, env, at("Europe/Berlin", "2027-06-01", "10:00"));
    expect(await counts(people)).toEqual([0, 0, 0, 0]);
    await runReminders(db, env, at("Europe/Berlin", "2027-06-04", "10:00"));
    expect(await counts(people)).toEqual([0, 0, 1, 1]);
    // Moved again after its reminder: the new date has its own reminder.
    await db.update(events).set({ date: "2027-06-09" }).where(eq(events.id, moved.event.id));
    await runReminders(db, env, at("Europe/Berlin", "2027-06-08", "10:00"));
    expect(await counts(people)).toEqual([0, 0, 2, 2]);
  });

  it("writes nothing when the event moves, or a member leaves, between a run's read and its write", async () => {
    const moved = await teamEvent({ date: "2027-06-20", timeZone: "Europe/Berlin" }, ["accepted"]);
    const left = await teamEvent({ date: "2027-06-20", timeZone: "Europe/Berlin" }, ["accepted"]);
    const read = db.all.bind(db);
    const readThenChange = async (query: Parameters<typeof db.all>[0]) => {
      const rows = await read(query);
      await db.update(events).set({ date: "2027-06-27" }).where(eq(events.id, moved.event.id));
      await db.delete(eventSecondShooters).where(eq(eventSecondShooters.eventId, left.event.id));
      return rows;
    };
    vi.spyOn(db, "all").mockImplementation(readThenChange as unknown as typeof db.all);
    const result = await runReminders(db, env, at("Europe/Berlin", "2027-06-19", "09:00"));
    expect(await counts([moved.lead.id, moved.members[0]!.id, left.lead.id, left.members[0]!.id])).toEqual([0, 0, 1, 0]);
    expect(result.noLongerDue).toBeGreaterThanOrEqual(3);
    expect(await db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, [moved.lead.email, moved.members[0]!.email, left.members[0]!.email]))).toEqual([]);
  });
});

describe("exactly once", () => {
  it("over overlapping runs and repeated runs: one notification, one e-mail, one push job each", async () => {
    const { lead, members } = await teamEvent({ date: "2027-07-01", timeZone: "America/New_York" }, ["accepted"]);
    const people = [lead.id, members[0]!.id];
    const now = at("America/New_York", "2027-06-30", "09:30");
    const jobs = await heldJobs(async () => {
      await Promise.all([runReminders(db, env, now), runReminders(db, env, now), runReminders(db, env, now)]);
      await runReminders(db, env, now);
      await runReminders(db, env, new Date(now.getTime() + 15 * 60_000));
    });
    const reminders = Object.values(await remindersOf(people)).flat();
    expect(reminders).toHaveLength(2);
    const mails = await db.select().from(emailOutbox).where(and(inArray(emailOutbox.toAddress, [lead.email, members[0]!.email]), eq(emailOutbox.kind, "event_reminder")));
    expect(mails).toHaveLength(2);
    const pushes = jobs.filter((job) => job.kind === "push").map((job) => (job as { notificationId: string }).notificationId);
    expect(pushes.filter((id) => reminders.some((r) => r.id === id)).sort()).toEqual(reminders.map((r) => r.id).sort());
    const mailJobs = jobs.filter((job) => job.kind === "email").map((job) => (job as { outboxId: string }).outboxId);
    expect(mailJobs.filter((id) => mails.some((m) => m.id === id)).sort()).toEqual(mails.map((m) => m.id).sort());
  });

  it("also from the Worker's scheduled handler, which runs housekeeping alongside", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    // An event whose reminder is due right now, wherever the clock stands.
    const now = new Date();
    const timeZone = "Etc/GMT-14"; // UTC+14: its local hour is ≥ 09:00 from 19:00 UTC…
    const zone = now.getUTCHours() >= 19 || now.getUTCHours() < 9 ? timeZone : "UTC";
    const local = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
    const date = new Date(Date.parse(`${local}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const { lead } = await teamEvent({ date, timeZone: zone });
    for (let i = 0; i < 2; i++) {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ cron: "*/15 * * * *", scheduledTime: Date.now() }), env, ctx);
      await waitOnExecutionContext(ctx);
    }
    expect(await counts([lead.id])).toEqual([1]);
  });
});

describe("many reminders at once", () => {
  it("sends the due ones even when more candidates that are not due yet come first than one run takes", async () => {
    // 08:00 UTC: 10:00 in Berlin, 01:00 in Los Angeles.
    const now = at("Europe/Berlin", "2027-10-04", "10:00");
    // Reminded today, but not before 09:00 in Los Angeles; their events are the earliest.
    const early = [];
    for (let i = 0; i < 4; i++) early.push(await teamEvent({ date: "2027-10-05", timeZone: "America/Los_Angeles" }));
    // Due now: two days before, in Berlin.
    const due = await teamEvent({ date: "2027-10-06", timeZone: "Europe/Berlin" });
    await setPreferences(due.lead.id, { eventReminderDays: 2 });

    await heldJobs(() => runReminders(db, env, now, { limit: 3 }));
    expect(await counts([due.lead.id, ...early.map((e) => e.lead.id)])).toEqual([1, 0, 0, 0, 0]);
    // 09:00 in Los Angeles: theirs (three, then the fourth: the limit).
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await heldJobs(() => runReminders(db, env, at("America/Los_Angeles", "2027-10-04", "09:00"), { limit: 3 }));
    await heldJobs(() => runReminders(db, env, at("America/Los_Angeles", "2027-10-04", "09:15"), { limit: 3 }));
    expect(await counts([due.lead.id, ...early.map((e) => e.lead.id)])).toEqual([1, 1, 1, 1, 1]);
  });

  it("warns when a run reaches its limit, and the next run sends the rest", async () => {
    const { lead, members } = await teamEvent({ date: "2027-10-21", timeZone: "Asia/Tokyo" }, ["accepted", "accepted"]);
    const everyone = [lead.id, ...members.map((m) => m.id)];
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const first = await heldJobs(() => runReminders(db, env, at("Asia/Tokyo", "2027-10-20", "09:00"), { limit: 2 }));
    expect(first).toHaveLength(4);
    expect((await counts(everyone)).reduce((a, b) => a + b)).toBe(2);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("limit of 2"));
    warn.mockClear();
    await heldJobs(() => runReminders(db, env, at("Asia/Tokyo", "2027-10-20", "09:15"), { limit: 2 }));
    expect(await counts(everyone)).toEqual([1, 1, 1]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("reads each time zone's clock once per run, not once per reminder", async () => {
    const timeZone = "Asia/Kathmandu";
    const { lead, members } = await teamEvent({ date: "2027-10-29", timeZone }, ["accepted", "accepted", "accepted", "accepted", "accepted"]);
    const now = at(timeZone, "2027-10-28", "09:00");
    const formats = vi.spyOn(Intl, "DateTimeFormat");
    await heldJobs(() => runReminders(db, env, now));
    const inZone = formats.mock.calls.filter(([, options]) => options?.timeZone === timeZone);
    formats.mockRestore();
    expect(await counts([lead.id, ...members.map((m) => m.id)])).toEqual([1, 1, 1, 1, 1, 1]);
    expect(inZone).toHaveLength(1);
  });

  it("queues each chunk's pushes and e-mails as soon as it is written: a run that dies after its first chunk has sent those", async () => {
    const { lead, members } = await teamEvent({ date: "2027-11-06", timeZone: "Europe/Berlin" }, Array(10).fill("accepted"));
    const everyone = [lead.id, ...members.map((m) => m.id)];
    // The eleventh write (the second chunk's) hangs, as a run does when its Worker is stopped.
    let hung!: () => void;
    const atSecondChunk = new Promise<void>((resolve) => (hung = resolve));
    let stop!: (error: Error) => void;
    const stopped = new Promise<never>((_, reject) => (stop = reject));
    const batch = env.DB.batch.bind(env.DB);
    let writes = 0;
    vi.spyOn(env.DB, "batch").mockImplementation(async (statements) => {
      writes += 1;
      if (writes <= 10) return batch(statements);
      hung();
      return stopped;
    });
    const jobs: JobMessage[] = [];
    vi.spyOn(env.JOBS, "sendBatch").mockImplementation(async (messages) => {
      for (const { body } of messages) jobs.push(body as JobMessage);
      return undefined as unknown as Awaited<ReturnType<typeof env.JOBS.sendBatch>>;
    });
    vi.spyOn(console, "warn").mockImplementation(() => {});

    const run = runReminders(db, env, at("Europe/Berlin", "2027-11-05", "09:00"));
    await atSecondChunk;
    const written = Object.values(await remindersOf(everyone)).flat();
    expect(written).toHaveLength(10);
    const mails = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.kind, "event_reminder"));
    // Already queued while the second chunk is being written.
    expect(jobs.filter((job) => job.kind === "push").map((job) => (job as { notificationId: string }).notificationId).sort()).toEqual(written.map((r) => r.id).sort());
    const mailJobs = jobs.filter((job) => job.kind === "email").map((job) => (job as { outboxId: string }).outboxId);
    expect(mailJobs).toHaveLength(10);
    expect(mails.map((m) => m.id)).toEqual(expect.arrayContaining(mailJobs));

    stop(new Error("The Worker was stopped"));
    expect(await run).toMatchObject({ sent: 10, failed: 1 });
    vi.mocked(env.DB.batch).mockRestore();
    // The next run sends the one that was lost, and nothing twice.
    await runReminders(db, env, at("Europe/Berlin", "2027-11-05", "09:15"));
    expect(await counts(everyone)).toEqual(Array(11).fill(1));
    expect(jobs.filter((job) => job.kind === "push")).toHaveLength(11);
  });
});

describe("the reminder's e-mail", () => {
  it("goes to confirmed addresses only; an unconfirmed user still gets the bell and the push", async () => {
    const unconfirmed = await createUser(db);
    const event = await createEvent(db, unconfirmed.id, { title: "Unconfirmed Wedding", date: "2027-11-21", timeZone: "Europe/Berlin" });
    const member = await createUser(db, confirmed);
    await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId: event.id, userId: member.id, status: "accepted" });

    const jobs = await heldJobs(() => runReminders(db, env, at("Europe/Berlin", "2027-11-20", "09:00")));
    const reminders = await remindersOf([unconfirmed.id, member.id]);
    expect([reminders[unconfirmed.id]!.length, reminders[member.id]!.length]).toEqual([1, 1]);
    expect(jobs).toContainEqual({ kind: "push", notificationId: reminders[unconfirmed.id]![0]!.id });
    expect(jobs).toContainEqual({ kind: "push", notificationId: reminders[member.id]![0]!.id });
    const mails = await db.select().from(emailOutbox).where(and(inArray(emailOutbox.toAddress, [unconfirmed.email, member.email]), eq(emailOutbox.kind, "event_reminder")));
    expect(mails.map((m) => m.toAddress)).toEqual([member.email]);
    expect(jobs.filter((job) => job.kind === "email")).toEqual([{ kind: "email", outboxId: mails[0]!.id }]);
  });
});

describe("the cron's two parts", () => {
  it("housekeeping still runs when reminders fail, and the run reports the failure", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const user = await createUser(db);
    await db.insert(sessions).values({ tokenHash: `gone-${user.id}`, userId: user.id, expiresAt: "2000-01-01T00:00:00.000Z" });
    const prepare = env.DB.prepare.bind(env.DB);
    vi.spyOn(env.DB, "prepare").mockImplementation((query: string) => {
      if (query.includes("processed_jobs j")) throw new Error("D1 is unavailable");
      return prepare(query);
    });
    const ctx = createExecutionContext();
    await expect(worker.scheduled(createScheduledController({ cron: "*/15 * * * *", scheduledTime: Date.now() }), env, ctx)).rejects.toThrow("The cron run failed in part");
    await waitOnExecutionContext(ctx);
    vi.mocked(env.DB.prepare).mockRestore();
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });
});

describe("what a reminder carries", () => {
  it("an e-mail with the event, its date, the day's first block (earliest start) and the venue, linking to the event", async () => {
    const { lead, event } = await teamEvent({ date: "2027-08-14", timeZone: "Europe/Berlin", title: "Ava & <b>Noah</b> {{client_link}}", coupleNames: "Ava & Noah" });
    await db.insert(timelineBlocks).values([
      { id: crypto.randomUUID(), eventId: event.id, title: "Ceremony", blockType: "ceremony", startTime: "15:00", orderIndex: 0 },
      { id: crypto.randomUUID(), eventId: event.id, title: "Getting Ready", blockType: "prep", startTime: "11:30", orderIndex: 1 },
      { id: crypto.randomUUID(), eventId: event.id, title: "Notes", blockType: "other", orderIndex: 2 },
    ]);
    await heldJobs(() => runReminders(db, env, at("Europe/Berlin", "2027-08-13", "09:00")));
    const [mail] = await db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, lead.email), eq(emailOutbox.kind, "event_reminder")));
    expect(mail!.subject).toBe("Reminder: Ava & <b>Noah</b> { {client_link}} is tomorrow");
    for (const line of ["Tomorrow: Ava & <b>Noah</b> { {client_link}} on Aug 14, 2027.", "Date: Aug 14, 2027", "Venue: Villa Rosa", "Couple: Ava & Noah", "First on the timeline: Getting Ready at 11:30 AM", `/events/${event.id}`]) {
      expect(mail!.textBody).toContain(line);
    }
    expect(mail!.textBody).not.toContain("{{");
    expect(mail!.htmlBody).toContain("Ava &amp; &lt;b&gt;Noah&lt;/b&gt;");
    expect(mail!.htmlBody).not.toContain("<b>Noah");
    expect(mail!.htmlBody).toContain("First on the timeline: Getting Ready at 11:30 AM");
    expect(mail!.htmlBody).toMatch(new RegExp(`href="[^"]*/events/${event.id}"`));
  });

  it("writes the first block's time on each reader's clock: 'Automatic' is the clock their browser gave", async () => {
    const { lead, event, members } = await teamEvent({ date: "2027-08-20", timeZone: "Europe/Berlin" }, ["accepted", "accepted"]);
    await db.insert(timelineBlocks).values({ id: crypto.randomUUID(), eventId: event.id, title: "Getting Ready", blockType: "prep", startTime: "14:30", orderIndex: 0 });
    await db.update(profiles).set({ timeFormat: "24h" }).where(eq(profiles.userId, members[0]!.id));
    await db.update(profiles).set({ autoHourCycle: "24h" }).where(eq(profiles.userId, members[1]!.id));
    await heldJobs(() => runReminders(db, env, at("Europe/Berlin", "2027-08-19", "09:00")));
    const line = async (email: string) =>
      (await db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "event_reminder"))))[0]!.textBody.match(/First on the timeline: .*/)?.[0];
    expect(await line(lead.email)).toBe("First on the timeline: Getting Ready at 2:30 PM");
    expect(await line(members[0]!.email)).toBe("First on the timeline: Getting Ready at 14:30");
    expect(await line(members[1]!.email)).toBe("First on the timeline: Getting Ready at 14:30");
  });

  it("appears live in the bell of an open tab, and is pushed to a user who has push", async () => {
    const lead = await sessionFor();
    const event = await createEvent(db, lead.id, { title: "Live Reminder Wedding", date: "2027-09-10", timeZone: "Pacific/Auckland", venue: "Waiheke" });
    const keys = await generateVapidKeys();
    const browser = await createBrowserSubscription();
    // A subscribed device is push turned on (decision 009).
    await storeDevice(lead.id, browser);
    const bell = await openBell(lead.client);

    const jobs = await heldJobs(() => runReminders(db, env, at("Pacific/Auckland", "2027-09-09", "09:00")));
    await waitFor(() => bell.items().some((item) => item.title === "Upcoming event: Live Reminder Wedding"));
    expect(bell.items().find((item) => item.title === "Upcoming event: Live Reminder Wedding")).toMatchObject({ message: "Tomorrow · Sep 10, 2027 · Waiheke", read: false });
    bell.socket.close(1000, "done");

    const [reminder] = (await remindersOf([lead.id]))[lead.id]!;
    expect(jobs).toContainEqual({ kind: "push", notificationId: reminder!.id });
    const service = createFakePushService();
    const pushEnv = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: "mailto:support@eventflow.app" };
    expect(await deliverPushNotification(db, pushEnv, reminder!.id, service.fetcher)).toMatchObject({ outcome: "handled", sent: 1 });
    expect(JSON.parse(await browser.decrypt(service.requests[0]!.body))).toEqual({
      title: "Upcoming event: Live Reminder Wedding",
      body: "Tomorrow · Sep 10, 2027 · Waiheke",
      // Only where a click leads (decision 009): the event, as the bell.
      url: `/events/${event.id}`,
      // Its own kind: a team change for the event never replaces it on the device (decision 009).
      tag: `event_reminder:/events/${event.id}`,
    });
    // The bell's click leads to the event.
    const opened = await lead.client.post(`/notifications/${reminder!.id}/read`, {});
    expect(opened.headers.get("Location")).toBe(`/events/${event.id}`);
  });
});

async function openBell(client: Client) {
  const response = await client.get("/live/me", { Upgrade: "websocket", Origin: ORIGIN });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const messages: Array<{ type: string; items?: Array<Record<string, unknown>> }> = [];
  socket.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data))));
  socket.accept();
  socket.send(JSON.stringify({ type: "hello", since: new Date().toISOString() }));
  await waitFor(() => messages.some((m) => m.type === "ready"));
  return { socket, items: () => messages.flatMap((m) => (m.type === "notifications" ? m.items! : [])) };
}
