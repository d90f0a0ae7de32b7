import { runReminders } from "../app/modules/notifications/reminders.server";
import { getDb } from "../app/utils/db.server";
import { runHousekeeping } from "../app/utils/housekeeping.server";

/**
 * Cron (wrangler.toml [triggers], every 15 minutes): housekeeping and event reminders
 * (decision 009). Each runs whatever the other does: a failure of one is reported
 * (the run fails, so it shows in the cron's log) only after both have run.
 */
export async function handleScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const db = getDb(env);
  const now = new Date(controller.scheduledTime);
  const [housekeeping, reminders] = await Promise.allSettled([runHousekeeping(db, env, now), runReminders(db, env, now)]);
  if (housekeeping.status === "fulfilled") console.log(`Housekeeping (${controller.cron})`, JSON.stringify(housekeeping.value));
  if (reminders.status === "fulfilled") console.log(`Reminders (${controller.cron})`, JSON.stringify(reminders.value));
  const failed = [housekeeping, reminders].filter((result) => result.status === "rejected");
  if (failed.length > 0) throw new AggregateError(failed.map((result) => result.reason), "The cron run failed in part");
}
