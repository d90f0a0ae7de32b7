import { redirect } from "react-router";
import { safeReturnTo } from "~/modules/account/schema";
import { cloudflareContext } from "~/context";
import { listEvents } from "~/modules/event/service.server";
import { revokeLive } from "~/modules/live/room.server";
import { closeSessionChannel } from "~/modules/notifications/live.server";
import { dbFrom, getViewer } from "~/utils/auth.server";
import { destroySession } from "~/utils/session.server";
import type { Route } from "./+types/logout";

// Sign out is a POST (no GET changes anything); the session row is deleted.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const db = dbFrom(context);
  const viewer = getViewer(context);
  const clear = await destroySession(db, request);
  // Issue 7: signing out closes this user's open sockets in every room they are in.
  if (viewer) {
    const { env } = context.get(cloudflareContext);
    const { mine, hired } = await listEvents(db, viewer.userId);
    await Promise.all([
      ...[...mine, ...hired].map((event) => revokeLive(env, event.id, { userId: viewer.userId })),
      // And this session's notification sockets (the user's other devices stay signed in).
      closeSessionChannel(env, viewer.userId, viewer.sessionHash),
    ]);
  }
  // An invitation opened under the wrong account signs out and comes back to sign in.
  return redirect(safeReturnTo(form.get("returnTo")), { headers: { "Set-Cookie": clear } });
}

export function loader() {
  return new Response("Sign out with the Sign Out button.", { status: 405, headers: { Allow: "POST" } });
}
