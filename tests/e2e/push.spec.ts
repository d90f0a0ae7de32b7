import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, CDPSession, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { d1, signUp, toast, uniqueEmail } from "./helpers";

// Push (decision 009) in Chromium on a phone: push on and off on Settings →
// Notifications, the device list, and what a delivered push shows and where its click
// leads. Headless Chromium has no push service, so PushManager's subscribe and
// getSubscription are stubbed in the page (a subscription with an https endpoint and
// real P-256 keys); everything else is the real browser: the permission, the service
// worker, DevTools' ServiceWorker.deliverPushMessage, the notification it shows.

const ACCOUNT = { email: uniqueEmail("push"), password: "PushDevices2026", firstName: "Pia", lastName: "Push", businessName: "Push Studio" };
let cookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];
const q = (value: string) => `'${value.replaceAll("'", "''")}'`;
const base64Url = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString("base64url");

/** What the browser's PushSubscription.toJSON() would give: an https endpoint and real keys. */
async function fakeSubscription() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
    expirationTime: null,
    keys: { p256dh: base64Url((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer), auth: base64Url(crypto.getRandomValues(new Uint8Array(16))) },
  };
}

/**
 * Replaces PushManager's subscribe/getSubscription: the subscription lives in localStorage, so it survives a reload.
 * `heldKey` (base64url) is the server key a subscription already held at load was made with (null: unknown).
 */
function stubPushManager({ subscription, heldKey = null }: { subscription: Awaited<ReturnType<typeof fakeSubscription>>; heldKey?: string | null }) {
  const KEY = "e2e-push-subscription";
  const bytes = (text: string) => Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0)).buffer;
  const make = (json: typeof subscription, key: ArrayBuffer | null) => ({
    endpoint: json.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: key },
    toJSON: () => json,
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async function () {
    const stored = localStorage.getItem(KEY);
    const held = localStorage.getItem(`${KEY}-key`);
    return (stored ? make(JSON.parse(stored), held ? bytes(held) : null) : null) as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    if (!options?.userVisibleOnly || !options.applicationServerKey) throw new DOMException("Missing options", "NotAllowedError");
    localStorage.setItem(KEY, JSON.stringify(subscription));
    localStorage.removeItem(`${KEY}-key`);
    return make(subscription, null) as unknown as PushSubscription;
  };
  if (heldKey !== null) localStorage.setItem(`${KEY}-key`, heldKey);
}

/** A device row as the server stores it: tied to a session of its own, which is created too. */
function insertDevice(device: { endpoint: string }, label: string, createdAt?: string, endpoint = device.endpoint) {
  const session = crypto.randomUUID().replaceAll("-", "");
  return d1(
    `INSERT INTO sessions (token_hash, user_id, persistent, expires_at) VALUES (${q(session)}, ${userId}, 1, '2099-01-01T00:00:00.000Z'); ` +
      `INSERT INTO push_subscriptions (id, user_id, session_hash, endpoint, subscription_data, device_label${createdAt ? ", created_at" : ""}) VALUES ` +
      `(${q(crypto.randomUUID())}, ${userId}, ${q(session)}, ${q(endpoint)}, ${q(JSON.stringify(device))}, ${q(label)}${createdAt ? `, ${q(createdAt)}` : ""});`,
  );
}

// "Since" dates are this browser's own day, not UTC's.
test.use({ timezoneId: "America/Los_Angeles" });

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: true });
  await signUp(await context.newPage(), ACCOUNT);
  cookies = await context.cookies();
  await context.close();
});

const userId = `(SELECT id FROM users WHERE email = ${q(ACCOUNT.email)})`;
const storedEndpoints = async () => (await d1<{ endpoint: string }>(`SELECT endpoint FROM push_subscriptions WHERE user_id = ${userId};`, { json: true })).map((r) => r.endpoint);
const pushSwitch = (page: Page) => page.getByRole("switch", { name: "Push notifications on this device" });
const devices = (page: Page) => page.getByRole("list", { name: "Subscribed devices" });

async function openNotificationsTab(page: Page) {
  await page.context().addCookies(cookies);
  await page.goto("/settings?tab=notifications");
  await waitForHydration(page);
}

/** The id DevTools gives our service worker's registration (ServiceWorker domain). */
async function registrationId(cdp: CDPSession, origin: string) {
  const found = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return found;
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url }));
  });

