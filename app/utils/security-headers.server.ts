// Security headers on every response the Worker sends (decision 001).
// Static assets served straight from the assets binding get theirs from public/_headers.

type Options = {
  nonce: string;
  dev: boolean;
  /** Other origins our forms may lead to (Stripe's checkout and billing portal). */
  formTargets?: readonly string[];
};

export function contentSecurityPolicy({ nonce, dev, formTargets = [] }: Options) {
  // Vite's dev server injects inline scripts and an HMR WebSocket: allow them in dev only.
  const scriptSrc = dev ? "'self' 'unsafe-inline' 'unsafe-eval'" : `'self' 'nonce-${nonce}'`;
  const connectSrc = dev ? "'self' ws: wss:" : "'self'";
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    // Inline style attributes carry computed widths (progress bars); no inline scripts.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connectSrc}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // A form's redirect counts as its target: checkout and the billing portal post to us
    // and are answered with Stripe's address.
    `form-action ${["'self'", ...formTargets].join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

export function applySecurityHeaders(
  request: Request,
  response: Response,
  options: Options,
): Response {
  // A WebSocket upgrade's response cannot be copied; it carries no document anyway.
  if (response.status === 101) return response;
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  headers.set("Content-Security-Policy", contentSecurityPolicy(options));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  // Pages under capability URLs (reset links, invitations, client links) set
  // no-referrer themselves; never weaken what a route chose.
  if (!headers.has("Referrer-Policy")) {
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  }
  if (new URL(request.url).protocol === "https:") {
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
  return secured;
}

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
