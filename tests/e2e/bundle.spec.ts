import type { Page } from "@playwright/test";
import { expect, test, waitForElementHydration, waitForHydration } from "./fixtures";
import { bellButton, demoSessionCookies, openAuth, toast } from "./helpers";

// Decision 014: validation (zod, conform) and the dialogs are in no
// page's first load: not in the scripts its HTML preloads; a page with forms only fetches
// zod once a form is used, the dashboard and the portal their dialogs' code once one
// opens (offline, the service worker's copy: it keeps a kept page's chunks, decision
// 014). A form then validates in the browser with the spec's own messages; a dialog the
// URL opens is still in the server's HTML.

const DEMO_EVENT = "/events/00000000-0000-4000-8000-00000000d003";
// What only zod's code holds (its issue codes), and only conform's (its intent field).
const ZOD = "invalid_type";
const CONFORM = "__intent__";

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

/** Every script the page itself loads (not its service worker's background fetches), by file and text. */
function watchScripts(page: Page) {
  const scripts = new Map<string, string>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.text().catch(() => "");
    scripts.set(new URL(response.url()).pathname, body);
  });
  return {
    holding: (marker: string) => [...scripts].filter(([, body]) => body.includes(marker)).map(([path]) => path),
    paths: () => [...scripts.keys()],
  };
}

/**
 * The scripts a page preloads (its entry and every module it imports): its first load. They
 * are listed in the loader that requests them after the first paint (scripts-after-paint.server.ts).
 */
async function firstLoadScripts(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  const list = /\}\)\("[^"]*",(\[[^\]]*\])/.exec(html)?.[1];
  const paths = (JSON.parse(list ?? "[]") as string[]).filter((script) => /^\/assets\/[^/]+\.js$/.test(script));
  expect(paths.length).toBeGreaterThan(3);
  return Promise.all(paths.map(async (script) => ({ script, body: await (await page.request.get(script)).text() })));
}

/** Hydrated, connected and the network quiet: everything the page loads by itself has loaded. */
async function settled(page: Page) {
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
}

test.describe("first load (phone)", () => {
  test("the dashboard loads no zod, conform or dialog, also once idle; a dialog opened validates in the browser", async ({ page }) => {
    await page.context().addCookies(await demoSessionCookies(page.context().browser()!));
    const first = await firstLoadScripts(page, DEMO_EVENT);
    expect(first.filter(({ body }) => body.includes(ZOD) || body.includes(CONFORM)).map(({ script }) => script)).toEqual([]);
    expect(first.filter(({ body }) => body.includes("Save Block")).map(({ script }) => script)).toEqual([]);

    const scripts = watchScripts(page);
    await page.goto(DEMO_EVENT);
    await settled(page);
    await expect(page.locator("[data-live-status=live]")).toBeVisible();
    expect(scripts.holding(ZOD)).toEqual([]);
    expect(scripts.holding("Save Block")).toEqual([]);
    await page.getByRole("link", { name: "Add Block" }).click();
    const add = dialog(page, "Add Block");
    await expect(add).toBeVisible();
    const posts: string[] = [];
    page.on("request", (request) => void (request.method() === "POST" && posts.push(request.url())));
    await add.getByLabel("Duration (minutes)").fill("0");
    await add.getByRole("button", { name: "Add Block" }).click();
    // docs/product/validation.md#timeline-block, as the server words it.
    await expect(toast(page, "error", "Validation Error").filter({ hasText: "Title is required" })).toBeVisible();
    await expect(add.getByText("Duration must be at least 1 minute")).toBeVisible();
    expect(posts).toEqual([]);
    expect(scripts.holding(ZOD).length).toBeGreaterThan(0);
    expect(scripts.holding(CONFORM).length).toBeGreaterThan(0);
  });

  test("a dialog the URL opens is in the server's HTML and, once hydrated, validates in the browser", async ({ page }) => {
    await page.context().addCookies(await demoSessionCookies(page.context().browser()!));
    const html = await (await page.request.get(`${DEMO_EVENT}?tab=people&dialog=add-person`)).text();
    expect(html).toMatch(/<dialog open=""[^>]*>[\s\S]*Add Person[\s\S]*First Name/);
    expect(html).not.toContain('<template id="B:');

    await page.goto(`${DEMO_EVENT}?tab=people&dialog=add-person`);
    await waitForHydration(page);
    const add = dialog(page, "Add Person");
    await expect(add).toBeVisible();
    await waitForElementHydration(add.locator("form"));
    const posts: string[] = [];
    page.on("request", (request) => void (request.method() === "POST" && posts.push(request.url())));
    await expect(async () => {
      await add.getByRole("button", { name: "Add Person" }).click();
      await expect(toast(page, "error", "Validation Error").filter({ hasText: "First name is required" })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    // The field's own error (the toast, in the dialog too, says it as well).
    await expect(add.locator("[id$='-error']").getByText("First name is required")).toBeVisible();
    expect(posts).toEqual([]);
  });

  test("the landing page loads no zod until its form is used; sign-in then validates in the browser", async ({ page }) => {
    const scripts = watchScripts(page);
    await openAuth(page, "/");
    await settled(page);
    expect(scripts.holding(ZOD)).toEqual([]);

    await page.getByLabel("Email").first().focus();
    await expect.poll(() => scripts.holding(ZOD).length).toBeGreaterThan(0);
    const posts: string[] = [];
    page.on("request", (request) => void (request.method() === "POST" && posts.push(request.url())));
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    // docs/product/validation.md, as the server words it.
    await expect(toast(page, "error", "Validation Error").filter({ hasText: "Please enter a valid email address" })).toBeVisible();
    expect(posts).toEqual([]);
  });

  test("settings loads no zod or conform's zod adapter until a form is used", async ({ page }) => {
    await page.context().addCookies(await demoSessionCookies(page.context().browser()!));
    const scripts = watchScripts(page);
    await page.goto("/settings");
    await settled(page);
    expect(scripts.holding(ZOD)).toEqual([]);
    await page.getByLabel("Business Name").focus();
    await expect.poll(() => scripts.holding(ZOD).length).toBeGreaterThan(0);
  });
});

// Decision 014 (LCP): the server's HTML paints before any script is requested, and the
// page then hydrates and works (scripts-after-paint.server.ts).
test.describe("scripts after the first paint (phone)", () => {
  /** When the page first painted, and when its first script was requested (ms since navigation). */
  async function paintAndFirstScript(page: Page) {
    return page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime);
      return { paint, firstScript: Math.min(...scripts), scripts: scripts.length };
    });
  }

  test("the landing page paints its HTML before requesting a script, then hydrates", async ({ page }) => {
    const html = await (await page.request.get("/")).text();
    expect(html).not.toContain('<link rel="modulepreload"');
    await page.goto("/");
    await waitForHydration(page);
    const timing = await paintAndFirstScript(page);
    expect(timing.scripts).toBeGreaterThan(3);
    expect(timing.paint).toBeLessThan(timing.firstScript);
    // Hydrated: the client's own navigation answers a link (no document request).
    const documents: string[] = [];
    page.on("request", (request) => void (request.resourceType() === "document" && documents.push(request.url())));
    await page.getByRole("link", { name: "About" }).first().click();
    await expect(page).toHaveURL(/\/about$/);
    expect(documents).toEqual([]);
  });

  test("the dashboard paints before its scripts and goes live", async ({ page }) => {
    await page.context().addCookies(await demoSessionCookies(page.context().browser()!));
    await page.goto(DEMO_EVENT);
    await expect(page.locator("[data-live-status=live]")).toBeVisible();
    const timing = await paintAndFirstScript(page);
    expect(timing.paint).toBeLessThan(timing.firstScript);
  });
});

