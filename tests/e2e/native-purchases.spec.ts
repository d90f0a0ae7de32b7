import type { Browser, Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { expect, test, waitForHydration } from "./fixtures";
import {
  createEventFromForm,
  d1,
  makePro,
  openAuth,
  signOut,
  signUp,
  submitSignIn,
  submitSignUp,
  toast,
  uniqueEmail,
} from "./helpers";
import { installNativeDouble } from "./native/double";
import { publicKeys, purchasesDevice, REVENUECAT_ORIGIN, setSubscriber, type StoreOptions } from "./native/purchases";

// The native client's purchases (decision 013, in-app purchases): the Subscription and
// Settings screens inside the native shell, with the device (RevenueCat's SDK, the store)
// played by tests/e2e/native/purchases.ts over the bridge double, and RevenueCat's servers by
// the fake the e2e server starts. Pro is always our server's reading of that fake.

const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? "4173"}`;

function newAccount(label: string) {
  return { email: uniqueEmail(label), password: "StorePro2026", firstName: "Ines", lastName: "Marlow", businessName: `Marlow ${label}` };
}

async function userIdOf(email: string) {
  const [row] = await d1<{ id: string }>(`SELECT id FROM users WHERE email = '${email}';`, { json: true });
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A newcomer signing up inside the native shell on `platform`: lands on /subscription, hydrated. */
async function nativeNewcomer(page: Page, label: string, { platform = "ios", ...store }: StoreOptions & { platform?: "ios" | "android" } = {}) {
  const device = purchasesDevice(store);
  const native = await installNativeDouble(page, { platform, plugins: device.plugins });
  const account = newAccount(label);
  await signUp(page, account);
  await waitForHydration(page);
  return { device, native, account };
}

/** Everything about the store on the page: what only the native shell shows. */
function nativeControls(page: Page) {
  return page.getByRole("button", { name: /Subscribe Now|Restore Purchases/ }).or(page.getByText(/cancel anytime in (App Store|Google Play)/));
}

/** Not Pro: /subscription stays (a Pro user is sent home). */
async function expectNotPro(page: Page) {
  await page.goto("/subscription");
  await expect(page.getByRole("heading", { name: "Subscribe to Pro" })).toBeVisible();
}

const storeSyncs = (page: Page) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/subscription/store-sync") posts.push(request.url());
  });
  return posts;
};

test.describe("in-app purchases inside the native shell (iOS)", () => {
  test("Subscribe Now buys the chosen package for our user id; the server says Pro: 'Subscription activated!', an event, Settings names the App Store, and Pro on the laptop too", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const { native, account } = await nativeNewcomer(page, "native-buy");
    const userId = await userIdOf(account.email);

    await test.step("the store is configured once, for our user, with the iOS key", async () => {
      await expect.poll(() => native.callsTo("Purchases", "configure").length).toBe(1);
      expect(native.callsTo("Purchases", "configure")[0]!.options).toEqual({ apiKey: publicKeys().ios, appUserID: userId });
    });

    await test.step("the native screen: Subscribe Now, Restore Purchases, the App Store renewal text, no web trial", async () => {
      await expect(page.getByRole("button", { name: "Subscribe Now" })).toBeEnabled();
      await expect(page.getByRole("button", { name: "Restore Purchases" })).toBeEnabled();
      await expect(page.getByText("Renews automatically, cancel anytime in App Store")).toBeVisible();
      await expect(page.getByRole("button", { name: "Start 7-Day Free Trial" })).toHaveCount(0);
      await expect(page.getByText("No payment required until trial ends, cancel anytime")).toHaveCount(0);
    });

    await test.step("Yearly → Subscribe Now: 'Processing...' while the store works, then home with 'Subscription activated!'", async () => {
      await page.getByRole("link", { name: /Yearly/ }).click();
      await expect(page).toHaveURL(/interval=yearly/);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/subscription/store-sync", async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole("button", { name: "Subscribe Now" }).click();
      await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
      await expect(page.getByRole("button", { name: "Restore Purchases" })).toBeDisabled();
      release();
      await expect(page).toHaveURL(`${BASE_URL}/`);
      await expect(toast(page, "success", "Subscription activated!")).toBeVisible();
      await page.unrouteAll({ behavior: "ignoreErrors" });
      const bought = native.callsTo("Purchases", "purchasePackage");
      expect(bought).toHaveLength(1);
      expect((bought[0]!.options.aPackage as { identifier: string }).identifier).toBe("$rc_annual");
    });

    await test.step("Pro: an event of one's own; Settings says where it is managed", async () => {
      await createEventFromForm(page, `Marlow Wedding ${Date.now()}`);
      await page.goto("/settings?tab=subscription");
      await expect(page.getByRole("main").getByText("Manage your subscription in the App Store")).toBeVisible();
      // Every page load asked the SDK; none configured it again.
      expect(native.callsTo("Purchases", "configure")).toHaveLength(1);
    });

    await test.step("on the laptop (a browser, no native shell) the same account is Pro", async () => {
      await inBrowser(browser, account, (web) => createEventFromForm(web, `Marlow Laptop ${Date.now()}`));
    });
  });

  test("Restore Purchases with a purchase the store account owns: 'Purchases restored!', home, Pro", async ({ page }) => {
    const { native } = await nativeNewcomer(page, "native-restore", { owned: "pro_monthly" });
    await page.getByRole("button", { name: "Restore Purchases" }).click();
    await expect(toast(page, "success", "Purchases restored!")).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    expect(native.callsTo("Purchases", "restorePurchases")).toHaveLength(1);
    await page.goto("/subscription");
    await expect(page).toHaveURL(`${BASE_URL}/`);
  });

  test("Restore Purchases with nothing to restore: 'No active subscriptions found', not Pro", async ({ page }) => {
    await nativeNewcomer(page, "native-restore-none");
    await page.getByRole("button", { name: "Restore Purchases" }).click();
    await expect(toast(page, "error", "No active subscriptions found")).toBeVisible();
    await expect(page).toHaveURL(/\/subscription$/);
    await expectNotPro(page);
  });

  test("a purchase the user cancels shows nothing and changes nothing", async ({ page }) => {
    const { native } = await nativeNewcomer(page, "native-cancel", { purchase: "cancel" });
    const syncs = storeSyncs(page);
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await expect.poll(() => native.callsTo("Purchases", "purchasePackage").length).toBe(1);
    await expect(page.getByRole("button", { name: "Subscribe Now" })).toBeEnabled();
    // Give a toast every chance to appear: none does.
    await page.waitForTimeout(500);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.locator("[data-toast-type]")).toHaveCount(0);
    expect(syncs).toEqual([]);
    await expectNotPro(page);
  });

  test("a failing store says 'Failed to complete purchase' and nothing changes", async ({ page }) => {
    const { native } = await nativeNewcomer(page, "native-fail", { purchase: "fail" });
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await expect(toast(page, "error", "Failed to complete purchase")).toBeVisible();
    expect(native.callsTo("Purchases", "purchasePackage")).toHaveLength(1);
    await expectNotPro(page);
  });

  test("no packages in the current offering: 'No subscription packages available', nothing bought", async ({ page }) => {
    const { native } = await nativeNewcomer(page, "native-empty", { packages: [] });
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await expect(toast(page, "error", "No subscription packages available")).toBeVisible();
    expect(native.callsTo("Purchases", "purchasePackage")).toEqual([]);
  });


  test("signed out, Subscribe Now asks to sign in first", async ({ page }) => {
    const device = purchasesDevice();
    const native = await installNativeDouble(page, { platform: "ios", plugins: device.plugins });
    await page.goto("/subscription");
    await waitForHydration(page);
    await expect(page.getByText("Renews automatically, cancel anytime in App Store")).toBeVisible();
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await expect(toast(page, "error", "Please sign in to subscribe")).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fsubscription/);
    // Nobody signed in: the store is not configured (a purchase needs an account).
    expect(native.callsTo("Purchases", "configure")).toEqual([]);
  });

  test("signing out logs RevenueCat out; the next account is logged in, and its purchase is its own", async ({ page }) => {
    test.setTimeout(90_000);
    const first = await nativeNewcomer(page, "native-first");
    const firstId = await userIdOf(first.account.email);
    await expect.poll(() => first.native.callsTo("Purchases", "configure").length).toBe(1);
    await signOut(page);
    await expect.poll(() => first.native.callsTo("Purchases", "logOut").length).toBe(1);
    expect(first.device.state.appUserID).toMatch(/^\$RCAnonymousID:/);

    const second = newAccount("native-second");
    await submitSignUp(page, second);
    await expect(page).toHaveURL(/\/subscription$/);
    await waitForHydration(page);
    const secondId = await userIdOf(second.email);
    await expect.poll(() => first.native.callsTo("Purchases", "logIn").map((call) => call.options.appUserID)).toEqual([secondId]);
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await expect(toast(page, "success", "Subscription activated!")).toBeVisible();
    expect(first.native.callsTo("Purchases", "configure")).toHaveLength(1);

    // The first account bought nothing.
    const answer = await fetch(`${REVENUECAT_ORIGIN}/v1/subscribers/${firstId}`, { headers: { Authorization: `Bearer ${devSecret()}` } });
    expect(((await answer.json()) as { subscriber: { entitlements: object } }).subscriber.entitlements).toEqual({});
  });

  test("back in the foreground the page reloads its data: Pro bought meanwhile (the webhook) leaves /subscription", async ({ page }) => {
    const { native, account } = await nativeNewcomer(page, "native-resume");
    const userId = await userIdOf(account.email);
    await setSubscriber(userId, { product: "pro_monthly", store: "app_store" });
    const delivered = await fetch(`${REVENUECAT_ORIGIN}/_fake/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ event: { type: "INITIAL_PURCHASE", app_user_id: userId } }),
    });
    expect(((await delivered.json()) as { status: number }).status).toBe(200);
    await expect(page.getByRole("heading", { name: "Subscribe to Pro" })).toBeVisible();
    await native.emit("App", "appStateChange", { isActive: true });
    await expect(page).toHaveURL(`${BASE_URL}/`);
  });
});

