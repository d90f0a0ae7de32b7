import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import {
  bellButton,
  demoSessionCookies,
  openTrialCheckout,
  payTrialCheckout,
  sectionLink,
  signUp,
  toast,
  uniqueEmail,
} from "./helpers";

// Assistive technology. Lighthouse's accessibility category is
// axe-core; these pages must have no WCAG 2 A/AA violation (the scores measured with
// Lighthouse itself are in docs/benchmarks.md). The bell and the rows' "⋯" menus are buttons
// with an expanded state, keyboard usable; link tabs are navigation links with
// aria-current.

let demoCookies: Awaited<ReturnType<typeof demoSessionCookies>>;

test.beforeAll(async ({ browser }) => {
  demoCookies = await demoSessionCookies(browser);
});

type AXNode = { role?: { value: string }; name?: { value: string }; properties?: Array<{ name: string; value: { value: unknown } }> };

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function expectNoViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const found = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(found, `axe violations on ${where}`).toEqual([]);
}

async function openDemoWedding(page: Page) {
  await page.context().addCookies(demoCookies);
  await page.goto("/");
  await page.getByRole("link", { name: /Emma & James Wedding/ }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Emma & James Wedding" })).toBeVisible();
  await waitForHydration(page);
}

/** A client link of the demo wedding made by its lead, opened in a new context (the couple's phone). */
async function openPortal(page: Page, browser: Browser, context: BrowserContext, options: BrowserContextOptions = {}) {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openDemoWedding(page);
  await sectionLink(page, "Client").click();
  await page.getByRole("link", { name: "Create Client Access" }).click();
  const create = page.getByRole("dialog", { name: "Create Client Access" });
  await create.getByLabel("Client Email").fill(uniqueEmail("a11y"));
  await create.getByRole("button", { name: "Create Access" }).click();
  await expect(toast(page, "success", "Client access created")).toBeVisible();
  await page.getByRole("dialog", { name: "Client link created" }).getByRole("button", { name: "Copy Link" }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const couple = await browser.newContext({ ...test.info().project.use, ...options });
  const phone = await couple.newPage();
  await phone.goto(link);
  await expect(phone.getByText("Client View")).toBeVisible();
  await waitForHydration(phone);
  return phone;
}

test.describe("accessibility (phone)", () => {
  test("the landing page has no axe violations", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expectNoViolations(page, "the landing page");
  });

  test("the dashboard has no axe violations on any tab, nor with the bell or a row menu open", async ({ page }) => {
    // Eight axe runs: up to 32 s on a 2-core machine, over the 30 s default.
    test.slow();
    await openDemoWedding(page);
    for (const tab of ["Timeline", "Shots", "People", "Team", "Vendors", "Client"]) {
      await sectionLink(page, tab).click();
      await expect(sectionLink(page, tab)).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("region", { name: tab })).toBeVisible();
      await expectNoViolations(page, `the ${tab} tab`);
    }
    await sectionLink(page, "Timeline").click();
    await bellButton(page).click();
    await expect(page.getByRole("region", { name: "Notifications" })).toBeVisible();
    await expectNoViolations(page, "the dashboard with the bell open");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Actions for Getting Ready: Emma" }).click();
    await expect(page.getByRole("link", { name: "Edit", exact: true })).toBeVisible();
    await expectNoViolations(page, "the dashboard with a row menu open");
  });

  test("the client portal has no axe violations", async ({ page, browser, context }) => {
    const phone = await openPortal(page, browser, context);
    for (const tab of ["Timeline", "Shot List", "People", "Vendors"]) {
      await sectionLink(phone, tab).click();
      await expect(sectionLink(phone, tab)).toHaveAttribute("aria-current", "page");
      await expectNoViolations(phone, `the portal's ${tab} tab`);
    }
    await phone.context().close();
  });

  test("the subscription screen (signed in, not Pro) and Settings → Subscription on a trial have no axe violations", async ({ page }) => {
    // A fresh account walks to Pro through the fake Stripe's checkout.
    await signUp(page, { email: uniqueEmail("a11y-pro"), password: "A11yPro2026", firstName: "Ida", lastName: "Brandt" });
    await waitForHydration(page);
    await expectNoViolations(page, "/subscription");
    await openTrialCheckout(page);
    await payTrialCheckout(page);
    await page.goto("/settings?tab=subscription");
    await expect(page.getByText(/^Free trial until /)).toBeVisible();
    await waitForHydration(page);
    await expectNoViolations(page, "Settings → Subscription (trialing)");
  });

  test("the bell is a button with its state: Enter opens it, Escape closes it and gives focus back", async ({ page }) => {
    await openDemoWedding(page);
    const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/, expanded: false });
    await expect(bell).toBeVisible();
    await bell.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("banner").getByRole("button", { name: /^Notifications/, expanded: true })).toBeVisible();
    const panel = page.getByRole("region", { name: "Notifications" });
    await expect(panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(bellButton(page)).toBeFocused();
    await expect(bellButton(page)).toHaveAttribute("aria-expanded", "false");

    // Space opens it too; a tap outside closes it.
    await page.keyboard.press("Space");
    await expect(panel).toBeVisible();
    await page.mouse.click(5, page.viewportSize()!.height - 5);
    await expect(panel).toBeHidden();
    await expect(bellButton(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("a row's ⋯ menu is a button with its state; its items open the same dialogs", async ({ page }) => {
    await openDemoWedding(page);
    const menuButton = (expanded: boolean) => page.getByRole("button", { name: "Actions for Getting Ready: Emma", expanded });
    await menuButton(false).focus();
    await page.keyboard.press("Enter");
    await expect(menuButton(true)).toBeVisible();
    const edit = page.getByRole("link", { name: "Edit", exact: true });
    await expect(edit).toBeVisible();
    // The menu follows its button in the Tab order.
    await page.keyboard.press("Tab");
    await expect(edit).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(edit).toBeHidden();
    await expect(menuButton(false)).toBeFocused();

    await page.keyboard.press("Space");
    await expect(edit).toBeVisible();
    await page.mouse.click(5, page.viewportSize()!.height - 5);
    await expect(edit).toBeHidden();
    await expect(menuButton(false)).toBeVisible();

    await menuButton(false).click();
    await edit.click();
    await expect(page.getByRole("dialog", { name: "Edit Block" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit", exact: true })).toBeHidden();
  });

  test("the row menu sits under its button on a phone screen", async ({ page }) => {
    await openDemoWedding(page);
    const button = page.getByRole("button", { name: "Actions for Getting Ready: Emma" });
    await button.click();
    const menu = page.locator(":popover-open");
    const [b, m] = [(await button.boundingBox())!, (await menu.boundingBox())!];
    const viewport = page.viewportSize()!;
    expect(m.y).toBeGreaterThanOrEqual(b.y + b.height);
    expect(m.x + m.width).toBeLessThanOrEqual(b.x + b.width + 1);
    expect(m.x).toBeGreaterThanOrEqual(0);
    expect(m.y + m.height).toBeLessThanOrEqual(viewport.height);
    await page.screenshot({ path: test.info().outputPath("row-menu.png") });
    await page.keyboard.press("Escape");
    await bellButton(page).click();
    await page.screenshot({ path: test.info().outputPath("bell.png") });
  });
});

test.describe("the dark theme (phone)", () => {
  // The system's preference: the whole app follows it unless Settings → 'Theme' says otherwise.
  test.use({ colorScheme: "dark" });

  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  /** Lightness (0-1) of an oklch() or rgb() colour the browser computed. */
  const lightness = (color: string) => {
    const oklch = /oklch\(([\d.]+)/.exec(color);
    if (oklch) return Number(oklch[1]);
    const [r, g, b] = (color.match(/[\d.]+/g) ?? []).map(Number);
    return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
  };

  test("the landing page, the dashboard and the portal are dark, with no axe violations", async ({ page, browser, context }) => {
    test.slow();
    await page.goto("/");
    await waitForHydration(page);
    expect(lightness(await background(page))).toBeLessThan(0.3);
    await expectNoViolations(page, "the landing page (dark)");

    await openDemoWedding(page);
    expect(lightness(await background(page))).toBeLessThan(0.3);
    for (const tab of ["Timeline", "Team", "Shots"]) {
      await sectionLink(page, tab).click();
      await expect(sectionLink(page, tab)).toHaveAttribute("aria-current", "page");
      await expectNoViolations(page, `the ${tab} tab (dark)`);
    }
    await page.getByRole("link", { name: "Add Shot" }).click();
    await expect(page.getByRole("dialog", { name: "Add Shot" })).toBeVisible();
    await expectNoViolations(page, "the Add Shot dialog (dark)");

    const phone = await openPortal(page, browser, context, { colorScheme: "dark" });
    expect(lightness(await background(phone))).toBeLessThan(0.3);
    for (const tab of ["Timeline", "Shot List"]) {
      await sectionLink(phone, tab).click();
      await expect(sectionLink(phone, tab)).toHaveAttribute("aria-current", "page");
      await expectNoViolations(phone, `the portal's ${tab} tab (dark)`);
    }
    await phone.context().close();
  });

  test("the run sheet has no axe violations, light and dark", async ({ page }) => {
    await openDemoWedding(page);
    await page.goto("/events/00000000-0000-4000-8000-00000000d003/run-sheet");
    await waitForHydration(page);
    await expectNoViolations(page, "the run sheet");
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoViolations(page, "the run sheet (dark)");
  });

  test("Settings → 'Theme' chooses for this device: Light over a dark system, then Automatic again", async ({ page }) => {
    await page.context().addCookies(demoCookies);
    await page.goto("/settings");
    await waitForHydration(page);
    await expectNoViolations(page, "Settings (dark)");
    await expect(page.getByLabel("Theme")).toHaveValue("auto");
    await expect(page.getByLabel("Theme").locator("option")).toHaveText(["Automatic", "Light", "Dark"]);
    await page.getByLabel("Theme").selectOption({ label: "Light" });
    await page.getByRole("button", { name: "Save Theme" }).click();
    await expect(toast(page, "success", "Theme saved")).toBeVisible();
    await expect(page.locator("html")).toHaveClass("light");
    expect(lightness(await background(page))).toBeGreaterThan(0.9);
    // Rendered light by the server too: no dark flash on the next page.
    await page.goto("/");
    expect(lightness(await background(page))).toBeGreaterThan(0.9);
    await page.goto("/settings");
    await expect(page.getByLabel("Theme")).toHaveValue("light");
    await waitForHydration(page);
    await page.getByLabel("Theme").selectOption({ label: "Automatic" });
    await page.getByRole("button", { name: "Save Theme" }).click();
    await expect(toast(page, "success", "Theme saved")).toBeVisible();
    await expect(page.locator("html")).not.toHaveClass("light");
    expect(lightness(await background(page))).toBeLessThan(0.3);
  });
});

test.describe("accessibility without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the bell opens as a popover and a row menu is served open before any script runs", async ({ page }) => {
    await page.context().addCookies(demoCookies);
    await page.goto("/");
    await page.getByRole("link", { name: /Emma & James Wedding/ }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Emma & James Wedding" })).toBeVisible();
    const menuState = async () => {
      const cdp = await page.context().newCDPSession(page);
      const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: AXNode[] };
      await cdp.detach();
      const node = nodes.find((n) => n.name?.value === "Actions for Getting Ready: Emma");
      return { role: node?.role?.value, expanded: node?.properties?.find((p) => p.name === "expanded")?.value.value };
    };
    // One menu per list, not a popover per row. Without script a
    // row's button asks the server for the page with that row's menu open (?menu=).
    expect(await menuState()).toEqual({ role: "button", expanded: false });
    await page.getByRole("button", { name: "Actions for Getting Ready: Emma" }).click();
    await expect(page).toHaveURL(/[?&]menu=/);
    expect(await menuState()).toEqual({ role: "button", expanded: true });
    await page.getByRole("link", { name: "Close menu" }).click();
    await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
    expect(await menuState()).toEqual({ role: "button", expanded: false });

    await bellButton(page).click();
    await expect(page.getByRole("region", { name: "Notifications" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("region", { name: "Notifications" })).toBeHidden();
    await page.getByRole("button", { name: "Actions for Getting Ready: Emma" }).click();
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Edit Block" })).toBeVisible();
  });
});
