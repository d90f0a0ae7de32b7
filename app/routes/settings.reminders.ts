import { parseWithZod } from "@conform-to/zod/v4";
import { NotificationPreferencesSchema } from "~/modules/account/schema";
import { saveNotificationPreferences } from "~/modules/account/service.server";
import { saved, signedIn } from "~/modules/account/settings-forms.server";
import { dbFrom } from "~/utils/auth.server";
import { invalid } from "~/utils/result";
import type { Route } from "./+types/settings.reminders";

/** Settings → Notifications → the reminder preferences. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const viewer = signedIn(context, request);
  const submission = parseWithZod(formData, { schema: NotificationPreferencesSchema });
  if (submission.status !== "success") return invalid({ intent: "notification-preferences" }, submission.reply());
  await saveNotificationPreferences(dbFrom(context), viewer.userId, submission.value);
  return saved(context, request, "Notification preferences saved");
}

export { SettingsPage as default } from "./settings-page";
