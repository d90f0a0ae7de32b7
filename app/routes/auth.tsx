import { redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { authAction } from "~/modules/account/auth-action.server";
import { AuthScreen } from "~/modules/account/components/auth-screen";
import { safeReturnTo } from "~/modules/account/schema";
import { getViewer } from "~/utils/auth.server";
import type { Route } from "./+types/auth";

export function meta({ location }: Route.MetaArgs): Route.MetaDescriptors {
  const guest = new URLSearchParams(location.search).get("mode") === "guest";
  return [{ title: guest ? "Create Your Free Account | Event Flow" : "Sign in | Event Flow" }];
}

/** docs/product/flows.md#sign-in-and-returnto: with a session, go to returnTo (if present) or home. */
export function loader({ request, context }: Route.LoaderArgs) {
  if (getViewer(context)) throw redirect(safeReturnTo(new URL(request.url).searchParams.get("returnTo")));
  return null;
}

export const action = authAction;

/**
 * After a sign-in that enrols a passkey (decision 011) the page stays until the
 * passkey is made; the loader would send the now signed-in visitor away first.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && typeof actionResult === "object" && "enrollPasskey" in actionResult) return false;
  return defaultShouldRevalidate;
}

export default function AuthRoute({ actionData }: Route.ComponentProps) {
  return <AuthScreen actionData={actionData} />;
}
