import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, like } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nativePushTokens, processedJobs, sessions } from "~/db/schema";
import { forgetNativePushCredentials } from "~/modules/notifications/native-push.server";
import { MAX_DEVICES_PER_USER, registerNativeToken } from "~/modules/notifications/push-devices.server";
import { deliverPushDigest, deliverPushNotification, nativeDeviceKey, pushJobKey } from "~/modules/notifications/push.server";
import { PUSH_WINDOW_MS } from "~/modules/notifications/team-changes.server";
import { notificationInsert } from "~/modules/notifications/service.server";
import { runHousekeeping } from "~/utils/housekeeping.server";
import { getDb } from "~/utils/db.server";
import { JOBS_QUEUE } from "~/utils/jobs";
import worker from "../../workers/app";
import { createBrowserSubscription, createFakePushService, generateVapidKeys } from "../fakes/push-service";
import { createEvent } from "../factories";
import { FAKE_APNS } from "../setup/fake-stripe-config";
import { type Client, createClient, decodeRouteData, sessionFor, storeDevice } from "./helpers";

// Decision 013: the native app's push tokens, stored per device beside the
// browsers' subscriptions and sent by the same push job through APNs and FCM, both faked at
// their HTTP boundary (tests/fakes/apns-server.mjs, fcm-server.mjs, started by
// tests/setup/fake-native-push.ts). The fakes check the JWTs our keys sign.

const db = getDb(env);
const testEnv = env as unknown as Env & { FAKE_APNS_URL: string; FAKE_FCM_URL: string };
const realFetch = globalThis.fetch;

afterEach(() => {
  vi.restoreAllMocks();
  forgetNativePushCredentials();
});

