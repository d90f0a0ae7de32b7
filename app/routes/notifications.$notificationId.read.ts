import { data, redirect } from "react-router";
import { notificationDestination } from "~/modules/notifications/destination";
import { markNotificationRead } from "~/modules/notifications/service.server";
import { dbFrom, getViewer } from "~/utils/auth.server";
import type { Route } from "./+types/notifications.$notificationId.read";

/**
 * docs/product/screens.md#header-and-notifications: clicking a notification marks it read and goes where it leads. Only the
 * viewer's own: any other id is a 404 and changes nothing.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const viewer = getViewer(context);
  if (!viewer) throw redirect("/auth");
  const marked = await markNotificationRead(dbFrom(context), viewer.userId, params.notificationId);
  if (!marked) throw data("Notification not found", { status: 404 });
  return redirect(notificationDestination(marked.data));
}

// Marking read changes data, so it is a POST (the header's forms); a GET changes nothing.
export function loader() {
  return new Response("Open notifications from the bell in the header.", { status: 405, headers: { Allow: "POST" } });
}
