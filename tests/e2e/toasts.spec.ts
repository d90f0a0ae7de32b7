import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { demoSessionCookies, skipInviteStep, toast } from "./helpers";

// docs/product/messages.md#how-messages-show: one toast at a time, at the bottom of a
// phone's screen (at the top, above the sheet, while a dialog is open), clear of the
// header's actions and of a dialog's title and buttons; a success goes after 4 s, an
// error stays until dismissed or the next navigation. Time is the page's clock
// (page.clock), moved by the test, so no assertion waits on real seconds.

let demoCookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];

test.beforeAll(async ({ browser }) => {
  demoCookies = await demoSessionCookies(browser);
});

const toasts = (page: Page) => page.locator("[data-toast-type]");

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, "an element on the screen").not.toBeNull();
  return found!;
}

/** Whether two elements' boxes share any area. */
async function overlap(a: Locator, b: Locator) {
  const [one, two] = [await box(a), await box(b)];
  return one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height;
}

test.describe("toasts (phone)", () => {
  test("one at a time, clear of the header's actions and of a dialog's title and buttons; an error stays until dismissed or the next navigation, a success goes after 4 s", async ({ page }) => {
    await page.clock.install();
    const title = `Toast Wedding ${Date.now()}`;
    await page.context().addCookies(demoCookies);
    await page.goto("/events/new");
    await waitForHydration(page);
    await page.getByLabel("Event Title").fill(title);
    await page.getByLabel("Wedding Date").fill("2027-08-14");
    await page.getByRole("button", { name: "Create Event" }).click();
    await skipInviteStep(page);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const url = new URL(page.url()).pathname;
    await page.goto(`${url}?tab=people`);
    await waitForHydration(page);
    await expect(toasts(page)).toHaveCount(0);

    // A refused form: its 'Validation Error' shows at the top while the dialog is open,
    // over neither the dialog's title nor its buttons.
    await page.getByRole("link", { name: "Add Person" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Person" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Add Person" }).click();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toast(page, "error", "Validation Error")).toBeVisible();
    expect(await overlap(toasts(page), dialog.getByRole("heading", { name: "Add Person" }))).toBe(false);
    expect(await overlap(toasts(page), dialog.getByRole("button", { name: "Add Person" }))).toBe(false);
    expect(await overlap(toasts(page), dialog.getByRole("link", { name: "Close" }))).toBe(false);

    // An error stays (a minute later it is still there) until its × is pressed.
    await page.clock.runFor(60_000);
    await expect(toast(page, "error", "Validation Error")).toBeVisible();
    await page.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(toasts(page)).toHaveCount(0);

    // Raised again, then the dialog is closed (a navigation): the error goes with it.
    await dialog.getByRole("button", { name: "Add Person" }).click();
    await expect(toast(page, "error", "Validation Error")).toBeVisible();
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page)).toHaveCount(0);

    // A save: its success shows on the page the dialog closed to, at the bottom of the
    // screen, clear of the app's header and of the event's actions.
    await page.getByRole("link", { name: "Add Person" }).click();
    await dialog.getByLabel("First Name").fill("Imogen");
    await dialog.getByRole("button", { name: "Add Person" }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toast(page, "success", "Person added")).toBeVisible();
    const viewport = page.viewportSize()!;
    const shown = await box(toasts(page));
    expect(shown.y).toBeGreaterThan(viewport.height / 2);
    expect(shown.y + shown.height).toBeLessThanOrEqual(viewport.height);
    expect(await overlap(toasts(page), page.getByRole("banner").first())).toBe(false);
    expect(await overlap(toasts(page), page.getByRole("button", { name: `Actions for ${title}` }))).toBe(false);

    // Still there at 3.5 s, gone by 4.5 s.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await page.clock.runFor(3_400);
    await expect(toast(page, "success", "Person added")).toBeVisible();
    await page.clock.runFor(1_000);
    await expect(toasts(page)).toHaveCount(0);
    await page.clock.resume();
  });

  test("a toast that came with a redirect shows on the page it opened, and stays behind when the next page opens", async ({ page }) => {
    await page.clock.install();
    await page.context().addCookies(demoCookies);
    await page.goto("/events/new");
    await waitForHydration(page);
    await page.getByLabel("Event Title").fill(`Redirect Wedding ${Date.now()}`);
    await page.getByLabel("Wedding Date").fill("2027-08-14");
    await page.getByRole("button", { name: "Create Event" }).click();
    // The action redirects to the invite step with its toast (a cookie the next page reads).
    await expect(page.getByRole("heading", { level: 1, name: "Invite Team & Clients (Optional)" })).toBeVisible();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toast(page, "success", "Event created successfully!")).toBeVisible();
    // The next page (time stands still: the 4 s are not what takes it away).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await page.getByRole("link", { name: "Skip for Now" }).click();
    await expect(page.getByRole("navigation", { name: "Event sections" })).toBeVisible();
    await expect(toasts(page)).toHaveCount(0);
    await page.clock.resume();
  });
});
