// A fake Stripe at its HTTP boundary (docs/conventions.md#9-fakes-not-mocks-of-our-own-code: fakes,
// not mocks). The real `stripe` SDK, pointed here with its host/port/protocol options,
// talks to this server exactly as to api.stripe.com, so the app's billing code runs
// unchanged in `npm run dev` and in every test. It also serves a hosted checkout page
// and a billing portal of its own, and sends signed webhooks with retries as Stripe does.
//
// Library:  import { startFakeStripe } from "./tests/fakes/stripe-server.mjs"
// CLI:      node tests/fakes/stripe-server.mjs   (env names at the bottom of this file)
//
// Node built-ins only: it runs from plain Node scripts as well as from vitest.
import { createHmac, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { renderCheckoutPage, renderMessagePage, renderPortalPage } from "./stripe-pages.mjs";

/** The API version of the installed SDK (stripe@23): object shapes follow it. */
export const API_VERSION = "2026-10-28.endive";
const MERCHANT_NAME = "Event Flow";
const PRODUCT_ID = "prod_event_flow_pro";
const DAY = 24 * 60 * 60;
// Stripe's test cards that the fake understands (https://docs.stripe.com/testing).
const DECLINED_CARD = "4000000000000002";
const LATER_PAYMENTS_FAIL_CARD = "4000000000000341";

/**
 * A Stripe API object as JSON. Stripe's shapes are wide and the SDK's types describe
 * them; the fake keeps them as plain records.
 * @typedef {Record<string, any>} StripeObject
 */
/** @typedef {{ id: string, unitAmount: number, interval: "day" | "week" | "month" | "year" }} PriceConfig */
/** @typedef {{ at: number, status: number | "network error" }} Delivery */
/** @typedef {{ id: string, type: string, payload: string, signature: string, deliveries: Delivery[] }} RecordedEvent */
/**
 * @typedef {{
 *   port?: number,
 *   host?: string,
 *   secretKey: string,
 *   webhookSecret: string,
 *   webhookUrl?: string,
 *   prices: PriceConfig[],
 *   retryDelaysMs?: number[],
 *   log?: boolean,
 * }} FakeStripeOptions
 */
/** @typedef {{ url: string, port: number, close(): Promise<void> }} FakeStripe */

/** An error answered in Stripe's shape: `{ error: { type, message, param?, code? } }`. */
class StripeApiError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   * @param {{ param?: string, code?: string, type?: string }} [details]
   */
  constructor(status, message, details = {}) {
    super(message);
    this.status = status;
    this.details = details;
  }
}

/** @param {number} status @param {string} message @param {{ param?: string, code?: string, type?: string }} [details] */
const fail = (status, message, details) => {
  throw new StripeApiError(status, message, details);
};

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe-looking ids: a prefix and 24 random alphanumerics. @param {string} prefix */
function makeId(prefix) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = randomBytes(24);
  let suffix = "";
  for (const byte of bytes) suffix += alphabet[byte % alphabet.length];
  return `${prefix}${suffix}`;
}

/** A copy taken when an event is emitted, so later changes do not rewrite history. @param {StripeObject} object */
const snapshot = (object) => /** @type {StripeObject} */ (JSON.parse(JSON.stringify(object)));

/**
 * One interval later, on the calendar (a month from Jan 31 is the last day of February,
 * as Stripe bills).
 * @param {number} from unix seconds
 * @param {string} interval
 */
function addInterval(from, interval) {
  if (interval === "day") return from + DAY;
  if (interval === "week") return from + 7 * DAY;
  const date = new Date(from * 1000);
  const day = date.getUTCDate();
  if (interval === "year") date.setUTCFullYear(date.getUTCFullYear() + 1, date.getUTCMonth(), 1);
  else date.setUTCMonth(date.getUTCMonth() + 1, 1);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}

/**
 * Parses Stripe's form encoding (the SDK's `qs` bracket notation: `line_items[0][price]`,
 * `metadata[user_id]`, `expand[0]`, also `expand[]`) into nested records and arrays.
 * @param {URLSearchParams} params
 * @returns {StripeObject}
 */
export function parseStripeParams(params) {
  /** @type {StripeObject} */
  const root = {};
  for (const [name, value] of params) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    if (!match) continue;
    const keys = [/** @type {string} */ (match[1])];
    for (const bracket of (match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)) keys.push(bracket[1] ?? "");
    /** @type {any} */
    let container = root;
    keys.forEach((key, index) => {
      const last = index === keys.length - 1;
      const nextKey = keys[index + 1];
      const child = () => (nextKey === "" || /^\d+$/.test(nextKey ?? "") ? [] : {});
      if (Array.isArray(container) && key === "") {
        if (last) container.push(value);
        else container = container[container.push(child()) - 1];
        return;
      }
      if (last) container[key] = value;
      else container = container[key] ??= child();
    });
  }
  return root;
}

/** @param {unknown} value @returns {string[]} */
const asList = (value) => (Array.isArray(value) ? value.map(String) : value == null ? [] : Object.values(/** @type {object} */ (value)).map(String));

/** @param {unknown} value */
function parseBoolean(value, param = "") {
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  return fail(400, `Invalid boolean: ${String(value)}`, { param });
}

/** @param {unknown} value @param {string} param */
function parseMetadata(value, param) {
  if (value == null || value === "") return {};
  if (typeof value !== "object" || Array.isArray(value)) return fail(400, "Invalid object", { param });
  /** @type {Record<string, string>} */
  const metadata = {};
  for (const [key, entry] of Object.entries(value)) if (entry !== "") metadata[key] = String(entry);
  return metadata;
}

/** @param {import("node:http").IncomingMessage} request */
async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(/** @type {Buffer} */ (chunk));
  return Buffer.concat(chunks).toString("utf8");
}

