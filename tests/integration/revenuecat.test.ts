// Pro bought in the App Store / Play through RevenueCat (decision 012). Our code
// runs for real against the fake RevenueCat at its HTTP boundary (tests/setup/fake-revenuecat.ts):
// a test sets what RevenueCat says about a subscriber, then posts events to /webhooks/revenuecat
// as RevenueCat does, in the order (or twice, or late) the test is about.
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { processedJobs, profiles } from "~/db/schema";
import { syncStoreSubscription } from "~/modules/billing/revenuecat.server";
import { getDb } from "~/utils/db.server";
import { FAKE_REVENUECAT } from "../setup/fake-stripe-config";
import { createClient, eventIdFrom, ORIGIN, sessionFor, type Client } from "./helpers";

const db = getDb(env);
const FAKE = env.REVENUECAT_API_BASE as string;
const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/** Sets what the fake RevenueCat answers for the app user (no body: no entitlement). */
async function setSubscriber(userId: string, state: Record<string, unknown> = { none: true }) {
  const response = await fetch(`${FAKE}/_fake/subscribers/${encodeURIComponent(userId)}`, { method: "POST", body: JSON.stringify(state) });
  if (!response.ok) throw new Error(`fake: ${response.status}`);
}

type Event = { id?: string; type: string; app_user_id?: string; transferred_from?: string[]; transferred_to?: string[] };

/** POSTs an event as RevenueCat's webhook does: JSON, the configured Authorization header. */
function deliver(event: Event | string, { authorization = FAKE_REVENUECAT.webhookAuth as string | null, contentType = "application/json" } = {}) {
  const body = typeof event === "string" ? event : JSON.stringify({ api_version: "1.0", event: { id: crypto.randomUUID(), ...event } });
  return exports.default.fetch(`${ORIGIN}/webhooks/revenuecat`, {
    method: "POST",
    body,
    headers: { "Content-Type": contentType, ...(authorization === null ? {} : { Authorization: authorization }) },
  });
}

async function deliverOk(event: Event) {
  const response = await deliver(event);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { outcome: string }).outcome;
}

async function profileOf(userId: string) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return profile!;
}

const recorded = async (id: string) => (await db.select().from(processedJobs).where(eq(processedJobs.key, `revenuecat:${id}`))).length;

const createViaForm = (client: Client) =>
  client.post("/events/new", { title: "Emma & James", coupleNames: "Emma & James", date: "2027-06-12", venue: "Willow Creek Barn" });

async function canCreate(client: Client) {
  const response = await createViaForm(client);
  if (response.status === 302 && /\/invite$/.test(response.headers.get("Location") ?? "")) {
    eventIdFrom(response);
    return true;
  }
  return false;
}

describe("POST /webhooks/revenuecat: authentication and input", () => {
  it("refuses a missing or wrong Authorization header with 401 and records nothing", async () => {
    const user = await sessionFor();
    await setSubscriber(user.id, { expiresDate: inDays(30) });
    for (const authorization of [null, "Bearer wrong", `${FAKE_REVENUECAT.webhookAuth}x`, ""]) {
      const id = crypto.randomUUID();
      const response = await deliver({ id, type: "INITIAL_PURCHASE", app_user_id: user.id }, { authorization });
      expect(response.status).toBe(401);
      expect(await recorded(id)).toBe(0);
    }
    expect((await profileOf(user.id)).storeEntitlementExpiresAt).toBeNull();
  });

  it("answers 415 for a body that is not JSON, 413 for one over 64 KB, 400 for malformed input", async () => {
    expect((await deliver({ type: "RENEWAL", app_user_id: "x" }, { contentType: "text/plain" })).status).toBe(415);
    const big = JSON.stringify({ event: { id: "big", type: "RENEWAL", app_user_id: "x", pad: "a".repeat(70 * 1024) } });
    expect((await deliver(big)).status).toBe(413);
    expect((await deliver("{not json")).status).toBe(400);
    expect((await deliver(JSON.stringify({ event: { type: "RENEWAL" } }))).status).toBe(400);
  });
});