test.describe("push on every device (phone)", () => {
  test("enable, kept after a reload, other devices listed and removed, a push shown and its click, disable", async ({ page, context, baseURL }) => {
    // A long flow (several pages and devices): 23-32 s on a 2-core machine, near the 30 s default.
    test.slow();
    const origin = new URL(baseURL!).origin;
    await context.grantPermissions(["notifications"], { origin });
    const subscription = await fakeSubscription();
    await page.addInitScript(stubPushManager, { subscription });
    await openNotificationsTab(page);

    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "false");
    await expect(page.getByText("Off: this device gets no push notifications.")).toBeVisible();
    // A real control: reached and turned on from the keyboard.
    await pushSwitch(page).focus();
    await page.keyboard.press("Enter");
    await expect(toast(page, "success", "Notifications enabled")).toBeVisible();
    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "true");
    // The switch keeps keyboard focus through the request (aria-disabled, never disabled).
    await expect(pushSwitch(page)).toBeFocused();
    await expect(devices(page).getByRole("listitem").filter({ hasText: "(this device)" })).toContainText("Chrome on Android");
    expect(await storedEndpoints()).toEqual([subscription.endpoint]);

    // The truth for this device after a reload: permission granted and its subscription stored.
    await page.reload();
    await waitForHydration(page);
    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "true");
    await expect(page.getByText("On: this device gets push notifications.")).toBeVisible();

    // Another device of the same user (its laptop), stored by the server: listed, and removed from here.
    const laptop = await fakeSubscription();
    const tablet = await fakeSubscription();
    // 05:00 UTC on Nov 2 is still Nov 1 in Los Angeles (this browser's zone).
    await insertDevice(laptop, "Safari on macOS", "2026-11-02T05:00:00.000Z");
    await insertDevice(tablet, "Chrome on iPadOS", "2026-11-01T05:00:00.000Z");
    await page.reload();
    await waitForHydration(page);
    const laptopRow = devices(page).getByRole("listitem").filter({ hasText: "Safari on macOS" });
    await expect(laptopRow).toContainText("Since Nov 1, 2026");
    await expect(devices(page).getByRole("listitem").filter({ hasText: "(this device)" }).getByRole("button")).toHaveCount(0);
    // The switch and the list meet WCAG 2 A/AA, as the rest of the app (a11y.spec.ts).
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).include("main").analyze();
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    // Removed from the keyboard: focus moves on to the next device's Remove, then to the list's heading.
    await laptopRow.getByRole("button", { name: /^Remove Safari on macOS/ }).focus();
    await page.keyboard.press("Enter");
    await expect(toast(page, "success", "Device removed")).toBeVisible();
    await expect(laptopRow).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Remove Chrome on iPadOS/ })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(devices(page).getByRole("listitem").filter({ hasText: "Chrome on iPadOS" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Subscribed devices" })).toBeFocused();
    expect(await storedEndpoints()).toEqual([subscription.endpoint]);

    // A push as the push service would deliver it to the service worker.
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const registration = await registrationId(cdp, origin);
    const deliver = (payload: object) => cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: registration, data: JSON.stringify(payload) });
    await deliver({ title: "Timeline Updated", body: "Maya changed the timeline of Emma & James", url: "/settings?tab=contacts" });
    await expect.poll(() => shownNotifications(page)).toEqual([
      { title: "Timeline Updated", body: "Maya changed the timeline of Emma & James", tag: "/settings", url: `${origin}/settings?tab=contacts` },
    ]);
    // The server's tag (kind and destination): a reminder for the same place stands beside it.
    await deliver({ title: "Upcoming event: Emma & James", body: "Tomorrow", url: "/settings?tab=contacts", tag: "event_reminder:/settings?tab=contacts" });
    await expect.poll(async () => (await shownNotifications(page)).map((n) => n.tag).sort()).toEqual(["/settings", "event_reminder:/settings?tab=contacts"]);
    await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).filter((n) => n.title.startsWith("Upcoming")).forEach((n) => n.close()));
    // The same destination again replaces it (its tag) instead of piling up.
    await deliver({ title: "Timeline Updated", body: "2 more changes by your team", url: "/settings?tab=contacts" });
    await expect.poll(async () => (await shownNotifications(page)).map((n) => n.body)).toEqual(["2 more changes by your team"]);
    // A url of another origin never leaves ours: the notification leads home.
    await deliver({ title: "Phish", body: "Click me", url: "https://evil.example/login" });
    await expect.poll(async () => (await shownNotifications(page)).find((n) => n.title === "Phish")?.url).toBe(`${origin}/`);

    // A click (a notificationclick in the service worker) takes the open tab to the notification's destination.
    const worker = context.serviceWorkers().find((w) => w.url() === `${origin}/sw.js`)!;
    await worker.evaluate(async () => {
      // The service worker's globals (this file is typed for pages).
      type Scope = EventTarget & { registration: ServiceWorkerRegistration; NotificationEvent: new (type: string, init: { notification: Notification }) => Event };
      const scope = self as unknown as Scope;
      const [notification] = (await scope.registration.getNotifications()).filter((n) => n.title === "Timeline Updated");
      scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification: notification! }));
    });
    await expect(page).toHaveURL(`${origin}/settings?tab=contacts`);
    await expect.poll(async () => (await shownNotifications(page)).map((n) => n.title)).toEqual(["Phish"]);

    // Off: the browser's subscription ends and its row is gone.
    await page.goto("/settings?tab=notifications");
    await waitForHydration(page);
    await pushSwitch(page).click();
    await expect(toast(page, "success", "Notifications disabled")).toBeVisible();
    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "false");
    await expect(devices(page)).toHaveCount(0);
    expect(await storedEndpoints()).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem("e2e-push-subscription"))).toBeNull();
  });

  test("'Notifications blocked' when the browser denies the permission; nothing is stored", async ({ page, context, baseURL, browser }) => {
    const origin = new URL(baseURL!).origin;
    await page.addInitScript(stubPushManager, { subscription: await fakeSubscription() });
    await openNotificationsTab(page);
    // The user said no to this site in the browser's settings (Playwright can only grant).
    const { targetInfo } = await (await context.newCDPSession(page)).send("Target.getTargetInfo");
    const cdp = await browser.newBrowserCDPSession();
    await cdp.send("Browser.setPermission", { permission: { name: "notifications" }, setting: "denied", origin, browserContextId: targetInfo.browserContextId });
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByText("Notifications are blocked for this site.")).toBeVisible();
    await pushSwitch(page).click();
    await expect(toast(page, "error", "Notifications blocked").filter({ hasText: "Please enable notifications in your browser settings" })).toBeVisible();
    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "false");
    expect(await storedEndpoints()).toEqual([]);
  });
});