/** @param {string} webhookSecret @param {string} payload @param {number} timestamp */
function signPayload(webhookSecret, payload, timestamp) {
  const signature = createHmac("sha256", webhookSecret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/**
 * Starts the fake. Requests to `/v1/…` must carry `Authorization: Bearer <secretKey>`.
 * Besides Stripe's API it serves the hosted pages `/checkout/:id` and `/billing/:id`, and
 * an admin API for tests (JSON, no auth): GET /_fake/events,
 * POST /_fake/checkout/:id/complete {card?}, POST /_fake/subscriptions/:id/end-period,
 * POST /_fake/subscriptions/:id/fail-next-payment, POST /_fake/events/:id/resend,
 * POST /_fake/customers/:id/outage (every API request about that customer answers 500, as
 * Stripe does in an incident, so a test sees our answer to an outage without stopping
 * the fake every other test shares).
 * @param {FakeStripeOptions} options
 * @returns {Promise<FakeStripe>}
 */
export async function startFakeStripe({
  port = 0,
  host = "127.0.0.1",
  secretKey,
  webhookSecret,
  webhookUrl,
  prices,
  retryDelaysMs = [1000, 2000, 4000, 8000, 16000],
  log = false,
}) {
  if (!secretKey) throw new Error("startFakeStripe: secretKey is required");
  if (!webhookSecret) throw new Error("startFakeStripe: webhookSecret is required");
  /** @param {string} line */
  const logLine = (line) => {
    if (log) console.log(`[fake-stripe] ${line}`);
  };

  const startedAt = nowSeconds();
  /** @type {Map<string, StripeObject>} */
  const priceObjects = new Map(
    prices.map((price) => [
      price.id,
      {
        id: price.id,
        object: "price",
        active: true,
        billing_scheme: "per_unit",
        created: startedAt,
        currency: "usd",
        custom_unit_amount: null,
        livemode: false,
        lookup_key: null,
        metadata: {},
        nickname: null,
        product: PRODUCT_ID,
        recurring: { interval: price.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: "licensed" },
        tax_behavior: "unspecified",
        tiers_mode: null,
        transform_quantity: null,
        type: "recurring",
        unit_amount: price.unitAmount,
        unit_amount_decimal: String(price.unitAmount),
      },
    ]),
  );
  /** @type {Map<string, StripeObject>} */ const customers = new Map();
  /** @type {Map<string, StripeObject>} */ const checkoutSessions = new Map();
  /** @type {Map<string, StripeObject>} */ const portalSessions = new Map();
  /** @type {Map<string, StripeObject>} */ const subscriptions = new Map();
  /** @type {Map<string, StripeObject>} */ const invoices = new Map();
  // Test-clock state that Stripe keeps on the payment method, not on the API objects.
  /** @type {Set<string>} customers whose later payments fail (card …0341) */ const failingCustomers = new Set();
  /** @type {Set<string>} subscriptions whose next renewal fails once */ const failNextPayment = new Set();
  /** @type {Map<string, { body: string, status: number, response: string }>} */ const idempotentResponses = new Map();
  /** @type {RecordedEvent[]} */ const events = [];

  let baseUrl = "";

  // ---- Webhook deliveries --------------------------------------------------------------
  // One at a time in emission order, off the request path (the API answers first), with
  // retries after retryDelaysMs (decision 008).
  /** @type {RecordedEvent[]} */ const deliveryQueue = [];
  let delivering = false;
  let closed = false;
  /** @type {Set<() => void>} */ const wakeSleepers = new Set();
  const closeController = new AbortController();

  /** @param {number} ms */
  const sleep = (ms) =>
    new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakeSleepers.delete(wake);
        resolve(undefined);
      };
      const timer = setTimeout(wake, ms);
      wakeSleepers.add(wake);
    });

  /** @param {RecordedEvent} event @returns {Promise<boolean>} delivered */
  async function attemptDelivery(event) {
    if (!webhookUrl) return true;
    const signature = signPayload(webhookSecret, event.payload, nowSeconds());
    event.signature = signature;
    /** @type {Delivery} */
    const delivery = { at: Date.now(), status: "network error" };
    try {
      const response = await fetch(webhookUrl, {
        method: "POST",
        body: event.payload,
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "Stripe-Signature": signature,
        },
        signal: AbortSignal.any([closeController.signal, AbortSignal.timeout(30_000)]),
        redirect: "manual",
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.status = response.status;
    } catch {
      delivery.status = "network error";
    }
    if (closed) return true;
    event.deliveries.push(delivery);
    logLine(`webhook ${event.type} ${event.id} → ${delivery.status}`);
    return typeof delivery.status === "number" && delivery.status >= 200 && delivery.status < 300;
  }

  async function drainDeliveries() {
    if (delivering) return;
    delivering = true;
    try {
      while (!closed && deliveryQueue.length > 0) {
        const event = /** @type {RecordedEvent} */ (deliveryQueue.shift());
        if (await attemptDelivery(event)) continue;
        for (const delay of retryDelaysMs) {
          await sleep(delay);
          if (closed || (await attemptDelivery(event))) break;
        }
      }
    } finally {
      delivering = false;
    }
  }

  /** @param {RecordedEvent} event */
  function enqueueDelivery(event) {
    if (!webhookUrl || closed) return;
    deliveryQueue.push(event);
    void drainDeliveries();
  }

  /**
   * Records an event with a snapshot of the object as it is now, and queues its delivery.
   * @param {string} type
   * @param {StripeObject} object
   * @param {StripeObject} [previousAttributes]
   */
  function emit(type, object, previousAttributes) {
    const event = {
      id: makeId("evt_"),
      object: "event",
      api_version: API_VERSION,
      created: nowSeconds(),
      data: previousAttributes ? { object: snapshot(object), previous_attributes: previousAttributes } : { object: snapshot(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    // Stripe sends pretty-printed JSON: an app that re-serialises before verifying fails here as it would in production.
    const payload = JSON.stringify(event, null, 2);
    // Signed at emission too, so a test without a webhookUrl (the app inside workerd) can
    // POST the recorded payload and signature itself; each delivery attempt re-signs.
    /** @type {RecordedEvent} */
    const recorded = { id: event.id, type, payload, signature: signPayload(webhookSecret, payload, nowSeconds()), deliveries: [] };
    events.push(recorded);
    logLine(`event ${type} ${event.id}`);
    enqueueDelivery(recorded);
  }

  /**
   * The top-level attributes that changed, with their old values (Stripe's previous_attributes).
   * @param {StripeObject} before @param {StripeObject} after
   */
  function changedAttributes(before, after) {
    /** @type {StripeObject} */
    const previous = {};
    for (const key of Object.keys(after)) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key] ?? null;
    }
    return previous;
  }

  // ---- Lookups and expansion -----------------------------------------------------------
  /** @param {Map<string, StripeObject>} store @param {string} id @param {string} kind */
  function mustFind(store, id, kind, { status = 404, param = "id" } = {}) {
    const found = store.get(id);
    if (!found) return fail(status, `No such ${kind}: '${id}'`, { param, code: "resource_missing" });
    return found;
  }

  /** @param {string} id */
  function objectById(id) {
    if (id.startsWith("cus_")) return customers.get(id);
    if (id.startsWith("sub_")) return subscriptions.get(id);
    if (id.startsWith("in_")) return invoices.get(id);
    if (id.startsWith("cs_")) return checkoutSessions.get(id);
    // Price ids are configurable (STRIPE_PRICE_MONTHLY …), so they have no fixed prefix.
    return priceObjects.get(id);
  }

  /**
   * Applies `expand[]` paths (`subscription`, `subscription.latest_invoice`, `data.customer`)
   * to a copy of the object, as Stripe does.
   * @param {StripeObject} object @param {unknown} expandParam
   */
  function expand(object, expandParam) {
    const result = snapshot(object);
    for (const path of asList(expandParam)) {
      /** @param {any} target @param {string[]} keys */
      const walk = (target, keys) => {
        if (!target || typeof target !== "object" || keys.length === 0) return;
        const [key, ...rest] = /** @type {[string, ...string[]]} */ (keys);
        if (Array.isArray(target[key])) {
          for (const item of target[key]) walk(item, rest);
          return;
        }
        if (typeof target[key] === "string") {
          const found = objectById(target[key]);
          if (found) target[key] = found === checkoutSessions.get(target[key]) ? publicSession(found) : snapshot(found);
        }
        walk(target[key], rest);
      };
      walk(result, path.split("."));
    }
    return result;
  }

  // ---- Billing: the work behind checkout, the portal and the test clock ----------------
  /** @param {StripeObject} subscription */
  const itemOf = (subscription) => /** @type {StripeObject} */ (subscription.items.data[0]);

  /**
   * @param {StripeObject} subscription
   * @param {{ amount: number, paid: boolean, billingReason: string, periodStart: number, periodEnd: number }} invoice
   */
  function createInvoice(subscription, { amount, paid, billingReason, periodStart, periodEnd }) {
    const created = nowSeconds();
    const price = itemOf(subscription).price;
    const invoice = {
      id: makeId("in_"),
      object: "invoice",
      account_country: "US",
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: 1,
      attempted: true,
      billing_reason: billingReason,
      collection_method: "charge_automatically",
      created,
      currency: "usd",
      customer: subscription.customer,
      customer_email: customers.get(subscription.customer)?.email ?? null,
      lines: {
        object: "list",
        data: [
          {
            id: makeId("il_"),
            object: "line_item",
            amount,
            currency: "usd",
            description: `1 × Event Flow Pro (at ${(price.unit_amount / 100).toFixed(2)} / ${price.recurring.interval})`,
            period: { start: periodStart, end: periodEnd },
            quantity: 1,
          },
        ],
        has_more: false,
        url: "/v1/invoices/lines",
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: paid ? null : created + DAY,
      paid_out_of_band: false,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { metadata: snapshot(subscription.metadata), subscription: subscription.id },
      },
      // Stripe's invoice period is the usage period before it, empty for subscription invoices billed in advance.
      period_end: periodStart,
      period_start: periodStart,
      status: paid ? "paid" : "open",
      status_transitions: { finalized_at: created, paid_at: paid ? created : null, marked_uncollectible_at: null, voided_at: null },
      subtotal: amount,
      total: amount,
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  /**
   * "Pays" a checkout session: the hosted page's form and the admin call share this.
   * @param {string} sessionId @param {string | undefined} cardInput
   */
  function completeCheckout(sessionId, cardInput) {
    const session = mustFind(checkoutSessions, sessionId, "checkout session");
    expireIfDue(session);
    if (session.status !== "open") return fail(400, `This Checkout Session is ${session.status}.`, { param: "id", code: "checkout_session_not_open" });
    const card = (cardInput ?? "4242424242424242").replace(/[\s-]/g, "");
    if (card === DECLINED_CARD) return fail(402, "Your card was declined.", { type: "card_error", code: "card_declined" });

    const price = /** @type {StripeObject} */ (priceObjects.get(session._price));
    const interval = price.recurring.interval;
    const now = nowSeconds();
    const trialDays = session._trialDays;
    const periodEnd = trialDays ? now + trialDays * DAY : addInterval(now, interval);
    /** @type {StripeObject} */
    const subscription = {
      id: makeId("sub_"),
      object: "subscription",
      billing_cycle_anchor: periodEnd,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: "charge_automatically",
      created: now,
      currency: "usd",
      customer: session.customer,
      ended_at: null,
      items: {
        object: "list",
        data: [
          {
            id: makeId("si_"),
            object: "subscription_item",
            created: now,
            current_period_end: periodEnd,
            current_period_start: now,
            metadata: {},
            price: snapshot(price),
            quantity: 1,
            subscription: "",
          },
        ],
        has_more: false,
        url: "",
      },
      latest_invoice: null,
      livemode: false,
      metadata: snapshot(session._subscriptionMetadata),
      start_date: now,
      status: trialDays ? "trialing" : "active",
      trial_end: trialDays ? periodEnd : null,
      trial_start: trialDays ? now : null,
    };
    itemOf(subscription).subscription = subscription.id;
    subscription.items.url = `/v1/subscription_items?subscription=${subscription.id}`;
    subscriptions.set(subscription.id, subscription);
    const invoice = createInvoice(subscription, {
      amount: trialDays ? 0 : price.unit_amount,
      paid: true,
      billingReason: "subscription_create",
      periodStart: now,
      periodEnd,
    });
    subscription.latest_invoice = invoice.id;
    if (card === LATER_PAYMENTS_FAIL_CARD) failingCustomers.add(session.customer);

    session.status = "complete";
    session.payment_status = trialDays ? "no_payment_required" : "paid";
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    session.amount_total = trialDays ? 0 : price.unit_amount;

    emit("customer.subscription.created", subscription);
    emit("checkout.session.completed", publicSession(session));
    emit("invoice.paid", invoice);
    const redirect = String(session.success_url).replaceAll("{CHECKOUT_SESSION_ID}", session.id);
    return { session: publicSession(session), subscription: snapshot(subscription), redirect };
  }

  /**
   * Stripe's test clock, narrowed to what the app needs: the current period ends now.
   * @param {string} subscriptionId
   */
  function endCurrentPeriod(subscriptionId) {
    const subscription = mustFind(subscriptions, subscriptionId, "subscription");
    if (subscription.status === "canceled") return fail(400, "This subscription is canceled; its period cannot end again.", { param: "id" });
    const before = snapshot(subscription);
    const item = itemOf(subscription);
    const now = nowSeconds();
    item.current_period_end = now;
    if (subscription.cancel_at_period_end) {
      subscription.status = "canceled";
      subscription.ended_at = now;
      subscription.cancel_at = now;
      subscription.canceled_at ??= now;
      emit("customer.subscription.deleted", subscription);
      return snapshot(subscription);
    }
    const interval = item.price.recurring.interval;
    const periodEnd = addInterval(now, interval);
    item.current_period_start = now;
    item.current_period_end = periodEnd;
    subscription.billing_cycle_anchor = periodEnd;
    if (subscription.trial_end && subscription.trial_end > now) subscription.trial_end = now;
    const paymentFails = failingCustomers.has(subscription.customer) || failNextPayment.delete(subscription.id);
    const invoice = createInvoice(subscription, {
      amount: item.price.unit_amount,
      paid: !paymentFails,
      billingReason: "subscription_cycle",
      periodStart: now,
      periodEnd,
    });
    subscription.latest_invoice = invoice.id;
    subscription.status = paymentFails ? "past_due" : "active";
    emit(paymentFails ? "invoice.payment_failed" : "invoice.paid", invoice);
    emit("customer.subscription.updated", subscription, changedAttributes(before, subscription));
    return snapshot(subscription);
  }

  /** @param {string} subscriptionId @param {boolean} cancelAtPeriodEnd @param {Record<string, string>} [metadata] */
  function updateSubscription(subscriptionId, cancelAtPeriodEnd, metadata) {
    const subscription = mustFind(subscriptions, subscriptionId, "subscription");
    if (subscription.status === "canceled") {
      return fail(400, "A canceled subscription can only update its cancellation_details and metadata.", { param: "cancel_at_period_end" });
    }
    const before = snapshot(subscription);
    if (metadata) subscription.metadata = { ...subscription.metadata, ...metadata };
    if (cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
      subscription.cancel_at_period_end = cancelAtPeriodEnd;
      subscription.cancel_at = cancelAtPeriodEnd ? itemOf(subscription).current_period_end : null;
      subscription.canceled_at = cancelAtPeriodEnd ? nowSeconds() : null;
      subscription.cancellation_details = { comment: null, feedback: null, reason: cancelAtPeriodEnd ? "cancellation_requested" : null };
    }
    const previous = changedAttributes(before, subscription);
    if (Object.keys(previous).length > 0) emit("customer.subscription.updated", subscription, previous);
    return snapshot(subscription);
  }

  /** @param {string} subscriptionId */
  function cancelSubscriptionNow(subscriptionId) {
    const subscription = mustFind(subscriptions, subscriptionId, "subscription");
    if (subscription.status === "canceled") return fail(400, `The subscription ${subscriptionId} is already canceled.`, { param: "id" });
    const now = nowSeconds();
    subscription.status = "canceled";
    subscription.ended_at = now;
    subscription.canceled_at = now;
    subscription.cancellation_details = { comment: null, feedback: null, reason: "cancellation_requested" };
    emit("customer.subscription.deleted", subscription);
    return snapshot(subscription);
  }

  /** Stripe's "expire a session": an open one can no longer be paid. @param {string} sessionId */
  function expireCheckoutSession(sessionId) {
    const session = mustFind(checkoutSessions, sessionId, "checkout session");
    expireIfDue(session);
    if (session.status !== "open") {
      return fail(400, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`, {
        code: "checkout_session_not_open",
      });
    }
    session.status = "expired";
    emit("checkout.session.expired", publicSession(session));
    return publicSession(session);
  }

  /** @param {StripeObject} session */
  function expireIfDue(session) {
    if (session.status === "open" && session.expires_at <= nowSeconds()) session.status = "expired";
  }

  /** The session as the API shows it (the fake's own bookkeeping fields start with `_`). @param {StripeObject} session */
  function publicSession(session) {
    return Object.fromEntries(Object.entries(snapshot(session)).filter(([key]) => !key.startsWith("_")));
  }

  // ---- The Stripe API (/v1) --------------------------------------------------------------
  /**
   * @param {string} method @param {string} path @param {StripeObject} params
   * @returns {StripeObject}
   */
  function handleApi(method, path, params) {
    // POST /v1/checkout/sessions/:id/expire: the one action path under a namespaced collection.
    const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (expiring && method === "POST") return expireCheckoutSession(decodeURIComponent(/** @type {string} */ (expiring[1])));
    // Collections are /v1/<noun> or /v1/<namespace>/<noun>; an object's id follows its collection.
    const namespaced = /^\/v1\/(?:checkout|billing_portal)\//.test(path);
    const idMatch = (namespaced ? /^\/v1\/([a-z_]+\/[a-z_]+)\/([^/]+)$/ : /^\/v1\/([a-z_]+)\/([^/]+)$/).exec(path);
    const id = idMatch ? decodeURIComponent(/** @type {string} */ (idMatch[2])) : undefined;
    const route = idMatch ? `${method} /${idMatch[1]}/:id` : `${method} ${path.slice(3)}`;
    switch (route) {
      case "POST /customers": {
        const customer = {
          id: makeId("cus_"),
          object: "customer",
          balance: 0,
          created: nowSeconds(),
          currency: null,
          default_source: null,
          delinquent: false,
          description: params.description ?? null,
          email: params.email ?? null,
          invoice_prefix: randomBytes(4).toString("hex").toUpperCase(),
          invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
          livemode: false,
          metadata: parseMetadata(params.metadata, "metadata"),
          name: params.name ?? null,
          phone: params.phone ?? null,
          preferred_locales: [],
          shipping: null,
          tax_exempt: "none",
        };
        customers.set(customer.id, customer);
        return customer;
      }
      case "DELETE /customers/:id": {
        // As Stripe does: the customer's live subscriptions end now (each emits its deleted event).
        const customerId = /** @type {string} */ (id);
        mustFind(customers, customerId, "customer");
        for (const subscription of subscriptions.values()) {
          if (subscription.customer === customerId && subscription.status !== "canceled") cancelSubscriptionNow(subscription.id);
        }
        customers.delete(customerId);
        return { id: customerId, object: "customer", deleted: true };
      }
      case "GET /customers/:id":
        return expand(mustFind(customers, /** @type {string} */ (id), "customer"), params.expand);
      case "GET /prices/:id":
        return expand(mustFind(priceObjects, /** @type {string} */ (id), "price"), params.expand);
      case "POST /checkout/sessions":
        return createCheckoutSession(params);
      case "GET /checkout/sessions": {
        const sessions = [...checkoutSessions.values()]
          .filter((session) => !params.customer || session.customer === params.customer)
          .map((session) => (expireIfDue(session), session))
          .filter((session) => !params.status || session.status === params.status)
          .reverse();
        const limit = params.limit === undefined ? 10 : Number(params.limit);
        return { object: "list", data: sessions.slice(0, limit).map(publicSession), has_more: sessions.length > limit, url: "/v1/checkout/sessions" };
      }
      case "GET /checkout/sessions/:id": {
        const session = mustFind(checkoutSessions, /** @type {string} */ (id), "checkout session");
        expireIfDue(session);
        return expand(publicSession(session), params.expand);
      }
      case "POST /billing_portal/sessions": {
        if (!params.customer) return fail(400, "Missing required param: customer.", { param: "customer", code: "parameter_missing" });
        mustFind(customers, params.customer, "customer", { status: 400, param: "customer" });
        const portalSession = {
          id: makeId("bps_"),
          object: "billing_portal.session",
          configuration: "bpc_fake",
          created: nowSeconds(),
          customer: params.customer,
          flow: null,
          livemode: false,
          locale: null,
          on_behalf_of: null,
          return_url: params.return_url ?? null,
          url: "",
        };
        portalSession.url = `${baseUrl}/billing/${portalSession.id}`;
        portalSessions.set(portalSession.id, portalSession);
        return portalSession;
      }
      case "GET /subscriptions":
        return listSubscriptions(params);
      case "GET /subscriptions/:id":
        return expand(mustFind(subscriptions, /** @type {string} */ (id), "subscription"), params.expand);
      case "POST /subscriptions/:id": {
        const subscriptionId = /** @type {string} */ (id);
        const current = mustFind(subscriptions, subscriptionId, "subscription");
        const cancelAtPeriodEnd =
          params.cancel_at_period_end === undefined ? current.cancel_at_period_end : parseBoolean(params.cancel_at_period_end, "cancel_at_period_end");
        const metadata = params.metadata === undefined ? undefined : parseMetadata(params.metadata, "metadata");
        return expand(updateSubscription(subscriptionId, cancelAtPeriodEnd, metadata), params.expand);
      }
      case "DELETE /subscriptions/:id":
        return cancelSubscriptionNow(/** @type {string} */ (id));
      default:
        return fail(404, `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);
    }
  }

  /** @param {StripeObject} params */
  function createCheckoutSession(params) {
    for (const param of ["mode", "customer", "success_url", "cancel_url"]) {
      if (!params[param]) fail(400, `Missing required param: ${param}.`, { param, code: "parameter_missing" });
    }
    if (params.mode !== "subscription") fail(400, `The fake Stripe supports only mode 'subscription', not '${params.mode}'.`, { param: "mode" });
    mustFind(customers, params.customer, "customer", { status: 400, param: "customer" });
    const lineItems = Array.isArray(params.line_items) ? params.line_items : [];
    if (lineItems.length !== 1) fail(400, "Pass exactly one line item (the fake sells one plan at a time).", { param: "line_items" });
    const priceId = String(lineItems[0]?.price ?? "");
    if (!priceObjects.has(priceId)) fail(400, `No such price: '${priceId}'`, { param: "line_items[0][price]", code: "resource_missing" });
    const quantity = lineItems[0]?.quantity ?? "1";
    if (String(quantity) !== "1") fail(400, "The fake sells a quantity of 1 only.", { param: "line_items[0][quantity]" });
    const subscriptionData = params.subscription_data ?? {};
    let trialDays = null;
    if (subscriptionData.trial_period_days !== undefined) {
      trialDays = Number(subscriptionData.trial_period_days);
      if (!Number.isInteger(trialDays) || trialDays < 1 || trialDays > 730) {
        fail(400, "Invalid integer: trial_period_days must be between 1 and 730.", { param: "subscription_data[trial_period_days]" });
      }
    }
    const created = nowSeconds();
    const session = {
      id: makeId("cs_test_"),
      object: "checkout.session",
      amount_subtotal: /** @type {StripeObject} */ (priceObjects.get(priceId)).unit_amount,
      amount_total: /** @type {StripeObject} */ (priceObjects.get(priceId)).unit_amount,
      cancel_url: params.cancel_url,
      client_reference_id: params.client_reference_id ?? null,
      created,
      currency: "usd",
      customer: params.customer,
      customer_email: null,
      expires_at: created + DAY,
      invoice: null,
      livemode: false,
      metadata: parseMetadata(params.metadata, "metadata"),
      mode: params.mode,
      payment_status: "unpaid",
      status: "open",
      subscription: null,
      success_url: params.success_url,
      ui_mode: "hosted",
      url: "",
      _price: priceId,
      _trialDays: trialDays,
      _subscriptionMetadata: parseMetadata(subscriptionData.metadata, "subscription_data[metadata]"),
    };
    session.url = `${baseUrl}/checkout/${session.id}`;
    checkoutSessions.set(session.id, session);
    return publicSession(session);
  }

  /** @param {StripeObject} params */
  function listSubscriptions(params) {
    const limit = params.limit === undefined ? 10 : Number(params.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) fail(400, "Invalid integer: limit must be between 1 and 100.", { param: "limit" });
    const status = params.status ?? null;
    if (params.customer && !customers.has(params.customer)) {
      fail(400, `No such customer: '${params.customer}'`, { param: "customer", code: "resource_missing" });
    }
    const matching = [...subscriptions.values()]
      .filter((subscription) => !params.customer || subscription.customer === params.customer)
      .filter((subscription) => (status === "all" ? true : status ? subscription.status === status : subscription.status !== "canceled"))
      .reverse();
    const page = matching.slice(0, limit);
    return expand({ object: "list", data: page, has_more: matching.length > limit, url: "/v1/subscriptions" }, params.expand);
  }

  // ---- Hosted pages ------------------------------------------------------------------------
  /** @param {StripeObject} session @param {{ card?: string, error?: string }} [form] */
  function checkoutPage(session, form = {}) {
    const price = /** @type {StripeObject} */ (priceObjects.get(session._price));
    const interval = price.recurring.interval;
    return renderCheckoutPage({
      merchantName: MERCHANT_NAME,
      planName: `Event Flow Pro (${interval === "year" ? "yearly" : "monthly"})`,
      unitAmount: price.unit_amount,
      interval,
      trialDays: session._trialDays,
      customerEmail: customers.get(session.customer)?.email ?? null,
      cancelUrl: session.cancel_url,
      card: form.card,
      error: form.error,
    });
  }

  /** @param {StripeObject} session */
  function closedCheckoutPage(session) {
    return renderMessagePage({
      title: session.status === "complete" ? "This checkout is complete" : "This checkout has expired",
      message:
        session.status === "complete"
          ? "This checkout session has already been paid. Nothing more to do here."
          : "This checkout session has expired. Start again from Event Flow.",
      link: { href: session.status === "complete" ? String(session.success_url).replaceAll("{CHECKOUT_SESSION_ID}", session.id) : session.cancel_url, text: "Return to Event Flow" },
    });
  }

  /** @param {StripeObject} portalSession */
  function portalPage(portalSession) {
    const customerSubscriptions = [...subscriptions.values()].filter((subscription) => subscription.customer === portalSession.customer);
    return renderPortalPage({
      merchantName: MERCHANT_NAME,
      portalPath: `/billing/${portalSession.id}`,
      returnUrl: portalSession.return_url ?? "/",
      customerEmail: customers.get(portalSession.customer)?.email ?? null,
      subscriptions: customerSubscriptions.map((subscription) => {
        const item = itemOf(subscription);
        return {
          id: subscription.id,
          planName: `Event Flow Pro (${item.price.recurring.interval === "year" ? "yearly" : "monthly"})`,
          unitAmount: item.price.unit_amount,
          interval: item.price.recurring.interval,
          status: subscription.status,
          cancelAtPeriodEnd: subscription.cancel_at_period_end,
          currentPeriodEnd: item.current_period_end,
          trialEnd: subscription.trial_end,
          endedAt: subscription.ended_at,
        };
      }),
    });
  }

  // ---- HTTP -------------------------------------------------------------------------------
  /**
   * @param {import("node:http").ServerResponse} response
   * @param {number} status @param {unknown} body @param {Record<string, string>} [headers]
   */
  function sendJson(response, status, body, headers = {}) {
    const text = typeof body === "string" ? body : JSON.stringify(body, null, 2);
    response.writeHead(status, {
      "Content-Type": "application/json",
      "Request-Id": makeId("req_"),
      "Stripe-Version": API_VERSION,
      ...headers,
    });
    response.end(text);
  }

  /** @param {import("node:http").ServerResponse} response @param {number} status @param {string} html */
  function sendHtml(response, status, html) {
    response.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    response.end(html);
  }

  /** @param {import("node:http").ServerResponse} response @param {string} location */
  function redirect(response, location) {
    response.writeHead(303, { Location: location });
    response.end();
  }

  /** @param {StripeApiError} error */
  const errorBody = (error) => ({
    error: {
      type: error.details.type ?? "invalid_request_error",
      message: error.message,
      ...(error.details.param ? { param: error.details.param } : {}),
      ...(error.details.code ? { code: error.details.code } : {}),
    },
  });

  /**
   * @param {import("node:http").IncomingMessage} request
   * @param {import("node:http").ServerResponse} response
   */
  async function handle(request, response) {
    const method = request.method ?? "GET";
    const url = new URL(request.url ?? "/", baseUrl);
    const path = url.pathname;
    const body = await readBody(request);

    if (path.startsWith("/v1/")) {
      const authorization = request.headers.authorization ?? "";
      // Stripe also takes the key as a Basic-auth user name (`curl -u sk_test_…:`).
      const basicKey = /^Basic\s+/i.test(authorization) ? Buffer.from(authorization.replace(/^Basic\s+/i, ""), "base64").toString("utf8").replace(/:.*$/, "") : null;
      if (authorization !== `Bearer ${secretKey}` && basicKey !== secretKey) {
        const given = basicKey ?? authorization.replace(/^Bearer\s+/i, "");
        const message = given
          ? `Invalid API Key provided: ${given.length > 12 ? `${given.slice(0, 8)}${"*".repeat(given.length - 12)}${given.slice(-4)}` : `${given.slice(0, 3)}****`}`
          : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
        return sendJson(response, 401, { error: { type: "invalid_request_error", message } });
      }
      const idempotencyKey = method === "POST" ? request.headers["idempotency-key"] : undefined;
      const replayKey = typeof idempotencyKey === "string" ? `${method} ${path} ${idempotencyKey}` : null;
      if (replayKey) {
        const earlier = idempotentResponses.get(replayKey);
        if (earlier && earlier.body !== body) {
          return sendJson(response, 400, {
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        }
        if (earlier) return sendJson(response, earlier.status, earlier.response, { "Idempotent-Replayed": "true", "Idempotency-Key": String(idempotencyKey) });
      }
      const params = parseStripeParams(method === "GET" || method === "DELETE" ? url.searchParams : new URLSearchParams(body));
      if (inOutage(path, params)) {
        return sendJson(response, 500, { error: { type: "api_error", message: "An unknown error occurred (the fake's outage for this customer)." } });
      }
      let status = 200;
      /** @type {unknown} */
      let answer;
      try {
        answer = handleApi(method, path, params);
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        status = error.status;
        answer = errorBody(error);
      }
      const text = JSON.stringify(answer, null, 2);
      // Stripe keeps the answer for a key (errors from validation too) so a retry never acts twice.
      if (replayKey) idempotentResponses.set(replayKey, { body, status, response: text });
      return sendJson(response, status, text, replayKey ? { "Idempotency-Key": String(idempotencyKey) } : {});
    }

    const checkoutMatch = /^\/checkout\/([^/]+)$/.exec(path);
    if (checkoutMatch) {
      const session = checkoutSessions.get(decodeURIComponent(/** @type {string} */ (checkoutMatch[1])));
      if (!session) return sendHtml(response, 404, renderMessagePage({ title: "Checkout not found", message: "This checkout session does not exist." }));
      expireIfDue(session);
      if (session.status !== "open") return sendHtml(response, 410, closedCheckoutPage(session));
      if (method === "GET") return sendHtml(response, 200, checkoutPage(session));
      if (method !== "POST") return sendHtml(response, 405, renderMessagePage({ title: "Method not allowed", message: "Use the form." }));
      const card = new URLSearchParams(body).get("card") ?? undefined;
      try {
        const { redirect: location } = completeCheckout(session.id, card);
        return redirect(response, location);
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        return sendHtml(response, 422, checkoutPage(session, { card, error: error.message }));
      }
    }

    const portalMatch = /^\/billing\/([^/]+)(?:\/subscriptions\/([^/]+)\/(cancel|renew|end-period|fail-next-payment))?$/.exec(path);
    if (portalMatch) {
      const portalSession = portalSessions.get(decodeURIComponent(/** @type {string} */ (portalMatch[1])));
      if (!portalSession) return sendHtml(response, 404, renderMessagePage({ title: "Billing session not found", message: "This billing portal session does not exist." }));
      const portalPath = `/billing/${portalSession.id}`;
      if (!portalMatch[2]) {
        if (method !== "GET") return sendHtml(response, 405, renderMessagePage({ title: "Method not allowed", message: "Use the buttons." }));
        return sendHtml(response, 200, portalPage(portalSession));
      }
      if (method !== "POST") return redirect(response, portalPath);
      const subscriptionId = decodeURIComponent(portalMatch[2]);
      const subscription = subscriptions.get(subscriptionId);
      // A portal session may act only on its own customer's subscriptions, as Stripe's portal does.
      if (!subscription || subscription.customer !== portalSession.customer) {
        return sendHtml(response, 404, renderMessagePage({ title: "Subscription not found", message: "This subscription does not belong to this customer." }));
      }
      try {
        const action = portalMatch[3];
        if (action === "cancel") updateSubscription(subscriptionId, true);
        else if (action === "renew") updateSubscription(subscriptionId, false);
        else if (action === "end-period") endCurrentPeriod(subscriptionId);
        else failNextPayment.add(subscriptionId);
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        return sendHtml(response, 400, renderMessagePage({ title: "Not possible", message: error.message, link: { href: portalPath, text: "Back to billing" } }));
      }
      return redirect(response, portalPath);
    }

    if (path.startsWith("/_fake/")) return handleAdmin(method, path, body, response);

    return sendJson(response, 404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.` },
    });
  }

  /** Customers whose API requests fail (POST /_fake/customers/:id/outage). */
  const outageCustomers = new Set();
  /**
   * Whether a request is about a customer in an outage: the customer itself, a list by
   * customer, or one of its subscriptions.
   * @param {string} path @param {StripeObject} params
   */
  function inOutage(path, params) {
    if (outageCustomers.size === 0) return false;
    const [, , noun, id] = path.split("/");
    if (typeof params.customer === "string" && outageCustomers.has(params.customer)) return true;
    if (noun === "customers" && id && outageCustomers.has(decodeURIComponent(id))) return true;
    if (noun === "subscriptions" && id) {
      const subscription = subscriptions.get(decodeURIComponent(id));
      return Boolean(subscription && outageCustomers.has(subscription.customer));
    }
    return false;
  }

  // ---- Admin API for tests (no auth: it exists only on this fake) --------------------------
  /**
   * @param {string} method @param {string} path @param {string} body
   * @param {import("node:http").ServerResponse} response
   */
  function handleAdmin(method, path, body, response) {
    try {
      if (method === "GET" && path === "/_fake/events") return sendJson(response, 200, events);
      const checkout = /^\/_fake\/checkout\/([^/]+)\/complete$/.exec(path);
      if (method === "POST" && checkout) {
        /** @type {{ card?: string }} */
        let input = {};
        try {
          input = body ? JSON.parse(body) : {};
        } catch {
          return fail(400, "The body must be JSON like { \"card\": \"4242 4242 4242 4242\" }.");
        }
        return sendJson(response, 200, completeCheckout(decodeURIComponent(/** @type {string} */ (checkout[1])), input.card));
      }
      const subscriptionAction = /^\/_fake\/subscriptions\/([^/]+)\/(end-period|fail-next-payment)$/.exec(path);
      if (method === "POST" && subscriptionAction) {
        const subscriptionId = decodeURIComponent(/** @type {string} */ (subscriptionAction[1]));
        if (subscriptionAction[2] === "end-period") return sendJson(response, 200, endCurrentPeriod(subscriptionId));
        const subscription = mustFind(subscriptions, subscriptionId, "subscription");
        failNextPayment.add(subscriptionId);
        return sendJson(response, 200, snapshot(subscription));
      }
      const outage = /^\/_fake\/customers\/([^/]+)\/outage$/.exec(path);
      if (method === "POST" && outage) {
        const customerId = decodeURIComponent(/** @type {string} */ (outage[1]));
        outageCustomers.add(customerId);
        return sendJson(response, 200, { customer: customerId, outage: true });
      }
      const resend = /^\/_fake\/events\/([^/]+)\/resend$/.exec(path);
      if (method === "POST" && resend) {
        const eventId = decodeURIComponent(/** @type {string} */ (resend[1]));
        const event = events.find((candidate) => candidate.id === eventId);
        if (!event) return fail(404, `No such event: '${eventId}'`, { param: "id", code: "resource_missing" });
        enqueueDelivery(event);
        return sendJson(response, 202, { id: event.id, queued: Boolean(webhookUrl) });
      }
      return fail(404, `Unrecognized fake admin URL (${method}: ${path}).`);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      return sendJson(response, error.status, errorBody(error));
    }
  }

  const server = createServer((request, response) => {
    const started = Date.now();
    response.on("finish", () => logLine(`${request.method} ${request.url} → ${response.statusCode} (${Date.now() - started} ms)`));
    handle(request, response).catch((/** @type {unknown} */ error) => {
      // A bug in the fake itself: answer like Stripe's api_error and say why on stderr
      // (not console.error, which fails the test that happens to be running).
      process.stderr.write(`[fake-stripe] ${error instanceof Error ? error.stack : String(error)}\n`);
      if (!response.headersSent) sendJson(response, 500, { error: { type: "api_error", message: "The fake Stripe failed; see its stderr." } });
      else response.end();
    });
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const boundPort = typeof address === "object" && address ? address.port : port;
  baseUrl = `http://${host}:${boundPort}`;
  logLine(`listening on ${baseUrl}${webhookUrl ? `, webhooks to ${webhookUrl}` : ", webhooks only recorded"}`);

  return {
    url: baseUrl,
    port: boundPort,
    async close() {
      closed = true;
      deliveryQueue.length = 0;
      closeController.abort();
      for (const wake of [...wakeSleepers]) wake();
      await new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      });
    },
  };
}

// ---- CLI: `node tests/fakes/stripe-server.mjs` (used by `npm run dev`) --------------------
// Env: FAKE_STRIPE_PORT (12111), STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET,
// STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY (999 / 9999 cents), STRIPE_WEBHOOK_URL.
// The key and secret default to fixed local values so a fresh clone runs with no keys.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = process.env;
  const fake = await startFakeStripe({
    port: Number(env.FAKE_STRIPE_PORT ?? 12111),
    secretKey: env.STRIPE_SECRET_KEY || "sk_test_fake_stripe",
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || "whsec_fake_stripe",
    webhookUrl: env.STRIPE_WEBHOOK_URL || undefined,
    prices: [
      { id: env.STRIPE_PRICE_MONTHLY || "price_pro_monthly", unitAmount: 999, interval: "month" },
      { id: env.STRIPE_PRICE_YEARLY || "price_pro_yearly", unitAmount: 9999, interval: "year" },
    ],
    log: true,
  });
  for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
    process.once(signal, () => {
      void fake.close().then(() => process.exit(0));
    });
  }
}
