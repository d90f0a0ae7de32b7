// Pro on the web. Our code runs for real (the stripe SDK included) against the
// fake Stripe at its HTTP boundary (tests/setup/fake-stripe.ts). The fake records the
// events Stripe would send; each test delivers them to POST /webhooks/stripe itself,
// signed as Stripe signs them, in the order (or twice, or late) the test is about.
import { env, exports } from "cloudflare:workers";
import { eq, like } from "drizzle-orm";
import Stripe from "stripe";
import { beforeEach, describe, expect, it } from "vitest";
import { events, processedJobs, profiles } from "~/db/schema";
import { EventSchema } from "~/modules/event/schema";
import { getDb } from "~/utils/db.server";
import { createEvent } from "../factories";
import { FAKE_STRIPE } from "../setup/fake-stripe-config";
import { createClient, eventIdFrom, ORIGIN, signedInUser, type Client } from "./helpers";

const db = getDb(env);
const FAKE = env.STRIPE_API_BASE as string;
const base = new URL(FAKE);
const stripe = new Stripe(FAKE_STRIPE.secretKey, {
  httpClient: Stripe.createFetchHttpClient(),
  host: base.hostname,
  port: Number(base.port),
  protocol: "http",
  maxNetworkRetries: 0,
});
const cryptoProvider = Stripe.createSubtleCryptoProvider();
const DAY_MS = 86_400_000;

type RecordedEvent = { id: string; type: string; payload: string };

/** Every event the fake recorded so far (all tests share the fake: filter by customer). */
async function recordedEvents(customerId: string): Promise<RecordedEvent[]> {
  const all = (await (await fetch(`${FAKE}/_fake/events`)).json()) as RecordedEvent[];
  return all.filter((event) => (JSON.parse(event.payload) as { data: { object: { customer?: string } } }).data.object.customer === customerId);
}

