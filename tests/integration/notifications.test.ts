import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, like } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { notifications, processedJobs, pushSubscriptions, type NotificationData } from "~/db/schema";
import { deliverPushNotification, pushJobKey } from "~/modules/notifications/push.server";
import { notificationInsert } from "~/modules/notifications/service.server";
import { getDb } from "~/utils/db.server";
import { JOBS_QUEUE } from "~/utils/jobs";
import worker from "../../workers/app";
import { createUser } from "../factories";
import {
  type BrowserSubscription,
  createBrowserSubscription,
  createFakePushService,
  generateVapidKeys,
  verifyVapid,
} from "../fakes/push-service";
import { createClient, signedInUser, storeDevice } from "./helpers";

const db = getDb(env);

afterEach(() => vi.restoreAllMocks());

type Seed = { title: string; message?: string; read?: boolean; data?: NotificationData; createdAt?: string };

async function addNotifications(userId: string, seeds: Seed[]) {
  const rows = seeds.map((seed) => ({
    id: crypto.randomUUID(),
    userId,
    title: seed.title,
    message: seed.message ?? `${seed.title}: details`,
    read: seed.read ?? false,
    data: seed.data ?? {},
    ...(seed.createdAt ? { createdAt: seed.createdAt } : {}),
  }));
  await db.insert(notifications).values(rows);
  return rows.map((row) => row.id);
}

const rowOf = async (id: string) => (await db.select().from(notifications).where(eq(notifications.id, id)))[0];
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const readForms = (html: string) => [...html.matchAll(/action="\/notifications\/([^"/]+)\/read"/g)].map((m) => m[1]);

