import { z } from "~/utils/zod";
import { cloudflareContext } from "~/context";
import { applyRevenueCatEvent, authorizationMatches, type RevenueCatEnv } from "~/modules/billing/revenuecat.server";
import { dbFrom } from "~/utils/auth.server";
import { answerWebhook, webhookText } from "~/utils/webhooks";
import type { Route } from "./+types/webhooks.revenuecat";

// RevenueCat's events are small JSON documents; a body far larger is not one of them.
const MAX_BODY_BYTES = 64 * 1024;


// Only what we use is checked; RevenueCat sends many more fields (decision 012).
const Payload = z.object({
  event: z.object({
    id: z.string().min(1).max(200),
    type: z.string().min(1).max(100),
    app_user_id: z.string().nullish(),
    transferred_from: z.array(z.string()).nullish(),
    transferred_to: z.array(z.string()).nullish(),
  }),
});

/**
 * RevenueCat tells us an app user's purchases changed. The Authorization
 * header (the value set in RevenueCat's webhook settings, our REVENUECAT_WEBHOOK_AUTH) is
 * the only authentication (no session, no Origin: app/utils/webhooks.ts); anything else
 * is 401 and records nothing. The state itself is read from RevenueCat's REST API.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return webhookText(405, "Method Not Allowed", { Allow: "POST" });
  const { env } = context.get(cloudflareContext);
  const rc: RevenueCatEnv = env;
  if (!rc.REVENUECAT_WEBHOOK_AUTH || !rc.REVENUECAT_SECRET_KEY) return webhookText(503, "Store purchases are not configured.");
  if (!(await authorizationMatches(request.headers.get("Authorization"), rc.REVENUECAT_WEBHOOK_AUTH))) {
    return webhookText(401, "Unauthorized.");
  }
  const mediaType = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "application/json") return webhookText(415, "Unsupported Content-Type: RevenueCat sends application/json.");
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) return webhookText(413, "Payload too large.");
  const body = await request.text();
  if (body.length > MAX_BODY_BYTES) return webhookText(413, "Payload too large.");
  let parsed;
  try {
    parsed = Payload.safeParse(JSON.parse(body));
  } catch {
    return webhookText(400, "Malformed JSON.");
  }
  if (!parsed.success) return webhookText(400, "Not a RevenueCat event.");
  const event = parsed.data.event;
  return answerWebhook("RevenueCat", event, () => applyRevenueCatEvent(dbFrom(context), rc, event));
}

export function loader() {
  return webhookText(405, "RevenueCat posts its events here.", { Allow: "POST" });
}