describe("POST /webhooks/revenuecat: events", () => {
  it("INITIAL_PURCHASE grants Pro from the store's state (read from RevenueCat, not the payload)", async () => {
    const user = await sessionFor();
    expect(await canCreate(user.client)).toBe(false);
    const expires = inDays(30);
    await setSubscriber(user.id, { expiresDate: expires, product: "pro_monthly", store: "play_store" });
    expect(await deliverOk({ type: "INITIAL_PURCHASE", app_user_id: user.id })).toBe("applied");
    const profile = await profileOf(user.id);
    expect(profile).toMatchObject({ storeEntitlementExpiresAt: expires, storeProductId: "pro_monthly", storePlatform: "play_store", storeBillingIssue: false });
    // Stripe's columns are untouched.
    expect(profile).toMatchObject({ subscriptionStatus: "inactive", stripeSyncedAt: null });
    expect(await canCreate(user.client)).toBe(true);
  });

  it.each(["RENEWAL", "CANCELLATION", "UNCANCELLATION", "PRODUCT_CHANGE", "BILLING_ISSUE", "EXPIRATION"])("%s writes the state RevenueCat reports now", async (type) => {
    const user = await sessionFor();
    const expires = type === "EXPIRATION" ? null : inDays(type === "RENEWAL" ? 60 : 20);
    await setSubscriber(
      user.id,
      expires === null
        ? { none: true }
        : { expiresDate: expires, product: type === "PRODUCT_CHANGE" ? "pro_yearly" : "pro_monthly", billingIssuesDetectedAt: type === "BILLING_ISSUE" ? inDays(0) : null },
    );
    if (type === "EXPIRATION") await db.update(profiles).set({ storeEntitlementExpiresAt: inDays(5), storeProductId: "pro_monthly" }).where(eq(profiles.userId, user.id));
    expect(await deliverOk({ type, app_user_id: user.id })).toBe("applied");
    const profile = await profileOf(user.id);
    expect(profile.storeEntitlementExpiresAt).toBe(expires);
    expect(profile.storeBillingIssue).toBe(type === "BILLING_ISSUE");
    if (type === "PRODUCT_CHANGE") expect(profile.storeProductId).toBe("pro_yearly");
    expect(await canCreate(user.client)).toBe(type !== "EXPIRATION");
  });

  it("a sandbox purchase grants Pro only where REVENUECAT_ALLOW_SANDBOX is 'true' (decision 012)", async () => {
    const expires = inDays(30);
    // Production (the var empty, as in wrangler.toml): a TestFlight tester's free purchase is no Pro.
    const tester = await sessionFor();
    await setSubscriber(tester.id, { expiresDate: expires, product: "pro_monthly", store: "app_store", sandbox: true });
    const production = { ...env, REVENUECAT_ALLOW_SANDBOX: "" };
    expect(await syncStoreSubscription(db, production, tester.id)).toMatchObject({ storeEntitlementExpiresAt: null, storeProductId: null });
    expect(await canCreate(tester.client)).toBe(false);
    // The same read where sandbox is allowed (the tests' and `npm run dev`'s setting).
    expect(await syncStoreSubscription(db, { ...env, REVENUECAT_ALLOW_SANDBOX: "true" }, tester.id)).toMatchObject({ storeEntitlementExpiresAt: expires });
    expect(await canCreate(tester.client)).toBe(true);
    // A real purchase counts in production.
    const buyer = await sessionFor();
    await setSubscriber(buyer.id, { expiresDate: expires, product: "pro_monthly", store: "app_store", sandbox: false });
    expect(await syncStoreSubscription(db, production, buyer.id)).toMatchObject({ storeEntitlementExpiresAt: expires, storePlatform: "app_store" });
    expect(await canCreate(buyer.client)).toBe(true);
  });

  it("applies each event once: a replay answers 'duplicate' and changes nothing", async () => {
    const user = await sessionFor();
    await setSubscriber(user.id, { expiresDate: inDays(30) });
    const id = crypto.randomUUID();
    expect(await deliverOk({ id, type: "INITIAL_PURCHASE", app_user_id: user.id })).toBe("applied");
    const before = await profileOf(user.id);
    await setSubscriber(user.id, { none: true });
    expect(await deliverOk({ id, type: "INITIAL_PURCHASE", app_user_id: user.id })).toBe("duplicate");
    expect(await profileOf(user.id)).toEqual(before);
    expect(await recorded(id)).toBe(1);
  });

  it("an EXPIRATION arriving after a RENEWAL does not end the renewed entitlement (the state is re-read)", async () => {
    const user = await sessionFor();
    const renewed = inDays(30);
    await setSubscriber(user.id, { expiresDate: renewed });
    expect(await deliverOk({ type: "RENEWAL", app_user_id: user.id })).toBe("applied");
    // The expiration of the previous period, delivered late.
    expect(await deliverOk({ type: "EXPIRATION", app_user_id: user.id })).toBe("applied");
    expect((await profileOf(user.id)).storeEntitlementExpiresAt).toBe(renewed);
    expect(await canCreate(user.client)).toBe(true);
  });

  it("TRANSFER re-syncs both app users: the entitlement moves", async () => {
    const from = await sessionFor();
    const to = await sessionFor();
    await setSubscriber(from.id, { expiresDate: inDays(30) });
    await deliverOk({ type: "INITIAL_PURCHASE", app_user_id: from.id });
    const expires = inDays(30);
    await setSubscriber(from.id, { none: true });
    await setSubscriber(to.id, { expiresDate: expires });
    expect(await deliverOk({ type: "TRANSFER", transferred_from: [from.id], transferred_to: [to.id] })).toBe("applied");
    expect((await profileOf(from.id)).storeEntitlementExpiresAt).toBeNull();
    expect((await profileOf(to.id)).storeEntitlementExpiresAt).toBe(expires);
    expect(await canCreate(from.client)).toBe(false);
    expect(await canCreate(to.client)).toBe(true);
  });

  it("ignores an unknown app user and other event types (200, recorded, nothing written)", async () => {
    const stranger = `$RCAnonymousID:${crypto.randomUUID()}`;
    await setSubscriber(stranger, { expiresDate: inDays(30) });
    const id = crypto.randomUUID();
    expect(await deliverOk({ id, type: "INITIAL_PURCHASE", app_user_id: stranger })).toBe("ignored");
    expect(await recorded(id)).toBe(1);
    const user = await sessionFor();
    await setSubscriber(user.id, { expiresDate: inDays(30) });
    expect(await deliverOk({ type: "TEST", app_user_id: user.id })).toBe("ignored");
    expect(await deliverOk({ type: "NON_RENEWING_PURCHASE", app_user_id: user.id })).toBe("ignored");
    expect((await profileOf(user.id)).storeEntitlementExpiresAt).toBeNull();
  });
});

