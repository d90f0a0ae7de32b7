import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import {
  checkOff,
  createEventFromForm,
  onFakeStripe,
  openAuth,
  openTrialCheckout,
  payTrialCheckout,
  STRIPE_ORIGIN,
  signUp,
  submitSignUp,
  toast,
  uniqueEmail,
} from "./helpers";

// Decision 008: Pro on the web, walked as a newcomer walks it, against the
// fake Stripe the e2e server starts (tests/fakes/stripe-server.mjs): its hosted checkout
// and billing portal are pages on their own origin, and what happens there reaches the
// app only as signed webhooks (or, back from checkout, by asking Stripe for the session).
// Each test signs up its own account (sign-ups: 10 per IP a minute, decision 002).

const NEEDS_PRO = "Subscribe to Pro to create your own events";

function newAccount(label: string) {
  return { email: uniqueEmail(label), password: "ProTrial2026", firstName: "Nora", lastName: "Quist", businessName: `Quist ${label}` };
}

/** The day `days` from `at`, written as Settings → Subscription writes it (UTC, as Stripe bills). */
function longDateIn(days: number, at: number) {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(at + days * 86_400_000));
}

/** The trial's end as text: the 7 days started between `before` and now (a run may cross midnight UTC). */
function trialEndPattern(before: number) {
  const dates = [...new Set([longDateIn(7, before), longDateIn(7, Date.now())])];
  return new RegExp(`(${dates.join("|")})`);
}

