import { cloudflareContext } from "~/context";
import { applyStripeEvent } from "~/modules/billing/service.server";
import { stripeClient, stripeCrypto } from "~/modules/billing/stripe.server";
import { dbFrom } from "~/utils/auth.server";
import { answerWebhook, webhookText } from "~/utils/webhooks";
import type { Route } from "./+types/webhooks.stripe";

// Stripe's events are a few kilobytes; a body far larger is not one of them.
const MAX_BODY_BYTES = 512 * 1024;


/**
 * Stripe tells us a subscription changed. The signature over the raw
 * body is the only authentication (no session, no Origin: see app/utils/webhooks.ts); a
 * bad or stale one (older than Stripe's 5-minute tolerance) is refused with 400 and
 * changes nothing. Each event is applied once; a 500 makes Stripe deliver it again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return webhookText(405, "Method Not Allowed", { Allow: "POST" });
  const { env } = context.get(cloudflareContext);
  const stripe = stripeClient(env);
  if (!stripe || !env.STRIPE_WEBHOOK_SECRET) return webhookText(503, "Billing is not configured.");
  const mediaType = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "application/json") return webhookText(415, "Unsupported Content-Type: Stripe sends application/json.");
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) return webhookText(400, "Missing Stripe-Signature header.");
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) return webhookText(413, "Payload too large.");
  const body = await request.text();
  if (body.length > MAX_BODY_BYTES) return webhookText(413, "Payload too large.");

  let event;
  try {
    event = await stripe.webhooks.constructEventAsync(body, signature, env.STRIPE_WEBHOOK_SECRET, undefined, stripeCrypto);
  } catch {
    return webhookText(400, "Webhook signature verification failed.");
  }
  return answerWebhook("Stripe", event, () => applyStripeEvent(dbFrom(context), stripe, event));
}

export function loader() {
  return webhookText(405, "Stripe posts its events here.", { Allow: "POST" });
}