const hex = (bytes: number) => [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
const iosToken = () => hex(32);
const androidToken = () => `${hex(11)}:APA91b${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(105)))).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")}`;

const register = (client: Client, platform: string, token: string, headers: Record<string, string> = {}) => client.post("/push/native", { intent: "register", platform, token }, headers);
const unregister = (client: Client, platform: string, token: string) => client.post("/push/native", { intent: "unregister", platform, token });
const tokensOf = (userId: string) => db.select().from(nativePushTokens).where(eq(nativePushTokens.userId, userId));
const rowOf = async (token: string) => (await db.select().from(nativePushTokens).where(eq(nativePushTokens.token, token)))[0];

type ApnsDelivery = { token: string; topic: string; pushType: string; collapseId: string | null; payload: unknown; jwt: { header: Record<string, unknown>; claims: Record<string, unknown> } };
type FcmDelivery = { token: string; project: string; message: Record<string, unknown> };
const apnsDeliveries = async (token: string) => (await (await realFetch(`${testEnv.FAKE_APNS_URL}/_fake/deliveries?token=${token}`)).json()) as ApnsDelivery[];
const fcmDeliveries = async (token: string) => (await (await realFetch(`${testEnv.FAKE_FCM_URL}/_fake/deliveries?token=${encodeURIComponent(token)}`)).json()) as FcmDelivery[];
const answerWith = (fake: "apns" | "fcm", body: Record<string, unknown>) =>
  realFetch(`${fake === "apns" ? testEnv.FAKE_APNS_URL : testEnv.FAKE_FCM_URL}/_fake/answer`, { method: "POST", body: JSON.stringify(body) });

describe("registering the app's push token (POST /push/native)", () => {
  it("stores an iOS and an Android token for the signed-in user, tied to this session; the same token again is one row", async () => {
    const { client, id } = await sessionFor();
    const ios = iosToken();
    const android = androidToken();
    const registered = await register(client, "ios", ios);
    expect(registered.status).toBe(200);
    expect(await registered.json()).toEqual({ ok: true });
    expect((await register(client, "android", android)).status).toBe(200);
    expect((await register(client, "ios", ios)).status).toBe(200);

    const rows = await tokensOf(id);
    expect(rows.map((r) => [r.platform, r.token, r.deviceLabel]).sort()).toEqual([
      ["android", android, "Event Flow app on Android"],
      ["ios", ios, "Event Flow app on iOS"],
    ]);
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, id));
    expect(new Set(rows.map((r) => r.sessionHash))).toEqual(new Set([session!.tokenHash]));
  });

  it("answers a signed-out app 401 'Not authenticated' and stores nothing", async () => {
    const token = iosToken();
    const response = await register(createClient(), "ios", token);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Not authenticated" });
    expect(await rowOf(token)).toBeUndefined();
  });

  it("refuses a token that is not one of its platform's with 400 and a clear message, and stores nothing", async () => {
    const { client, id } = await sessionFor();
    const bad: Array<[string, string]> = [
      ["ios", "not-hex-at-all-".repeat(5)],
      ["ios", hex(8)], // too short for an APNs token
      ["ios", androidToken()], // an FCM token sent as iOS
      ["android", `${androidToken()} <script>`],
      ["android", "short:token"],
      ["android", "x".repeat(2000)],
      ["windows", iosToken()],
      ["", ""],
    ];
    for (const [platform, token] of bad) {
      const response = await register(client, platform, token);
      expect(response.status, `${platform} ${token.slice(0, 20)}`).toBe(400);
      expect(await response.json()).toEqual({ error: "This device's push token was not understood." });
    }
    expect((await client.post("/push/native", { intent: "subscribe", platform: "ios", token: iosToken() })).status).toBe(400);
    expect(await tokensOf(id)).toEqual([]);
  });

  it("refuses a post from another site (403), as every other post", async () => {
    const { client, id } = await sessionFor();
    const response = await register(client, "ios", iosToken(), { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await tokensOf(id)).toEqual([]);
  });

  it("limits how often one user registers (429 'Too many attempts…')", async () => {
    const { client, id } = await sessionFor();
    for (let i = 0; i < 20; i++) expect((await register(client, "ios", iosToken())).status).toBe(200);
    const refused = await register(client, "ios", iosToken());
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: "Too many attempts. Please wait a minute and try again." });
    expect(await tokensOf(id)).toHaveLength(20);
  });

  it(`keeps at most ${MAX_DEVICES_PER_USER} app devices per user: the oldest goes`, async () => {
    const { id } = await sessionFor();
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, id));
    const owner = { userId: id, sessionHash: session!.tokenHash };
    const first = iosToken();
    await registerNativeToken(db, owner, { platform: "ios", token: first });
    await db.update(nativePushTokens).set({ createdAt: "2020-01-01T00:00:00.000Z" }).where(eq(nativePushTokens.token, first));
    for (let i = 0; i < MAX_DEVICES_PER_USER; i++) await registerNativeToken(db, owner, { platform: "android", token: androidToken() });
    const rows = await tokensOf(id);
    expect(rows).toHaveLength(MAX_DEVICES_PER_USER);
    expect(rows.map((r) => r.token)).not.toContain(first);
  });

  it("moves a token registered by another user to that user: a shared phone never gets the previous user's pushes", async () => {
    const maya = await sessionFor();
    const alex = await sessionFor();
    const token = iosToken();
    expect((await register(maya.client, "ios", token)).status).toBe(200);
    expect((await register(alex.client, "ios", token)).status).toBe(200);
    expect(await tokensOf(maya.id)).toEqual([]);
    expect((await tokensOf(alex.id)).map((r) => r.token)).toEqual([token]);

    const { id: notificationId, statement } = notificationInsert(db, { userId: maya.id, title: "For Maya", message: "Only Maya", data: { type: "welcome" } });
    await statement;
    expect(await deliverPushNotification(db, testEnv, notificationId)).toEqual({ outcome: "no-subscriptions" });
    expect(await apnsDeliveries(token)).toEqual([]);
  });

  it("turning push off deletes this device's token; another user's token is 404 and kept", async () => {
    const maya = await sessionFor();
    const alex = await sessionFor();
    const mine = androidToken();
    const theirs = androidToken();
    await register(maya.client, "android", mine);
    await register(alex.client, "android", theirs);
    const refused = await unregister(maya.client, "android", theirs);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: "This device is not subscribed." });
    expect(await rowOf(theirs)).toBeDefined();
    expect((await unregister(maya.client, "android", mine)).status).toBe(200);
    expect(await rowOf(mine)).toBeUndefined();
  });
});

