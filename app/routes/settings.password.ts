import { parseWithZod } from "@conform-to/zod/v4";
import { cloudflareContext } from "~/context";
import { passkeysRemovedMessage } from "~/modules/account/passkey-messages";
import { ChangePasswordSchema } from "~/modules/account/schema";
import { changePassword } from "~/modules/account/service.server";
import { refuse, saved, signedIn } from "~/modules/account/settings-forms.server";
import { endLiveSessions } from "~/modules/notifications/live.server";
import { dbFrom } from "~/utils/auth.server";
import { invalid } from "~/utils/result";
import type { Route } from "./+types/settings.password";

/** Settings → Account → Change Password. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const viewer = signedIn(context, request);
  const intent = "change-password";
  const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
  const hide = { hideFields: ["currentPassword", "password", "confirmPassword"] };
  if (submission.status !== "success") return invalid({ intent }, submission.reply(hide));
  const changed = await changePassword(dbFrom(context), viewer.userId, viewer.sessionHash, submission.value.currentPassword, submission.value.password);
  if (!changed) {
    const result = submission.reply({ ...hide, fieldErrors: { currentPassword: ["Current password is incorrect"] } });
    return refuse(intent, 400, "Error", "Current password is incorrect", result);
  }
  await endLiveSessions(context.get(cloudflareContext).env, viewer.userId, changed.endedSessions);
  const removed = passkeysRemovedMessage(changed.removedPasskeys);
  return saved(context, request, "Password updated", `Your password has been successfully updated${removed ? `. ${removed}` : ""}`);
}

export { SettingsPage as default } from "./settings-page";