// The signed-in home's code is not in the landing page's first load (a visitor's sign-in
// screen never needs it). A client navigation home waits for it (routes/home.tsx
// clientMiddleware), so the home shows whole, never blank.
test.describe("the signed-in home's own code (phone)", () => {
  // The page's own requests (the service worker would answer them from what it keeps).
  test.use({ serviceWorkers: "block" });

  test("the landing page does not load it", async ({ page }) => {
    const scripts = watchScripts(page);
    await openAuth(page, "/");
    await settled(page);
    expect(scripts.holding("Hired Events")).toEqual([]);
    expect(scripts.holding("New Event")).toEqual([]);
  });

  test("a link home keeps the page it leaves until the home's code is there, then shows the whole home", async ({ page }) => {
    await page.context().addCookies(await demoSessionCookies(page.context().browser()!));
    await page.goto("/settings");
    await settled(page);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/events-home-[\w-]+\.js$/, async (route) => {
      asked = true;
      await released;
      await route.continue();
    });
    const homeData = page.waitForResponse((response) => new URL(response.url()).pathname === "/_root.data" && response.request().method() === "GET");
    await page.getByRole("link", { name: "← Back to Events" }).click();
    expect((await homeData).status()).toBe(200);
    await expect.poll(() => asked).toBe(true);
    // The home's data is there, its code held back: still the settings page, not an empty home.
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    release();
    await expect(page.getByRole("heading", { name: "My Events", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Hired Events" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/");
  });
});

// Decision 014: a page loads the code of the tab or section it shows; a
// link to another waits for that one's code with its data, so the page changes whole.
test.describe("a tab's own code (phone)", () => {
  test.use({ serviceWorkers: "block" });

  /** Holds back the scripts matching `chunk` until released; says whether one was asked for. */
  async function holdBack(page: Page, chunk: RegExp) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const state = { asked: false, release };
    await page.route(chunk, async (route) => {
      state.asked = true;
      await released;
      await route.continue();
    });
    return state;
  }

  test("the dashboard loads only the shown tab's code; a link to another keeps the tab it leaves until that tab's code is there", async ({ page }) => {
    await page.context().addCookies(await demoSessionCookies(page.context().browser()!));
    const first = await firstLoadScripts(page, DEMO_EVENT);
    const tabChunks = /\/assets\/(shots-tab|people-tab|vendors-tab|team-tab)-/;
    expect(first.filter(({ script }) => tabChunks.test(script)).map(({ script }) => script)).toEqual([]);
    const scripts = watchScripts(page);
    // The rest of the page (every list) is here before the tap: until then another tab has
    // no data to show and says 'Loading…'; this is about its code only.
    const rest = page.waitForResponse((response) => /\/events\/[^/]+\/lists$/.test(new URL(response.url()).pathname));
    await page.goto(DEMO_EVENT);
    await settled(page);
    expect((await rest).status()).toBe(200);
    await page.waitForLoadState("networkidle");
    expect(scripts.holding("Filter shots")).toEqual([]);

    const shots = await holdBack(page, /\/assets\/shots-tab-[\w-]+\.js$/);
    await page.getByRole("navigation", { name: "Event sections" }).getByRole("link", { name: /^Shots \d+\/\d+$/ }).click();
    await expect.poll(() => shots.asked).toBe(true);
    // Its code held back: still the Timeline, not an empty Shots tab.
    await expect(page.getByRole("region", { name: "Timeline" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Add Block" })).toBeVisible();
    shots.release();
    await expect(page.getByRole("region", { name: "Shots" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Add Shot" })).toBeVisible();
    expect(new URL(page.url()).searchParams.get("tab")).toBe("shots");
  });

  test("the outbox's sender loads with the first check-off, not with the page; the check-off shows at once and is sent once it is there", async ({ page }) => {
    await page.context().addCookies(await demoSessionCookies(page.context().browser()!));
    const scripts = watchScripts(page);
    await page.goto(DEMO_EVENT);
    await settled(page);
    const isSender = (script: string) => /\/assets\/outbox-sender-[\w-]+\.js$/.test(script);
    expect(scripts.paths().filter(isSender)).toEqual([]);

    const sender = await holdBack(page, /\/assets\/outbox-sender-[\w-]+\.js$/);
    const row = page.locator("main [aria-pressed]").first();
    const was = await row.getAttribute("aria-pressed");
    const flipped = was === "true" ? "false" : "true";
    await row.click();
    await expect.poll(() => sender.asked).toBe(true);
    // Its code held back: the check-off shows and is counted all the same.
    await expect(row).toHaveAttribute("aria-pressed", flipped);
    await expect(page.getByTestId("pending-count")).toHaveText("1 change waiting to sync");
    const sent = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith("/mutations") && response.request().method() === "POST");
    sender.release();
    expect((await sent).status()).toBe(200);
    await expect(page.getByTestId("pending-count")).toHaveText("");
    await expect(row).toHaveAttribute("aria-pressed", flipped);

    // Back as it was: the demo wedding is shared by the suite.
    const back = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith("/mutations") && response.request().method() === "POST");
    await row.click();
    expect((await back).status()).toBe(200);
    await expect(row).toHaveAttribute("aria-pressed", was ?? "false");
  });

  test("the bell's panel loads its code when the bell is pressed; until it is there the panel shows the server's list", async ({ page }) => {
    await page.context().addCookies(await demoSessionCookies(page.context().browser()!));
    const scripts = watchScripts(page);
    await page.goto(DEMO_EVENT);
    await settled(page);
    expect(scripts.paths().filter((script) => /\/assets\/notification-panel-/.test(script))).toEqual([]);

    const panelCode = await holdBack(page, /\/assets\/notification-panel-[\w-]+\.js$/);
    await bellButton(page).click();
    await expect.poll(() => panelCode.asked).toBe(true);
    const panel = page.getByRole("region", { name: "Notifications" });
    // Its code held back: the server's panel, as rendered with the page.
    await expect(panel.getByRole("heading", { name: "Notifications" })).toBeVisible();
    const serverList = await panel.innerText();
    panelCode.release();
    await expect.poll(() => scripts.paths().some((script) => /\/assets\/notification-panel-/.test(script))).toBe(true);
    await expect(panel.getByRole("heading", { name: "Notifications" })).toBeVisible();
    expect(await panel.innerText()).toBe(serverList);
    await page.keyboard.press("Escape");
    await expect(bellButton(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("settings loads only the shown section's code; a link to Contacts keeps Business until its code is there", async ({ page }) => {
    await page.context().addCookies(await demoSessionCookies(page.context().browser()!));
    const first = await firstLoadScripts(page, "/settings");
    expect(first.filter(({ script }) => /\/assets\/(contacts-tab|subscription-tab|push-card|page-cache|live)-/.test(script)).map(({ script }) => script)).toEqual([]);
    await page.goto("/settings");
    await settled(page);

    const contacts = await holdBack(page, /\/assets\/contacts-tab-[\w-]+\.js$/);
    await page.getByRole("link", { name: "Contacts", exact: true }).click();
    await expect.poll(() => contacts.asked).toBe(true);
    await expect(page.getByRole("region", { name: "Business" })).toBeVisible();
    contacts.release();
    await expect(page.getByRole("region", { name: "Contacts" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Add Contact" })).toBeVisible();
  });
});
