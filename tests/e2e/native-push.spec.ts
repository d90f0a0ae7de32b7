import type { Browser, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { confirmEmail, d1, demoSessionCookies, sectionLink, signOut, signUp, skipInviteStep, toast, uniqueEmail } from "./helpers";
import { installNativeDouble, type NativeDouble } from "./native/double";
import { deviceToken, type PushDevice, pushPlugins } from "./native/push";

// Decision 013: push in the native shell. The device is the double at
// Capacitor's bridge (tests/e2e/native/double.ts, push.ts: permission prompt and the OS's
// `registration` event); APNs and FCM are the fakes the e2e server started
// (scripts/e2e-server.mjs), which check the JWTs our test keys sign.

const E2E_PORT = Number(process.env.E2E_PORT ?? "4173");
const FAKE = {
  ios: `http://127.0.0.1:${process.env.E2E_APNS_PORT ?? String(E2E_PORT + 1000)}`,
  android: `http://127.0.0.1:${process.env.E2E_FCM_PORT ?? String(E2E_PORT + 1001)}`,
};
const q = (value: string) => `'${value.replaceAll("'", "''")}'`;
const pushSwitch = (page: Page) => page.getByRole("switch", { name: "Push notifications on this device" });
const devices = (page: Page) => page.getByRole("list", { name: "Subscribed devices" });

type Delivery = { payload?: { aps: { alert: { title: string; body: string } }; url: string }; message?: { notification: { title: string; body: string }; data: { url: string } } };
const deliveries = async (platform: "ios" | "android", token: string) =>
  (await (await fetch(`${FAKE[platform]}/_fake/deliveries?token=${encodeURIComponent(token)}`)).json()) as Delivery[];

// Each test signs up (and confirms) a photographer, and the first two have another user
// invite them: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

/** A new photographer's session, signed up in a tab of its own; `confirmed` as from the e-mail's link. */
async function newAccount(browser: Browser, label: string, { confirmed = false } = {}) {
  const account = { email: uniqueEmail(label), password: "NativePush2026", firstName: "Nia", lastName: "Native", businessName: "Native Studio" };
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await signUp(page, account);
  // An invitation notifies only an account whose address is confirmed.
  if (confirmed) await confirmEmail(page, account.email);
  const cookies = await context.cookies();
  await context.close();
  return { ...account, cookies, userId: `(SELECT id FROM users WHERE email = ${q(account.email)})` };
}

/** The page inside the shell on `platform`, with this device's push side. */
async function inTheApp(page: Page, platform: "ios" | "android", device: PushDevice) {
  let double: NativeDouble | undefined;
  double = await installNativeDouble(page, { platform, plugins: pushPlugins(device, () => double!) });
  return double;
}

/** The demo lead (another user) invites `email` to a new event of theirs: a notification for that user. */
async function leadInvites(browser: Browser, email: string) {
  const context = await browser.newContext({ ...test.info().project.use, javaScriptEnabled: true });
  await context.addCookies(await demoSessionCookies(browser));
  const page = await context.newPage();
  await page.goto("/events/new");
  await waitForHydration(page);
  await page.getByLabel("Event Title").fill(`Native Push Wedding ${Date.now()}`);
  await page.getByLabel("Wedding Date").fill("2027-06-12");
  await page.getByRole("button", { name: "Create Event" }).click();
  await skipInviteStep(page);
  await waitForHydration(page);
  await sectionLink(page, "Team").click();
  await page.getByRole("link", { name: "Invite" }).click();
  const invite = page.getByRole("dialog", { name: "Invite to the Team" });
  await invite.getByLabel("First Name").fill("Nia");
  await invite.getByLabel("Email").fill(email);
  await invite.getByLabel("Coverage Hours").fill("6");
  await invite.getByLabel("Start Time").fill("14:00");
  await invite.getByLabel("End Time").fill("20:00");
  await invite.getByRole("button", { name: "Send Invitation" }).click();
  await expect(toast(page, "success", "Invitation sent successfully")).toBeVisible();
  await context.close();
}

for (const platform of ["ios", "android"] as const) {
  const vendor = platform === "ios" ? "APNs" : "FCM";
  const label = `Event Flow app on ${platform === "ios" ? "iOS" : "Android"}`;

  test(`${platform}: Settings turns push on, the token reaches the server, another user's invitation arrives through ${vendor}, a tap opens it, and Off removes it`, async ({ page, browser }) => {
    const account = await newAccount(browser, `native-push-${platform}`, { confirmed: true });
    const device: PushDevice = { permission: "prompt", answer: "granted", token: deviceToken(platform) };
    const double = await inTheApp(page, platform, device);
    await page.context().addCookies(account.cookies);
    await page.goto("/settings?tab=notifications");
    await waitForHydration(page);

    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "false");
    await expect(page.getByText("Off: this device gets no push notifications.")).toBeVisible();
    await pushSwitch(page).click();
    await expect(toast(page, "success", "Notifications enabled")).toBeVisible();
    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "true");
    await expect(page.getByText("On: this device gets push notifications.")).toBeVisible();
    await expect(devices(page).getByRole("listitem").filter({ hasText: "(this device)" })).toContainText(label);
    // The prompt was asked once, then the OS registration.
    expect(double.callsTo("PushNotifications", "requestPermissions")).toHaveLength(1);
    expect(double.callsTo("PushNotifications", "register")).toHaveLength(1);
    expect(await d1(`SELECT platform, token FROM native_push_tokens WHERE user_id = ${account.userId};`, { json: true })).toEqual([{ platform, token: device.token }]);

    // After a reload the truth for this device: still On.
    await page.reload();
    await waitForHydration(page);
    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "true");

    // Another user's action: the demo lead invites this photographer. The push job sends it to the app.
    await leadInvites(browser, account.email);
    await expect.poll(async () => (await deliveries(platform, device.token)).length, { timeout: 15_000 }).toBe(1);
    const [delivery] = await deliveries(platform, device.token);
    const shown = platform === "ios" ? delivery!.payload!.aps.alert : delivery!.message!.notification;
    expect(shown).toEqual({ title: "New Second Shooter Invite", body: expect.stringContaining("Native Push Wedding") });
    const url = platform === "ios" ? delivery!.payload!.url : delivery!.message!.data.url;
    expect(url).toMatch(/^\/accept-invite\/[\w-]+$/);

    // The user taps it: the app opens its page (iOS hands the whole payload as data, Android the data map).
    await double.emit("PushNotifications", "pushNotificationActionPerformed", {
      actionId: "tap",
      notification: { id: "1", data: platform === "ios" ? delivery!.payload : delivery!.message!.data },
    });
    await expect(page).toHaveURL(new RegExp(`${url}$`));

    // Off: the token is deleted on the server and the app unregisters.
    await page.goto("/settings?tab=notifications");
    await waitForHydration(page);
    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "true");
    await pushSwitch(page).click();
    await expect(toast(page, "success", "Notifications disabled")).toBeVisible();
    await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "false");
    expect(double.callsTo("PushNotifications", "unregister")).toHaveLength(1);
    expect(await d1(`SELECT token FROM native_push_tokens WHERE user_id = ${account.userId};`, { json: true })).toEqual([]);
  });
}