async function fakeAdmin(path: string, body?: unknown) {
  const response = await fetch(`${FAKE}/_fake${path}`, { method: "POST", body: body ? JSON.stringify(body) : undefined });
  if (!response.ok) throw new Error(`fake ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/** POST the payload to the webhook as Stripe does: JSON, no Origin, no cookie, signed now (or `timestamp`). */
async function deliver(payload: string, { timestamp, secret = FAKE_STRIPE.webhookSecret, signature }: { timestamp?: number; secret?: string; signature?: string } = {}) {
  const header = signature ?? (await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider, ...(timestamp ? { timestamp } : {}) }));
  return exports.default.fetch(`${ORIGIN}/webhooks/stripe`, {
    method: "POST",
    body: payload,
    headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": header, "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
  });
}

async function deliverAll(events: RecordedEvent[]) {
  for (const event of events) {
    const response = await deliver(event.payload);
    expect(response.status, await response.clone().text()).toBe(200);
  }
}

async function profileOf(userId: string) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return profile!;
}

/** Signed in, no Pro; posts 'Start 7-Day Free Trial' and returns the Checkout Session it was sent to. */
async function startCheckout(client: Client, fields: Record<string, string> = { interval: "monthly" }) {
  const response = await client.post("/subscription", { intent: "checkout", ...fields });
  expect(response.status).toBe(303);
  const location = response.headers.get("Location")!;
  expect(location).toMatch(new RegExp(`^${FAKE}/checkout/cs_`));
  const sessionId = location.split("/").pop()!;
  return stripe.checkout.sessions.retrieve(sessionId);
}

/** A new user who paid the trial on the fake's checkout page. Events are recorded, not yet delivered. */
async function trialingUser() {
  const user = await signedInUser({ pro: false });
  const session = await startCheckout(user.client);
  const completed = (await fakeAdmin(`/checkout/${session.id}/complete`, {})) as { subscription: { id: string } };
  const customerId = (await profileOf(user.id)).stripeCustomerId!;
  return { ...user, session, customerId, subscriptionId: completed.subscription.id };
}

const createViaForm = (client: Client) =>
  client.post("/events/new", { title: "Emma & James", coupleNames: "Emma & James", date: "2027-06-12", venue: "Willow Creek Barn" });

describe("checkout", () => {
  it("sends a signed-out visitor to sign in with 'Please sign in to subscribe', and creates nothing at Stripe", async () => {
    const client = createClient();
    const response = await client.post("/subscription", { intent: "checkout", interval: "monthly" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?returnTo=%2Fsubscription");
    const page = await client.get("/auth?returnTo=%2Fsubscription");
    expect(await page.text()).toContain("Please sign in to subscribe");
  });

  it("opens a subscription-mode session with a 7-day trial for the chosen price, the user as client reference, back to /subscription", async () => {
    const { client, id, email } = await signedInUser({ pro: false });
    const session = await startCheckout(client, { interval: "yearly" });
    expect(session).toMatchObject({ mode: "subscription", status: "open", client_reference_id: id });
    expect(session.success_url).toBe(`${ORIGIN}/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${ORIGIN}/subscription?interval=yearly`);
    const profile = await profileOf(id);
    expect(profile.stripeCustomerId).toBe(session.customer);
    const customer = (await stripe.customers.retrieve(profile.stripeCustomerId!)) as Stripe.Customer;
    expect(customer).toMatchObject({ email, metadata: { user_id: id } });

    // Paid with the trial: the yearly price, trialing, 7 days.
    const completed = (await fakeAdmin(`/checkout/${session.id}/complete`, {})) as { subscription: Stripe.Subscription };
    expect(completed.subscription.items.data[0]?.price.id).toBe(FAKE_STRIPE.prices[1].id);
    expect(completed.subscription.status).toBe("trialing");
    expect(completed.subscription.trial_end! - completed.subscription.trial_start!).toBe(7 * 86_400);
  });

  it("creates one Stripe customer per user and reuses it", async () => {
    const { client, id } = await signedInUser({ pro: false });
    const first = await startCheckout(client);
    const second = await startCheckout(client, { interval: "yearly" });
    expect(second.customer).toBe(first.customer);
    expect((await profileOf(id)).stripeCustomerId).toBe(first.customer);
  });

  it("takes the price from the interval on the server, never from the request", async () => {
    const { client } = await signedInUser({ pro: false });
    const session = await startCheckout(client, { interval: "monthly", price: FAKE_STRIPE.prices[1].id, "line_items[0][price]": "price_free", trial_period_days: "365" });
    const completed = (await fakeAdmin(`/checkout/${session.id}/complete`, {})) as { subscription: Stripe.Subscription };
    expect(completed.subscription.items.data[0]?.price.id).toBe(FAKE_STRIPE.prices[0].id);
    expect(completed.subscription.trial_end! - completed.subscription.trial_start!).toBe(7 * 86_400);

    const refused = await client.post("/subscription", { intent: "checkout", interval: "weekly" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Failed to create checkout session");
  });

  it("refuses a user who is already Pro: back home, nothing created at Stripe", async () => {
    const { client, id } = await signedInUser({ pro: true });
    const response = await client.post("/subscription", { intent: "checkout", interval: "monthly" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect((await profileOf(id)).stripeCustomerId).toBeNull();
  });

  it("two tabs: only the checkout opened last can be paid, so one account never gets two subscriptions", async () => {
    const { client, id } = await signedInUser({ pro: false });
    const first = await startCheckout(client);
    const second = await startCheckout(client, { interval: "yearly" });
    expect((await stripe.checkout.sessions.retrieve(first.id)).status).toBe("expired");
    const paidFirst = await fetch(`${FAKE}/_fake/checkout/${first.id}/complete`, { method: "POST", body: "{}" });
    expect(paidFirst.ok).toBe(false);
    await fakeAdmin(`/checkout/${second.id}/complete`, {});
    const customerId = (await profileOf(id)).stripeCustomerId!;
    expect((await stripe.subscriptions.list({ customer: customerId, status: "all" })).data).toHaveLength(1);
  });

  it("a customer whose subscription is live at Stripe (the webhook still on its way) gets no second one: home, activated", async () => {
    const user = await trialingUser();
    expect((await profileOf(user.id)).subscriptionStatus).toBe("inactive");
    const response = await user.client.post("/subscription", { intent: "checkout", interval: "yearly" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect((await profileOf(user.id)).subscriptionStatus).toBe("trialing");
    expect(await (await user.client.get("/")).text()).toContain("Subscription activated!");
    expect((await stripe.subscriptions.list({ customer: user.customerId, status: "all" })).data).toHaveLength(1);
  });

  it("after a failed payment: no second subscription; Settings → Subscription and its portal instead", async () => {
    const user = await trialingUser();
    await fakeAdmin(`/subscriptions/${user.subscriptionId}/fail-next-payment`);
    await fakeAdmin(`/subscriptions/${user.subscriptionId}/end-period`);
    await deliverAll(await recordedEvents(user.customerId));
    expect((await profileOf(user.id)).subscriptionStatus).toBe("past_due");
    const page = await (await user.client.get("/subscription")).text();
    expect(page).toContain("Your last payment failed. Update your payment method in the billing portal to get Pro back.");
    expect(page).not.toContain("Subscribe Now");
    const response = await user.client.post("/subscription", { intent: "checkout", interval: "monthly" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/settings?tab=subscription");
    expect(await (await user.client.get("/settings?tab=subscription")).text()).toContain(
      "You already have a subscription. Update its payment method in the billing portal.",
    );
    expect((await stripe.subscriptions.list({ customer: user.customerId, status: "all" })).data).toHaveLength(1);
  });

  it("a customer deleted at Stripe: its events still apply (no subscription), and the next checkout makes a new customer", async () => {
    const user = await trialingUser();
    await deliverAll(await recordedEvents(user.customerId));
    await stripe.customers.del(user.customerId);
    const deleted = (await recordedEvents(user.customerId)).filter((e) => e.type === "customer.subscription.deleted");
    expect(deleted).toHaveLength(1);
    await deliverAll(deleted);
    expect(await profileOf(user.id)).toMatchObject({ subscriptionStatus: "inactive", stripeCustomerId: null });
    const session = await startCheckout(user.client);
    expect(session.customer).not.toBe(user.customerId);
    expect((await profileOf(user.id)).stripeCustomerId).toBe(session.customer);
  });

  it("gives the 7-day trial once: a returning subscriber checks out without a second trial", async () => {
    const user = await trialingUser();
    await deliverAll(await recordedEvents(user.customerId));
    await stripe.subscriptions.cancel(user.subscriptionId);
    await deliverAll((await recordedEvents(user.customerId)).filter((e) => e.type === "customer.subscription.deleted"));
    expect((await profileOf(user.id)).subscriptionStatus).toBe("canceled");

    const page = await user.client.get("/subscription");
    const html = await page.text();
    expect(html).toContain("Subscribe Now");
    expect(html).not.toContain("Start 7-Day Free Trial");
    const session = await startCheckout(user.client);
    const completed = (await fakeAdmin(`/checkout/${session.id}/complete`, {})) as { subscription: Stripe.Subscription };
    expect(completed.subscription.status).toBe("active");
  });
});

describe("POST /webhooks/stripe", () => {
  it("keeps the profile in step: trialing counts as Pro, business, monthly, expiry at the trial's end", async () => {
    const user = await trialingUser();
    expect((await profileOf(user.id)).subscriptionStatus).toBe("inactive");
    const events = await recordedEvents(user.customerId);
    expect(events.map((e) => e.type)).toEqual(["customer.subscription.created", "checkout.session.completed", "invoice.paid"]);
    await deliverAll(events);
    const profile = await profileOf(user.id);
    expect(profile).toMatchObject({
      subscriptionStatus: "trialing",
      subscriptionType: "business",
      billingInterval: "monthly",
      subscriptionCancelAtPeriodEnd: false,
      stripeSubscriptionId: user.subscriptionId,
    });
    expect(Math.abs(Date.parse(profile.subscriptionExpiresAt!) - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);
    expect(eventIdFrom(await createViaForm(user.client))).toBeTruthy();
  });

  it("refuses a bad signature with 400 and changes nothing", async () => {
    const user = await trialingUser();
    const [created] = await recordedEvents(user.customerId);
    for (const response of [
      await deliver(created!.payload, { secret: "whsec_someone_else" }),
      await deliver(created!.payload, { signature: "t=1,v1=deadbeef" }),
      await deliver(created!.payload.replace('"trialing"', '"active"'), { signature: (await stripe.webhooks.generateTestHeaderStringAsync({ payload: created!.payload, secret: FAKE_STRIPE.webhookSecret, cryptoProvider })) }),
      await exports.default.fetch(`${ORIGIN}/webhooks/stripe`, { method: "POST", body: created!.payload, headers: { "Content-Type": "application/json" } }),
    ]) {
      expect(response.status).toBe(400);
    }
    expect((await profileOf(user.id)).subscriptionStatus).toBe("inactive");
    expect(await db.select().from(processedJobs).where(eq(processedJobs.key, `stripe:${created!.id}`))).toEqual([]);
  });

  it("refuses a stale signature (older than Stripe's 5-minute tolerance) with 400 and changes nothing", async () => {
    const user = await trialingUser();
    const [created] = await recordedEvents(user.customerId);
    const response = await deliver(created!.payload, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(response.status).toBe(400);
    expect((await profileOf(user.id)).subscriptionStatus).toBe("inactive");
  });

  it("is the one kind of route a post without an Origin reaches: everywhere else it is still refused (403)", async () => {
    const { client } = await signedInUser({ pro: false });
    const noOrigin = { Origin: "" };
    for (const path of ["/subscription", "/billing/portal", "/webhook/stripe", "/x/webhooks/stripe"]) {
      const response = await client.post(path, { intent: "checkout", interval: "monthly" }, noOrigin);
      expect(response.status, path).toBe(403);
    }
    const webhook = await exports.default.fetch(`${ORIGIN}/webhooks/stripe`, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    expect(webhook.status).toBe(400);
  });

  it("refuses what is not a Stripe event (wrong content type, too large) with 4xx", async () => {
    const wrongType = await exports.default.fetch(`${ORIGIN}/webhooks/stripe`, {
      method: "POST",
      body: "a=1",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Stripe-Signature": "t=1,v1=x" },
    });
    expect(wrongType.status).toBe(415);
    const huge = await deliver(JSON.stringify({ id: "evt_huge", padding: "x".repeat(600 * 1024) }));
    expect(huge.status).toBe(413);
    const get = await exports.default.fetch(`${ORIGIN}/webhooks/stripe`);
    expect(get.status).toBe(405);
  });

  it("applies an event once: a replay of it changes nothing", async () => {
    const user = await trialingUser();
    const events = await recordedEvents(user.customerId);
    await deliverAll(events);
    // Meanwhile the customer cancels in the portal; that event has not arrived yet.
    await stripe.subscriptions.update(user.subscriptionId, { cancel_at_period_end: true });
    const before = await profileOf(user.id);
    const replay = await deliver(events[0]!.payload);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await profileOf(user.id)).toEqual(before);
    expect(await db.select().from(processedJobs).where(like(processedJobs.key, `stripe:${events[0]!.id}`))).toHaveLength(1);
  });

  it("out of order: an older 'created' after the 'updated' (cancel at period end) leaves the newer state", async () => {
    const user = await trialingUser();
    await stripe.subscriptions.update(user.subscriptionId, { cancel_at_period_end: true });
    const events = await recordedEvents(user.customerId);
    const updated = events.find((e) => e.type === "customer.subscription.updated")!;
    const created = events.find((e) => e.type === "customer.subscription.created")!;
    await deliverAll([updated, created]);
    expect(await profileOf(user.id)).toMatchObject({ subscriptionStatus: "trialing", subscriptionCancelAtPeriodEnd: true });
  });

  it("out of order: an older 'updated' after the 'deleted' does not bring the subscription back", async () => {
    const user = await trialingUser();
    await stripe.subscriptions.update(user.subscriptionId, { cancel_at_period_end: true });
    await fakeAdmin(`/subscriptions/${user.subscriptionId}/end-period`);
    const events = await recordedEvents(user.customerId);
    const deleted = events.find((e) => e.type === "customer.subscription.deleted")!;
    await deliverAll([deleted, ...events.filter((e) => e !== deleted)]);
    expect(await profileOf(user.id)).toMatchObject({ subscriptionStatus: "canceled", subscriptionType: "business" });
    expect((await createViaForm(user.client)).status).toBe(403);
  });

  it("a sync that read Stripe earlier never overwrites one that read it later", async () => {
    const user = await trialingUser();
    // As if another delivery had just written what it read after this one.
    const later = Date.now() + 60_000;
    await db.update(profiles).set({ stripeSyncedAt: later }).where(eq(profiles.userId, user.id));
    await deliverAll(await recordedEvents(user.customerId));
    expect(await profileOf(user.id)).toMatchObject({ subscriptionStatus: "inactive", stripeSyncedAt: later });
  });

  it("a payment failure at renewal: past_due, no longer Pro, nothing the user made is lost", async () => {
    const user = await trialingUser();
    await deliverAll(await recordedEvents(user.customerId));
    const eventId = eventIdFrom(await createViaForm(user.client));
    await fakeAdmin(`/subscriptions/${user.subscriptionId}/fail-next-payment`);
    await fakeAdmin(`/subscriptions/${user.subscriptionId}/end-period`);
    const events = await recordedEvents(user.customerId);
    expect(events.map((e) => e.type)).toContain("invoice.payment_failed");
    await deliverAll(events.filter((e) => e.type === "invoice.payment_failed"));
    expect((await profileOf(user.id)).subscriptionStatus).toBe("past_due");
    expect((await createViaForm(user.client)).status).toBe(403);
    expect((await user.client.get(`/events/${eventId}`)).status).toBe(200);
    const settings = await (await user.client.get("/settings?tab=subscription")).text();
    expect(settings).toContain("Your last payment failed. Update your payment method in the billing portal to get Pro back.");
    expect(settings).toContain("Free Guest Access");
  });

  it("a renewal that is paid moves the expiry to the new period's end", async () => {
    const user = await trialingUser();
    await deliverAll(await recordedEvents(user.customerId));
    await fakeAdmin(`/subscriptions/${user.subscriptionId}/end-period`);
    await deliverAll((await recordedEvents(user.customerId)).filter((e) => e.type === "invoice.paid").slice(-1));
    const profile = await profileOf(user.id);
    expect(profile.subscriptionStatus).toBe("active");
    expect(Math.abs(Date.parse(profile.subscriptionExpiresAt!) - Date.now() - 30 * DAY_MS)).toBeLessThan(2 * DAY_MS);
  });

  it("a checkout event names a user only with our own metadata: a client_reference_id alone links no customer", async () => {
    const { id } = await signedInUser({ pro: false });
    const stranger = await stripe.customers.create({ email: "payment-link@example.com" });
    const forged = (metadata: Record<string, string>) =>
      JSON.stringify({
        id: `evt_${crypto.randomUUID().slice(0, 8)}`,
        object: "event",
        type: "checkout.session.completed",
        created: Math.floor(Date.now() / 1000),
        data: { object: { object: "checkout.session", customer: stranger.id, client_reference_id: id, metadata } },
      });
    expect((await deliver(forged({}))).status).toBe(200);
    expect((await profileOf(id)).stripeCustomerId).toBeNull();
    expect((await deliver(forged({ user_id: id }))).status).toBe(200);
    expect((await profileOf(id)).stripeCustomerId).toBe(stranger.id);
  });

  it("an event of a customer we do not know changes nothing and is acknowledged", async () => {
    const stranger = await stripe.customers.create({ email: "stranger@example.com" });
    const payload = JSON.stringify({ id: `evt_${crypto.randomUUID().slice(0, 8)}`, object: "event", type: "invoice.paid", created: 1, data: { object: { object: "invoice", customer: stranger.id } } });
    const response = await deliver(payload);
    expect(response.status).toBe(200);
  });
});

describe("cancellation and gating (decision 008)", () => {
  it("cancelling at period end keeps Pro until the period ends, then only creating is refused", async () => {
    const user = await trialingUser();
    await deliverAll(await recordedEvents(user.customerId));
    const eventId = eventIdFrom(await createViaForm(user.client));

    await stripe.subscriptions.update(user.subscriptionId, { cancel_at_period_end: true });
    await deliverAll((await recordedEvents(user.customerId)).filter((e) => e.type === "customer.subscription.updated"));
    expect(await profileOf(user.id)).toMatchObject({ subscriptionStatus: "trialing", subscriptionCancelAtPeriodEnd: true });
    const settings = await (await user.client.get("/settings?tab=subscription")).text();
    expect(settings).toContain("Cancelled: Pro ends on");
    expect(settings).toContain("Cancelling keeps access until the end of the billing period.");
    expect(eventIdFrom(await createViaForm(user.client))).toBeTruthy();

    await fakeAdmin(`/subscriptions/${user.subscriptionId}/end-period`);
    await deliverAll((await recordedEvents(user.customerId)).filter((e) => e.type === "customer.subscription.deleted"));
    expect((await profileOf(user.id)).subscriptionStatus).toBe("canceled");
    const refused = await createViaForm(user.client);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Subscribe to Pro to create your own events");
    // Home lists their events (no bounce to /subscription), with New Event disabled.
    const home = await user.client.get("/");
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("Emma &amp; James");
    expect(html).toMatch(/<button[^>]*disabled[^>]*>New Event<\/button>/);
    // The old event opens and its lead can still edit it.
    expect((await user.client.get(`/events/${eventId}`)).status).toBe(200);
    expect((await (await user.client.get("/events/new")).text())).toContain("Subscribe to Pro to create your own events");
  });

  it("resuming in the portal before the period ends keeps Pro", async () => {
    const user = await trialingUser();
    await stripe.subscriptions.update(user.subscriptionId, { cancel_at_period_end: true });
    await stripe.subscriptions.update(user.subscriptionId, { cancel_at_period_end: false });
    const events = await recordedEvents(user.customerId);
    await deliverAll(events);
    expect(await profileOf(user.id)).toMatchObject({ subscriptionStatus: "trialing", subscriptionCancelAtPeriodEnd: false });
  });

  it("an expired subscription whose webhook never came no longer creates", async () => {
    const { client, id } = await signedInUser({ pro: true });
    const eventId = eventIdFrom(await createViaForm(client));
    await db.update(profiles).set({ subscriptionExpiresAt: new Date(Date.now() - 1000).toISOString() }).where(eq(profiles.userId, id));
    expect((await createViaForm(client)).status).toBe(403);
    expect((await client.get(`/events/${eventId}`)).status).toBe(200);
    expect((await client.get("/")).status).toBe(200);
  });

  it("the event service itself refuses a viewer without Pro, whatever calls it", async () => {
    const { createEvent: createEventService } = await import("~/modules/event/service.server");
    const { id, email } = await signedInUser({ pro: false });
    await expect(
      createEventService(
        db,
        { userId: id, email, subscriptionStatus: "canceled", subscriptionType: "business", subscriptionExpiresAt: null },
        EventSchema.parse({ title: "Emma & James", date: "2027-06-12" }),
      ),
    ).rejects.toThrow("Subscribe to Pro to create your own events");
    expect(await db.select().from(events).where(eq(events.leadPhotographerId, id))).toEqual([]);
  });

  it("/subscription sends an active subscriber home", async () => {
    const { client } = await signedInUser({ pro: true });
    const response = await client.get("/subscription");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("a lapsed lead with events is not sent to /subscription; a newcomer with nothing is", async () => {
    const { client, id } = await signedInUser({ pro: false });
    expect((await client.get("/")).headers.get("Location")).toBe("/subscription");
    await createEvent(db, id);
    expect((await client.get("/")).status).toBe(200);
  });
});

describe("back from checkout", () => {
  it("before the webhook: asks Stripe for the session, then 'Subscription activated!' and home", async () => {
    const user = await trialingUser();
    const response = await user.client.get(`/subscription?checkout=success&session_id=${user.session.id}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect((await profileOf(user.id)).subscriptionStatus).toBe("trialing");
    expect(await (await user.client.get("/")).text()).toContain("Subscription activated!");
  });

  it("someone else's session activates nothing", async () => {
    const owner = await trialingUser();
    const other = await signedInUser({ pro: false });
    const response = await other.client.get(`/subscription?checkout=success&session_id=${owner.session.id}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Confirming your subscription");
    expect((await profileOf(other.id)).subscriptionStatus).toBe("inactive");
  });

  it("an unpaid session waits (the page asks again) and never says activated", async () => {
    const user = await signedInUser({ pro: false });
    const session = await startCheckout(user.client);
    const response = await user.client.get(`/subscription?checkout=success&session_id=${session.id}`);
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain("Subscription activated!");
  });
});

describe("billing portal", () => {
  it("opens the customer's own portal session, back to Settings → Subscription", async () => {
    const user = await trialingUser();
    const asJson = await user.client.post("/billing/portal", {}, { Accept: "application/json" });
    expect(asJson.status).toBe(200);
    const { url } = (await asJson.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${FAKE}/billing/bps_`));
    const page = await (await fetch(url)).text();
    expect(page).toContain("Return to Event Flow");

    const asForm = await user.client.post("/billing/portal", {});
    expect(asForm.status).toBe(303);
    expect(asForm.headers.get("Location")).toMatch(new RegExp(`^${FAKE}/billing/bps_`));
  });

  it("without a Stripe customer: 'Failed to open billing portal'", async () => {
    const { client } = await signedInUser({ pro: false });
    const asJson = await client.post("/billing/portal", {}, { Accept: "application/json" });
    expect(asJson.status).toBe(404);
    expect(await asJson.json()).toEqual({ error: "Failed to open billing portal" });
    const asForm = await client.post("/billing/portal", {});
    expect(asForm.status).toBe(302);
    expect(asForm.headers.get("Location")).toBe("/settings?tab=subscription");
    expect(await (await client.get("/settings?tab=subscription")).text()).toContain("Failed to open billing portal");
  });

  it("signed out: no portal", async () => {
    const client = createClient();
    const response = await client.post("/billing/portal", {}, { Accept: "application/json" });
    expect(response.status).toBe(401);
  });
});
