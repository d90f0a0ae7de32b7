import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pushSubscriptions, sessions } from "~/db/schema";
import { deliverPushNotification, pushPayload } from "~/modules/notifications/push.server";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { runHousekeeping } from "~/utils/housekeeping.server";
import { notificationInsert } from "~/modules/notifications/service.server";
import { getDb } from "~/utils/db.server";
import worker from "../../workers/app";
import { base64Url, createBrowserSubscription, createFakePushService, generateVapidKeys, verifyVapid } from "../fakes/push-service";
import { type Client, createClient, ORIGIN, sessionFor, storeDevice } from "./helpers";

// Push on and off per device, and what a push carries.

const db = getDb(env);
const SETTINGS = "/settings?tab=notifications";
// The push switch's route, and a device's Remove's.
const PUSH = "/settings/push?tab=notifications";
const REMOVE = "/settings/push/remove?tab=notifications";
const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const MAC_SAFARI = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

afterEach(() => vi.restoreAllMocks());

const subscribe = (client: Client, subscription: unknown, userAgent = ANDROID_CHROME, extra: Record<string, string> = {}) =>
  client.post(PUSH, { intent: "push-subscribe", subscription: typeof subscription === "string" ? subscription : JSON.stringify(subscription), ...extra }, { "User-Agent": userAgent });
const unsubscribe = (client: Client, endpoint: string) => client.post(PUSH, { intent: "push-unsubscribe", endpoint });
const removeDevice = (client: Client, id: string) => client.post(REMOVE, { intent: "push-remove-device", id });

