import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, CDPSession, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { d1, signUp, toast, uniqueEmail } from "./helpers";

// Issue 16 items 1 and 2 in Chromium on a phone: push on and off on Settings →
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
    endpoint: `https://push.example.test/send/${crypto.randomUUID()}`,
    expirationTime: null,
    keys: { p256dh: base64Url((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer), auth: base64Url(crypto.getRandomValues(new Uint8Array(16))) },
  };
}

/** Replaces PushManager's subscribe/getSubscription: the subscription lives in localStorage, so it survives a reload. */
function stubPushManager(subscription: Awaited<ReturnType<typeof fakeSubscription>>) {
  const KEY = "e2e-push-subscription";
  const make = (json: typeof subscription) => ({
    endpoint: json.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: null },
    toJSON: () => json,
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async function () {
    const stored = localStorage.getItem(KEY);
    return (stored ? make(JSON.parse(stored)) : null) as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    if (!options?.userVisibleOnly || !options.applicationServerKey) throw new DOMException("Missing options", "NotAllowedError");
    localStorage.setItem(KEY, JSON.stringify(subscription));
    return make(subscription) as unknown as PushSubscription;
  };
}

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
    const origin = new URL(baseURL!).origin;
    await context.grantPermissions(["notifications"], { origin });
    const subscription = await fakeSubscription();
    await page.addInitScript(stubPushManager, subscription);
    await openNotificationsTab(page);

    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "false");
    await expect(page.getByText("Off: this device gets no push notifications.")).toBeVisible();
    // A real control: reached and turned on from the keyboard.
    await pushSwitch(page).focus();
    await page.keyboard.press("Enter");
    await expect(toast(page, "success", "Notifications enabled")).toBeVisible();
    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "true");
    await expect(devices(page).getByRole("listitem").filter({ hasText: "(this device)" })).toContainText("Chrome on Android");
    expect(await storedEndpoints()).toEqual([subscription.endpoint]);

    // The truth for this device after a reload: permission granted and its subscription stored.
    await page.reload();
    await waitForHydration(page);
    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "true");
    await expect(page.getByText("On: this device gets push notifications.")).toBeVisible();

    // Another device of the same user (its laptop), stored by the server: listed, and removed from here.
    const laptop = await fakeSubscription();
    await d1(
      `INSERT INTO push_subscriptions (id, user_id, endpoint, subscription_data, device_label, created_at) VALUES ` +
        `(${q(crypto.randomUUID())}, ${userId}, ${q(laptop.endpoint)}, ${q(JSON.stringify(laptop))}, 'Safari on macOS', '2026-11-02T10:00:00.000Z');`,
    );
    await page.reload();
    await waitForHydration(page);
    const laptopRow = devices(page).getByRole("listitem").filter({ hasText: "Safari on macOS" });
    await expect(laptopRow).toContainText("Since Nov 2, 2026");
    await expect(devices(page).getByRole("listitem").filter({ hasText: "(this device)" }).getByRole("button")).toHaveCount(0);
    // The switch and the list meet WCAG 2 A/AA, as the rest of the app (a11y.spec.ts).
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).include("main").analyze();
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await laptopRow.getByRole("button", { name: /^Remove Safari on macOS/ }).click();
    await expect(toast(page, "success", "Device removed")).toBeVisible();
    await expect(laptopRow).toHaveCount(0);
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
    await page.addInitScript(stubPushManager, await fakeSubscription());
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
    await d1(
      `INSERT INTO push_subscriptions (id, user_id, endpoint, subscription_data, device_label) VALUES ` +
        `(${q(crypto.randomUUID())}, ${userId}, ${q(stuck.endpoint)}, ${q(JSON.stringify(stuck))}, 'Chrome on Android');`,
    );
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
    await d1(
      `INSERT INTO push_subscriptions (id, user_id, endpoint, subscription_data, device_label) VALUES ` +
        `(${q(crypto.randomUUID())}, ${userId}, ${q(tablet.endpoint)}, ${q(JSON.stringify(tablet))}, 'Chrome on iPadOS');`,
    );
    await page.context().addCookies(cookies);
    await page.goto("/settings?tab=notifications");
    await expect(page.getByText("Push notifications need JavaScript.")).toBeVisible();
    await expect(pushSwitch(page)).toHaveCount(0);
    const row = devices(page).getByRole("listitem").filter({ hasText: "Chrome on iPadOS" });
    await row.getByRole("button", { name: /^Remove Chrome on iPadOS/ }).click();
    await expect(toast(page, "success", "Device removed")).toBeVisible();
    await expect(devices(page)).toHaveCount(0);
    expect(await storedEndpoints()).toEqual([]);
  });
});
