import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startFakeStripe } from "../fakes/stripe-server.mjs";

// The fake Stripe (decision 008) driven by the REAL stripe SDK and a real webhook
// receiver: what the app will see from it is what these tests assert.
const secretKey = "sk_test_fake_stripe_unit";
const webhookSecret = "whsec_fake_stripe_unit";
const prices = [
  { id: "price_pro_monthly", unitAmount: 999, interval: "month" as const },
  { id: "price_pro_yearly", unitAmount: 9999, interval: "year" as const },
];
const DAY = 24 * 60 * 60;

type Received = { body: string; signature: string; event: Stripe.Event };

// A webhook receiver that verifies each delivery with the SDK's own verifier and can be
// told to answer with failures first.
let received: Received[] = [];
let failuresToAnswer = 0;
let attempts = 0;
let receiver: Server;
let webhookUrl: string;

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    void readBody(request).then((body) => {
      attempts += 1;
      if (failuresToAnswer > 0) {
        failuresToAnswer -= 1;
        response.writeHead(500).end("try again");
        return;
      }
      const signature = String(request.headers["stripe-signature"]);
      const event = Stripe.webhooks.constructEvent(body, signature, webhookSecret);
      received.push({ body, signature, event });
      response.writeHead(200, { "Content-Type": "application/json" }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;
});

afterAll(async () => {
  await new Promise((resolve) => {
    receiver.close(resolve);
    receiver.closeAllConnections();
  });
});

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let stripe: Stripe;

async function start(options: { retryDelaysMs?: number[] } = {}) {
  received = [];
  failuresToAnswer = 0;
  fake = await startFakeStripe({ secretKey, webhookSecret, webhookUrl, prices, retryDelaysMs: options.retryDelaysMs ?? [20, 20] });
  stripe = sdkFor(secretKey);
}

function sdkFor(key: string) {
  return new Stripe(key, {
    host: "127.0.0.1",
    port: fake.port,
    protocol: "http",
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 0,
  });
}

afterEach(async () => {
  await fake?.close();
});

async function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const receivedTypes = () => received.map((entry) => entry.event.type);
const waitForEvent = (type: string, after = 0) =>
  waitFor(() => received.slice(after).find((entry) => entry.event.type === type), `a ${type} webhook`);

type FakeEvent = { id: string; type: string; payload: string; signature: string; deliveries: { at: number; status: number | string }[] };
async function fakeEvents(): Promise<FakeEvent[]> {
  return (await (await fetch(`${fake.url}/_fake/events`)).json()) as FakeEvent[];
}

async function postAdmin(path: string, body?: unknown) {
  const response = await fetch(`${fake.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function newCheckout({ trial = true, price = "price_pro_monthly" } = {}) {
  const customer = await stripe.customers.create({ email: "ada@example.com", name: "Ada", metadata: { user_id: "user_1" } });
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer: customer.id,
    client_reference_id: "user_1",
    line_items: [{ price, quantity: 1 }],
    success_url: "http://app.test/subscription?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://app.test/subscription",
    metadata: { user_id: "user_1" },
    subscription_data: trial ? { trial_period_days: 7, metadata: { user_id: "user_1" } } : { metadata: { user_id: "user_1" } },
  });
  return { customer, session };
}

async function payOnHostedPage(url: string, card = "4242 4242 4242 4242") {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ card }),
    redirect: "manual",
  });
}

async function subscribedCustomer({ card }: { card?: string } = {}) {
  const { customer, session } = await newCheckout();
  const paid = await payOnHostedPage(session.url!, card);
  expect(paid.status).toBe(303);
  const completed = await stripe.checkout.sessions.retrieve(session.id);
  return { customer, session, subscriptionId: completed.subscription as string };
}

describe("the Stripe API as the SDK sees it", () => {
  beforeEach(() => start());

  test("a wrong secret key is refused with StripeAuthenticationError", async () => {
    const error = await sdkFor("sk_test_wrong_key_123456").customers.create({ email: "x@example.com" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((error as Stripe.errors.StripeError).statusCode).toBe(401);
  });

  test("an unknown price is a 400 naming the price", async () => {
    const customer = await stripe.customers.create({ email: "ada@example.com" });
    const error = await stripe.checkout.sessions
      .create({
        mode: "subscription",
        customer: customer.id,
        line_items: [{ price: "price_made_up", quantity: 1 }],
        success_url: "http://app.test/ok",
        cancel_url: "http://app.test/no",
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((error as Stripe.errors.StripeError).statusCode).toBe(400);
    expect((error as Stripe.errors.StripeError).message).toBe("No such price: 'price_made_up'");
  });

  test("the same idempotency key returns the same customer and creates nothing more", async () => {
    const first = await stripe.customers.create({ email: "once@example.com" }, { idempotencyKey: "create-customer-user-9" });
    const again = await stripe.customers.create({ email: "once@example.com" }, { idempotencyKey: "create-customer-user-9" });
    expect(again.id).toBe(first.id);
    expect(first.id).toMatch(/^cus_/);
    const retrieved = await stripe.customers.retrieve(first.id);
    expect(retrieved).toMatchObject({ id: first.id, email: "once@example.com", livemode: false });
  });

  test("prices answer in Stripe's shape, unknown objects and URLs with Stripe's 404", async () => {
    const price = await stripe.prices.retrieve("price_pro_yearly");
    expect(price).toMatchObject({ object: "price", unit_amount: 9999, currency: "usd", recurring: { interval: "year", interval_count: 1 } });
    expect(price.product).toMatch(/^prod_/);
    const missing = await stripe.subscriptions.retrieve("sub_nope").catch((caught: unknown) => caught);
    expect((missing as Stripe.errors.StripeError).statusCode).toBe(404);
    const unknown = await fetch(`${fake.url}/v1/coupons`, { headers: { Authorization: `Bearer ${secretKey}` } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { type: "invalid_request_error", message: expect.stringContaining("Unrecognized request URL (GET: /v1/coupons)") } });
  });
});

describe("hosted checkout", () => {
  beforeEach(() => start());

  test("trial checkout: page, pay, 303 to success_url, session shows the trialing subscription", async () => {
    const { customer, session } = await newCheckout();
    expect(session).toMatchObject({ object: "checkout.session", status: "open", payment_status: "unpaid", subscription: null, client_reference_id: "user_1" });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${fake.url}/checkout/${session.id}`);

    const page = await fetch(session.url!);
    const html = await page.text();
    expect(page.status).toBe(200);
    for (const text of ["Event Flow", "$9.99 / month", "7-day free trial", "ada@example.com", 'value="4242 4242 4242 4242"', "Start trial", 'lang="en"']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('href="http://app.test/subscription"');

    const paid = await payOnHostedPage(session.url!);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://app.test/subscription?session_id=${session.id}`);

    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ["subscription"] });
    expect(completed).toMatchObject({ status: "complete", payment_status: "no_payment_required", customer: customer.id });
    const subscription = completed.subscription as Stripe.Subscription;
    expect(subscription.status).toBe("trialing");
    expect(subscription.metadata).toEqual({ user_id: "user_1" });
    const now = Math.floor(Date.now() / 1000);
    expect(subscription.trial_end! - now).toBeGreaterThan(7 * DAY - 60);
    expect(subscription.trial_end! - now).toBeLessThanOrEqual(7 * DAY);
    expect(subscription.items.data[0]!.current_period_end).toBe(subscription.trial_end);
    expect(subscription.items.data[0]!.price.id).toBe("price_pro_monthly");

    // A paid session's page says so and pays nothing twice.
    const again = await fetch(session.url!);
    expect(await again.text()).toContain("already been paid");
    expect((await payOnHostedPage(session.url!)).status).toBe(410);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: "all" })).data).toHaveLength(1);
  });

  test("webhooks arrive in order, signed so that the SDK's own verifier accepts them", async () => {
    const { session } = await subscribedCustomer();
    await waitForEvent("invoice.paid");
    expect(receivedTypes()).toEqual(["customer.subscription.created", "checkout.session.completed", "invoice.paid"]);
    const [created, completed, invoicePaid] = received.map((entry) => entry.event);
    expect(completed!.data.object).toMatchObject({ id: session.id, status: "complete", client_reference_id: "user_1" });
    expect((created!.data.object as Stripe.Subscription).status).toBe("trialing");
    const invoice = invoicePaid!.data.object as Stripe.Invoice;
    expect(invoice).toMatchObject({ amount_paid: 0, billing_reason: "subscription_create", customer: session.customer });
    expect(invoice.parent?.subscription_details?.subscription).toBe((created!.data.object as Stripe.Subscription).id);
    expect(created).toMatchObject({ object: "event", api_version: "2026-10-28.endive", livemode: false });

    // The recorded payload is exactly the delivered body; a tampered body fails verification.
    const recorded = await fakeEvents();
    expect(recorded.map((event) => event.payload)).toEqual(received.map((entry) => entry.body));
    expect(recorded[0]!.deliveries).toEqual([{ at: expect.any(Number), status: 200 }]);
    expect(() => Stripe.webhooks.constructEvent(received[0]!.body.replace("trialing", "active"), received[0]!.signature, webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  test("a declined card shows the error again and creates nothing", async () => {
    const { customer, session } = await newCheckout({ trial: false });
    const declined = await payOnHostedPage(session.url!, "4000 0000 0000 0002");
    expect(declined.status).toBe(422);
    const html = await declined.text();
    expect(html).toContain("Your card was declined.");
    expect(html).toContain("Subscribe");
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
    expect((await stripe.subscriptions.list({ customer: customer.id, status: "all" })).data).toEqual([]);
    expect(await fakeEvents()).toEqual([]);
  });

  test("a paid (no trial) checkout through the admin call is active for one interval", async () => {
    const { session } = await newCheckout({ trial: false, price: "price_pro_yearly" });
    const { status, body } = await postAdmin(`/_fake/checkout/${session.id}/complete`, {});
    expect(status).toBe(200);
    expect(body.redirect).toBe(`http://app.test/subscription?session_id=${session.id}`);
    expect(body.session).toMatchObject({ status: "complete", payment_status: "paid" });
    expect(body.subscription).toMatchObject({ status: "active", trial_end: null });
    const item = body.subscription.items.data[0];
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(365 * DAY);
    const invoicePaid = await waitForEvent("invoice.paid");
    expect((invoicePaid.event.data.object as Stripe.Invoice).amount_paid).toBe(9999);
  });
});

describe("deliveries", () => {
  test("a receiver answering 500 gets the same event again, then it is recorded as delivered", async () => {
    await start({ retryDelaysMs: [30, 30] });
    failuresToAnswer = 1;
    await stripe.customers.create({ email: "retry@example.com" });
    await subscribedCustomer();
    await waitForEvent("invoice.paid");
    expect(receivedTypes()).toEqual(["customer.subscription.created", "checkout.session.completed", "invoice.paid"]);
    const [first] = await fakeEvents();
    expect(first!.deliveries.map((delivery) => delivery.status)).toEqual([500, 200]);
  });

  test("a receiver that never accepts is given up after the retries; resend delivers again", async () => {
    await start({ retryDelaysMs: [10, 10] });
    failuresToAnswer = 3;
    await subscribedCustomer();
    await waitForEvent("invoice.paid");
    const [first] = await fakeEvents();
    expect(first!.deliveries.map((delivery) => delivery.status)).toEqual([500, 500, 500]);
    expect(receivedTypes()).toEqual(["checkout.session.completed", "invoice.paid"]);

    const resent = await postAdmin(`/_fake/events/${first!.id}/resend`);
    expect(resent.status).toBe(202);
    const redelivered = await waitForEvent("customer.subscription.created");
    expect(redelivered.event.id).toBe(first!.id);
    expect(redelivered.body).toBe(first!.payload);
  });
});

test("close() stops pending retries: nothing reaches the receiver afterwards", async () => {
  await start({ retryDelaysMs: [100, 100] });
  failuresToAnswer = 100;
  await subscribedCustomer();
  await waitFor(async () => (await fakeEvents())[0]?.deliveries.length, "the first failed delivery");
  const attemptsAtClose = attempts;
  const started = Date.now();
  await fake.close();
  expect(Date.now() - started).toBeLessThan(1000);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(attempts).toBe(attemptsAtClose);
});

test("without a webhookUrl events are only recorded, each signed so a test can POST it itself", async () => {
  fake = await startFakeStripe({ secretKey, webhookSecret, prices });
  stripe = sdkFor(secretKey);
  received = [];
  const { session } = await newCheckout();
  await postAdmin(`/_fake/checkout/${session.id}/complete`, { card: "4242424242424242" });
  const recorded = await fakeEvents();
  expect(recorded.map((event) => event.type)).toEqual(["customer.subscription.created", "checkout.session.completed", "invoice.paid"]);
  for (const event of recorded) {
    expect(Stripe.webhooks.constructEvent(event.payload, event.signature, webhookSecret).id).toBe(event.id);
    expect(event.deliveries).toEqual([]);
  }
  expect(received).toEqual([]);
});

test("GET with expand[]= (the brackets Stripe's docs use) expands too", async () => {
  await start();
  const { session } = await subscribedCustomer();
  const response = await fetch(`${fake.url}/v1/checkout/sessions/${session.id}?expand[]=subscription&expand[]=customer`, {
    headers: { Authorization: `Bearer ${secretKey}` },
  });
  const body = (await response.json()) as { subscription: { object: string }; customer: { email: string } };
  expect(body.subscription.object).toBe("subscription");
  expect(body.customer.email).toBe("ada@example.com");
});

describe("billing portal and the test clock", () => {
  beforeEach(() => start());

  test("cancel in the portal → updated event with cancel_at_period_end; end-period → deleted and canceled", async () => {
    const { customer, subscriptionId } = await subscribedCustomer();
    await waitForEvent("invoice.paid");
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://app.test/settings" });
    expect(portal).toMatchObject({ object: "billing_portal.session", url: `${fake.url}/billing/${portal.id}`, return_url: "http://app.test/settings" });
    expect(portal.id).toMatch(/^bps_/);

    const page = await (await fetch(portal.url)).text();
    for (const text of ["Trial ends on", "Cancel plan", "Return to Event Flow", "Test helpers (fake Stripe only)", "End the current period now", "Make the next payment fail"]) {
      expect(page).toContain(text);
    }
    const cancel = await fetch(`${portal.url}/subscriptions/${subscriptionId}/cancel`, { method: "POST", redirect: "manual" });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get("location")).toBe(`/billing/${portal.id}`);

    const updated = await waitForEvent("customer.subscription.updated");
    expect((updated.event.data.object as Stripe.Subscription).cancel_at_period_end).toBe(true);
    expect(updated.event.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    const afterCancel = await (await fetch(portal.url)).text();
    expect(afterCancel).toContain("Cancels on");
    expect(afterCancel).toContain("Renew plan");

    const seen = received.length;
    const ended = await postAdmin(`/_fake/subscriptions/${subscriptionId}/end-period`);
    expect(ended.body).toMatchObject({ id: subscriptionId, status: "canceled" });
    const deleted = await waitForEvent("customer.subscription.deleted", seen);
    expect((deleted.event.data.object as Stripe.Subscription).status).toBe("canceled");
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe("canceled");

    // Stripe leaves canceled subscriptions out of a list unless status=all.
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    const all = await stripe.subscriptions.list({ customer: customer.id, status: "all", limit: 10 });
    expect(all).toMatchObject({ object: "list", has_more: false, url: "/v1/subscriptions" });
    expect(all.data.map((subscription) => subscription.id)).toEqual([subscriptionId]);
  });

  test("renewing in the portal undoes the cancellation", async () => {
    const { customer, subscriptionId } = await subscribedCustomer();
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://app.test/settings" });
    await fetch(`${portal.url}/subscriptions/${subscriptionId}/renew`, { method: "POST", redirect: "manual" });
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    const updates = await waitFor(() => {
      const found = received.filter((entry) => entry.event.type === "customer.subscription.updated");
      return found.length === 2 && found;
    }, "two updated webhooks");
    expect(updates.map((entry) => (entry.event.data.object as Stripe.Subscription).cancel_at_period_end)).toEqual([true, false]);
  });

  test("end-period on a renewing subscription bills the price and stays active", async () => {
    const { subscriptionId } = await subscribedCustomer();
    await waitForEvent("invoice.paid");
    const seen = received.length;
    const renewed = await postAdmin(`/_fake/subscriptions/${subscriptionId}/end-period`);
    expect(renewed.body.status).toBe("active");
    const paid = await waitForEvent("invoice.paid", seen);
    expect(paid.event.data.object).toMatchObject({ amount_paid: 999, billing_reason: "subscription_cycle" });
    const updated = await waitForEvent("customer.subscription.updated", seen);
    expect(updated.event.data.previous_attributes).toMatchObject({ status: "trialing" });
  });

  test("end-period with a card whose later payments fail → past_due and invoice.payment_failed", async () => {
    const { subscriptionId } = await subscribedCustomer({ card: "4000 0000 0000 0341" });
    await waitForEvent("invoice.paid");
    const seen = received.length;
    const ended = await postAdmin(`/_fake/subscriptions/${subscriptionId}/end-period`);
    expect(ended.body.status).toBe("past_due");
    const failed = await waitForEvent("invoice.payment_failed", seen);
    expect(failed.event.data.object).toMatchObject({ amount_paid: 0, amount_due: 999, status: "open" });
    const updated = await waitForEvent("customer.subscription.updated", seen);
    expect((updated.event.data.object as Stripe.Subscription).status).toBe("past_due");
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe("past_due");
  });

  test("'make the next payment fail' fails one renewal only", async () => {
    const { subscriptionId } = await subscribedCustomer();
    expect((await postAdmin(`/_fake/subscriptions/${subscriptionId}/fail-next-payment`)).status).toBe(200);
    expect((await postAdmin(`/_fake/subscriptions/${subscriptionId}/end-period`)).body.status).toBe("past_due");
    expect((await postAdmin(`/_fake/subscriptions/${subscriptionId}/end-period`)).body.status).toBe("active");
  });

  test("cancelling now via the API emits deleted", async () => {
    const { subscriptionId } = await subscribedCustomer();
    const canceled = await stripe.subscriptions.cancel(subscriptionId);
    expect(canceled.status).toBe("canceled");
    expect(canceled.ended_at).toEqual(expect.any(Number));
    await waitForEvent("customer.subscription.deleted");
  });
});
