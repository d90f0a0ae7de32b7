import { redirect } from "react-router";
import { cloudflareContext } from "~/context";
import { PORTAL_FAILED } from "~/modules/billing/messages";
import { createPortalSession } from "~/modules/billing/service.server";
import { stripeClient } from "~/modules/billing/stripe.server";
import { dbFrom, getViewer } from "~/utils/auth.server";
import { consume, LIMITS, TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/billing.portal";
import { newToast } from "~/utils/result";

const SETTINGS = "/settings?tab=subscription";
const AUTH_ERROR = "Authentication error. Please sign in again.";

/**
 * Settings → Subscription's button (docs/product/screens.md#subscription-tab, docs/product/subscription.md#web-stripe): a Stripe billing-portal
 * session for the signed-in user's own customer, opened in a new tab. The form posts
 * here with target=_blank and gets a redirect; the page's script asks for JSON instead
 * (`Accept: application/json`) so a failure shows its toast where the button was.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const json = (request.headers.get("Accept") ?? "").includes("application/json");
  const { env } = context.get(cloudflareContext);
  const viewer = getViewer(context);
  if (!viewer) {
    return json ? Response.json({ error: AUTH_ERROR }, { status: 401 }) : redirect(`/auth?returnTo=${encodeURIComponent(SETTINGS)}`);
  }
  const fail = async (status: number, description?: string) =>
    json
      ? Response.json({ error: PORTAL_FAILED, ...(description ? { description } : {}) }, { status })
      : redirectWithToast(env, request, SETTINGS, newToast("error", PORTAL_FAILED, description));
  const db = dbFrom(context);
  if (await consume(db, [[LIMITS.billingSessions, viewer.userId]])) return fail(429, TOO_MANY_ATTEMPTS);
  const stripe = stripeClient(env);
  if (!stripe) return fail(503);
  try {
    const url = await createPortalSession(db, stripe, {
      user: viewer,
      origin: new URL(request.url).origin,
    });
    if (!url) return fail(404);
    return json ? Response.json({ url }) : redirect(url, 303);
  } catch (error) {
    console.warn("Billing portal session failed:", error instanceof Error ? error.message : error);
    return fail(502);
  }
}

export function loader() {
  return redirect(SETTINGS);
}