test.describe("push on this device when it is off (phone)", () => {
  test("before the page runs: 'Checking this browser…', never the JavaScript message", async ({ page }) => {
    await page.context().addCookies(cookies);
    // The app's scripts are held back: the page is what the server sent, as on a slow phone.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/settings?tab=notifications", { waitUntil: "commit" });
    await expect(page.getByText("Checking this browser…")).toBeVisible();
    await expect(page.getByText("Push notifications need JavaScript.")).toBeHidden();
    release();
    await waitForHydration(page);
    await expect(page.getByText("Checking this browser…")).toBeHidden();
    await expect(pushSwitch(page)).toBeVisible();
  });

  test("a dismissed permission prompt is no 'Notifications blocked'", async ({ page }) => {
    await page.addInitScript(() => {
      Notification.requestPermission = async () => "default";
    });
    await page.addInitScript(stubPushManager, { subscription: await fakeSubscription() });
    await openNotificationsTab(page);
    await page.evaluate(() => {
      const asked = Notification.requestPermission;
      Notification.requestPermission = async () => {
        (window as { asked?: boolean }).asked = true;
        return asked();
      };
    });
    await pushSwitch(page).click();
    await page.waitForFunction(() => (window as { asked?: boolean }).asked === true);
    await expect(pushSwitch(page)).toHaveAttribute("aria-disabled", "false");
    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "false");
    await expect(toast(page, "error", "Notifications blocked")).toHaveCount(0);
    expect(await storedEndpoints()).toEqual([]);
  });

  test("this device listed while its switch is Off can be removed", async ({ page }) => {
    // Stored for this browser, but the permission is no longer granted: Off, with Remove.
    const subscription = await fakeSubscription();
    await insertDevice(subscription, "Chrome on Android");
    await page.addInitScript(({ json }) => localStorage.setItem("e2e-push-subscription", JSON.stringify(json)), { json: subscription });
    await page.addInitScript(stubPushManager, { subscription });
    await openNotificationsTab(page);
    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "false");
    const row = devices(page).getByRole("listitem").filter({ hasText: "(this device)" });
    await row.getByRole("button", { name: /^Remove Chrome on Android \(this device\)/ }).click();
    await expect(toast(page, "success", "Device removed")).toBeVisible();
    await expect(devices(page)).toHaveCount(0);
    expect(await storedEndpoints()).toEqual([]);
  });

  test("a subscription made with another server key is Off; turning on replaces it and its row", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["notifications"], { origin: new URL(baseURL!).origin });
    const old = await fakeSubscription();
    const renewed = await fakeSubscription();
    await insertDevice(old, "Chrome on Android");
    // The old subscription, held with a key that is not the server's.
    await page.addInitScript(({ json }) => localStorage.setItem("e2e-push-subscription", JSON.stringify(json)), { json: old });
    await page.addInitScript(stubPushManager, { subscription: renewed, heldKey: base64Url(new Uint8Array(65).fill(4)) });
    await openNotificationsTab(page);
    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "false");
    await pushSwitch(page).click();
    await expect(toast(page, "success", "Notifications enabled")).toBeVisible();
    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "true");
    expect(await storedEndpoints()).toEqual([renewed.endpoint]);
    await d1(`DELETE FROM push_subscriptions WHERE user_id = ${userId};`);
  });
});

