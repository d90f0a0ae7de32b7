import { redirect } from "react-router";
import { authAction } from "~/modules/account/auth-action.server";
import { AuthScreen } from "~/modules/account/components/auth-screen";
import { safeReturnTo } from "~/modules/account/schema";
import { getViewer } from "~/utils/auth.server";
import type { Route } from "./+types/auth";

export function meta({ location }: Route.MetaArgs): Route.MetaDescriptors {
  const guest = new URLSearchParams(location.search).get("mode") === "guest";
  return [{ title: guest ? "Create Your Free Account | Event Flow" : "Sign in | Event Flow" }];
}

/** Spec §4: with a session, go to returnTo (if present) or home. */
export function loader({ request, context }: Route.LoaderArgs) {
  if (getViewer(context)) throw redirect(safeReturnTo(new URL(request.url).searchParams.get("returnTo")));
  return null;
}

export const action = authAction;

export default function AuthRoute({ actionData }: Route.ComponentProps) {
  return <AuthScreen actionData={actionData} />;
}
