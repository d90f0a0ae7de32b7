import type { BrowserContext, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { checkOff, createEventFromForm, createViewOnlyClientLink, d1, demoSessionCookies, keptPaths, makePro, sectionLink, signOut, signUp, toast, uniqueEmail, waitUntilKept } from "./helpers";

// An event page a user opened (the dashboard, or a client's portal)
// opens again with no network, from the copy the service worker kept, with the time it
// was last synced; other pages say they are not available offline; signing out and a
// revoked link leave nothing of the event on the device (decision 010 'Offline reading').

const DEMO_EVENT = "/events/00000000-0000-4000-8000-00000000d003";
const DEMO_TITLE = "Emma & James Wedding";
let leadCookies: Awaited<ReturnType<typeof demoSessionCookies>>;

test.beforeAll(async ({ browser }) => {
  leadCookies = await demoSessionCookies(browser);
});

// Requests cut off by the lost network are logged by the browser (the live sockets,
// React Router's route discovery): that is the point of these tests. A revoked link
// answers its 404. (A list of several patterns goes in a tuple: Playwright reads an
// array whose second item is an object, as a RegExp is, as [value, options].)
test.use({
  expectedConsoleErrors: [[/net::ERR_INTERNET_DISCONNECTED/, /WebSocket connection to .* failed/, /status of 404 \(Not Found\)/], { scope: "test" }],
});

/** Reloads with no network; the navigation may end on the offline page or a kept copy. */
async function reloadOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.reload().catch(() => {});
}

/**
 * A new lead (Pro) signed up on this device, with a new event whose dashboard the device
 * keeps. Not the demo lead: these tests end its session.
 */
async function keptEventOfNewLead(page: Page, firstName: string) {
  const email = uniqueEmail(`offline-${firstName.toLowerCase()}`);
  await signUp(page, { email, password: "Offline2026", firstName, lastName: "Lead" });
  await makePro(email);
  const title = `${firstName}'s Offline Wedding ${Date.now()}`;
  await createEventFromForm(page, title);
  const path = new URL(page.url()).pathname;
  await waitUntilKept(page, path);
  return { path, title };
}

/** With no network, `path` gives the offline page and nothing of the event titled `title`. */
async function expectForgottenOffline(context: BrowserContext, page: Page, path: string, title: string) {
  await context.setOffline(true);
  await page.goto(path).catch(() => {});
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
}

const lastSynced = (page: Page) => page.locator("[data-live-status]").getByText(/^· Last synced \d\d?:\d\d [AP]M$/);