describe("an app device's push ends with the session that registered it", () => {
  it("signing out deletes the token: the push job finds no device", async () => {
    const { client, id } = await sessionFor();
    await register(client, "ios", iosToken());
    expect((await client.post("/logout", {})).status).toBe(302);
    expect(await tokensOf(id)).toEqual([]);
  });

  it("'sign out of all other devices' and an expired session take their tokens with them", async () => {
    const { client, id } = await sessionFor();
    const phone = await storeNativeDevice(id, "ios", iosToken());
    await register(client, "android", androidToken());
    // sign-out-others ends the phone's session (a password change ends sessions the same way): its token goes.
    expect((await client.post("/settings/sign-out-others?tab=security", { intent: "sign-out-others" })).status).toBe(302);
    expect((await tokensOf(id)).map((r) => r.platform)).toEqual(["android"]);
    expect(await rowOf(phone.token)).toBeUndefined();

    await db.update(sessions).set({ expiresAt: "2020-01-01T00:00:00.000Z" }).where(eq(sessions.userId, id));
    await runHousekeeping(db, env);
    expect(await tokensOf(id)).toEqual([]);
  });

  it("Settings lists the app devices with the browsers, and Remove deletes one", async () => {
    const { client, id } = await sessionFor();
    const { rowId } = await storeNativeDevice(id, "android", androidToken());
    const html = await (await client.get("/settings?tab=notifications")).text();
    expect(html).toContain("Event Flow app on Android");
    const removed = await client.post("/settings/push/remove?tab=notifications", { intent: "push-remove-device", id: rowId });
    expect(removed.status).toBe(302);
    expect(await tokensOf(id)).toEqual([]);
  });
});

