import { cloudflareContext } from "~/context";
import { passkeysRemovedMessage } from "~/modules/account/passkey-messages";
import { signOutOtherSessions } from "~/modules/account/service.server";
import { saved, signedIn } from "~/modules/account/settings-forms.server";
import { endLiveSessions } from "~/modules/notifications/live.server";
import { dbFrom } from "~/utils/auth.server";
import type { Route } from "./+types/settings.sign-out-others";

/** Settings → Devices → 'Sign out of all other devices'. */
export async function action({ request, context }: Route.ActionArgs) {
  await request.formData();
  const viewer = signedIn(context, request);
  const signedOut = await signOutOtherSessions(dbFrom(context), viewer.userId, viewer.sessionHash);
  await endLiveSessions(context.get(cloudflareContext).env, viewer.userId, signedOut.endedSessions);
  return saved(context, request, "Signed out of all other devices", passkeysRemovedMessage(signedOut.removedPasskeys));
}

export { SettingsPage as default } from "./settings-page";