test.describe("offline reading (phone)", () => {
  test("a dashboard opened once (its first visit) opens again offline with its shots, working, and the last synced time", async ({ page, context }) => {
    await context.addCookies(leadCookies);
    await page.goto(`${DEMO_EVENT}?tab=shots`);
    await waitForHydration(page);
    await expect(page.locator("[data-live-status=live]")).toBeVisible();
    // Online and live: no 'Last synced'.
    await expect(page.getByText(/Last synced/)).toHaveCount(0);
    await waitUntilKept(page, DEMO_EVENT);
    // Where its links lead was kept with it (React Router asks again on the offline load),
    // though the page asked before the service worker ran.
    const discovery = await page.evaluate(async () => (await (await caches.open("event-flow-assets-v1")).keys()).map((key) => new URL(key.url)).filter((url) => url.pathname === "/__manifest"));
    expect(discovery.length).toBeGreaterThan(0);

    await reloadOffline(context, page);
    await expect(page.getByRole("heading", { level: 1, name: DEMO_TITLE })).toBeVisible();
    await expect(checkOff(page, /Rings/)).toBeVisible();
    // Not live (offline, or trying again), and saying how old the copy is.
    await expect(page.locator("[data-live-status]")).toHaveText(/^(Offline|Reconnecting…)· Last synced \d\d?:\d\d [AP]M$/);
    // The hashed assets it needs were kept too: styled, and hydrated (tabs work).
    expect(await page.evaluate(() => getComputedStyle(document.querySelector("nav[aria-label='Event sections']")!).position)).toBe("sticky");
    expect(await page.evaluate(() => performance.getEntriesByType("navigation").some((entry) => (entry as PerformanceNavigationTiming).serverTiming.some((timing) => timing.name === "offline")))).toBe(true);
    await waitForHydration(page);
    await sectionLink(page, "People").click();
    await expect(page).toHaveURL(/\?tab=people$/);
    await expect(sectionLink(page, "People")).toHaveAttribute("aria-current", "page");

    // Another tab of the page, reloaded offline: the copy, under the URL it was kept for.
    await page.reload().catch(() => {});
    await expect(page.getByRole("heading", { level: 1, name: DEMO_TITLE })).toBeVisible();
    await expect(page).toHaveURL(/\?tab=shots$/);

    // A link inside the app to a page that is not kept: the offline page, not an error.
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
    await expect(page.getByText("This page is not available offline.")).toBeVisible();
    await expect(page).toHaveURL(/\/settings$/);
    await page.goBack().catch(() => {});
    await expect(page.getByRole("heading", { level: 1, name: DEMO_TITLE })).toBeVisible();

    // Back online: live again, and the text goes.
    await context.setOffline(false);
    await expect(page.locator("[data-live-status=live]")).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText(/Last synced/)).toHaveCount(0);
  });

  // The document carries the shown tab's window; the rest of the lists
  // (GET /events/:id/lists) is kept with the page, so every tab reads offline.
  test("a dashboard kept from its Timeline shows every tab offline", async ({ page, context }) => {
    await context.addCookies(leadCookies);
    await page.goto(DEMO_EVENT);
    await waitForHydration(page);
    await waitUntilKept(page, DEMO_EVENT);
    await expect
      .poll(() => page.evaluate(async (path) => Boolean(await (await caches.open("event-flow-pages-v1")).match(`${path}/lists`)), DEMO_EVENT), { timeout: 10_000 })
      .toBe(true);

    await reloadOffline(context, page);
    await expect(page.getByRole("heading", { level: 1, name: DEMO_TITLE })).toBeVisible();
    await waitForHydration(page);
    const tabs: Array<[string, string]> = [
      ["Shots", "Rings"],
      ["People", "Siobhan Carter"],
      ["Team", "Alex Rivera"],
      ["Vendors", "Rosa Jimenez"],
      ["Client", "Create Client Access"],
      ["Timeline", "Getting Ready"],
    ];
    for (const [tab, text] of tabs) {
      await sectionLink(page, tab).click();
      await expect(page.getByRole("region", { name: tab }).getByText(text).first()).toBeVisible();
    }
  });

  test.describe(() => {
    // The rest of the lists, asked for offline with no copy kept, fails as a request (the worker's network error).
    test.use({ expectedConsoleErrors: [[/net::ERR_INTERNET_DISCONNECTED/, /WebSocket connection to .* failed/, /net::ERR_FAILED/], { scope: "test" }] });

    test("a tab whose lists this device did not keep says so offline, and shows once back online", async ({ page, context }) => {
      // As a page kept before its lists could be: only the document and its window. Both the
      // page and the service worker fetch the lists, so they fail rather than being deleted
      // once kept (the other copy could land after the deletion).
      const lists = `**${DEMO_EVENT}/lists`;
      await context.route(lists, (route) => route.abort("internetdisconnected"));
      await context.addCookies(leadCookies);
      await page.goto(DEMO_EVENT);
      await waitForHydration(page);
      await waitUntilKept(page, DEMO_EVENT);
      expect(await page.evaluate(async (path) => Boolean(await (await caches.open("event-flow-pages-v1")).match(`${path}/lists`)), DEMO_EVENT)).toBe(false);

      await reloadOffline(context, page);
      await context.unroute(lists);
      await expect(page.getByRole("heading", { level: 1, name: DEMO_TITLE })).toBeVisible();
      await waitForHydration(page);
      await expect(page.getByRole("region", { name: "Timeline" }).getByText("Getting Ready").first()).toBeVisible();
      await sectionLink(page, "Shots").click();
      await expect(page.getByRole("region", { name: "Shots" }).getByRole("status")).toHaveText("This tab is not available offline. It will show once you are back online.");
      await context.setOffline(false);
      await expect(checkOff(page, /Rings/)).toBeVisible({ timeout: 10_000 });
    });
  });

  test("a page that is not kept says it is not available offline, and links the kept event pages", async ({ page, context }) => {
    await context.addCookies(leadCookies);
    await page.goto(DEMO_EVENT);
    await waitForHydration(page);
    await waitUntilKept(page, DEMO_EVENT);
    await context.setOffline(true);
    await page.goto("/settings").catch(() => {});
    await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
    await expect(page.getByText("This page is not available offline.")).toBeVisible();
    const kept = page.getByRole("region", { name: "Event pages on this device" });
    await expect(kept).toBeVisible();
    await kept.getByRole("link", { name: DEMO_TITLE }).click();
    await expect(page.getByRole("heading", { level: 1, name: DEMO_TITLE })).toBeVisible();
    await expect(lastSynced(page)).toBeVisible();
  });

  test("a client's portal opens again offline; once the link is revoked, the next online load forgets it and offline nothing of the event shows", async ({ page, browser, context }) => {
    await context.addCookies(leadCookies);
    const title = `Offline Portal Wedding ${Date.now()}`;
    await createEventFromForm(page, title);
    const eventUrl = page.url().split("?")[0]!;
    const { link, clientEmail } = await createViewOnlyClientLink(page, "offline-couple");

    const couple = await browser.newContext({ ...test.info().project.use, javaScriptEnabled: true });
    const phone = await couple.newPage();
    await phone.goto(link);
    await expect(phone).toHaveURL(/\/client\/view\/[0-9a-f-]{36}$/);
    const portal = new URL(phone.url()).pathname;
    await waitForHydration(phone);
    await waitUntilKept(phone, portal);

    await reloadOffline(couple, phone);
    await expect(phone.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(phone.locator("[data-live-status]")).toHaveText(/^(Offline|Reconnecting…)· Last synced \d\d?:\d\d [AP]M$/);
    await waitForHydration(phone);
    await sectionLink(phone, "Shot List").click();
    await expect(phone.getByRole("button", { name: /Rings/ })).toBeVisible();

    // The lead revokes the link; the couple's phone is back online and reloads: refused.
    await couple.setOffline(false);
    await page.goto(`${eventUrl}?tab=client`);
    await waitForHydration(page);
    await page.getByRole("listitem").filter({ hasText: clientEmail }).getByRole("link", { name: "Revoke" }).click();
    await page.getByRole("dialog", { name: "Revoke client access?" }).getByRole("button", { name: "Revoke" }).click();
    await expect(toast(page, "success", "Access revoked")).toBeVisible();
    await phone.goto(portal);
    await expect(phone.getByRole("heading", { name: "Access not found or expired" })).toBeVisible();
    await expect.poll(() => keptPaths(phone)).not.toContain(portal);

    await expectForgottenOffline(couple, phone, portal, title);
    await couple.close();
  });

  test("a removed member's kept dashboard is forgotten as soon as the page learns it (online), and offline nothing of the event shows", async ({ page, browser, context }) => {
    await context.addCookies(leadCookies);
    const title = `Removed Member Wedding ${Date.now()}`;
    await createEventFromForm(page, title);
    const path = new URL(page.url()).pathname;
    const eventId = path.split("/").pop()!;

    // A second shooter on the event (accepted, as after the invitation's e-mail).
    const shooter = await browser.newContext({ ...test.info().project.use, javaScriptEnabled: true });
    const phone = await shooter.newPage();
    const account = { email: uniqueEmail("offline-member"), password: "Offline2026", firstName: "Rui", lastName: "Okafor" };
    await signUp(phone, account);
    await d1(
      `INSERT INTO event_second_shooters (id, event_id, user_id, status) SELECT '${crypto.randomUUID()}', '${eventId}', id, 'accepted' FROM users WHERE email = '${account.email}';`,
    );
    await phone.goto(path);
    await waitForHydration(phone);
    await expect(phone.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await waitUntilKept(phone, path);

    // The lead removes them: the open page is told, reads again, is refused.
    await page.goto(`${path}?tab=team`);
    await waitForHydration(page);
    const row = page.getByRole("listitem").filter({ hasText: "Rui Okafor" });
    await row.getByLabel("Actions for Rui Okafor").click();
    await row.getByRole("link", { name: "Remove" }).click();
    await page.getByRole("dialog", { name: "Remove team member?" }).getByRole("button", { name: "Remove" }).click();
    await expect(toast(page, "success", "Team member removed")).toBeVisible();
    await expect(phone.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible({ timeout: 5_000 });
    await expect.poll(() => keptPaths(phone)).toEqual([]);

    await expectForgottenOffline(shooter, phone, path, title);
    await shooter.close();
  });

  test("a device whose session ended elsewhere forgets the dashboard at its next online load (the redirect to sign in)", async ({ page, context }) => {
    const { path, title } = await keptEventOfNewLead(page, "Noor");
    // The session is gone (signed out on another device, password changed): this
    // browser no longer has it.
    await context.clearCookies();
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth\?returnTo=/);
    await expect.poll(() => keptPaths(page)).toEqual([]);
    await expectForgottenOffline(context, page, path, title);
  });

  test("signing in on this device forgets what the last person's session kept (it may have ended without a sign out)", async ({ page, context }) => {
    const { title } = await keptEventOfNewLead(page, "Ines");
    // The session ends without a sign out (expired); someone else signs up here.
    await context.clearCookies();
    await signUp(page, { email: uniqueEmail("offline-next"), password: "Offline2026", firstName: "Jon", lastName: "Berg" });
    expect(await keptPaths(page)).toEqual([]);
    await context.setOffline(true);
    await page.goto("/settings").catch(() => {});
    await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Event pages on this device" })).toBeHidden();
    await expect(page.getByText(title)).toHaveCount(0);
  });

  test("signing out forgets the kept pages: offline, the event page shows nothing of the event", async ({ page, context }) => {
    const { path, title } = await keptEventOfNewLead(page, "Lena");
    await signOut(page);
    expect(await keptPaths(page)).toEqual([]);
    await expectForgottenOffline(context, page, path, title);
  });

  test("signing out with a form that runs no script (the post goes straight through the worker) forgets the kept pages too", async ({ page, context }) => {
    const { path, title } = await keptEventOfNewLead(page, "Ada");
    // As a browser without JavaScript submits the Sign Out form: a plain document post.
    const response = page.waitForResponse((r) => new URL(r.url()).pathname === "/logout");
    await page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/logout";
      document.body.appendChild(form);
      form.submit();
    });
    await response;
    await expect(page.getByRole("heading", { name: "Welcome", level: 1 })).toBeVisible();
    expect(await keptPaths(page)).toEqual([]);
    // Clear-Site-Data "cache", never "storage": the worker (and its push) stays registered.
    expect(await page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()))).toBe(true);
    await expectForgottenOffline(context, page, path, title);
  });
});
