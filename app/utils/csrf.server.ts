import { isWebhookPath } from "./webhooks";

// CSRF (decision 002): every request that may change something must come
// from our own pages. One check for the whole app, in workers/app.ts, before routing.
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a non-GET request's Origin is ours. A page served with
 * `Referrer-Policy: no-referrer` makes Chromium send `Origin: null` on its own form
 * posts (Fetch standard), so `null` or a missing Origin is accepted only when the
 * browser also says the request is same-origin (Sec-Fetch-Site).
 */
export function isSameOriginRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const url = new URL(request.url);
  // Webhooks come from the provider's servers, not a page: their signature is the check.
  if (isWebhookPath(url.pathname)) return true;
  const expected = url.origin;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") return origin === expected;
  return request.headers.get("Sec-Fetch-Site") === "same-origin";
}

export function csrfRefusal(): Response {
  return new Response("Forbidden: this request did not come from Event Flow.", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * React Router refuses an action whose Origin is the string "null". Once our own
 * check accepted such a request (same-origin per Sec-Fetch-Site), pass it on with our
 * origin in its place.
 */
export function withOwnOrigin(request: Request): Request {
  if (request.headers.get("Origin") !== "null") return request;
  const headers = new Headers(request.headers);
  headers.set("Origin", new URL(request.url).origin);
  return new Request(request, { headers });
}
