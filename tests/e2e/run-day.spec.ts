import type { BrowserContext, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { checkOff, d1, demoSessionCookies, skipInviteStep, waitUntilKept } from "./helpers";

// Run the day (docs/product/screens.md#run-the-day) on phones: Now and Next advance with
// the clock; Done and Skip reach a second phone live, and Skip made offline is sent on
// reconnect; the event's times on a phone in another zone; the screen kept awake; opened
// for the first time without signal, from the dashboard the phone kept.

// A phone in London at a wedding in New York.
test.use({ timezoneId: "Europe/London" });

let demoCookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];
test.beforeAll(async ({ browser }) => {
  demoCookies = await demoSessionCookies(browser);
});

/** A wedding on 2027-08-14 in New York with three blocks and a first-look shot. */
async function newWedding(page: Page) {
  const title = `Run Day Wedding ${Date.now()}`;
  await page.context().addCookies(demoCookies);
  await page.goto("/events/new");
  await waitForHydration(page);
  await page.getByLabel("Event Title").fill(title);
  await page.getByLabel("Wedding Date").fill("2027-08-14");
  await page.getByRole("button", { name: "Create Event" }).click();
  await skipInviteStep(page);
  const eventId = new URL(page.url()).pathname.split("/")[2]!;
  const block = (title: string, type: string, start: string, minutes: number, order: number) =>
    `('${crypto.randomUUID()}', '${eventId}', '${title}', '${type}', '${start}', ${minutes}, 'Willow grove', ${order})`;
  await d1(
    // In place of the new event's default blocks and shots.
    `UPDATE events SET time_zone = 'America/New_York' WHERE id = '${eventId}';
     DELETE FROM timeline_blocks WHERE event_id = '${eventId}';
     DELETE FROM shot_list_items WHERE event_id = '${eventId}';
     INSERT INTO timeline_blocks (id, event_id, title, block_type, start_time, duration_minutes, location, order_index) VALUES
       ${block("Getting Ready", "prep", "10:00", 60, 0)}, ${block("First Look", "first_look", "11:00", 30, 1)}, ${block("Ceremony", "ceremony", "12:00", 45, 2)};
     INSERT INTO shot_list_items (id, event_id, title, category, order_index) VALUES ('${crypto.randomUUID()}', '${eventId}', 'Veil reveal', 'first_look', 0);`,
  );
  return { url: `/events/${eventId}`, eventId };
}

/** Records the page's Screen Wake Lock requests and releases. */
async function recordWakeLock(page: Page) {
  await page.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { wakeLog: string[] }).wakeLog = log;
    Object.defineProperty(navigator, "wakeLock", {
      value: { request: async () => (log.push("request"), { release: async () => void log.push("release") }) },
    });
  });
}
const wakeLog = (page: Page) => page.evaluate(() => (window as unknown as { wakeLog: string[] }).wakeLog);

const now = (page: Page) => page.getByRole("region", { name: "Now" });
const next = (page: Page) => page.getByRole("region", { name: "Next" });