/** Reloads Settings → Subscription until `text` shows: the portal's changes arrive as webhooks, after a moment. */
async function settingsUntil(page: Page, text: string | RegExp) {
  await expect(async () => {
    await page.goto("/settings?tab=subscription");
    await expect(page.getByRole("main").getByText(text)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000, intervals: [250, 500, 1_000] });
}

test.describe("Pro on the web (phone)", () => {
  test("a newcomer signs up, starts the trial on Stripe's page, creates an event; cancels in the portal, keeps Pro to the period's end, then keeps the event but may not create", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const title = `Quist Wedding ${Date.now()}`;
    const started = Date.now();

    await test.step("sign up → /subscription → 'Start 7-Day Free Trial' → the fake's checkout page", async () => {
      await signUp(page, newAccount("newcomer"));
      await waitForHydration(page);
      // Hold the checkout post until the page has shown it is busy (the browser leaves at once after).
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname === "/subscription.data",
        async (route) => {
          if (route.request().method() === "POST") await released;
          await route.continue();
        },
      );
      await page.getByRole("button", { name: "Start 7-Day Free Trial" }).click();
      await expect(toast(page, "success", "Opening checkout...")).toBeVisible();
      await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
      release();
      await expect(page).toHaveURL(onFakeStripe("checkout"));
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await expect(page.getByText("7-day free trial")).toBeVisible();
      await expect(page.getByText("$9.99 / month").first()).toBeVisible();
    });

    await test.step("pay with the prefilled card → back home, 'Subscription activated!' → a first event", async () => {
      await payTrialCheckout(page);
      await expect(page.getByRole("link", { name: "New Event" })).toBeVisible();
      await expect(page.getByText(NEEDS_PRO)).toHaveCount(0);
      await createEventFromForm(page, title);
    });

    await test.step("Settings → Subscription: the trial and its end", async () => {
      await page.goto("/settings?tab=subscription");
      await expect(page.getByText("Billed monthly: $9.99/month (free trial)")).toBeVisible();
      await expect(page.getByTestId("subscription-period")).toHaveText(new RegExp(`^Free trial until ${trialEndPattern(started).source}, then renews$`));
      await expect(page.getByText("Cancelling keeps access until the end of the billing period.")).toBeVisible();
    });

    let portal: Page;
    await test.step("'Manage Billing' opens the portal in a new tab → 'Cancel plan'", async () => {
      await waitForHydration(page);
      const opened = context.waitForEvent("page");
      await page.getByRole("button", { name: "Manage Billing" }).click();
      portal = await opened;
      await expect(portal).toHaveURL(onFakeStripe("billing"));
      await expect(portal.getByText("Status: trialing")).toBeVisible();
      // The app stays where it was, in its own tab.
      await expect(page).toHaveURL(/\/settings\?tab=subscription$/);
      await portal.getByRole("button", { name: "Cancel plan" }).click();
      await expect(portal.getByRole("button", { name: "Renew plan" })).toBeVisible();
    });

    await test.step("cancelled at the period's end: still Pro until then", async () => {
      await settingsUntil(page, new RegExp(`^Cancelled: Pro ends on ${trialEndPattern(started).source}$`));
      await page.goto("/");
      await expect(page.getByRole("link", { name: "New Event" })).toBeVisible();
    });

    await test.step("the period ends (the fake's test helper): creating is refused, the event stays and opens", async () => {
      await portal.getByRole("button", { name: "End the current period now" }).click();
      await expect(portal.getByText("Status: canceled")).toBeVisible();
      await expect(async () => {
        await page.goto("/");
        await expect(page.getByRole("button", { name: "New Event" })).toBeDisabled({ timeout: 1_000 });
      }).toPass({ timeout: 20_000, intervals: [250, 500, 1_000] });
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("link", { name: "New Event" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "New Event" })).toHaveAccessibleDescription(NEEDS_PRO);
      await expect(page.getByText(NEEDS_PRO)).toBeVisible();
      await page.getByRole("link", { name: new RegExp(title) }).click();
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      // ...and its lead still works on it: nothing saved is hidden, only creating is refused.
      await waitForHydration(page);
      await checkOff(page, /Ceremony/).click();
      await expect(page.getByText("Timeline 1/4")).toBeVisible();
      await page.reload();
      await expect(checkOff(page, /Ceremony/)).toHaveAttribute("aria-pressed", "true");

      await page.goto("/settings?tab=subscription");
      await expect(page.getByRole("main").getByRole("heading", { name: "Free Guest Access" })).toBeVisible();
      await expect(page.getByTestId("subscription-period")).toHaveCount(0);
    });
  });

  test.describe("a declined card", () => {
    // The fake shows its checkout page again with the decline, answered 422: Chromium logs it.
    test.use({ expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of 422/] });

    test("is refused on the checkout page; 'Cancel' goes back to /subscription, still not Pro, the button usable again", async ({ page }) => {
      await signUp(page, newAccount("declined"));
      await waitForHydration(page);
      await openTrialCheckout(page);
      // Back from Stripe's page: the button is ready again, not stuck on 'Processing...' (decision 008),
      // whether the browser restores the page from its back/forward cache or loads it again.
      await page.goBack();
      await expect(page).toHaveURL(/\/subscription$/);
      await expect(page.getByRole("button", { name: "Start 7-Day Free Trial" })).toBeEnabled();
      await openTrialCheckout(page);
      await page.getByLabel("Card number").fill("4000 0000 0000 0002");
      await page.getByRole("button", { name: "Start trial" }).click();
      await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
      await expect(page).toHaveURL(onFakeStripe("checkout"));

      await page.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/subscription\?interval=monthly$/);
      await expect(page.getByRole("heading", { name: "Subscribe to Pro" })).toBeVisible();
      // docs/product/messages.md#subscription-and-profile: a cancelled purchase shows nothing.
      await expect(page.getByRole("status").filter({ hasText: /Subscription activated!|Confirming/ })).toHaveCount(0);
      await expect(page.getByRole("alert")).toHaveCount(0);
      // Still not Pro: home sends a user with no Pro and no events back here.
      await page.goto("/");
      await expect(page).toHaveURL(/\/subscription$/);
      await waitForHydration(page);
      await expect(page.getByRole("button", { name: "Start 7-Day Free Trial" })).toBeEnabled();
      await openTrialCheckout(page);
    });
  });
});

test.describe("Pro on the web without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts to Stripe's page (CSP form-action allows it), pays, and comes back 'Subscription activated!'", async ({ page }) => {
    await openAuth(page, "/auth", { hydrate: false });
    await submitSignUp(page, newAccount("nojs"));
    await expect(page).toHaveURL(/\/subscription$/);
    await openTrialCheckout(page);
    expect(new URL(page.url()).origin).toBe(STRIPE_ORIGIN);
    await payTrialCheckout(page);
    await expect(page.getByRole("link", { name: "New Event" })).toBeVisible();
  });
});
