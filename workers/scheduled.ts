import { getDb } from "../app/utils/db.server";
import { runHousekeeping } from "../app/utils/housekeeping.server";

/** Cron (wrangler.toml [triggers]): housekeeping now; event reminders join it later. */
export async function handleScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const result = await runHousekeeping(getDb(env), env, new Date(controller.scheduledTime));
  console.log(`Housekeeping (${controller.cron})`, JSON.stringify(result));
}