const rowsOf = (userId: string) => db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const rowByEndpoint = async (endpoint: string) => (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

/** A redirect back to the tab: the post/redirect/get every save answers with. */
function expectSaved(response: Response) {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(SETTINGS);
}

describe("turning push on and off for a device (decision 009)", () => {
  it("stores this device's subscription with a name for it, and deletes it when the device turns push off", async () => {
    const { client, id } = await sessionFor();
    const browser = await createBrowserSubscription();
    expectSaved(await subscribe(client, browser.json));
    const [row, ...more] = await rowsOf(id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ endpoint: browser.endpoint, deviceLabel: "Chrome on Android", subscriptionData: browser.json });

    expectSaved(await unsubscribe(client, browser.endpoint));
    expect(await rowsOf(id)).toEqual([]);
    // Gone already: nothing to disable.
    expect((await unsubscribe(client, browser.endpoint)).status).toBe(404);
  });

  it("keeps one row per device: two devices are two rows, the same browser twice is one", async () => {
    const { client, id } = await sessionFor();
    const phone = await createBrowserSubscription();
    const laptop = await createBrowserSubscription();
    expectSaved(await subscribe(client, phone.json, ANDROID_CHROME));
    expectSaved(await subscribe(client, laptop.json, MAC_SAFARI));
    expectSaved(await subscribe(client, phone.json, ANDROID_CHROME));
    const rows = await rowsOf(id);
    expect(rows.map((r) => r.deviceLabel).sort()).toEqual(["Chrome on Android", "Safari on macOS"]);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, phone.endpoint))).toHaveLength(1);

    // The settings page lists both, each with a Remove form (works without JavaScript).
    const html = await (await client.get(SETTINGS)).text();
    expect(html).toContain("Chrome on Android");
    expect(html).toContain("Safari on macOS");
    for (const row of rows) expect(html).toContain(`name="id" value="${row.id}"`);
    expect(html).not.toContain(phone.endpoint);
  });

  it("moves a browser's subscription to another account only when the request holds its keys", async () => {
    const owner = await sessionFor();
    const stranger = await sessionFor();
    const browser = await createBrowserSubscription();
    expectSaved(await subscribe(owner.client, browser.json));
    const before = await rowByEndpoint(browser.endpoint);

    // Knowing the endpoint is not enough: other keys are refused and nothing changes.
    const impostor = await createBrowserSubscription(browser.endpoint);
    const refused = await subscribe(stranger.client, impostor.json);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Failed to enable notifications");
    expect(await rowByEndpoint(browser.endpoint)).toEqual(before);
    expect(await rowsOf(stranger.id)).toEqual([]);

    // The same browser signed in to another account: its row moves (the old account loses it).
    expectSaved(await subscribe(stranger.client, browser.json, MAC_SAFARI));
    expect(await rowsOf(owner.id)).toEqual([]);
    expect(await rowByEndpoint(browser.endpoint)).toMatchObject({ id: before!.id, userId: stranger.id, deviceLabel: "Safari on macOS" });
  });

  it("never deletes another user's device: not by endpoint, not by id (404)", async () => {
    const owner = await sessionFor();
    const stranger = await sessionFor();
    const browser = await createBrowserSubscription();
    expectSaved(await subscribe(owner.client, browser.json));
    const [row] = await rowsOf(owner.id);

    expect((await unsubscribe(stranger.client, browser.endpoint)).status).toBe(404);
    const removal = await removeDevice(stranger.client, row!.id);
    expect(removal.status).toBe(404);
    expect(await removal.text()).toContain("That device is no longer subscribed.");
    expect(await rowsOf(owner.id)).toEqual([row]);

    // The owner can remove it (say, a lost phone) from any of their devices.
    expectSaved(await removeDevice(owner.client, row!.id));
    expect(await rowsOf(owner.id)).toEqual([]);
  });

  it("refuses a bad subscription with 400 and stores nothing", async () => {
    const { client, id } = await sessionFor();
    const good = (await createBrowserSubscription()).json;
    const cases: Array<[string, unknown]> = [
      ["not JSON", "{endpoint:"],
      ["no subscription at all", ""],
      ["a plain string", JSON.stringify("https://fcm.googleapis.com/send/1")],
      ["an http endpoint", { ...good, endpoint: "http://fcm.googleapis.com/send/1" }],
      ["a javascript: endpoint", { ...good, endpoint: "javascript:alert(1)" }],
      ["an endpoint over 2048 characters", { ...good, endpoint: `https://fcm.googleapis.com/${"a".repeat(2048)}` }],
      // Push services are named hosts on the default port.
      ["an endpoint with a user and password", { ...good, endpoint: "https://user:pw@fcm.googleapis.com/send/1" }],
      ["an IPv4 literal", { ...good, endpoint: "https://127.0.0.1/send/1" }],
      ["an IPv4 literal in hex", { ...good, endpoint: "https://0x7f.1/send/1" }],
      ["an IPv6 literal", { ...good, endpoint: "https://[::1]/send/1" }],
      ["another port", { ...good, endpoint: "https://fcm.googleapis.com:8443/send/1" }],
      ["a short p256dh", { ...good, keys: { ...good.keys, p256dh: base64Url(new Uint8Array(33).fill(4)) } }],
      ["a p256dh that is no uncompressed point", { ...good, keys: { ...good.keys, p256dh: base64Url(new Uint8Array(65).fill(2)) } }],
      ["a short auth", { ...good, keys: { ...good.keys, auth: base64Url(new Uint8Array(8)) } }],
      ["an auth that is not base64url", { ...good, keys: { ...good.keys, auth: "not base64!!not base64!!" } }],
      ["no keys", { endpoint: good.endpoint, expirationTime: null }],
      ["a string expirationTime", { ...good, expirationTime: "tomorrow" }],
      ["an oversized field", { ...good, padding: "x".repeat(5000) }],
    ];
    for (const [label, body] of cases) {
      const response = await subscribe(client, body);
      expect(response.status, label).toBe(400);
      expect(await response.text(), label).toContain("Failed to enable notifications");
    }
    expect((await unsubscribe(client, "http://fcm.googleapis.com/send/1")).status).toBe(400);
    // A bad `replaces` refuses the whole request.
    expect((await subscribe(client, good, ANDROID_CHROME, { replaces: "https://127.0.0.1/send/old" })).status).toBe(400);
    expect((await removeDevice(client, "not-an-id")).status).toBe(400);
    expect(await rowsOf(id)).toEqual([]);
  });

  it("answers 'Not authenticated' to a signed-out request and stores nothing", async () => {
    const browser = await createBrowserSubscription();
    const visitor = createClient();
    // What the switch's background request (a fetcher, the route's .data URL) gets.
    const post = (form: string, fields: Record<string, string>) => visitor.post(`/settings/${form}.data?tab=notifications`, fields);
    const answers = [
      await post("push", { intent: "push-subscribe", subscription: JSON.stringify(browser.json) }),
      await post("push", { intent: "push-unsubscribe", endpoint: browser.endpoint }),
      await post("push/remove", { intent: "push-remove-device", id: crypto.randomUUID() }),
    ];
    for (const response of answers) {

      expect(response.status).toBe(401);
      expect(await response.text()).toContain("Not authenticated");
    }
    expect(await rowByEndpoint(browser.endpoint)).toBeUndefined();
    // Without JavaScript the page itself answers: sign in first.
    expect((await subscribe(visitor, browser.json)).headers.get("Location")).toMatch(/^\/auth\?returnTo=/);
    expect(await rowByEndpoint(browser.endpoint)).toBeUndefined();
  });

  it("stores an endpoint as the URL it is: an alias is the same device, never a second row", async () => {
    const owner = await sessionFor();
    const stranger = await sessionFor();
    const browser = await createBrowserSubscription();
    const path = new URL(browser.endpoint).pathname;
    expectSaved(await subscribe(owner.client, { ...browser.json, endpoint: ` HTTPS://FCM.GoogleApis.COM${path}` }));
    expect((await rowsOf(owner.id)).map((r) => r.endpoint)).toEqual([browser.endpoint]);
    expect(await rowByEndpoint(browser.endpoint)).toMatchObject({ subscriptionData: browser.json });

    // Another account naming it differently (tabs inside, upper case) is still refused.
    const impostor = await createBrowserSubscription();
    for (const alias of [`https://fcm.googleapis.com\t${path}`, `https://FCM.GOOGLEAPIS.COM:443${path}`, `\thttps://fcm.googleapis.com${path} `]) {
      expect((await subscribe(stranger.client, { ...impostor.json, endpoint: alias })).status, alias).toBe(409);
      expect((await unsubscribe(stranger.client, alias)).status, alias).toBe(404);
    }
    expect(await rowsOf(stranger.id)).toEqual([]);
    expect(await rowsOf(owner.id)).toHaveLength(1);
    // The owner turns it off under any spelling of it.
    expectSaved(await unsubscribe(owner.client, `HTTPS://fcm.googleapis.com${path}`));
    expect(await rowsOf(owner.id)).toEqual([]);
  });

  it("replaces the browser's old subscription when it sends `replaces`, but never another user's", async () => {
    const { client, id } = await sessionFor();
    const stranger = await sessionFor();
    const old = await createBrowserSubscription();
    const strangers = await createBrowserSubscription();
    expectSaved(await subscribe(client, old.json));
    expectSaved(await subscribe(stranger.client, strangers.json));

    const renewed = await createBrowserSubscription();
    expectSaved(await subscribe(client, renewed.json, ANDROID_CHROME, { replaces: old.endpoint }));
    expect((await rowsOf(id)).map((r) => r.endpoint)).toEqual([renewed.endpoint]);

    const again = await createBrowserSubscription();
    expectSaved(await subscribe(client, again.json, ANDROID_CHROME, { replaces: strangers.endpoint }));
    expect((await rowsOf(stranger.id)).map((r) => r.endpoint)).toEqual([strangers.endpoint]);
    expect((await rowsOf(id)).map((r) => r.endpoint).sort()).toEqual([renewed.endpoint, again.endpoint].sort());

    // A refused takeover (409) replaces nothing either.
    const impostor = await createBrowserSubscription(strangers.endpoint);
    expect((await subscribe(client, impostor.json, ANDROID_CHROME, { replaces: renewed.endpoint })).status).toBe(409);
    expect((await rowsOf(id)).map((r) => r.endpoint).sort()).toEqual([renewed.endpoint, again.endpoint].sort());
  });

  it("keeps at most 20 devices per user: the oldest goes", async () => {
    const { client, id } = await sessionFor();
    const browsers = [];
    for (let i = 0; i < 21; i++) {
      const browser = await createBrowserSubscription();
      browsers.push(browser);
      expectSaved(await subscribe(client, browser.json));
    }
    const endpoints = (await rowsOf(id)).map((r) => r.endpoint);
    expect(endpoints).toHaveLength(20);
    expect(endpoints).not.toContain(browsers[0]!.endpoint);
    expect(endpoints).toContain(browsers[20]!.endpoint);
  });
});