describe("the header's notifications", () => {
  it("shows a signed-in user the latest 10, newest first, and counts every unread one", async () => {
    const { client, id } = await signedInUser({ pro: false });
    // Twelve notifications, 'Note 01' the oldest. The two oldest (not listed) are
    // unread, and so are Note 05 to Note 12 (8 listed): 10 unread in all.
    const ids = await addNotifications(
      id,
      Array.from({ length: 12 }, (_, i) => ({
        title: `Note ${String(i + 1).padStart(2, "0")}`,
        read: i >= 2 && i < 4,
        createdAt: minutesAgo(120 - i),
      })),
    );
    const someoneElse = await createUser(db);
    await addNotifications(someoneElse.id, [{ title: "Not yours" }]);

    const response = await client.get("/settings");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(readForms(html)).toEqual(ids.slice(2).reverse());
    expect(html).toContain("Note 12");
    expect(html).toContain("Note 03");
    expect(html).not.toContain("Note 02");
    expect(html).not.toContain("Note 01");
    expect(html).not.toContain("Not yours");
    expect(html).toContain('aria-label="Notifications, 10 unread"');
    expect(html).toContain(">9+</span>");
    expect(html).toContain(">10 new</span>");
    expect(html).toContain("1h ago");
    expect(html).not.toContain("No notifications yet");
  });

  it("shows 'No notifications yet' and no badge to a user without any", async () => {
    const { client } = await signedInUser({ pro: false });
    const html = await (await client.get("/settings")).text();
    expect(html).toContain("No notifications yet");
    expect(html).toContain('aria-label="Notifications"');
    expect(html).not.toContain("notification-badge");
    expect(html).not.toMatch(/\d+ new</);
  });

  it("reads them in the session's own D1 batch: a page costs one round trip", async () => {
    const { client, id } = await signedInUser({ pro: false });
    await addNotifications(id, [{ title: "Timeline updated" }]);
    const batch = vi.spyOn(env.DB, "batch");
    const prepare = vi.spyOn(env.DB, "prepare");
    // The create form: its one read (the user's templates) joins the session's batch.
    const response = await client.get("/events/new");
    expect(await response.text()).toContain("Timeline updated");
    expect(batch).toHaveBeenCalledTimes(1);
    // The session's hourly slide (in the same batch), the session, the two header reads, the templates.
    expect(batch.mock.calls[0]![0]).toHaveLength(5);
    // Nothing else reached D1: the five statements are the batch's.
    expect(prepare).toHaveBeenCalledTimes(5);
  });

  it("are not read for an action, which does not render them", async () => {
    const { client, id } = await signedInUser({ pro: false });
    const [notificationId] = await addNotifications(id, [{ title: "Shots updated" }]);
    const batch = vi.spyOn(env.DB, "batch");
    const response = await client.post(`/notifications/${notificationId}/read`, {});
    expect(response.status).toBe(302);
    // The session's own batch (its slide and its row), with no notifications read in it.
    expect(batch).toHaveBeenCalledTimes(1);
    expect(batch.mock.calls[0]![0]).toHaveLength(2);
    expect(JSON.stringify(batch.mock.calls[0]![0])).not.toContain('from \\"notifications\\"');
  });

  it("are still shown on a page rendered in answer to a form post (no JavaScript)", async () => {
    const { client, id } = await signedInUser({ pro: false });
    await addNotifications(id, [{ title: "Client added a vendor" }]);
    // An invalid password change re-renders /settings from the POST itself.
    const response = await client.post("/settings/password", { intent: "change-password", currentPassword: "", newPassword: "x", confirmPassword: "y" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Client added a vendor");
    expect(html).toContain('aria-label="Notifications, 1 unread"');
  });

  it("are left out for a visitor", async () => {
    const response = await createClient().get("/about");
    expect(await response.text()).not.toContain("No notifications yet");
  });
});

describe("opening a notification (POST /notifications/:id/read)", () => {
  const invite = "0f6f3b2a-8c1d-4e5f-9a0b-1c2d3e4f5a6b";
  const event = "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d";

  it.each<[string, NotificationData, string]>([
    ["an invite opens the invitation", { type: "invite", invite_id: invite }, `/accept-invite/${invite}`],
    ["an event_invite opens the invitation", { type: "event_invite", invite_id: invite, event_id: event }, `/accept-invite/${invite}`],
    ["an invite_response opens the event", { type: "invite_response", event_id: event }, `/events/${event}`],
    ["a client_access opens its link", { type: "client_access", access_url: "/client/0123abcd" }, "/client/0123abcd"],
    ["a client_access to another site goes home instead", { type: "client_access", access_url: "https://evil.example/x" }, "/"],
    ["a client_access to //another site goes home instead", { type: "client_access", access_url: "//evil.example/x" }, "/"],
    ["any other with event_id opens the event", { type: "timeline_updated", event_id: event }, `/events/${event}`],
    ["any other with eventId opens the event", { type: "shots_updated", eventId: event }, `/events/${event}`],
    ["an id that is not an id goes home", { type: "people_updated", event_id: "../settings" }, "/"],
    ["anything else goes home", { type: "announcement" }, "/"],
  ])("marks it read and redirects: %s", async (_label, data, location) => {
    const { client, id } = await signedInUser({ pro: false });
    const [notificationId, other] = await addNotifications(id, [{ title: "Open me", data }, { title: "Leave me" }]);
    const response = await client.post(`/notifications/${notificationId}/read`, {});
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(location);
    expect((await rowOf(notificationId!))!.read).toBe(true);
    expect((await rowOf(other!))!.read).toBe(false);
  });

  it("is a 404 for someone else's notification, which stays unread", async () => {
    const { client } = await signedInUser({ pro: false });
    const owner = await createUser(db);
    const [theirs] = await addNotifications(owner.id, [{ title: "Private", data: { type: "client_access", access_url: "/client/secret" } }]);
    const response = await client.post(`/notifications/${theirs}/read`, {});
    expect(response.status).toBe(404);
    expect(response.headers.get("Location")).toBeNull();
    expect(await response.text()).not.toContain("/client/secret");
    expect((await rowOf(theirs!))!.read).toBe(false);
  });

  it("is a 404 for an id that does not exist", async () => {
    const { client } = await signedInUser({ pro: false });
    expect((await client.post(`/notifications/${crypto.randomUUID()}/read`, {})).status).toBe(404);
  });

  it("sends a visitor to sign in and changes nothing", async () => {
    const owner = await createUser(db);
    const [notificationId] = await addNotifications(owner.id, [{ title: "Hello" }]);
    const response = await createClient().post(`/notifications/${notificationId}/read`, {});
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth");
    expect((await rowOf(notificationId!))!.read).toBe(false);
  });

  it("is not done by a GET", async () => {
    const { client, id } = await signedInUser({ pro: false });
    const [notificationId] = await addNotifications(id, [{ title: "Hello", data: { type: "invite_response", event_id: event } }]);
    const response = await client.get(`/notifications/${notificationId}/read`);
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    expect((await rowOf(notificationId!))!.read).toBe(false);
  });

  it("is refused from another site (CSRF)", async () => {
    const { client, id } = await signedInUser({ pro: false });
    const [notificationId] = await addNotifications(id, [{ title: "Hello" }]);
    const response = await client.post(`/notifications/${notificationId}/read`, {}, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect((await rowOf(notificationId!))!.read).toBe(false);
  });

  it("shows the notification as read afterwards, and the count goes down", async () => {
    const { client, id } = await signedInUser({ pro: false });
    const [first] = await addNotifications(id, [
      { title: "First", createdAt: minutesAgo(5) },
      { title: "Second", createdAt: minutesAgo(1) },
    ]);
    expect(await (await client.get("/settings")).text()).toContain('aria-label="Notifications, 2 unread"');
    await client.post(`/notifications/${first}/read`, {});
    const html = await (await client.get("/settings")).text();
    expect(html).toContain('aria-label="Notifications, 1 unread"');
    expect(html.match(/data-unread="true"/g)).toHaveLength(1);
  });
});

describe("Mark all read (POST /notifications/read-all)", () => {
  it("marks every one of the viewer's notifications read, nobody else's, and goes back", async () => {
    const { client, id } = await signedInUser({ pro: false });
    const mine = await addNotifications(id, Array.from({ length: 12 }, (_, i) => ({ title: `Mine ${i}` })));
    const other = await createUser(db);
    const [theirs] = await addNotifications(other.id, [{ title: "Theirs" }]);
    const response = await client.post("/notifications/read-all", { returnTo: "/settings?tab=notifications" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/settings?tab=notifications");
    for (const notificationId of mine) expect((await rowOf(notificationId))!.read).toBe(true);
    expect((await rowOf(theirs!))!.read).toBe(false);
  });

  it("never goes back to another site", async () => {
    const { client } = await signedInUser({ pro: false });
    const response = await client.post("/notifications/read-all", { returnTo: "https://evil.example/" });
    expect(response.headers.get("Location")).toBe("/");
  });

  it("sends a visitor to sign in", async () => {
    const response = await createClient().post("/notifications/read-all", { returnTo: "/" });
    expect(response.headers.get("Location")).toBe("/auth");
  });
});

describe("push delivery (the push job, push service faked at its HTTP boundary)", () => {
  const subject = "mailto:support@eventflow.app";

  async function pushSetup({ subscriptions = 1 }: { subscriptions?: number } = {}) {
    const user = await createUser(db);
    const browsers: Array<BrowserSubscription & { id: string }> = [];
    for (let i = 0; i < subscriptions; i++) {
      const browser = await createBrowserSubscription();
      const id = crypto.randomUUID();
      await storeDevice(user.id, browser, id);
      browsers.push({ ...browser, id });
    }
    const { id: notificationId, statement } = notificationInsert(db, {
      userId: user.id,
      title: "New Second Shooter Invite",
      message: "Maya Thompson invited you to Emma & James",
      data: { type: "event_invite", invite_id: "inv-1", event_id: "evt-1" },
    });
    await statement;
    const keys = await generateVapidKeys();
    const pushEnv = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: subject };
    return { user, browsers, notificationId, keys, pushEnv };
  }

  const subscriptionIds = async (userId: string) =>
    (await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).map((r) => r.id);

  async function runPushJob(notificationId: string, jobEnv: object, attempts = 1) {
    const batch = createMessageBatch(JOBS_QUEUE, [{ id: "m0", timestamp: new Date(), attempts, body: { kind: "push", notificationId } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<unknown>, { ...env, ...jobEnv } as Env, ctx);
    return getQueueResult(batch, ctx);
  }

  it("sends the encrypted payload with a VAPID signature to every subscription of the user", async () => {
    const { browsers, notificationId, keys, pushEnv } = await pushSetup({ subscriptions: 2 });
    const service = createFakePushService();
    const result = await deliverPushNotification(db, pushEnv, notificationId, service.fetcher);
    expect(result).toEqual({ outcome: "handled", sent: 2, alreadySent: 0, gone: 0, refused: 0 });
    expect(service.requests.map((r) => r.url).sort()).toEqual(browsers.map((b) => b.endpoint).sort());

    for (const request of service.requests) {
      const browser = browsers.find((b) => b.endpoint === request.url)!;
      expect(request.method).toBe("POST");
      expect(request.headers).toMatchObject({
        "content-encoding": "aes128gcm",
        "content-type": "application/octet-stream",
        ttl: "86400",
      });
      expect(request.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
      const { header, claims } = await verifyVapid(request.headers.authorization!, keys.publicKey);
      expect(header).toEqual({ typ: "JWT", alg: "ES256" });
      expect(claims.aud).toBe("https://fcm.googleapis.com");
      expect(claims.sub).toBe(subject);
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
      // Constant-size record: the length tells nothing about the message.
      expect(request.body.byteLength).toBe(4096);
      expect(new TextDecoder().decode(request.body)).not.toContain("Emma & James");
      // Title, text and where a click leads (the bell's destination), nothing else.
      expect(JSON.parse(await browser.decrypt(request.body))).toEqual({
        title: "New Second Shooter Invite",
        body: "Maya Thompson invited you to Emma & James",
        url: "/accept-invite/inv-1",
        tag: "event_invite:/accept-invite/inv-1",
      });
    }
    const keysDone = (await db.select().from(processedJobs).where(like(processedJobs.key, `push:${notificationId}:%`))).map((r) => r.key);
    expect(keysDone.sort()).toEqual(browsers.map((b) => pushJobKey(notificationId, b.id)).sort());
  });

  it("delivers through the queue consumer and acks the job", async () => {
    const { notificationId, pushEnv } = await pushSetup();
    const service = createFakePushService();
    vi.spyOn(globalThis, "fetch").mockImplementation(service.fetcher);
    const result = await runPushJob(notificationId, pushEnv);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(result.retryMessages).toEqual([]);
    expect(service.requests).toHaveLength(1);
  });

  it("does not push again to a device that already got it when the job is redelivered", async () => {
    const { notificationId, pushEnv } = await pushSetup({ subscriptions: 2 });
    const service = createFakePushService();
    vi.spyOn(globalThis, "fetch").mockImplementation(service.fetcher);
    await runPushJob(notificationId, pushEnv);
    expect(service.requests).toHaveLength(2);
    const again = await runPushJob(notificationId, pushEnv, 2);
    expect(again.explicitAcks).toEqual(["m0"]);
    expect(service.requests).toHaveLength(2);
    expect(await deliverPushNotification(db, pushEnv, notificationId, service.fetcher)).toMatchObject({ sent: 0, alreadySent: 2 });
  });

  it("deletes a subscription the push service says is gone (410), and still pushes to the others", async () => {
    const { user, browsers, notificationId, pushEnv } = await pushSetup({ subscriptions: 2 });
    const [gone, live] = browsers as [(typeof browsers)[0], (typeof browsers)[0]];
    const service = createFakePushService((endpoint) => (endpoint === gone.endpoint ? 410 : 201));
    vi.spyOn(globalThis, "fetch").mockImplementation(service.fetcher);
    const result = await runPushJob(notificationId, pushEnv);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(service.requests).toHaveLength(2);
    expect(await subscriptionIds(user.id)).toEqual([live.id]);
  });

  it("deletes a subscription the push service does not know (404)", async () => {
    const { user, notificationId, pushEnv } = await pushSetup();
    const result = await deliverPushNotification(db, pushEnv, notificationId, createFakePushService(() => 404).fetcher);
    expect(result).toMatchObject({ outcome: "handled", sent: 0, gone: 1 });
    expect(await subscriptionIds(user.id)).toEqual([]);
  });

  it("retries the job when the push service fails (500), and then pushes only to the device that missed it", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { user, browsers, notificationId, pushEnv } = await pushSetup({ subscriptions: 2 });
    const [down, up] = browsers as [(typeof browsers)[0], (typeof browsers)[0]];
    const failing = createFakePushService((endpoint) => (endpoint === down.endpoint ? 500 : 201));
    vi.spyOn(globalThis, "fetch").mockImplementation(failing.fetcher);
    const batch = createMessageBatch(JOBS_QUEUE, [{ id: "m0", timestamp: new Date(), attempts: 1, body: { kind: "push", notificationId } }]);
    const retry = vi.spyOn(batch.messages[0]!, "retry");
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<unknown>, { ...env, ...pushEnv } as Env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toEqual([{ msgId: "m0" }]);
    expect(retry).toHaveBeenCalledWith({ delaySeconds: 30 });
    expect(await subscriptionIds(user.id)).toHaveLength(2);

    const recovered = createFakePushService();
    vi.spyOn(globalThis, "fetch").mockImplementation(recovered.fetcher);
    const again = await runPushJob(notificationId, pushEnv, 2);
    expect(again.explicitAcks).toEqual(["m0"]);
    expect(recovered.requests.map((r) => r.url)).toEqual([down.endpoint]);
    expect(failing.requests.map((r) => r.url).sort()).toEqual([down.endpoint, up.endpoint].sort());
  });

  it("retries when the push service cannot be reached", async () => {
    const { notificationId, pushEnv } = await pushSetup();
    await expect(deliverPushNotification(db, pushEnv, notificationId, createFakePushService(() => "network").fetcher)).rejects.toThrow(
      /failed for 1 of 1 subscription\(s\): TypeError: Network connection lost/,
    );
    expect(await db.select().from(processedJobs).where(like(processedJobs.key, `push:${notificationId}:%`))).toEqual([]);
  });

  it("logs a refusal that would fail again (403) instead of retrying it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { user, notificationId, pushEnv } = await pushSetup();
    const result = await deliverPushNotification(db, pushEnv, notificationId, createFakePushService(() => 403).fetcher);
    expect(result).toMatchObject({ outcome: "handled", sent: 0, refused: 1 });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(await subscriptionIds(user.id)).toHaveLength(1);
  });

  it.each([
    // A subscribed device is push turned on; none, push is off.
    ["the user has no subscribed device", { subscriptions: 0 }, "no-subscriptions"],
  ] as const)("acks without sending when %s", async (_label, setup, outcome) => {
    const { notificationId, pushEnv } = await pushSetup(setup);
    const service = createFakePushService();
    vi.spyOn(globalThis, "fetch").mockImplementation(service.fetcher);
    expect(await deliverPushNotification(db, pushEnv, notificationId, service.fetcher)).toEqual({ outcome });
    const result = await runPushJob(notificationId, pushEnv);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(service.requests).toEqual([]);
  });

  it("acks without sending when no push is configured: no VAPID keys (the default), no APNs or FCM", async () => {
    const { notificationId } = await pushSetup();
    const service = createFakePushService();
    vi.spyOn(globalThis, "fetch").mockImplementation(service.fetcher);
    // The test Worker has the fake APNs and FCM configured (decision 013): left out here.
    const nothing = { APNS_PRIVATE_KEY: "", FCM_SERVICE_ACCOUNT: "" };
    expect(await deliverPushNotification(db, { ...env, ...nothing }, notificationId, service.fetcher)).toEqual({ outcome: "not-configured" });
    const result = await runPushJob(notificationId, nothing);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(service.requests).toEqual([]);
  });

  it("acks without sending when the notification is gone", async () => {
    const { pushEnv } = await pushSetup();
    const service = createFakePushService();
    vi.spyOn(globalThis, "fetch").mockImplementation(service.fetcher);
    const result = await runPushJob(crypto.randomUUID(), pushEnv);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(service.requests).toEqual([]);
  });

  it("pushes nothing to someone else's devices", async () => {
    const { notificationId, pushEnv } = await pushSetup();
    const stranger = await pushSetup();
    const service = createFakePushService();
    await deliverPushNotification(db, pushEnv, notificationId, service.fetcher);
    expect(service.requests.map((r) => r.url)).not.toContain(stranger.browsers[0]!.endpoint);
    expect(service.requests).toHaveLength(1);
  });

  it("shortens a message too long for one push record", async () => {
    const { browsers, notificationId, pushEnv } = await pushSetup();
    await db.update(notifications).set({ message: "é".repeat(5000) }).where(eq(notifications.id, notificationId));
    const service = createFakePushService();
    expect(await deliverPushNotification(db, pushEnv, notificationId, service.fetcher)).toMatchObject({ sent: 1 });
    const payload = JSON.parse(await browsers[0]!.decrypt(service.requests[0]!.body)) as { title: string; body: string };
    expect(payload.title).toBe("New Second Shooter Invite");
    expect(payload.body.endsWith("…")).toBe(true);
    expect(payload.body.length).toBeLessThan(5000);
  });
});