describe("Pro through Stripe, the store, or both", () => {
  const stripePro = (userId: string, expiresAt: string) =>
    db.update(profiles).set({ subscriptionStatus: "active", subscriptionType: "business", subscriptionExpiresAt: expiresAt }).where(eq(profiles.userId, userId));

  it("Stripe only: Pro; store only: Pro", async () => {
    const web = await sessionFor();
    await stripePro(web.id, inDays(30));
    expect(await canCreate(web.client)).toBe(true);
    const store = await sessionFor();
    await setSubscriber(store.id, { expiresDate: inDays(30) });
    await deliverOk({ type: "INITIAL_PURCHASE", app_user_id: store.id });
    expect(await canCreate(store.client)).toBe(true);
  });

  it("both: the store's sync leaves Stripe's columns alone, and one expiring leaves the other", async () => {
    const user = await sessionFor();
    const stripeEnd = inDays(30);
    await stripePro(user.id, stripeEnd);
    await setSubscriber(user.id, { expiresDate: inDays(10) });
    await deliverOk({ type: "INITIAL_PURCHASE", app_user_id: user.id });
    expect(await profileOf(user.id)).toMatchObject({ subscriptionStatus: "active", subscriptionType: "business", subscriptionExpiresAt: stripeEnd });
    // The store's entitlement expires: Stripe's still stands.
    await setSubscriber(user.id, { none: true });
    await deliverOk({ type: "EXPIRATION", app_user_id: user.id });
    expect(await canCreate(user.client)).toBe(true);
    // Stripe's ends and the store's comes back: still Pro.
    await db.update(profiles).set({ subscriptionStatus: "canceled", subscriptionExpiresAt: inDays(-1) }).where(eq(profiles.userId, user.id));
    expect(await canCreate(user.client)).toBe(false);
    await setSubscriber(user.id, { expiresDate: inDays(30) });
    await deliverOk({ type: "INITIAL_PURCHASE", app_user_id: user.id });
    expect(await canCreate(user.client)).toBe(true);
  });
});