describe("Settings' switch in the app", () => {
  async function nativePushOf(client: Client, settings: Record<string, string>) {
    const request = new Request(`http://localhost/settings.data?tab=notifications`, { headers: { Cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; "), "CF-Connecting-IP": client.ip } });
    const response = await worker.fetch!(request as Parameters<NonNullable<typeof worker.fetch>>[0], { ...testEnv, ...settings } as Env, createExecutionContext());
    return (decodeRouteData(await response.text())["routes/settings"]!.data.push as { native: unknown }).native;
  }

  it("is offered on each platform only where its vendor is set up (APNs for iOS, FCM for Android)", async () => {
    const { client } = await sessionFor();
    expect(await nativePushOf(client, {})).toEqual({ ios: true, android: true });
    expect(await nativePushOf(client, { APNS_PRIVATE_KEY: "" })).toEqual({ ios: false, android: true });
    expect(await nativePushOf(client, { FCM_SERVICE_ACCOUNT: "" })).toEqual({ ios: true, android: false });
  });
});

/** An app device of `userId` stored as the app stores it, with a session of its own. */
async function storeNativeDevice(userId: string, platform: "ios" | "android", token: string) {
  const sessionHash = hex(32);
  await db.insert(sessions).values({ tokenHash: sessionHash, userId, persistent: true, expiresAt: "2099-01-01T00:00:00.000Z" });
  await registerNativeToken(db, { userId, sessionHash }, { platform, token } as Parameters<typeof registerNativeToken>[2]);
  return { token, rowId: (await rowOf(token))!.id };
}

describe("the push job sends to browsers and the native app in one run", () => {
  async function setup() {
    const { user } = await sessionFor().then((s) => ({ user: s.user }));
    const browser = await createBrowserSubscription();
    const web = await storeDevice(user.id, browser);
    const iphone = await storeNativeDevice(user.id, "ios", iosToken());
    const pixel = await storeNativeDevice(user.id, "android", androidToken());
    // Another user's action made it (docs/product/notifications.md#types: a team member's invite answer).
    const { id: notificationId, statement } = notificationInsert(db, {
      userId: user.id,
      title: "Invite accepted",
      message: "Alex accepted your invitation to Emma & James",
      data: { type: "invite_response", event_id: "evt-native" },
    });
    await statement;
    const keys = await generateVapidKeys();
    const jobEnv = { ...testEnv, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: "mailto:support@eventflow.app" };
    return { user, browser, web, iphone, pixel, notificationId, jobEnv };
  }

  /** The web push service is the in-process fake; APNs and FCM are the fakes over HTTP. */
  function fakeWebPush(answer?: (endpoint: string) => number) {
    const service = createFakePushService(answer);
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => (new Request(input, init).url.startsWith("https://fcm.googleapis.com/") ? service.fetcher(input, init) : realFetch(input, init)));
    return service;
  }

  async function runPushJob(notificationId: string, jobEnv: object, attempts = 1) {
    const batch = createMessageBatch(JOBS_QUEUE, [{ id: "m0", timestamp: new Date(), attempts, body: { kind: "push", notificationId } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<unknown>, jobEnv as Env, ctx);
    return getQueueResult(batch, ctx);
  }

  it("delivers the same title, body and link to the browser, APNs (ES256 provider token) and FCM (OAuth2 from the service account)", async () => {
    const { browser, web, iphone, pixel, notificationId, jobEnv } = await setup();
    const service = fakeWebPush();
    const result = await runPushJob(notificationId, jobEnv);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(result.retryMessages).toEqual([]);

    expect(service.requests.map((r) => r.url)).toEqual([browser.endpoint]);
    const webPayload = JSON.parse(await browser.decrypt(service.requests[0]!.body));
    expect(webPayload).toEqual({ title: "Invite accepted", body: "Alex accepted your invitation to Emma & James", url: "/events/evt-native", tag: "invite_response:/events/evt-native" });

    const [apns, ...moreApns] = await apnsDeliveries(iphone.token);
    expect(moreApns).toEqual([]);
    expect(apns).toMatchObject({ topic: FAKE_APNS.bundleId, pushType: "alert", collapseId: webPayload.tag });
    expect(apns!.payload).toEqual({
      aps: { alert: { title: webPayload.title, body: webPayload.body }, sound: "default", "thread-id": webPayload.tag },
      url: webPayload.url,
      tag: webPayload.tag,
    });
    // The fake verified the signature with the test key's public half; these are its claims.
    expect(apns!.jwt.header).toEqual({ alg: "ES256", kid: FAKE_APNS.keyId });
    expect(apns!.jwt.claims).toEqual({ iss: FAKE_APNS.teamId, iat: expect.any(Number) });

    const [fcm, ...moreFcm] = await fcmDeliveries(pixel.token);
    expect(moreFcm).toEqual([]);
    expect(fcm!.project).toBe(JSON.parse(testEnv.FCM_SERVICE_ACCOUNT).project_id);
    expect(fcm!.message).toEqual({
      token: pixel.token,
      notification: { title: webPayload.title, body: webPayload.body },
      data: { url: webPayload.url, tag: webPayload.tag },
      android: { ttl: "86400s", priority: "HIGH", notification: { tag: webPayload.tag } },
    });

    const done = (await db.select().from(processedJobs).where(like(processedJobs.key, `push:${notificationId}:%`))).map((r) => r.key).sort();
    // An app device is keyed by its token (decision 013), a browser by its subscription.
    expect(done).toEqual([pushJobKey(notificationId, await nativeDeviceKey(iphone.token)), pushJobKey(notificationId, await nativeDeviceKey(pixel.token)), pushJobKey(notificationId, web.id)].sort());
  });

  it("sends to the app even where web push is not set up", async () => {
    const { iphone, notificationId } = await setup();
    expect(await deliverPushNotification(db, { ...testEnv, VAPID_PRIVATE_KEY: "" }, notificationId)).toEqual({ outcome: "handled", sent: 2, alreadySent: 0, gone: 0, refused: 0 });
    expect(await apnsDeliveries(iphone.token)).toHaveLength(1);
  });

  it("deletes tokens APNs (410 Unregistered) and FCM (404 UNREGISTERED) call gone, and still pushes to the rest", async () => {
    const { user, browser, iphone, pixel, notificationId, jobEnv } = await setup();
    await answerWith("apns", { token: iphone.token, status: 410, reason: "Unregistered" });
    await answerWith("fcm", { token: pixel.token, status: 404 });
    const service = fakeWebPush();
    const result = await runPushJob(notificationId, jobEnv);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(await tokensOf(user.id)).toEqual([]);
    expect(service.requests.map((r) => r.url)).toEqual([browser.endpoint]);
  });

  it("deletes an iOS token APNs refuses as BadDeviceToken (400)", async () => {
    const { user, iphone, notificationId } = await setup();
    await answerWith("apns", { token: iphone.token, status: 400, reason: "BadDeviceToken" });
    expect(await deliverPushNotification(db, { ...testEnv, VAPID_PRIVATE_KEY: "" }, notificationId)).toMatchObject({ outcome: "handled", sent: 1, gone: 1 });
    expect((await tokensOf(user.id)).map((r) => r.platform)).toEqual(["android"]);
  });

  it("a job retried after an outage pushes again only where it had not arrived: no device gets it twice", async () => {
    const { browser, iphone, pixel, notificationId, jobEnv } = await setup();
    // APNs is down (503): the job is retried by the queue, as for a web push outage.
    await answerWith("apns", { token: iphone.token, status: 503, reason: "ServiceUnavailable" });
    const service = fakeWebPush();
    const first = await runPushJob(notificationId, jobEnv);
    expect(first.retryMessages).toHaveLength(1);
    expect(first.explicitAcks).toEqual([]);
    expect(await apnsDeliveries(iphone.token)).toEqual([]);
    expect(await fcmDeliveries(pixel.token)).toHaveLength(1);
    expect(service.requests).toHaveLength(1);

    await answerWith("apns", { token: iphone.token, status: 0 });
    const second = await runPushJob(notificationId, jobEnv, 2);
    expect(second.explicitAcks).toEqual(["m0"]);
    expect(await apnsDeliveries(iphone.token)).toHaveLength(1);
    expect(await fcmDeliveries(pixel.token)).toHaveLength(1);
    expect(service.requests.map((r) => r.url)).toEqual([browser.endpoint]);

    // Applied a third time (a duplicate delivery of the message): nothing more is sent.
    expect(await deliverPushNotification(db, jobEnv, notificationId)).toMatchObject({ outcome: "handled", sent: 0, alreadySent: 3 });
    expect(await apnsDeliveries(iphone.token)).toHaveLength(1);
  });

  it("retries when FCM answers 429 and keeps the token", async () => {
    const { user, pixel, notificationId } = await setup();
    await answerWith("fcm", { token: pixel.token, status: 429 });
    await expect(deliverPushNotification(db, { ...testEnv, VAPID_PRIVATE_KEY: "" }, notificationId)).rejects.toThrow(/FCM answered 429/);
    expect((await tokensOf(user.id)).map((r) => r.platform).sort()).toEqual(["android", "ios"]);
  });

  it("refuses an APNS_API_BASE or FCM_API_BASE that is not this machine (or Apple's sandbox)", async () => {
    const { notificationId } = await setup();
    const env2 = { ...testEnv, VAPID_PRIVATE_KEY: "", APNS_API_BASE: "https://apns.evil.example", FCM_API_BASE: "https://fcm.evil.example" };
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    await expect(deliverPushNotification(db, env2, notificationId)).rejects.toThrow(/may only point at a local fake/);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("reuses one APNs provider token and one FCM access token across pushes (Apple refuses renewals more often than every 20 minutes)", async () => {
    const first = await setup();
    const second = await setup();
    const noWeb = { ...testEnv, VAPID_PRIVATE_KEY: "" };
    const requestsBefore = ((await (await realFetch(`${testEnv.FAKE_FCM_URL}/_fake/token-requests`)).json()) as unknown[]).length;
    await deliverPushNotification(db, noWeb, first.notificationId);
    await deliverPushNotification(db, noWeb, second.notificationId);
    const [a] = await apnsDeliveries(first.iphone.token);
    const [b] = await apnsDeliveries(second.iphone.token);
    expect(a!.jwt).toEqual(b!.jwt);
    const requestsAfter = ((await (await realFetch(`${testEnv.FAKE_FCM_URL}/_fake/token-requests`)).json()) as unknown[]).length;
    expect(requestsAfter - requestsBefore).toBe(1);
    expect(await fcmDeliveries(second.pixel.token)).toHaveLength(1);
  });

  it("the team-change digest goes to the app as well, once", async () => {
    const { user, iphone, pixel } = await setup();
    const event = await createEvent(db, user.id, { title: "Emma & James" });
    // Two changes inside the window that ends half a window from now.
    for (let i = 0; i < 2; i++) {
      const { statement } = notificationInsert(db, {
        userId: user.id,
        title: "Timeline Updated",
        message: "Alex changed the timeline",
        data: { type: "timeline_updated", event_id: event.id },
        eventId: event.id,
      });
      await statement;
    }
    const job = { userId: user.id, eventId: event.id, windowEndsAt: new Date(Date.now() + PUSH_WINDOW_MS / 2).toISOString() };
    const noWeb = { ...testEnv, VAPID_PRIVATE_KEY: "" };
    expect(await deliverPushDigest(db, noWeb, job)).toMatchObject({ outcome: "handled", sent: 2 });
    expect(await deliverPushDigest(db, noWeb, job)).toMatchObject({ outcome: "handled", sent: 0, alreadySent: 2 });
    const [apns] = await apnsDeliveries(iphone.token);
    expect(apns!.payload).toMatchObject({ aps: { alert: { title: "Emma & James", body: "2 more changes by your team" } }, url: `/events/${event.id}`, tag: `team:/events/${event.id}` });
    expect(await fcmDeliveries(pixel.token)).toHaveLength(1);
  });
  // A token's processed_jobs key is the token, not its row (decision 013).
  it("a token unregistered and registered again during a retried job does not get that job twice", async () => {
    const { user, iphone, pixel, notificationId } = await setup();
    const noWeb = { ...testEnv, VAPID_PRIVATE_KEY: "" };
    await answerWith("apns", { token: iphone.token, status: 503, reason: "ServiceUnavailable" });
    await expect(deliverPushNotification(db, noWeb, notificationId)).rejects.toThrow(/APNs answered 503/);
    expect(await fcmDeliveries(pixel.token)).toHaveLength(1);
    // The Android app turned push off and on again meanwhile: a new row for the same token.
    await db.delete(nativePushTokens).where(eq(nativePushTokens.token, pixel.token));
    const again = await storeNativeDevice(user.id, "android", pixel.token);
    expect(again.rowId).not.toBe(pixel.rowId);
    await answerWith("apns", { token: iphone.token, status: 0 });
    expect(await deliverPushNotification(db, noWeb, notificationId)).toMatchObject({ outcome: "handled", sent: 1, alreadySent: 1 });
    expect(await fcmDeliveries(pixel.token)).toHaveLength(1);
    expect(await apnsDeliveries(iphone.token)).toHaveLength(1);
  });

  it("deletes tokens of another app: APNs DeviceTokenNotForTopic (400), FCM SENDER_ID_MISMATCH (403) and an FCM token FCM's structured error names invalid (400)", async () => {
    const { user, iphone, pixel, notificationId } = await setup();
    const other = await storeNativeDevice(user.id, "android", androidToken());
    await answerWith("apns", { token: iphone.token, status: 400, reason: "DeviceTokenNotForTopic" });
    await answerWith("fcm", { token: pixel.token, status: 403 });
    await answerWith("fcm", { token: other.token, status: 400 });
    expect(await deliverPushNotification(db, { ...testEnv, VAPID_PRIVATE_KEY: "" }, notificationId)).toMatchObject({ outcome: "handled", sent: 0, gone: 3 });
    expect(await tokensOf(user.id)).toEqual([]);
  });

  /** A PKCS#8 PEM of a fresh RSA key: a service account Google does not know (invalid_grant). */
  async function strangerServiceAccount() {
    const pair = (await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const der = new Uint8Array((await crypto.subtle.exportKey("pkcs8", pair.privateKey)) as ArrayBuffer);
    const pem = `-----BEGIN PRIVATE KEY-----\n${btoa(String.fromCharCode(...der))}\n-----END PRIVATE KEY-----\n`;
    return JSON.stringify({ ...JSON.parse(testEnv.FCM_SERVICE_ACCOUNT), private_key: pem, private_key_id: hex(20) });
  }

  it.each([
    ["FCM_SERVICE_ACCOUNT is not JSON", "android", { FCM_SERVICE_ACCOUNT: "{not json" }],
    ["FCM_SERVICE_ACCOUNT lacks its key", "android", { FCM_SERVICE_ACCOUNT: JSON.stringify({ project_id: "p", client_email: "a@b" }) }],
    ["Google refuses the grant (invalid_grant)", "android", "stranger"],
    ["APNS_PRIVATE_KEY is not a key", "ios", { APNS_PRIVATE_KEY: "bm90IGEga2V5" }],
  ] as const)("misconfigured credentials (%s): logged once, that platform left out of the job, the rest sent, no retry", async (_, platform, override) => {
    const { browser, iphone, pixel, notificationId, jobEnv, user } = await setup();
    const second = await storeNativeDevice(user.id, platform, platform === "ios" ? iosToken() : androidToken());
    const settings = override === "stranger" ? { FCM_SERVICE_ACCOUNT: await strangerServiceAccount() } : override;
    const service = fakeWebPush();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const result = await runPushJob(notificationId, { ...jobEnv, ...settings });
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(warn.mock.calls.filter(([line]) => /misconfigured/.test(String(line)))).toHaveLength(1);
    expect(service.requests.map((r) => r.url)).toEqual([browser.endpoint]);
    const broken = platform === "ios" ? [iphone.token, second.token] : [pixel.token, second.token];
    const working = platform === "ios" ? pixel.token : iphone.token;
    for (const token of broken) expect(platform === "ios" ? await apnsDeliveries(token) : await fcmDeliveries(token)).toEqual([]);
    expect(platform === "ios" ? await fcmDeliveries(working) : await apnsDeliveries(working)).toHaveLength(1);
    // The tokens stay: once the credentials are fixed, the next push reaches them.
    expect(await tokensOf(user.id)).toHaveLength(3);
  });
});
