// Provider webhooks are server-to-server posts with no Origin and a JSON
// body. They are the one kind of route exempt from the CSRF Origin check and the form
// check (workers/app.ts); each authenticates by its provider's signature instead.
export const WEBHOOK_PATH_PREFIX = "/webhooks/";

export const isWebhookPath = (pathname: string) => pathname.startsWith(WEBHOOK_PATH_PREFIX);

/** A webhook's plain-text answer (providers log it; no page reads it). */
export const webhookText = (status: number, message: string, headers?: HeadersInit) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });

/**
 * Applies a provider's verified event and answers it: its outcome (applied, duplicate,
 * ignored), or 500 when the provider or D1 could not be reached: nothing was recorded
 * then, so the provider's retry applies it.
 */
export async function answerWebhook(provider: string, event: { id: string; type: string }, apply: () => Promise<string>) {
  try {
    return Response.json({ received: true, outcome: await apply() });
  } catch (error) {
    console.warn(`${provider} event ${event.id} (${event.type}) not applied yet:`, error instanceof Error ? error.message : error);
    return webhookText(500, "Could not apply the event now; it will be retried.");
  }
}
