// Issue 15 item 2: provider webhooks are server-to-server posts with no Origin and a JSON
// body. They are the one kind of route exempt from the CSRF Origin check and the form
// check (workers/app.ts); each authenticates by its provider's signature instead.
export const WEBHOOK_PATH_PREFIX = "/webhooks/";

export const isWebhookPath = (pathname: string) => pathname.startsWith(WEBHOOK_PATH_PREFIX);
