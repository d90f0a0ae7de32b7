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

/**
 * A section link of a page's link tabs (?tab=…: navigation links with
 * aria-current="page" on the open one, not role="tab"). The dashboard's Timeline and
 * Shots tabs carry their list's progress after the label ("Shots 3/26").
 */
export function sectionLink(page: Page, name: string) {
  return page.getByRole("navigation").getByRole("link", { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?: \\d+/\\d+)?$`) });
}

/** A timeline block's or shot's check-off toggle (its "⋯" menu, 'Actions for …', is a button too). */
export function checkOff(page: Page, name: string | RegExp) {
  return page.getByRole("button", { name }).and(page.locator("[aria-pressed]"));
}

/** The header's notification bell: a button with its expanded state (a popover). */
export function bellButton(page: Page) {
  return page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
}

/** Opens the sign-in screen (at `path`) and waits until its forms are live. */
export async function openAuth(page: Page, path = "/auth", { hydrate = true } = {}) {
  await page.goto(path);
  await expect(sectionLink(page, "Sign In")).toBeVisible();
  if (hydrate) await waitForHydration(page);
}

export type NewAccount = { email: string; password: string; firstName: string; lastName: string; businessName?: string };

/**
 * Fills and submits the Sign Up tab of the screen that is open. Each new account signs
 * up from its own address (Cloudflare's CF-Connecting-IP, which the local server takes
 * from the request): sign-ups are limited to 10 a minute per IP, and the whole suite
 * signs up more newcomers than that, all from 127.0.0.1.
 */
export async function submitSignUp(page: Page, account: NewAccount) {
  await page.context().setExtraHTTPHeaders({ "CF-Connecting-IP": `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}` });
  await sectionLink(page, "Sign Up").click();
  await expect(sectionLink(page, "Sign Up")).toHaveAttribute("aria-current", "page");
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
  await expect(sectionLink(page, "Sign In")).toHaveAttribute("aria-current", "page");
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
  await expect(sectionLink(page, "Sign In")).toHaveAttribute("aria-current", "page");
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

const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? "4173"}`;

/**
 * A signed-in session of a seeded account, for a spec's beforeAll. Sign-ins are
 * rate-limited (20 a minute from one IP) and many specs use the same accounts, so the
 * cookies are kept in tests/.results for the whole run and reused while the server
 * still accepts them (a new run starts on a fresh database, so it signs in again).
 */
export async function sessionCookies(browser: import("@playwright/test").Browser, email: string, password: string): Promise<Cookies> {
  const cache = `tests/.results/session-${email.replace(/[^a-z0-9]/gi, "_")}.json`;
  const { existsSync, readFileSync, writeFileSync, mkdirSync } = await import("node:fs");
  const context = await browser.newContext({ javaScriptEnabled: true, baseURL: BASE_URL });
  try {
    if (existsSync(cache)) {
      const cached = JSON.parse(readFileSync(cache, "utf8")) as Cookies;
      await context.addCookies(cached);
      const check = await context.request.get("/settings", { maxRedirects: 0 });
      if (check.status() === 200) return cached;
      await context.clearCookies();
    }
    const page = await context.newPage();
    await openAuth(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByLabel("Stay logged in").check();
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    const cookies = await context.cookies();
    mkdirSync("tests/.results", { recursive: true });
    writeFileSync(cache, JSON.stringify(cookies));
    return cookies;
  } finally {
    await context.close();
  }
}

/** The demo lead's session (see sessionCookies). */
export function demoSessionCookies(browser: import("@playwright/test").Browser) {
  return sessionCookies(browser, DEMO_EMAIL, DEMO_PASSWORD);
}

/** After 'Create Event' comes the optional invite step (docs/product/screens.md#create-event): skip it to the event. */
export async function skipInviteStep(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Invite Team & Clients (Optional)" })).toBeVisible();
  await page.getByRole("link", { name: "Skip for Now" }).click();
}

/** Confirms an account's address with the link of its confirmation e-mail, as its owner would. */
export async function confirmEmail(page: Page, email: string) {
  const link = await mailLink(page, email, "Confirm your Event Flow email address", /\/confirm-email\?token=/);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Confirm your email" })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Confirm Email" }).click();
  await expect(toast(page, "success", "Email confirmed")).toBeVisible();
}

/**
 * Makes an account Pro straight in the e2e server's local D1 (scripts/e2e-server.mjs),
 * as a paid subscription would: creating events needs it (docs/product/subscription.md#who-is-a-subscriber).
 */
export async function makePro(email: string) {
  await d1(
    "UPDATE profiles SET subscription_status = 'active', subscription_type = 'business', subscription_expires_at = '2099-01-01T00:00:00.000Z' " +
      `WHERE user_id = (SELECT id FROM users WHERE email = '${email.replaceAll("'", "''")}');`,
  );
}

/** Creates an event from /events/new (title and date only), skips the invite step and waits on its hydrated dashboard. */
export async function createEventFromForm(page: Page, title: string, date = "2027-09-18") {
  await page.goto("/events/new");
  await waitForHydration(page);
  await page.getByLabel("Event Title").fill(title);
  await page.getByLabel("Wedding Date").fill(date);
  await page.getByRole("button", { name: "Create Event" }).click();
  await skipInviteStep(page);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await waitForHydration(page);
}

