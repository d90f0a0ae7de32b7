import { redirect } from "react-router";
import { safeReturnTo } from "~/modules/account/schema";
import { dbFrom } from "~/utils/auth.server";
import { destroySession } from "~/utils/session.server";
import type { Route } from "./+types/logout";

// Sign out is a POST (no GET changes anything); the session row is deleted.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const clear = await destroySession(dbFrom(context), request);
  // An invitation opened under the wrong account signs out and comes back to sign in.
  return redirect(safeReturnTo(form.get("returnTo")), { headers: { "Set-Cookie": clear } });
}

export function loader() {
  return new Response("Sign out with the Sign Out button.", { status: 405, headers: { Allow: "POST" } });
}
