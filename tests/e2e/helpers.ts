import type { Page } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures";

// Helpers for the account flows. Every test makes its own address: the local D1 is
// shared by the whole run (and by reruns against a reused server).

export const DEMO_EMAIL = "demo@eventflow.app";
export const DEMO_PASSWORD = "EventFlow2026";

export function uniqueEmail(label = "e2e") {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A toast as the user sees it: errors are alerts, successes are status messages. */
export function toast(page: Page, type: "error" | "success", title: string) {
  return page.getByRole(type === "error" ? "alert" : "status").filter({ hasText: title });
}

/** Opens the sign-in screen (at `path`) and waits until its forms are live. */
export async function openAuth(page: Page, path = "/auth", { hydrate = true } = {}) {
  await page.goto(path);
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
  if (hydrate) await waitForHydration(page);
}

export type NewAccount = { email: string; password: string; firstName: string; lastName: string; businessName?: string };

/** Fills and submits the Sign Up tab of the screen that is open. */
export async function submitSignUp(page: Page, account: NewAccount) {
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
  await page.getByLabel("First Name").fill(account.firstName);
  await page.getByLabel("Last Name").fill(account.lastName);
  if (account.businessName) await page.getByLabel("Business Name (optional)").fill(account.businessName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create Account" }).click();
}

/** Creates an account through the UI; the new user lands on /subscription, signed in. */
export async function signUp(page: Page, account: NewAccount) {
  await openAuth(page);
  await submitSignUp(page, account);
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole("heading", { name: "Subscribe to Pro" })).toBeVisible();
}

/** Fills and submits the Sign In tab of the screen that is open. */
export async function submitSignIn(page: Page, email: string, password: string, { stayLoggedIn = false } = {}) {
  await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (stayLoggedIn) await page.getByLabel("Stay logged in").check();
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Signs out with the Sign Out button of /settings; ends on the sign-in screen at /. */
export async function signOut(page: Page) {
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Welcome", level: 1 })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
}

/**
 * The first link of the newest e-mail to `to` with `subject` in the local mailbox
 * (/dev/mail). Mail goes out through the queue, so the mailbox is reloaded until it
 * shows up.
 */
export async function mailLink(page: Page, to: string, subject: string | RegExp, linkPattern: RegExp) {
  let href = "";
  await expect(async () => {
    await page.goto("/dev/mail");
    const message = page
      .getByTestId("mail-message")
      .filter({ has: page.getByTestId("mail-to").getByText(to, { exact: true }) })
      .filter({ has: page.getByRole("heading", { name: subject }) })
      .first();
    const link = message.getByRole("link", { name: linkPattern }).first();
    await expect(link).toBeVisible({ timeout: 1_000 });
    href = (await link.getAttribute("href")) ?? "";
  }).toPass({ timeout: 20_000, intervals: [250, 500, 1_000] });
  return href;
}

type Cookies = Awaited<ReturnType<import("@playwright/test").BrowserContext["cookies"]>>;

/**
 * Signs the demo lead in once and returns the session cookies, for a spec's beforeAll:
 * sign-ins are rate-limited per address, and the demo account is shared by every spec.
 * (A context takes the options of the group that runs first; this one needs
 * JavaScript either way.)
 */
export async function demoSessionCookies(browser: import("@playwright/test").Browser): Promise<Cookies> {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await openAuth(page);
  await page.getByLabel("Email").fill(DEMO_EMAIL);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByLabel("Stay logged in").check();
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

/** After 'Create Event' comes the optional invite step (spec §2): skip it to the event. */
export async function skipInviteStep(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Invite Team & Clients (Optional)" })).toBeVisible();
  await page.getByRole("link", { name: "Skip for Now" }).click();
}
