import { refuse, saved, uuidOf } from "~/modules/account/settings-forms.server";
import { deleteOwnDevice } from "~/modules/notifications/push-devices.server";
import { dbFrom, getViewer } from "~/utils/auth.server";
import type { Route } from "./+types/settings.push.remove";

/** Settings → Notifications → a device's Remove. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = "push-remove-device";
  // docs/product/messages.md#auth 'Not authenticated', as the push switch answers.
  const viewer = getViewer(context);
  if (!viewer) return refuse(intent, 401, "Not authenticated");
  const id = uuidOf(formData);
  if (!id || !(await deleteOwnDevice(dbFrom(context), viewer.userId, { id }))) return refuse(intent, id ? 404 : 400, "Error", "That device is no longer subscribed.");
  return saved(context, request, "Device removed", "It will no longer get push notifications.");
}

export { SettingsPage as default } from "./settings-page";