test("a token the OS renewed reaches the server at the next start", async ({ page, browser }) => {
  const account = await newAccount(browser, "native-push-renewed");
  const device: PushDevice = { permission: "prompt", answer: "granted", token: deviceToken("android") };
  const double = await inTheApp(page, "android", device);
  await page.context().addCookies(account.cookies);
  await page.goto("/settings?tab=notifications");
  await waitForHydration(page);
  await pushSwitch(page).click();
  await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "true");
  const tokens = () => d1<{ token: string }>(`SELECT token FROM native_push_tokens WHERE user_id = ${account.userId} ORDER BY created_at;`, { json: true });
  expect((await tokens()).map((r) => r.token)).toEqual([device.token]);

  // FCM rotated the token while the app was closed; the app starts again.
  const first = device.token;
  device.token = deviceToken("android");
  await page.reload();
  await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "true");
  await expect.poll(async () => (await tokens()).map((r) => r.token), { timeout: 15_000 }).toEqual([first, device.token]);
  // Asked again without a prompt: the permission was already granted.
  expect(double.callsTo("PushNotifications", "requestPermissions")).toHaveLength(1);
});

// Decision 013: push kept on for the user who turned it on, never for another.
test("the next start registers the kept token again after the server lost it; after sign-out another user on the phone is not registered", async ({ page, browser }) => {
  const first = await newAccount(browser, "native-push-kept");
  const second = await newAccount(browser, "native-push-shared");
  const device: PushDevice = { permission: "prompt", answer: "granted", token: deviceToken("ios") };
  const double = await inTheApp(page, "ios", device);
  await page.context().addCookies(first.cookies);
  await page.goto("/settings?tab=notifications");
  await waitForHydration(page);
  await pushSwitch(page).click();
  await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "true");
  const tokensOf = (userId: string) => d1<{ token: string }>(`SELECT token FROM native_push_tokens WHERE user_id = ${userId};`, { json: true });
  expect(await tokensOf(first.userId)).toEqual([{ token: device.token }]);

  // The server's row went (the session that registered it ended); the app starts again.
  await d1(`DELETE FROM native_push_tokens WHERE user_id = ${first.userId};`);
  await page.reload();
  await waitForHydration(page);
  await expect.poll(async () => await tokensOf(first.userId), { timeout: 15_000 }).toEqual([{ token: device.token }]);
  await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "true");

  // The first user signs out; another signs in on the same phone and never turned push on.
  await signOut(page);
  const registered = double.callsTo("PushNotifications", "register").length;
  await page.context().addCookies(second.cookies);
  await page.goto("/settings?tab=notifications");
  await waitForHydration(page);
  await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "false");
  await page.reload();
  await waitForHydration(page);
  await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "false");
  expect(await tokensOf(second.userId)).toEqual([]);
  expect(double.callsTo("PushNotifications", "register")).toHaveLength(registered);
});

