import type { BrowserContext, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { checkOff, d1, demoSessionCookies, skipInviteStep, toast } from "./helpers";

// 'Running late' (docs/product/screens.md#running-late) on phones: 30 minutes on one phone
// move the later blocks on another phone live, leave the fixed Ceremony where it is and
// mark it squeezed; 'Back on time' puts them back; offline, the shift waits and is sent once.

let demoCookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];
test.beforeAll(async ({ browser }) => {
  demoCookies = await demoSessionCookies(browser);
});

/** A wedding with Getting Ready 13:00, First Look 14:45 (travel 10), a fixed Ceremony 15:30, Reception 17:00. */
async function newWedding(page: Page) {
  const title = `Late Wedding ${Date.now()}`;
  await page.context().addCookies(demoCookies);
  await page.goto("/events/new");
  await waitForHydration(page);
  await page.getByLabel("Event Title").fill(title);
  await page.getByLabel("Wedding Date").fill("2027-08-14");
  await page.getByRole("button", { name: "Create Event" }).click();
  await skipInviteStep(page);
  const eventId = new URL(page.url()).pathname.split("/")[2]!;
  const row = (title: string, type: string, start: string, minutes: number, order: number, fixed = 0, travel: number | null = null) =>
    `('${crypto.randomUUID()}', '${eventId}', '${title}', '${type}', '${start}', ${minutes}, ${order}, ${fixed}, ${travel ?? "NULL"})`;
  await d1(
    `DELETE FROM timeline_blocks WHERE event_id = '${eventId}';
     INSERT INTO timeline_blocks (id, event_id, title, block_type, start_time, duration_minutes, order_index, fixed_time, travel_minutes) VALUES
       ${row("Getting Ready", "prep", "13:00", 90, 0)}, ${row("First Look", "first_look", "14:45", 30, 1, 0, 10)},
       ${row("Ceremony", "ceremony", "15:30", 30, 2, 1)}, ${row("Reception", "reception", "17:00", 120, 3)};`,
  );
  return `/events/${eventId}`;
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
  await expect(page.locator("[data-live-status=live]")).toBeVisible();
}

const block = (page: Page, title: string) => checkOff(page, new RegExp(`^${title}`));

test("30 minutes late from First Look on one phone: the other phone's later blocks move live, the fixed Ceremony stays and is squeezed; Back on time; offline it waits and is sent once", async ({ page, context, browser }) => {
  const url = await newWedding(page);
  await open(page, url);
  const other = await browser.newContext({ ...test.info().project.use });
  await other.addCookies(demoCookies);
  const second = await other.newPage();
  await open(second, url);
  await expect(block(second, "First Look")).toContainText("2:45 PM – 3:15 PM");
  await expect(second.locator("[data-travel-leg]")).toHaveText("↓Travel 10 min");

  await page.getByRole("button", { name: "Actions for First Look" }).click();
  await page.getByRole("link", { name: "Running late from here" }).click();
  const dialog = page.getByRole("dialog", { name: "Running late" });
  await expect(dialog).toContainText("From First Look (2:45 PM), every block moves later, except fixed times and blocks anchored to the light.");
  await dialog.getByRole("button", { name: "30 min", exact: true }).click();
  await expect(toast(page, "success", "Timeline shifted")).toBeVisible();

  for (const phone of [page, second]) {
    await expect(block(phone, "First Look")).toContainText("3:15 PM – 3:45 PM");
    await expect(block(phone, "Reception")).toContainText("5:30 PM – 7:30 PM");
    await expect(block(phone, "Getting Ready")).toContainText("1:00 PM – 2:30 PM");
    await expect(block(phone, "Ceremony")).toContainText("3:30 PM – 4:00 PM · 30 min · Fixed time");
    // First Look ends at 3:45 PM and its 10 minutes of travel take it to 3:55 PM: 25 minutes into the Ceremony.
    await expect(block(phone, "Ceremony")).toContainText("Squeezed by 25 min");
    await expect(phone.locator("[data-travel-leg]")).toHaveText("↓Travel 10 min: 25 min short");
  }

  // Back on time, from the other phone.
  await second.getByRole("link", { name: "Running late" }).click();
  await second.getByRole("dialog", { name: "Running late" }).getByRole("button", { name: "Back on time" }).click();
  for (const phone of [page, second]) {
    await expect(block(phone, "First Look")).toContainText("2:45 PM – 3:15 PM");
    await expect(block(phone, "Reception")).toContainText("5:00 PM – 7:00 PM");
    await expect(block(phone, "Ceremony")).not.toContainText("Squeezed");
  }

  // Offline: the shift shows at once, waits, and is sent once on reconnect.
  await context.setOffline(true);
  await expect(page.locator("[data-live-status=offline]")).toBeVisible();
  await page.getByRole("link", { name: "Running late" }).click();
  const offlineDialog = page.getByRole("dialog", { name: "Running late" });
  await offlineDialog.getByLabel("Minutes").fill("15");
  await offlineDialog.getByRole("button", { name: "Shift" }).click();
  await expect(block(page, "Getting Ready")).toContainText("1:15 PM – 2:45 PM");
  await expect(page.getByTestId("pending-count")).toHaveText("1 change waiting to sync");
  await context.setOffline(false);
  await expect(page.getByTestId("pending-count")).toHaveText("", { timeout: 10_000 });
  await expect(block(second, "Getting Ready")).toContainText("1:15 PM – 2:45 PM");
  await expect(block(second, "Reception")).toContainText("5:15 PM – 7:15 PM");
  expect(await d1(`SELECT COUNT(*) AS n FROM applied_mutations WHERE event_id = '${url.split("/")[2]}' AND name = 'shift-block'`, { json: true })).toEqual([{ n: 3 }]);
  await other.close();
});
