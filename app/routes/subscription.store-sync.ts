import { redirect } from "react-router";
import { cloudflareContext } from "~/context";
import { hasActivePro } from "~/modules/billing/entitlement";
import { AUTH_ERROR, STORE_SYNC_FAILED } from "~/modules/billing/messages";
import { syncStoreSubscription, type RevenueCatEnv } from "~/modules/billing/revenuecat.server";
import { dbFrom, getViewer } from "~/utils/auth.server";
import { consume, LIMITS, TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import type { Route } from "./+types/subscription.store-sync";

/**
 * Right after a purchase or restore in the native shell, it posts here so
 * the signed-in user's Pro does not wait for RevenueCat's webhook. The state is read from
 * RevenueCat (never the app's word) and answered as JSON; the app user id is the session's.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
  const viewer = getViewer(context);
  if (!viewer) return Response.json({ error: AUTH_ERROR }, { status: 401 });
  const { env } = context.get(cloudflareContext);
  const rc: RevenueCatEnv = env;
  const db = dbFrom(context);
  if (await consume(db, [[LIMITS.storeSyncs, viewer.userId]])) return Response.json({ error: TOO_MANY_ATTEMPTS }, { status: 429 });
  if (!rc.REVENUECAT_SECRET_KEY) return Response.json({ error: STORE_SYNC_FAILED }, { status: 503 });
  try {
    const store = await syncStoreSubscription(db, rc, viewer.userId);
    const storeEntitlementExpiresAt = store?.storeEntitlementExpiresAt ?? null;
    return Response.json({
      pro: hasActivePro({ ...viewer, storeEntitlementExpiresAt }),
      store: store ?? null,
    });
  } catch (error) {
    console.warn("Store subscription sync failed:", error instanceof Error ? error.message : error);
    return Response.json({ error: STORE_SYNC_FAILED }, { status: 502 });
  }
}

export function loader() {
  return redirect("/settings?tab=subscription");
}