test.describe("a subscription the push service replaced (phone)", () => {
  test("the service worker stores the new one in place of the old (pushsubscriptionchange)", async ({ page, context, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    await context.grantPermissions(["notifications"], { origin });
    const old = await fakeSubscription();
    const renewed = await fakeSubscription();
    await page.addInitScript(stubPushManager, { subscription: old });
    await openNotificationsTab(page);
    await pushSwitch(page).click();
    await expect(toast(page, "success", "Notifications enabled")).toBeVisible();
    expect(await storedEndpoints()).toEqual([old.endpoint]);

    // What the browser fires when its push service rotates the subscription; the event is
    // made here (DevTools cannot rotate one), the handler and its request are the real ones.
    await page.evaluate(() => navigator.serviceWorker.ready);
    const worker = context.serviceWorkers().find((w) => w.url() === `${origin}/sw.js`)!;
    await worker.evaluate(
      async ({ oldEndpoint, json }) => {
        let done: Promise<unknown> = Promise.resolve();
        const event = new Event("pushsubscriptionchange");
        Object.defineProperties(event, {
          oldSubscription: { value: { endpoint: oldEndpoint, options: { applicationServerKey: null } } },
          newSubscription: { value: { endpoint: json.endpoint, toJSON: () => json } },
          waitUntil: { value: (promise: Promise<unknown>) => (done = promise) },
        });
        self.dispatchEvent(event);
        await done;
      },
      { oldEndpoint: old.endpoint, json: renewed },
    );
    expect(await storedEndpoints()).toEqual([renewed.endpoint]);
    await d1(`DELETE FROM push_subscriptions WHERE user_id = ${userId};`);
  });
});

test.describe("push in an iPhone's Safari tab", () => {
  test.use({ userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1" });

  test("says to add Event Flow to the Home Screen", async ({ page }) => {
    await openNotificationsTab(page);
    await expect(page.getByText("On iPhone and iPad, add Event Flow to your Home Screen (Share → Add to Home Screen) and open it from there to turn on push.")).toBeVisible();
    await expect(pushSwitch(page)).toHaveCount(0);
  });
});

test.describe("push where the browser cannot (phone)", () => {
  test("'Not supported' without notifications; 'Failed to enable notifications' when subscribing fails", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["notifications"], { origin: new URL(baseURL!).origin });
    await page.addInitScript(() => {
      PushManager.prototype.getSubscription = async () => null;
      PushManager.prototype.subscribe = async () => {
        throw new DOMException("Registration failed - push service error", "AbortError");
      };
    });
    await openNotificationsTab(page);
    await pushSwitch(page).click();
    await expect(toast(page, "error", "Failed to enable notifications")).toBeVisible();
    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "false");
    expect(await storedEndpoints()).toEqual([]);

    await page.addInitScript(() => {
      delete (window as { Notification?: unknown }).Notification;
    });
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByText("This browser doesn't support notifications.")).toBeVisible();
    await pushSwitch(page).click();
    await expect(toast(page, "error", "Not supported").filter({ hasText: "This browser doesn't support notifications" })).toBeVisible();
    expect(await storedEndpoints()).toEqual([]);
  });

  test("'Could not reach the push service' when it never answers: the switch shows it is busy, ends within 10 s and works again", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["notifications"], { origin: new URL(baseURL!).origin });
    const subscription = await fakeSubscription();
    await page.addInitScript(stubPushManager, { subscription });
    // The first subscribe waits forever, as where no push service answers; the next one is answered.
    await page.addInitScript(() => {
      const answered = PushManager.prototype.subscribe;
      let calls = 0;
      PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
        return ++calls === 1 ? new Promise<PushSubscription>(() => {}) : answered.call(this, options);
      };
    });
    await openNotificationsTab(page);

    const started = Date.now();
    await pushSwitch(page).click();
    await expect(pushSwitch(page)).toHaveAttribute("aria-busy", "true");
    await expect(page.getByText("Turning on…")).toBeVisible();
    await expect(toast(page, "error", "Failed to enable notifications").filter({ hasText: "Could not reach the push service. Try again later." })).toBeVisible();
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(pushSwitch(page)).toHaveAttribute("aria-busy", "false");
    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "false");
    await expect(page.getByText("Off: this device gets no push notifications.")).toBeVisible();
    expect(await storedEndpoints()).toEqual([]);

    // The switch is usable again: the push service answers this time.
    await pushSwitch(page).click();
    await expect(toast(page, "success", "Notifications enabled")).toBeVisible();
    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "true");
    expect(await storedEndpoints()).toEqual([subscription.endpoint]);
    await d1(`DELETE FROM push_subscriptions WHERE user_id = ${userId};`);
  });

  test("'Service workers not supported' without service workers", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["notifications"], { origin: new URL(baseURL!).origin });
    await page.addInitScript(() => {
      delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker;
    });
    await openNotificationsTab(page);
    await pushSwitch(page).click();
    await expect(toast(page, "error", "Service workers not supported")).toBeVisible();
    expect(await storedEndpoints()).toEqual([]);
  });

  test("'Failed to disable notifications' when the browser cannot unsubscribe: the device stays on", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["notifications"], { origin: new URL(baseURL!).origin });
    const stuck = await fakeSubscription();
    await insertDevice(stuck, "Chrome on Android");
    await page.addInitScript((json) => {
      PushManager.prototype.getSubscription = async () =>
        ({
          endpoint: json.endpoint,
          toJSON: () => json,
          unsubscribe: async () => {
            throw new DOMException("Unsubscription failed", "AbortError");
          },
        }) as unknown as PushSubscription;
    }, stuck);
    await openNotificationsTab(page);
    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "true");
    await pushSwitch(page).click();
    await expect(toast(page, "error", "Failed to disable notifications")).toBeVisible();
    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "true");
    expect(await storedEndpoints()).toEqual([stuck.endpoint]);
    await d1(`DELETE FROM push_subscriptions WHERE user_id = ${userId};`);
  });
});

test.describe("push without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the tab says push needs JavaScript, and another device is removed by its form", async ({ page }) => {
    const tablet = await fakeSubscription();
    await insertDevice(tablet, "Chrome on iPadOS");
    await page.context().addCookies(cookies);
    await page.goto("/settings?tab=notifications");
    await expect(page.getByText("Push notifications need JavaScript.")).toBeVisible();
    await expect(page.getByText("Checking this browser…")).toBeHidden();
    await expect(pushSwitch(page)).toHaveCount(0);
    const row = devices(page).getByRole("listitem").filter({ hasText: "Chrome on iPadOS" });
    await row.getByRole("button", { name: /^Remove Chrome on iPadOS/ }).click();
    await expect(toast(page, "success", "Device removed")).toBeVisible();
    await expect(devices(page)).toHaveCount(0);
    expect(await storedEndpoints()).toEqual([]);
  });
});
