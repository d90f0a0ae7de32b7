// A fake RevenueCat at its HTTP boundary (decision 012), for the tests.
// REST v1: GET /v1/subscribers/{app_user_id} (Bearer secret key checked), answering the
// documented shape. Admin (/_fake/...): set a subscriber's state, and post a webhook event to
// the app with the configured Authorization header, as RevenueCat's webhook integration does.
import { createServer } from "node:http";

/** @typedef {import("node:http").ServerResponse} Res */
/** @typedef {import("node:http").IncomingMessage} Req */

/**
 * @param {{ port?: number; secretKey: string; webhookUrl?: string; webhookAuth?: string }} options
 */
export function startFakeRevenueCat({ port = 0, secretKey, webhookUrl, webhookAuth }) {
  /** @type {Map<string, { entitlements: Record<string, unknown>; subscriptions: Record<string, unknown> }>} */
  const subscribers = new Map();
  /** @param {Res} res @param {number} status @param {unknown} body */
  const json = (res, status, body) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  /** @param {Req} req @returns {Promise<any>} */
  const readBody = (req) =>
    new Promise((resolve) => {
      let data = "";
      req.on("data", (/** @type {Buffer} */ chunk) => (data += chunk));
      req.on("end", () => resolve(data ? JSON.parse(data) : {}));
    });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    try {
      const rest = url.pathname.match(/^\/v1\/subscribers\/([^/]+)$/);
      if (rest && req.method === "GET") {
        if (req.headers.authorization !== `Bearer ${secretKey}`) return json(res, 401, { code: 7225, message: "Invalid API key." });
        const id = decodeURIComponent(String(rest[1]));
        const state = subscribers.get(id) ?? { entitlements: {}, subscriptions: {} };
        const now = new Date().toISOString();
        return json(res, 200, {
          request_date: now,
          request_date_ms: Date.now(),
          subscriber: {
            original_app_user_id: id,
            first_seen: now,
            management_url: null,
            non_subscriptions: {},
            other_purchases: {},
            entitlements: state.entitlements,
            subscriptions: state.subscriptions,
          },
        });
      }
      // Sets an app user's entitlement: { product, expiresDate (ISO or null), store, periodType,
      // unsubscribeDetectedAt, billingIssuesDetectedAt, sandbox (default true: what a test purchase is) }, or { none: true } for no entitlement.
      const set = url.pathname.match(/^\/_fake\/subscribers\/([^/]+)$/);
      if (set && req.method === "POST") {
        const id = decodeURIComponent(String(set[1]));
        const body = await readBody(req);
        if (body.none) {
          subscribers.set(id, { entitlements: {}, subscriptions: {} });
          return json(res, 200, { ok: true });
        }
        const product = body.product ?? "pro_monthly";
        const purchaseDate = body.purchaseDate ?? new Date().toISOString();
        subscribers.set(id, {
          entitlements: {
            [body.entitlement ?? "pro"]: { expires_date: body.expiresDate ?? null, product_identifier: product, purchase_date: purchaseDate },
          },
          subscriptions: {
            [product]: {
              store: body.store ?? "app_store",
              period_type: body.periodType ?? "normal",
              purchase_date: purchaseDate,
              original_purchase_date: purchaseDate,
              expires_date: body.expiresDate ?? null,
              is_sandbox: body.sandbox ?? true,
              unsubscribe_detected_at: body.unsubscribeDetectedAt ?? null,
              billing_issues_detected_at: body.billingIssuesDetectedAt ?? null,
              ownership_type: "PURCHASED",
            },
          },
        });
        return json(res, 200, { ok: true });
      }
      // Posts { event: { type, app_user_id, ... } } to the app as RevenueCat does (an id is added
      // when missing), to `url` / with `authorization` when given, else the configured ones.
      if (url.pathname === "/_fake/webhook" && req.method === "POST") {
        const body = await readBody(req);
        const authorization = body.authorization ?? webhookAuth;
        const response = await fetch(body.url ?? webhookUrl, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...(authorization ? { Authorization: authorization } : {}) },
          body: JSON.stringify({ api_version: "1.0", event: { id: crypto.randomUUID(), event_timestamp_ms: Date.now(), ...body.event } }),
        });
        return json(res, 200, { status: response.status, body: await response.text() });
      }
      json(res, 404, { message: "Not found" });
    } catch (error) {
      json(res, 500, { message: String(error) });
    }
  });
  /** @type {Promise<{ url: string; close: () => Promise<undefined> }>} */
  const started = new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const address = /** @type {import("node:net").AddressInfo} */ (server.address());
      resolve({ url: `http://127.0.0.1:${address.port}`, close: () => new Promise((done) => server.close(() => done(undefined))) });
    });
  });
  return started;
}
