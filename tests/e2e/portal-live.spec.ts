import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { checkOff, createViewOnlyClientLink, demoSessionCookies, sectionLink, skipInviteStep, toast } from "./helpers";

// The live room in the client portal (decision 006): the couple's open page follows the photographer's
// changes without a reload, and a revoked link ends the page by itself.

let demoCookies: Awaited<ReturnType<typeof demoSessionCookies>>;

test.beforeAll(async ({ browser }) => {
  demoCookies = await demoSessionCookies(browser);
});

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

/** Marks the document, so that a reload (which would drop the mark) is noticed. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
}
const wasNotReloaded = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

test.describe("live client portal (phone)", () => {
  // Once revoked, the portal's data request answers 404, and so does the handshake of a
  // phone that was offline meanwhile.
  // Several patterns go in a tuple: Playwright reads [a, b] with an object b (a RegExp is one) as [value, options].
  test.use({ expectedConsoleErrors: [[/status of 404 \(Not Found\)/, /WebSocket connection to .* failed/], { scope: "test" }] });

  test("a shot the lead adds appears on the open portal without reload; revoking shows the invalid-link message; both live", async ({ page, browser, context }) => {
    await context.addCookies(demoCookies);
    const title = `Live Portal Wedding ${Date.now()}`;
    await page.goto("/events/new");
    await waitForHydration(page);
    await page.getByLabel("Event Title").fill(title);
    await page.getByLabel("Wedding Date").fill("2027-09-18");
    await page.getByRole("button", { name: "Create Event" }).click();
    await skipInviteStep(page);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await waitForHydration(page);
    const eventUrl = page.url().split("?")[0]!;

    // A view-only link: the couple follows along.
    const { link, clientEmail } = await createViewOnlyClientLink(page, "live-couple");

    const couple = await browser.newContext({ ...test.info().project.use, javaScriptEnabled: true });
    const phone = await couple.newPage();
    await phone.goto(link);
    await expect(phone).toHaveURL(/\/client\/view\/[0-9a-f-]{36}$/);
    await waitForHydration(phone);
    await sectionLink(phone, "Shot List").click();
    await expect(phone.getByRole("button", { name: /Rings/ })).toBeVisible();
    await expect(phone.locator("[data-live-status=live]")).toBeVisible();
    await markDocument(phone);

    // The lead adds a shot on the dashboard.
    await page.goto(`${eventUrl}?tab=shots`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Add Shot" }).click();
    const add = dialog(page, "Add Shot");
    const shot = `Sparkler send-off ${Date.now() % 10_000}`;
    await add.getByLabel("Title").fill(shot);
    await add.getByRole("button", { name: "Add Shot" }).click();
    await expect(toast(page, "success", "Shot added")).toBeVisible();
    await expect(checkOff(page, new RegExp(shot))).toBeVisible();
    // How fast it arrives is measured by `npm run bench:realtime`, not timed here.
    await expect(phone.getByRole("button", { name: new RegExp(shot) })).toBeVisible();
    // View-only: the couple sees it, and cannot check it off.
    await expect(phone.getByRole("button", { name: new RegExp(shot) })).toBeDisabled();
    expect(await wasNotReloaded(phone)).toBe(true);

    // A second phone on the same link is offline (asleep) when the link is revoked.
    const sleepy = await browser.newContext({ ...test.info().project.use, javaScriptEnabled: true });
    const asleep = await sleepy.newPage();
    await asleep.goto(link);
    await waitForHydration(asleep);
    await expect(asleep.locator("[data-live-status=live]")).toBeVisible();
    await sleepy.setOffline(true);
    await expect(asleep.locator("[data-live-status=offline]")).toBeVisible();

    // The lead revokes the link: the open portal says so by itself.
    await page.goto(`${eventUrl}?tab=client`);
    await waitForHydration(page);
    await page.getByRole("listitem").filter({ hasText: clientEmail }).getByRole("link", { name: "Revoke" }).click();
    await dialog(page, "Revoke client access?").getByRole("button", { name: "Revoke" }).click();
    await expect(toast(page, "success", "Access revoked")).toBeVisible();
    await expect(phone.getByRole("heading", { name: "Access not found or expired" })).toBeVisible({ timeout: 3_000 });
    await expect(phone.getByRole("alert")).toContainText("This client link is not valid.");
    expect(await wasNotReloaded(phone)).toBe(true);

    // The sleeping phone wakes: its socket is refused, it asks, and it says so too.
    await sleepy.setOffline(false);
    await expect(asleep.getByRole("heading", { name: "Access not found or expired" })).toBeVisible({ timeout: 5_000 });
    await sleepy.close();
    await couple.close();
  });
});