/**
 * The fake Stripe of this run: scripts/e2e-server.mjs starts it on E2E_PORT + 10 and the
 * app's redirects lead the browser to its hosted checkout and billing portal pages.
 */
export const STRIPE_ORIGIN = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT ?? String(Number(process.env.E2E_PORT ?? "4173") + 10)}`;

/** A URL matcher for a page of the fake Stripe (its own origin, not the app's). */
export function onFakeStripe(kind: "checkout" | "billing") {
  return (url: URL) => url.origin === STRIPE_ORIGIN && url.pathname.startsWith(`/${kind}/`);
}

/** From /subscription: 'Start 7-Day Free Trial' leads to the fake's hosted checkout page. */
export async function openTrialCheckout(page: Page) {
  await page.getByRole("button", { name: "Start 7-Day Free Trial" }).click();
  await expect(page).toHaveURL(onFakeStripe("checkout"));
  await expect(page.getByText("7-day free trial")).toBeVisible();
}

/**
 * Pays on the fake's checkout page with its prefilled card (4242…): back on the app,
 * Pro, home with 'Subscription activated!' (decision 008, back from checkout).
 */
export async function payTrialCheckout(page: Page) {
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Start trial" }).click();
  // Without JavaScript a late webhook means a meta refresh every 3 s: allow a few.
  await expect(page).toHaveURL(`${BASE_URL}/`, { timeout: 15_000 });
  await expect(toast(page, "success", "Subscription activated!")).toBeVisible();
}

/**
 * Runs SQL on the e2e server's local D1 (scripts/e2e-server.mjs), as the server would;
 * with `json`, returns the rows of the statement.
 */
export async function d1<Row = Record<string, unknown>>(sql: string, { json = false } = {}): Promise<Row[]> {
  const { execFileSync } = await import("node:child_process");
  const args = ["d1", "execute", "DB", "--local", "--persist-to", ".wrangler/e2e-state", "--command", sql, ...(json ? ["--json"] : [])];
  // The server writes the same local D1: a statement may find it busy for a moment.
  for (let attempt = 1; ; attempt++) {
    try {
      const out = execFileSync("wrangler", args, { stdio: ["ignore", json ? "pipe" : "ignore", "pipe"], encoding: "utf8" });
      return json ? ((JSON.parse(out) as Array<{ results: Row[] }>)[0]?.results ?? []) : [];
    } catch (error) {
      if (attempt === 5 || !String((error as { stderr?: unknown }).stderr ?? error).includes("SQLITE_BUSY")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

/**
 * On the lead's hydrated dashboard: creates a view-only client link for a new address
 * (Client tab, Create Client Access with every edit flag off) and returns the link the
 * dialog copies, once, and the address.
 */
export function createViewOnlyClientLink(page: Page, label = "couple") {
  return createClientLink(page, { label, viewOnly: true });
}

const CLIENT_FLAGS = ["Timeline", "Shot list", "People", "Vendors"] as const;

/**
 * From the event's dashboard: a client link made on the Client tab, copied as the lead would:
 * all four flags, none (`viewOnly`), or only those named in `only`.
 */
export async function createClientLink(
  page: Page,
  { label = "couple", viewOnly = false, only }: { label?: string; viewOnly?: boolean; only?: ReadonlyArray<(typeof CLIENT_FLAGS)[number]> } = {},
) {
  const kept: readonly string[] = only ?? (viewOnly ? [] : CLIENT_FLAGS);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await sectionLink(page, "Client").click();
  await page.getByRole("link", { name: "Create Client Access" }).click();
  const create = page.getByRole("dialog", { name: "Create Client Access" });
  const clientEmail = uniqueEmail(label);
  await create.getByLabel("Client Email").fill(clientEmail);
  for (const flag of CLIENT_FLAGS) if (!kept.includes(flag)) await create.getByLabel(flag, { exact: true }).uncheck();
  await create.getByRole("button", { name: "Create Access" }).click();
  await expect(toast(page, "success", "Client access created")).toBeVisible();
  const created = page.getByRole("dialog", { name: "Client link created" });
  await created.getByRole("button", { name: "Copy Link" }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/client\/[0-9a-f]{64}$/);
  await created.getByRole("link", { name: "Done" }).click();
  return { link, clientEmail };
}

/** Waits until the service worker runs the page and keeps a copy of `path` (its first visit included). */
export async function waitUntilKept(page: Page, path: string) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    }
  });
  await expect.poll(() => keptPaths(page), { timeout: 10_000 }).toContain(path);
}

/** The pages (documents, not data nor a dashboard's rest of its lists) this device keeps, by path. */
export function keptPaths(page: Page) {
  return page.evaluate(async () => {
    if (!(await caches.has("event-flow-pages-v1"))) return [];
    const cache = await caches.open("event-flow-pages-v1");
    return (await cache.keys()).map((request) => new URL(request.url).pathname).filter((path) => !path.endsWith(".data") && !path.endsWith("/lists"));
  });
}

