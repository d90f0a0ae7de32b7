import { refuse, saved, unknownAction } from "~/modules/account/settings-forms.server";
import { deviceLabel } from "~/modules/notifications/device-label";
import { deleteOwnDevice, endpointFromForm, NOT_A_SUBSCRIPTION, subscribeDevice, subscriptionFromForm } from "~/modules/notifications/push-devices.server";
import { dbFrom, getViewer } from "~/utils/auth.server";
import type { Route } from "./+types/settings.push";

/** Settings → Notifications → the push switch: this browser's subscription, on (push-subscribe) or off (push-unsubscribe). */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent !== "push-subscribe" && intent !== "push-unsubscribe") return unknownAction();
  // docs/product/messages.md#auth 'Not authenticated': the switch posts in the background, where a
  // redirect to sign in would go unseen.
  const viewer = getViewer(context);
  if (!viewer) return refuse(intent, 401, "Not authenticated");
  const db = dbFrom(context);
  if (intent === "push-unsubscribe") {
    const endpoint = endpointFromForm(formData.get("endpoint"));
    if (!endpoint || !(await deleteOwnDevice(db, viewer.userId, { endpoint }))) return refuse(intent, endpoint ? 404 : 400, "Failed to disable notifications", "This device is not subscribed.");
    return saved(context, request, "Notifications disabled", "This device will no longer get push notifications.");
  }
  const parsed = subscriptionFromForm(formData.get("subscription"));
  // The endpoint this browser held before, when its subscription was replaced.
  const replacesField = formData.get("replaces");
  const replaces = replacesField === null || replacesField === "" ? null : endpointFromForm(replacesField);
  if ("problem" in parsed || (replacesField && !replaces)) {
    return refuse(intent, 400, "Failed to enable notifications", "problem" in parsed ? parsed.problem : NOT_A_SUBSCRIPTION);
  }
  const outcome = await subscribeDevice(db, viewer, parsed.subscription, deviceLabel(request.headers.get("User-Agent")), replaces);
  if (outcome === "taken") return refuse(intent, 409, "Failed to enable notifications", "This browser's subscription belongs to another account.");
  return saved(context, request, "Notifications enabled", "This device will get push notifications.");
}

export { SettingsPage as default } from "./settings-page";
