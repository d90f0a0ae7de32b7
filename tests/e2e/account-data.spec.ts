import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { demoSessionCookies, DEMO_EMAIL, signUp, skipInviteStep, toast, uniqueEmail } from "./helpers";

// Settings → Account → 'Download my data' on a phone (Pixel 7): the file, with and
// without JavaScript, and the hourly limit. The demo account leads events (Pro); each
// test makes its own event, so the file is checked against what this run wrote.

let demoCookies: Awaited<ReturnType<typeof demoSessionCookies>>;

test.beforeAll(async ({ browser }) => {
  demoCookies = await demoSessionCookies(browser);
});

const today = () => new Date().toISOString().slice(0, 10);
const downloadButton = (page: Page) => page.getByRole("button", { name: "Download my data" });

/** A new event of the demo lead, made through the create screen. */
async function newEvent(page: Page, title: string) {
  await page.goto("/events/new");
  await waitForHydration(page);
  await page.getByLabel("Event Title").fill(title);
  await page.getByLabel("Wedding Date").fill("2027-05-22");
  await page.getByLabel("Venue").fill("Harbor Loft");
  await page.getByRole("button", { name: "Create Event" }).click();
  await skipInviteStep(page);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

/** The downloaded file, parsed. */
async function fileOf(download: Download) {
  const text = await readFile((await download.path())!, "utf8");
  return { text, data: JSON.parse(text) as { account: { email: string }; eventsYouLead: Array<{ title: string; venue: string; timeline: unknown[]; shots: unknown[] }> } };
}

test.describe("download my data (phone)", () => {
  test("the lead downloads a dated JSON file that holds their account and the event they just made", async ({ page }) => {
    await page.context().addCookies(demoCookies);
    const title = `Export Wedding ${Date.now()}`;
    await newEvent(page, title);
    await page.goto("/settings");
    await waitForHydration(page);
    const account = page.getByRole("region", { name: "Business" });
    await expect(account.getByRole("heading", { name: "Your data" })).toBeVisible();
    await downloadButton(page).scrollIntoViewIfNeeded();
    const [download] = await Promise.all([page.waitForEvent("download"), downloadButton(page).click()]);
    expect(download.suggestedFilename()).toBe(`event-flow-data-${today()}.json`);
    const { text, data } = await fileOf(download);
    expect(data.account.email).toBe(DEMO_EMAIL);
    const event = data.eventsYouLead.find((e) => e.title === title);
    expect(event).toMatchObject({ title, venue: "Harbor Loft" });
    // The create flow's default blocks and shots (docs/product/limits.md#defaults-on-event-creation).
    expect(event!.timeline).toHaveLength(4);
    expect(event!.shots).toHaveLength(7);
    expect(text).not.toMatch(/passwordHash|tokenHash|scrypt\$/);
    // The page stays where it was, ready for more.
    await expect(page).toHaveURL(/\/settings$/);
    await expect(downloadButton(page)).toBeEnabled();
  });

  test("works before JavaScript loads: the form's own post answers the file", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, acceptDownloads: true, viewport: { width: 412, height: 915 } });
    await context.addCookies(demoCookies);
    const page = await context.newPage();
    await page.goto("/settings");
    const [download] = await Promise.all([page.waitForEvent("download"), downloadButton(page).click()]);
    expect(download.suggestedFilename()).toBe(`event-flow-data-${today()}.json`);
    expect((await fileOf(download)).data.account.email).toBe(DEMO_EMAIL);
    await context.close();
  });

  test.describe(() => {
    // The sixth download is refused with 429, which Chromium logs as a failed resource.
    test.use({ expectedConsoleErrors: [/status of 429 \(Too Many Requests\)/] });

    test("the sixth download within the hour is refused with a toast that says why, and no file", async ({ page }) => {
      await signUp(page, { email: uniqueEmail("export"), password: "Export2026", firstName: "Ines", lastName: "Park" });
      await page.goto("/settings");
      await waitForHydration(page);
      for (let i = 0; i < 5; i++) {
        const [download] = await Promise.all([page.waitForEvent("download"), downloadButton(page).click()]);
        expect(download.suggestedFilename()).toBe(`event-flow-data-${today()}.json`);
        await expect(downloadButton(page)).toBeEnabled();
      }
      let downloaded = false;
      page.on("download", () => (downloaded = true));
      await downloadButton(page).click();
      const refused = toast(page, "error", "Failed to download your data");
      await expect(refused).toBeVisible();
      await expect(refused).toContainText("Too many downloads. You can download your data 5 times an hour. Please try again later.");
      expect(downloaded).toBe(false);
    });
  });
});