describe("push only to the web push services (push-hosts.ts)", () => {
  const path = () => `/fcm/send/${crypto.randomUUID()}`;

  it("accepts each push service's host, stored lower case without a trailing dot: one device is one row", async () => {
    const { client, id } = await sessionFor();
    const browser = await createBrowserSubscription();
    const p = new URL(browser.endpoint).pathname;
    for (const spelling of [`https://FCM.GoogleAPIs.com.${p}`, `https://fcm.googleapis.com.${p}`, browser.endpoint]) {
      expectSaved(await subscribe(client, { ...browser.json, endpoint: spelling }));
    }
    expect((await rowsOf(id)).map((r) => r.endpoint)).toEqual([browser.endpoint]);
    // Turned off under its trailing-dot spelling too.
    expectSaved(await unsubscribe(client, `https://fcm.googleapis.com.${p}`));
    expect(await rowsOf(id)).toEqual([]);

    const others = [
      `https://updates.push.services.mozilla.com/wpush/v2/${crypto.randomUUID()}`,
      `https://web.push.apple.com/${crypto.randomUUID()}`,
      `https://wns2-par02p.notify.windows.com/w/?token=${crypto.randomUUID()}`,
      `https://UPDATES.push.services.mozilla.com./wpush/v2/${crypto.randomUUID()}`,
    ];
    for (const endpoint of others) expectSaved(await subscribe(client, (await createBrowserSubscription(endpoint)).json));
    expect((await rowsOf(id)).map((r) => new URL(r.endpoint).hostname).sort()).toEqual(
      ["updates.push.services.mozilla.com", "updates.push.services.mozilla.com", "web.push.apple.com", "wns2-par02p.notify.windows.com"],
    );
  });

  it("refuses any other host with a clear 400 and stores nothing: this machine, look-alikes, userinfo tricks, ports, http", async () => {
    const { client, id } = await sessionFor();
    const unknown = [
      `https://localhost${path()}`,
      `https://localhost.${path()}`,
      `https://probe.localhost${path()}`,
      `https://fcm.googleapis.com.evil.example${path()}`,
      `https://evilfcm.googleapis.com${path()}`,
      `https://googleapis.com${path()}`,
      `https://push.services.mozilla.com${path()}`,
      `https://apple.com${path()}`,
      `https://fcm.googleapis.com..${path()}`,
      `https://notify.windows.com${path()}`,
      `https://a.b.notify.windows.com${path()}`,
      `https://evilnotify.windows.com${path()}`,
      `https://notify.windows.com.evil.example${path()}`,
      // A look-alike in another script is its punycode name, not Google's.
      `https://fcm.googleapís.com${path()}`,
      `https://evil.example/fcm.googleapis.com${path()}`,
      `https://evil.example#@fcm.googleapis.com${path()}`,
    ];
    for (const endpoint of unknown) {
      const response = await subscribe(client, { ...(await createBrowserSubscription()).json, endpoint });
      expect(response.status, endpoint).toBe(400);
      const text = await response.text();
      expect(text, endpoint).toContain("Failed to enable notifications");
      expect(text, endpoint).toContain("This browser&#x27;s push service is not supported.");
    }
    const malformed = [
      `https://fcm.googleapis.com@evil.example${path()}`,
      `https://evil.example@fcm.googleapis.com${path()}`,
      `https://fcm.googleapis.com:8443${path()}`,
      `http://fcm.googleapis.com${path()}`,
      `wss://fcm.googleapis.com${path()}`,
    ];
    for (const endpoint of malformed) {
      const response = await subscribe(client, { ...(await createBrowserSubscription()).json, endpoint });
      expect(response.status, endpoint).toBe(400);
      expect(await response.text(), endpoint).toContain("Failed to enable notifications");
    }
    // Nor may a refused host be named as the endpoint a browser replaces or turns off.
    expect((await subscribe(client, (await createBrowserSubscription()).json, ANDROID_CHROME, { replaces: `https://localhost${path()}` })).status).toBe(400);
    expect((await unsubscribe(client, `https://probe.localhost${path()}`)).status).toBe(400);
    expect(await rowsOf(id)).toEqual([]);
  });

  it("the push job drops a stored row at another host without fetching it, and still pushes to the rest", async () => {
    const { id } = await sessionFor();
    const good = await createBrowserSubscription();
    const stale = [await createBrowserSubscription("https://localhost/send/1"), await createBrowserSubscription("https://localhost./send/1")];
    await storeDevice(id, good);
    for (const browser of stale) await storeDevice(id, browser);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { id: notificationId, statement } = notificationInsert(db, { userId: id, title: "Timeline Updated", message: "Maya changed the timeline", data: { type: "timeline_updated", event_id: "evt-1" } });
    await statement;
    const keys = await generateVapidKeys();
    const service = createFakePushService();
    const result = await deliverPushNotification(db, { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: "mailto:support@eventflow.app" }, notificationId, service.fetcher);
    expect(service.requests.map((r) => r.url)).toEqual([good.endpoint]);
    expect(result).toMatchObject({ outcome: "handled", sent: 1, gone: 2 });
    expect((await rowsOf(id)).map((r) => r.endpoint)).toEqual([good.endpoint]);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/is not at a known push service; deleted$/));
    expect(warn.mock.calls.flat().join(" ")).not.toContain("localhost");
  });

  it("the migration deletes every stored endpoint that is not at a push service", async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes("push_endpoints_known_hosts"));
    expect(migration).toBeDefined();
    const { id } = await sessionFor();
    const kept = [
      `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
      `https://updates.push.services.mozilla.com/wpush/v2/${crypto.randomUUID()}`,
      `https://web.push.apple.com/${crypto.randomUUID()}`,
      `https://wns2-par02p.notify.windows.com/w/?token=${crypto.randomUUID()}`,
    ];
    const dropped = [
      "https://localhost/send/1",
      "https://localhost./send/1",
      "https://probe.localhost/send/1",
      "https://fcm.googleapis.com./fcm/send/1",
      "https://fcm.googleapis.com.evil.example/fcm/send/1",
      "https://evilfcm.googleapis.com/fcm/send/1",
      "https://user@fcm.googleapis.com/fcm/send/1",
      "https://fcm.googleapis.com:8443/fcm/send/1",
      "https://a.b.notify.windows.com/w/1",
      "https://a@b.notify.windows.com/w/1",
      "https://notify.windows.com/w/1",
      "https://evil.example/fcm.googleapis.com/1",
      "http://fcm.googleapis.com/fcm/send/1",
    ];
    for (const endpoint of [...kept, ...dropped]) await storeDevice(id, await createBrowserSubscription(endpoint));
    for (const query of migration!.queries) await env.DB.prepare(query).run();
    expect((await rowsOf(id)).map((r) => r.endpoint).sort()).toEqual([...kept].sort());
  });
});