test("a refused permission shows the blocked message and registers nothing", async ({ page, browser }) => {
  const account = await newAccount(browser, "native-push-denied");
  const device: PushDevice = { permission: "prompt", answer: "denied", token: deviceToken("ios") };
  const double = await inTheApp(page, "ios", device);
  await page.context().addCookies(account.cookies);
  await page.goto("/settings?tab=notifications");
  await waitForHydration(page);
  await pushSwitch(page).click();
  await expect(toast(page, "error", "Notifications blocked")).toBeVisible();
  // Inside the app: the phone's Settings, not a browser's (decision 013).
  await expect(toast(page, "error", "Notifications blocked")).toContainText("Turn on notifications for Event Flow in your phone's Settings.");
  await expect(page.getByRole("main").getByText("Turn on notifications for Event Flow in your phone's Settings.")).toBeVisible();
  await expect(page.getByText(/browser settings/)).toHaveCount(0);
  await expect(pushSwitch(page)).toHaveAttribute("aria-checked", "false");
  expect(double.callsTo("PushNotifications", "register")).toEqual([]);
  expect(await d1(`SELECT token FROM native_push_tokens WHERE user_id = ${account.userId};`, { json: true })).toEqual([]);
});

test("a browser's Settings loads none of the native push code", async ({ page, browser }) => {
  const account = await newAccount(browser, "native-push-browser");
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.context().addCookies(account.cookies);
  await page.goto("/settings?tab=notifications");
  await waitForHydration(page);
  await expect(pushSwitch(page)).toBeVisible();
  expect(scripts.filter((url) => /push\.client|push-notifications/i.test(url))).toEqual([]);
});
