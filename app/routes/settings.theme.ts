import { isTheme } from "~/modules/account/theme";
import { themeCookieHeader } from "~/modules/account/theme.server";
import { refuse, SETTINGS_PATH, signedIn } from "~/modules/account/settings-forms.server";
import { cloudflareContext } from "~/context";
import { closeDialogHref } from "~/modules/event/dialog-href";
import { newToast } from "~/utils/result";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/settings.theme";

/** Settings → Appearance → 'Theme': this device's choice, kept in a cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  signedIn(context, request);
  const theme = (await request.formData()).get("theme");
  if (!isTheme(theme)) return refuse("theme", 400, "Validation Error", "Please choose a theme");
  const { env } = context.get(cloudflareContext);
  throw await redirectWithToast(env, request, closeDialogHref(SETTINGS_PATH, new URL(request.url).searchParams), newToast("success", "Theme saved"), {
    headers: { "Set-Cookie": await themeCookieHeader(request, theme), "X-Remix-Replace": "true" },
  });
}

export { SettingsPage as default } from "./settings-page";