describe("Settings → Subscription with Pro from the store", () => {
  const subscriptionPage = async (client: Client) => (await client.get("/settings?tab=subscription")).text();

  it("says where it is managed when the store's entitlement is the active one", async () => {
    const user = await sessionFor();
    await setSubscriber(user.id, { expiresDate: "2099-03-04T00:00:00.000Z", store: "app_store" });
    await deliverOk({ type: "INITIAL_PURCHASE", app_user_id: user.id });
    const html = await subscriptionPage(user.client);
    expect(html).toContain("Pro Plan");
    expect(html).toContain("Manage your subscription in the App Store");
    expect(html).toContain("Current period ends on March 4, 2099");
    expect(html).not.toContain("Free Guest Access");

    const play = await sessionFor();
    await setSubscriber(play.id, { expiresDate: inDays(30), store: "play_store" });
    await deliverOk({ type: "INITIAL_PURCHASE", app_user_id: play.id });
    expect(await subscriptionPage(play.client)).toContain("Manage your subscription in Google Play");
  });

  it("does not when Stripe bills the active Pro, or when the store's entitlement ended", async () => {
    const both = await sessionFor();
    await db.update(profiles).set({ subscriptionStatus: "active", subscriptionType: "business", subscriptionExpiresAt: inDays(30), billingInterval: "monthly" }).where(eq(profiles.userId, both.id));
    await setSubscriber(both.id, { expiresDate: inDays(30) });
    await deliverOk({ type: "INITIAL_PURCHASE", app_user_id: both.id });
    const html = await subscriptionPage(both.client);
    expect(html).toContain("Billed monthly: $9.99/month");
    expect(html).not.toContain("Manage your subscription in the App Store");

    const lapsed = await sessionFor();
    await db.update(profiles).set({ storeEntitlementExpiresAt: inDays(-1), storePlatform: "app_store" }).where(eq(profiles.userId, lapsed.id));
    const lapsedHtml = await subscriptionPage(lapsed.client);
    expect(lapsedHtml).toContain("Free Guest Access");
    expect(lapsedHtml).not.toContain("Manage your subscription in the App Store");
  });
});

describe("POST /subscription/store-sync (right after a purchase or restore)", () => {
  it("refuses a signed-out caller with 401", async () => {
    const response = await createClient().post("/subscription/store-sync", {});
    expect(response.status).toBe(401);
  });

  it("reads RevenueCat for the signed-in user and answers the new state, before any webhook", async () => {
    const user = await sessionFor();
    const before = await user.client.post("/subscription/store-sync", {});
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({ pro: false, store: { storeEntitlementExpiresAt: null } });
    const expires = inDays(365);
    await setSubscriber(user.id, { expiresDate: expires, product: "pro_yearly", store: "app_store" });
    const after = await user.client.post("/subscription/store-sync", {});
    expect(await after.json()).toEqual({
      pro: true,
      store: { storeEntitlementExpiresAt: expires, storeProductId: "pro_yearly", storePlatform: "app_store", storeBillingIssue: false },
    });
    expect(await canCreate(user.client)).toBe(true);
  });

  it("is rate-limited per user (429 'Too many attempts...') and then changes nothing", async () => {
    const user = await sessionFor();
    for (let i = 0; i < 10; i++) expect((await user.client.post("/subscription/store-sync", {})).status).toBe(200);
    await setSubscriber(user.id, { expiresDate: inDays(30) });
    const refused = await user.client.post("/subscription/store-sync", {});
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: "Too many attempts. Please wait a minute and try again." });
    expect((await profileOf(user.id)).storeEntitlementExpiresAt).toBeNull();
  });
});
