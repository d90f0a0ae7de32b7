import { cloudflareContext } from "~/context";
import { removeDeviceSignIn } from "~/modules/account/device-sign-ins.server";
import { deviceSignInId, refuse, saved, signedIn } from "~/modules/account/settings-forms.server";
import { endLiveSessions } from "~/modules/notifications/live.server";
import { dbFrom } from "~/utils/auth.server";
import type { Route } from "./+types/settings.apps.remove";

/**
 * Settings → Face ID / Touch ID → an app's Remove (decision 013: the native app's sign-in
 * on one phone): it ends the sessions it opened, as removing a passkey does.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const viewer = signedIn(context, request);
  const id = deviceSignInId(formData);
  const ended = id ? await removeDeviceSignIn(dbFrom(context), viewer.userId, id) : null;
  if (!ended) return refuse("remove-device-sign-in", id ? 404 : 400, "Error", "That app was already removed.");
  await endLiveSessions(context.get(cloudflareContext).env, viewer.userId, ended);
  return saved(context, request, "App removed", "Face ID/Touch ID sign-in on that phone no longer works.");
}

export { SettingsPage as default } from "./settings-page";