test("Now and Next advance with the clock; Done and Skip reach another phone live, Skip made offline on reconnect; times in the event's zone; the screen kept awake", async ({ page, context, browser }) => {
  const { url, eventId } = await newWedding(page);
  await recordWakeLock(page);
  // 10:30 in New York.
  await page.clock.install({ time: new Date("2027-08-14T14:30:00Z") });
  await page.goto(url);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Run the day" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Run the day" })).toBeVisible();
  await expect(now(page)).toContainText("Getting Ready");
  await expect(now(page)).toContainText("30 min left");
  await expect(next(page)).toContainText("First Look");
  await expect(next(page)).toContainText("at 11:00 AM · in 30 min · Willow grove");
  await expect(page.getByTestId("run-zone")).toHaveText("Times are in the event's time zone: Eastern Daylight Time.");
  await expect.poll(() => wakeLog(page)).toEqual(["request"]);

  // The clock moves on: First Look is Now, with its shots; Ceremony is Next.
  await page.clock.fastForward("40:00");
  await expect(now(page)).toContainText("First Look");
  await expect(now(page)).toContainText("20 min left");
  await expect(page.getByRole("region", { name: "Shots for First Look" }).getByRole("button", { name: /Veil reveal/ })).toBeVisible();
  await expect(next(page)).toContainText("Ceremony");

  // A second phone on the timeline sees Done live.
  const other = await browser.newContext({ ...test.info().project.use });
  await other.addCookies(demoCookies);
  const second = await other.newPage();
  await second.goto(url);
  await waitForHydration(second);
  await expect(second.locator("[data-live-status=live]")).toBeVisible();
  await expect(page.locator("[data-live-status=live]")).toBeVisible();
  await now(page).getByRole("button", { name: "Done" }).click();
  // Done before the Ceremony's time brings it forward.
  await expect(now(page)).toContainText("Ceremony");
  await expect(now(page)).toContainText("Early: planned for 12:00 PM");
  await expect(next(page)).toContainText("Nothing after this.");
  await expect(checkOff(second, /^First Look/)).toHaveAttribute("aria-pressed", "true");

  // Skip, offline: pending on this phone, sent once back online, shown as skipped on the other.
  await context.setOffline(true);
  await expect(page.locator("[data-live-status=offline]")).toBeVisible();
  await now(page).getByRole("button", { name: "Skip" }).click();
  await expect(now(page)).toContainText("That was the last block.");
  await expect(page.getByTestId("pending-count")).toHaveText("1 change waiting to sync");
  await context.setOffline(false);
  await expect(page.getByTestId("pending-count")).toHaveText("", { timeout: 10_000 });
  await expect(checkOff(second, /^Ceremony/)).toHaveAttribute("aria-pressed", "true");
  await expect(checkOff(second, /^Ceremony/)).toContainText("Skipped");
  expect(await d1(`SELECT title, is_done, is_skipped FROM timeline_blocks WHERE event_id = '${eventId}' ORDER BY start_time`, { json: true })).toEqual([
    { title: "Getting Ready", is_done: 0, is_skipped: 0 },
    { title: "First Look", is_done: 1, is_skipped: 0 },
    { title: "Ceremony", is_done: 1, is_skipped: 1 },
  ]);

  // Closing run mode releases the screen.
  await page.getByRole("link", { name: "Close run mode" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Run Day Wedding/ })).toBeVisible();
  await expect.poll(() => wakeLog(page)).toEqual(["request", "release"]);
  await other.close();
});

test.describe("run mode without signal", () => {
  test.use({ expectedConsoleErrors: [[/Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)/], { scope: "test" }] });

  test("opened for the first time offline, from the dashboard this phone kept: Now and Next from the device's copy, Done waits and is sent once online", async ({ page, context }) => {
    const { url, eventId } = await newWedding(page);
    // 11:10 in New York.
    await page.clock.install({ time: new Date("2027-08-14T15:10:00Z") });
    await page.goto(url);
    await waitForHydration(page);
    await waitUntilKept(page, url);
    await context.setOffline(true);
    await expect(page.locator("[data-live-status=offline]")).toBeVisible();
    await page.getByRole("link", { name: "Run the day" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Run the day" })).toBeVisible();
    await expect(now(page)).toContainText("First Look");
    await expect(now(page)).toContainText("20 min left");
    await expect(next(page)).toContainText("Ceremony");
    await now(page).getByRole("button", { name: "Done" }).click();
    await expect(now(page)).toContainText("Ceremony");
    await expect(page.getByTestId("pending-count")).toHaveText("1 change waiting to sync");
    await context.setOffline(false);
    await expect(page.getByTestId("pending-count")).toHaveText("", { timeout: 10_000 });
    expect(await d1(`SELECT title, is_done FROM timeline_blocks WHERE event_id = '${eventId}' AND is_done = 1`, { json: true })).toEqual([{ title: "First Look", is_done: 1 }]);
  });
});
