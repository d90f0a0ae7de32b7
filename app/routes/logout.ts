import { redirect } from "react-router";
import { safeReturnTo } from "~/modules/account/schema";
import { cloudflareContext } from "~/context";
import { endLiveSessions } from "~/modules/notifications/live.server";
import { dbFrom } from "~/utils/auth.server";
import { destroySession } from "~/modules/account/session.server";
import type { Route } from "./+types/logout";

// Sign out is a POST (no GET changes anything); the session row is deleted.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { clear, ended } = await destroySession(dbFrom(context), request);
  // The signed-out session's sockets close, in its rooms and its notification
  // channel; the user's other devices stay signed in and connected.
  if (ended) await endLiveSessions(context.get(cloudflareContext).env, ended.userId, [ended.tokenHash]);
  // An invitation opened under the wrong account signs out and comes back to sign in.
  // The device forgets the event pages it kept, also without JavaScript
  // (decision 010 'Offline reading' says what Chromium clears with "cache"; never
  // "storage", which would also unregister the service worker and its push).
  return redirect(safeReturnTo(form.get("returnTo")), { headers: { "Set-Cookie": clear, "Clear-Site-Data": '"cache"' } });
}

export function loader() {
  return new Response("Sign out with the Sign Out button.", { status: 405, headers: { Allow: "POST" } });
}