describe("a device's push ends with the session that turned it on (decision 009)", () => {
  /** A second signed-in browser of the same user. */
  async function anotherSession(userId: string) {
    const token = randomToken(32);
    await db.insert(sessions).values({ tokenHash: await sha256Hex(token), userId, persistent: true, expiresAt: "2099-01-01T00:00:00.000Z" });
    const client = createClient();
    client.jar.set("ef_session", token);
    return { client, tokenHash: await sha256Hex(token) };
  }
  async function pushTo(userId: string) {
    const { id: notificationId, statement } = notificationInsert(db, { userId, title: "Timeline Updated", message: "Maya changed the timeline", data: { type: "timeline_updated", event_id: "evt-1" } });
    await statement;
    const keys = await generateVapidKeys();
    const service = createFakePushService();
    const result = await deliverPushNotification(db, { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: "mailto:support@eventflow.app" }, notificationId, service.fetcher);
    return { result, endpoints: service.requests.map((r) => r.url) };
  }

  it("signing out stops push to that browser: the push job finds no subscription", async () => {
    const { client, id } = await sessionFor();
    const browser = await createBrowserSubscription();
    expectSaved(await subscribe(client, browser.json));
    expect((await pushTo(id)).endpoints).toEqual([browser.endpoint]);

    expect((await client.post("/logout", {})).status).toBe(302);
    expect(await rowsOf(id)).toEqual([]);
    expect((await pushTo(id)).result).toEqual({ outcome: "no-subscriptions" });
  });

  it("'sign out of all other devices' removes the other browsers' devices only", async () => {
    const { client, id } = await sessionFor();
    const laptop = await anotherSession(id);
    const phone = await createBrowserSubscription();
    const laptopBrowser = await createBrowserSubscription();
    expectSaved(await subscribe(client, phone.json));
    expectSaved(await subscribe(laptop.client, laptopBrowser.json, MAC_SAFARI));

    expect((await client.post("/settings/sign-out-others?tab=security", { intent: "sign-out-others" })).status).toBe(302);
    expect((await rowsOf(id)).map((r) => r.endpoint)).toEqual([phone.endpoint]);
    expect((await pushTo(id)).endpoints).toEqual([phone.endpoint]);
  });

  it("a session that expires (housekeeping) takes its devices with it; a browser that moves follows its new session", async () => {
    const { client, id } = await sessionFor();
    const other = await anotherSession(id);
    const browser = await createBrowserSubscription();
    expectSaved(await subscribe(client, browser.json));
    // The same browser stored again from the other session now belongs to that one.
    expectSaved(await subscribe(other.client, browser.json));
    expect(await rowByEndpoint(browser.endpoint)).toMatchObject({ sessionHash: other.tokenHash });
    expect((await client.post("/logout", {})).status).toBe(302);
    expect(await rowsOf(id)).toHaveLength(1);

    await db.update(sessions).set({ expiresAt: "2020-01-01T00:00:00.000Z" }).where(eq(sessions.tokenHash, other.tokenHash));
    await runHousekeeping(db, env);
    expect(await rowsOf(id)).toEqual([]);
  });
});

