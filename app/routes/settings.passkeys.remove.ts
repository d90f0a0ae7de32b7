import { cloudflareContext } from "~/context";
import { removePasskey } from "~/modules/account/passkeys.server";
import { passkeyIdSchema, refuse, saved, signedIn } from "~/modules/account/settings-forms.server";
import { endLiveSessions } from "~/modules/notifications/live.server";
import { dbFrom } from "~/utils/auth.server";
import type { Route } from "./+types/settings.passkeys.remove";

/** Settings → Face ID / Touch ID → a passkey's Remove: it ends the sessions it opened, as a sign-out does. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const viewer = signedIn(context, request);
  const parsed = passkeyIdSchema().safeParse(formData.get("id"));
  const ended = parsed.success ? await removePasskey(dbFrom(context), viewer.userId, parsed.data) : null;
  if (!ended) return refuse("remove-passkey", parsed.success ? 404 : 400, "Error", "That passkey was already removed.");
  await endLiveSessions(context.get(cloudflareContext).env, viewer.userId, ended);
  return saved(context, request, "Passkey removed", "Face ID/Touch ID sign-in with it no longer works.");
}

export { SettingsPage as default } from "./settings-page";
