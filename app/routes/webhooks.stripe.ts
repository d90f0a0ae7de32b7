import { cloudflareContext } from "~/context";
import { applyStripeEvent } from "~/modules/billing/service.server";
import { stripeClient, stripeCrypto } from "~/modules/billing/stripe.server";
import { dbFrom } from "~/utils/auth.server";
import type { Route } from "./+types/webhooks.stripe";

// Stripe's events are a few kilobytes; a body far larger is not one of them.
const MAX_BODY_BYTES = 512 * 1024;

const text = (status: number, message: string, headers?: HeadersInit) =>
  new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...headers },
  });

/**
 * Issue 15 item 2: Stripe tells us a subscription changed. The signature over the raw
 * body is the only authentication (no session, no Origin: see app/utils/webhooks.ts); a
 * bad or stale one (older than Stripe's 5-minute tolerance) is refused with 400 and
 * changes nothing. Each event is applied once; a 500 makes Stripe deliver it again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return text(405, "Method Not Allowed", { Allow: "POST" });
  const { env } = context.get(cloudflareContext);
  const stripe = stripeClient(env);
  if (!stripe || !env.STRIPE_WEBHOOK_SECRET) return text(503, "Billing is not configured.");
  const mediaType = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "application/json") return text(415, "Unsupported Content-Type: Stripe sends application/json.");
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) return text(400, "Missing Stripe-Signature header.");
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) return text(413, "Payload too large.");
  const body = await request.text();
  if (body.length > MAX_BODY_BYTES) return text(413, "Payload too large.");

  let event;
  try {
    event = await stripe.webhooks.constructEventAsync(body, signature, env.STRIPE_WEBHOOK_SECRET, undefined, stripeCrypto);
  } catch {
    return text(400, "Webhook signature verification failed.");
  }
  try {
    const outcome = await applyStripeEvent(dbFrom(context), stripe, event);
    return Response.json({ received: true, outcome });
  } catch (error) {
    // Stripe (or D1) could not be reached: nothing was recorded, so the retry applies it.
    console.warn(`Stripe event ${event.id} (${event.type}) not applied yet:`, error instanceof Error ? error.message : error);
    return text(500, "Could not apply the event now; it will be retried.");
  }
}

export function loader() {
  return text(405, "Stripe posts its events here.", { Allow: "POST" });
}
