import { parseWithZod } from "@conform-to/zod/v4";
import { BusinessInfoSchema } from "~/modules/account/schema";
import { updateBusinessInfo } from "~/modules/account/service.server";
import { refuse, saved, signedIn } from "~/modules/account/settings-forms.server";
import { dbFrom } from "~/utils/auth.server";
import type { AuditEntry } from "~/utils/audit-log";
import { invalid } from "~/utils/result";
import { hourCycleOfLocale, localeOfRequest } from "~/modules/timeline/span";
import type { Route } from "./+types/settings.business";

/** Settings → Business Info. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const viewer = signedIn(context, request);
  const intent = "business-info";
  const submission = parseWithZod(formData, { schema: BusinessInfoSchema });
  if (submission.status !== "success") return invalid({ intent }, submission.reply());
  // 'Automatic' follows this browser's locale: what is sent without a browser (e-mails, reminders) uses it too.
  const autoHourCycle = hourCycleOfLocale(localeOfRequest(request));
  if (!(await updateBusinessInfo(dbFrom(context), viewer.userId, { ...submission.value, autoHourCycle }))) return refuse(intent, 404, "Failed to update business information");
  const audit: AuditEntry = {
    timestamp: new Date().toISOString(),
    userId: viewer.userId,
    userEmail: viewer.email,
    action: "profile_updated",
    eventId: null,
    details: `Business info: ${submission.value.businessName}`,
  };
  return saved(context, request, "Business information updated", undefined, { audit });
}

export { SettingsPage as default } from "./settings-page";