describe("the Notifications tab and the server's VAPID key", () => {
  async function settingsWith(client: Client, vapid: Record<string, string>) {
    const request = new Request(`${ORIGIN}${SETTINGS}`, { headers: { Cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; "), "CF-Connecting-IP": client.ip } });
    return (await worker.fetch!(request as Parameters<NonNullable<typeof worker.fetch>>[0], { ...env, ...vapid } as Env, createExecutionContext())).text();
  }

  it("gives the page the public key only when all three VAPID settings are present; otherwise says push is not set up", async () => {
    const { client } = await sessionFor();
    const keys = await generateVapidKeys();
    const configured = await settingsWith(client, { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: "mailto:support@eventflow.app" });
    expect(configured).toContain(keys.publicKey);
    // Before the page runs: a neutral line; the JavaScript message only without JavaScript.
    expect(configured).toContain("Checking this browser…");
    expect(configured).toMatch(/<p class="[^"]*\bhidden\b[^"]*\bnoscript:block\b[^"]*">Push notifications need JavaScript\./);
    expect(configured).not.toContain("Push notifications are not set up on this server.");

    const noPrivateKey = await settingsWith(client, { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: "" });
    expect(noPrivateKey).not.toContain(keys.publicKey);
    expect(noPrivateKey).toContain("Push notifications are not set up on this server.");
  });
});

describe("what a push carries (decision 009)", () => {
  async function pushOf(data: Record<string, string>, answer?: (endpoint: string) => number) {
    const { client, id } = await sessionFor();
    const browser = await createBrowserSubscription();
    expectSaved(await subscribe(client, browser.json));
    const { id: notificationId, statement } = notificationInsert(db, { userId: id, title: "Client Access", message: "Your client opened the portal", data });
    await statement;
    const keys = await generateVapidKeys();
    const service = createFakePushService(answer);
    const result = await deliverPushNotification(db, { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: "mailto:support@eventflow.app" }, notificationId, service.fetcher);
    return { id, browser, service, result, keys };
  }

  it("is exactly the title, the text, where a click leads and its tag, signed with our VAPID key", async () => {
    const { browser, service, keys } = await pushOf({ type: "invite_response", event_id: "evt-42", email: "maya@example.com" });
    expect(service.requests).toHaveLength(1);
    expect(JSON.parse(await browser.decrypt(service.requests[0]!.body))).toEqual({ title: "Client Access", body: "Your client opened the portal", url: "/events/evt-42", tag: "invite_response:/events/evt-42" });
    // What the push service checks (RFC 8292): our key, for its origin, not yet expired.
    const { claims } = await verifyVapid(service.requests[0]!.headers.authorization!, keys.publicKey);
    expect(claims).toMatchObject({ aud: "https://fcm.googleapis.com", sub: "mailto:support@eventflow.app" });
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  });

  it("tags each kind apart: a reminder is never replaced by a team change, a team change and its digest share one", () => {
    const tag = (data: unknown) => pushPayload({ title: "T", message: "M", data }).tag;
    expect(tag({ type: "event_reminder", event_id: "evt-1" })).toBe("event_reminder:/events/evt-1");
    expect(tag({ type: "timeline_updated", event_id: "evt-1" })).toBe("team:/events/evt-1");
    expect(tag({ type: "client_change", event_id: "evt-1" })).toBe("team:/events/evt-1");
    expect(tag({ type: "team_digest", eventId: "evt-1" })).toBe("team:/events/evt-1");
    // Two pushes that lead home each keep their own notification.
    const home = (id: string) => pushPayload({ id, title: "T", message: "M", data: { type: "welcome" } }).tag;
    expect(home("n-1")).not.toBe(home("n-2"));
  });

  it("never carries a client's access link: a client_access push leads to the event", async () => {
    const token = "secret-client-token-0123456789";
    const { browser, service } = await pushOf({ type: "client_access", access_url: `/client/${token}`, event_id: "evt-7" });
    const text = await browser.decrypt(service.requests[0]!.body);
    expect(JSON.parse(text)).toEqual({ title: "Client Access", body: "Your client opened the portal", url: "/events/evt-7", tag: "client_access:/events/evt-7" });
    expect(text).not.toContain(token);
  });

  it("deletes a device the push service reports gone (410)", async () => {
    const { id, result } = await pushOf({ type: "invite_response", event_id: "evt-1" }, () => 410);
    expect(result).toMatchObject({ outcome: "handled", gone: 1 });
    expect(await rowsOf(id)).toEqual([]);
  });
});
