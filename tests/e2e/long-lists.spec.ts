import type { BrowserContext, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { checkOff, createEventFromForm, d1, demoSessionCookies, toast } from "./helpers";

// A long list renders one window of rows (the rest on scroll, by its
// search box, or by paging links without JavaScript) and one "⋯" menu for the list.

const BLOCKS = 45;
let demoCookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];

test.beforeAll(async ({ browser }) => {
  demoCookies = await demoSessionCookies(browser);
});

/** A new event of the demo lead with BLOCKS timeline blocks, 'Block 1' … 'Block 45'. */
async function longTimeline(page: Page) {
  await page.context().addCookies(demoCookies);
  await createEventFromForm(page, `Long Day ${Date.now()}`);
  const eventId = new URL(page.url()).pathname.split("/")[2];
  const values = Array.from({ length: BLOCKS }, (_, i) => `('${crypto.randomUUID()}', '${eventId}', 'Block ${i + 1}', 'portrait', 30, ${i})`);
  // Only these blocks (a new event starts with a few of its own).
  await d1(`DELETE FROM timeline_blocks WHERE event_id = '${eventId}';`);
  await d1(`INSERT INTO timeline_blocks (id, event_id, title, block_type, duration_minutes, order_index) VALUES ${values.join(", ")};`);
  return `/events/${eventId}`;
}

const timeline = (page: Page) => page.getByRole("region", { name: "Timeline" });
const rows = (page: Page) => timeline(page).getByRole("listitem");

test.describe("long lists (phone)", () => {
  test("one ⋯ menu serves every row: by keyboard, named for its row, and each action works", async ({ page }) => {
    const path = await longTimeline(page);
    await page.goto(path);
    await waitForHydration(page);
    // No row carries a menu of its own.
    await expect(timeline(page).locator("[popover]")).toHaveCount(0);

    const button = page.getByRole("button", { name: "Actions for Block 7", exact: true, expanded: false });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Actions for Block 7", exact: true, expanded: true })).toBeVisible();
    await expect(timeline(page).locator("[popover]")).toHaveCount(1);
    const menu = page.locator(":popover-open");
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Edit", exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(button).toBeFocused();

    // Another row's button opens the same menu for that row.
    await page.getByRole("button", { name: "Actions for Block 9", exact: true }).click();
    await expect(timeline(page).locator("[popover]")).toHaveCount(1);
    await menu.getByRole("link", { name: "Edit", exact: true }).click();
    const edit = page.getByRole("dialog", { name: "Edit Block" });
    await expect(edit.getByLabel("Title")).toHaveValue("Block 9");
    await edit.getByRole("link", { name: "Cancel" }).click();
    await expect(edit).toHaveCount(0);

    await page.getByRole("button", { name: "Actions for Block 2", exact: true }).click();
    await menu.getByRole("button", { name: "Move up" }).click();
    await expect(rows(page).first()).toContainText("Block 2");

    await page.getByRole("button", { name: "Actions for Block 3", exact: true }).click();
    await menu.getByRole("link", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete timeline block?" });
    await expect(confirm).toContainText('"Block 3"');
    await confirm.getByRole("button", { name: "Delete Block" }).click();
    await expect(toast(page, "success", "Timeline block deleted")).toBeVisible();
    await expect(page.getByRole("button", { name: "Actions for Block 3", exact: true })).toHaveCount(0);
  });

  test("a long list renders a window, the rest on scroll, and its search box finds any row", async ({ page }) => {
    const path = await longTimeline(page);
    await page.goto(path);
    await waitForHydration(page);
    await expect(rows(page)).toHaveCount(30);
    await expect(timeline(page)).toContainText(`Showing 1–30 of ${BLOCKS}`);
    await page.getByRole("link", { name: "Show more" }).scrollIntoViewIfNeeded();
    await expect(rows(page)).toHaveCount(BLOCKS);
    await expect(page.getByRole("link", { name: "Show more" })).toHaveCount(0);

    await page.goto(path);
    await waitForHydration(page);
    await page.getByRole("searchbox", { name: "Search blocks" }).fill("Block 44");
    await expect(rows(page)).toHaveCount(1);
    // The row found works like any other: checked off, live.
    await checkOff(page, /Block 44/).click();
    await expect(checkOff(page, /Block 44/)).toHaveAttribute("aria-pressed", "true");
  });
});

test.describe("long lists without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server pages a long list, and its search box is a form the server answers", async ({ browser, page }) => {
    const setup = await browser.newContext({ javaScriptEnabled: true });
    const path = await longTimeline(await setup.newPage());
    await setup.close();
    await page.context().addCookies(demoCookies);
    await page.goto(path);
    await expect(rows(page)).toHaveCount(30);
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(rows(page)).toHaveCount(BLOCKS - 30);
    await expect(rows(page).first()).toContainText("Block 31");
    await expect(timeline(page)).toContainText(`Showing 31–${BLOCKS} of ${BLOCKS}`);
    await page.getByRole("link", { name: "Previous page" }).click();
    await expect(rows(page).first()).toContainText("Block 1");

    await page.getByRole("searchbox", { name: "Search blocks" }).fill("Block 40");
    await page.getByRole("searchbox", { name: "Search blocks" }).press("Enter");
    await expect(page).toHaveURL(/[?&]q=Block\+40/);
    await expect(rows(page)).toHaveCount(1);
    // Its menu, served open for it, reaches its actions.
    await page.getByRole("button", { name: "Actions for Block 40", exact: true }).click();
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Edit Block" }).getByLabel("Title")).toHaveValue("Block 40");
  });
});