test.describe("a session that ended before the store answered", () => {
  // The browser logs store-sync's 401 answer.
  test.use({ expectedConsoleErrors: [/status of 401 \(Unauthorized\)/] });

  test("the purchase is made, then 'Authentication error. Please sign in again.' and the sign-in screen", async ({ page, context }) => {
    const { native } = await nativeNewcomer(page, "native-expired");
    await context.clearCookies();
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await expect(toast(page, "error", "Authentication error. Please sign in again.")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    expect(native.callsTo("Purchases", "purchasePackage")).toHaveLength(1);
  });
});

test.describe("the native shell on Android, and Settings", () => {
  test("Android: configured with the Google Play key; Google Play renewal text; buying works the same", async ({ page }) => {
    const { native, account } = await nativeNewcomer(page, "native-android", { platform: "android", store: "play_store" });
    const userId = await userIdOf(account.email);
    await expect.poll(() => native.callsTo("Purchases", "configure").length).toBe(1);
    expect(native.callsTo("Purchases", "configure")[0]!.options).toEqual({ apiKey: publicKeys().android, appUserID: userId });
    await expect(page.getByText("Renews automatically, cancel anytime in Google Play")).toBeVisible();
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await expect(toast(page, "success", "Subscription activated!")).toBeVisible();
    expect((native.callsTo("Purchases", "purchasePackage")[0]!.options.aPackage as { identifier: string }).identifier).toBe("$rc_monthly");
    await page.goto("/settings?tab=subscription");
    await expect(page.getByRole("main").getByText("Manage your subscription in Google Play")).toBeVisible();
  });

  // Decision 013: Stripe bills this user, so the app names the web, not the App Store.
  test("Settings on native: the billing portal button is disabled and the web is named for a Stripe subscription; in a browser it opens the portal", async ({ page, browser }) => {
    const { account } = await nativeNewcomer(page, "native-settings");
    await billedByStripe(account.email);
    await page.goto("/settings?tab=subscription");
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: /Manage Billing/ })).toBeDisabled();
    await expect(page.getByTestId("native-billing-note")).toHaveText("Manage your subscription on the web at eventflow.app");
    await expect(page.getByRole("link", { name: /eventflow\.app/ })).toHaveCount(0);

    await inBrowser(browser, account, async (web) => {
      await web.goto("/settings?tab=subscription");
      await waitForHydration(web);
      await expect(web.getByRole("button", { name: /Manage Billing/ })).toBeEnabled();
      await expect(web.getByText("Manage your subscription in the App Store")).toHaveCount(0);
    });
  });

  test("a browser shows none of the native controls and loads no purchase code", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await signUp(page, newAccount("web-only"));
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Start 7-Day Free Trial" })).toBeVisible();
    await expect(page.getByText("No payment required until trial ends, cancel anytime")).toBeVisible();
    await expect(nativeControls(page)).toHaveCount(0);
    expect(scripts.filter((url) => /(purchases|app-state)\.client-/.test(url))).toEqual([]);
    // Nor Capacitor's core or any plugin, whatever their chunks are called.
    for (const url of scripts) {
      const code = await (await page.request.get(url)).text();
      expect(code, url).not.toMatch(/UNIMPLEMENTED|purchasePackage|appStateChange/);
    }
  });
});

/** An account with a Stripe subscription on file (decision 008): the billing portal has something to show. */
async function billedByStripe(email: string) {
  await makePro(email);
  await d1(
    `UPDATE profiles SET stripe_customer_id = 'cus_native_${Date.now()}', stripe_subscription_id = 'sub_native_${Date.now()}', billing_interval = 'monthly' ` +
      `WHERE user_id = (SELECT id FROM users WHERE email = '${email}');`,
  );
}

async function inBrowser(browser: Browser, account: { email: string; password: string }, use: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL: BASE_URL });
  try {
    const web = await context.newPage();
    await openAuth(web);
    await submitSignIn(web, account.email, account.password);
    await expect(web).toHaveURL(`${BASE_URL}/`);
    await use(web);
  } finally {
    await context.close();
  }
}

/** The Worker's RevenueCat secret key (.dev.vars), to read the fake as our server does. */
function devSecret() {
  return readFileSync(".dev.vars", "utf8").match(/^REVENUECAT_SECRET_KEY=(.*)$/m)?.[1]?.trim() ?? "";
}
