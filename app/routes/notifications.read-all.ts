import { redirect } from "react-router";
import { safeReturnTo } from "~/modules/account/schema";
import { markAllNotificationsRead } from "~/modules/notifications/service.server";
import { dbFrom, getViewer } from "~/utils/auth.server";
import type { Route } from "./+types/notifications.read-all";

/** 'Mark all read' in the notifications popover; back to the page it was pressed on. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = getViewer(context);
  if (!viewer) throw redirect("/auth");
  const form = await request.formData();
  await markAllNotificationsRead(dbFrom(context), viewer.userId);
  return redirect(safeReturnTo(form.get("returnTo")));
}

export function loader() {
  return new Response("Mark notifications read with the button in the header.", { status: 405, headers: { Allow: "POST" } });
}
