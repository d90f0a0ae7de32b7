import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { bellButton, checkOff, createEventFromForm, d1, demoSessionCookies, makePro, openAuth, sectionLink, sessionCookies, signUp, skipInviteStep, submitSignIn, toast, uniqueEmail } from "./helpers";

// Two phones at a wedding never disagree for more than a moment, and a phone
// that was offline catches up by itself. The demo lead and the seeded second shooter
// (alex@eventflow.app) on the demo wedding.

const DEMO_EVENT = "/events/00000000-0000-4000-8000-00000000d003";
let leadCookies: Awaited<ReturnType<typeof demoSessionCookies>>;

test.beforeAll(async ({ browser }) => {
  leadCookies = await demoSessionCookies(browser);
});

async function alexContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ ...test.info().project.use, javaScriptEnabled: true });
  await context.addCookies(await sessionCookies(browser, "alex@eventflow.app", "EventFlow2026"));
  return context;
}

async function openShots(page: Page) {
  await page.goto(`${DEMO_EVENT}?tab=shots`);
  await waitForHydration(page);
  await expect(page.locator("[data-live-status=live]")).toBeVisible();
}

const shot = (page: Page, title: string) => checkOff(page, new RegExp(title));

test.describe("live event rooms (phone)", () => {
  test("a shot checked off on one phone appears on the other without reload; an offline phone catches up", async ({ page, browser }) => {
    await page.context().addCookies(leadCookies);
    const alex = await alexContext(browser);
    const other = await alex.newPage();
    await openShots(page);
    await openShots(other);

    const first = "Rings";
    const before = await shot(page, first).getAttribute("aria-pressed");
    const after = before === "true" ? "false" : "true";
    await shot(page, first).click();
    await expect(shot(page, first)).toHaveAttribute("aria-pressed", after);
    // How fast it arrives is measured by `npm run bench:realtime`, not timed here.
    await expect(shot(other, first)).toHaveAttribute("aria-pressed", after);

    // Offline: five changes happen meanwhile; back online, all five show.
    await alex.setOffline(true);
    await expect(other.locator("[data-live-status=offline]")).toBeVisible();
    const titles = ["First kiss", "Recessional", "First dance", "Grand entrance", "Dress hanging in window light"];
    const expected: Record<string, string> = {};
    for (const title of titles) {
      const state = await shot(page, title).first().getAttribute("aria-pressed");
      expected[title] = state === "true" ? "false" : "true";
      await shot(page, title).first().click();
      await expect(shot(page, title).first()).toHaveAttribute("aria-pressed", expected[title]!);
    }
    await alex.setOffline(false);
    await expect(other.locator("[data-live-status=live]")).toBeVisible({ timeout: 5_000 });
    for (const title of titles) await expect(shot(other, title).first()).toHaveAttribute("aria-pressed", expected[title]!);
    await alex.close();
  });
});

test.describe("a lost live publish (phone)", () => {
  // Decision 006, "The sequence lives in D1": a change committed and
  // numbered whose publish never reached the room (its Worker gone after the commit)
  // still reaches an open page: the next change opens a gap, the room closes it after a
  // few seconds, and the page reads D1 again by itself.
  test("a change whose publish was lost reaches an open page anyway, once the room closes the gap", async ({ page }) => {
    await page.context().addCookies(leadCookies);
    const title = `Lost Publish Wedding ${Date.now()}`;
    await page.goto("/events/new");
    await page.getByLabel("Event Title").fill(title);
    await page.getByLabel("Wedding Date").fill("2027-08-21");
    await page.getByRole("button", { name: "Create Event" }).click();
    await skipInviteStep(page);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const eventId = new URL(page.url()).pathname.split("/")[2]!;
    const other = await page.context().newPage();
    for (const device of [page, other]) {
      await device.goto(`/events/${eventId}?tab=shots`);
      await waitForHydration(device);
      await expect(device.locator("[data-live-status=live]")).toBeVisible();
    }
    // Committed with its number, never published.
    const renamed = `${title} (renamed)`;
    await d1(`UPDATE events SET title = '${renamed}', live_seq = live_seq + 1 WHERE id = '${eventId}'`);
    await checkOff(page, "Rings").click();
    await expect(checkOff(other, "Rings")).toHaveAttribute("aria-pressed", "true", { timeout: 10_000 });
    await expect(other.getByRole("heading", { level: 1, name: renamed })).toBeVisible({ timeout: 10_000 });
    await expect(other.locator("[data-live-status=live]")).toBeVisible();
    await other.close();
  });
});

test.describe("notifications live (phone)", () => {
  test("a teammate's change reaches the lead's bell without navigation, with the chime once audio is unlocked", async ({ page, browser }) => {
    // Count the chime's notes: each is an oscillator.
    await page.addInitScript(() => {
      const w = window as unknown as { __notes: number };
      w.__notes = 0;
      const original = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function (this: AudioContext) {
        w.__notes++;
        return original.call(this);
      };
    });
    await page.context().addCookies(leadCookies);
    await page.goto("/");
    await waitForHydration(page);
    const badge = page.getByTestId("notification-badge");
    const before = (await badge.count()) ? Number((await badge.textContent())?.replace("+", "")) : 0;
    // The first touch unlocks audio (docs/product/limits.md#timings).
    await sectionLink(page, "List").click();

    const alex = await alexContext(browser);
    const phone = await alex.newPage();
    await openShots(phone);
    await shot(phone, "Rings").click();

    await expect(badge).toHaveText(before >= 9 ? "9+" : String(before + 1), { timeout: 2_000 });
    await expect.poll(() => page.evaluate(() => (window as unknown as { __notes: number }).__notes)).toBe(3);
    await bellButton(page).click();
    await expect(page.getByRole("list", { name: "Latest notifications" }).getByRole("listitem").first()).toContainText(/(checked off|unchecked) "Rings"/);
    await alex.close();
  });
});

test.describe("access ends, the live connection ends (phone)", () => {
  test("a dashboard open on one device loses its live connection within seconds when the account's password is changed on another", async ({ page, browser }) => {
    // The laptop's session ends with the password change, and so does
    // its open socket; the page, told its access ended, reads again and is sent to sign in.
    const account = { email: uniqueEmail("live-end"), password: "Laptop2026", firstName: "Ines", lastName: "Moreau" };
    await signUp(page, account);
    await makePro(account.email);
    await createEventFromForm(page, `Ended Wedding ${Date.now()}`);
    await expect(page.locator("[data-live-status=live]")).toBeVisible();
    const eventUrl = page.url();

    const phone = await browser.newContext({ ...test.info().project.use, javaScriptEnabled: true });
    const settings = await phone.newPage();
    await openAuth(settings);
    await submitSignIn(settings, account.email, account.password);
    await expect(settings).not.toHaveURL(/\/auth/);
    await settings.goto("/settings");
    await waitForHydration(settings);
    await settings.getByLabel("Current Password").fill(account.password);
    await settings.getByLabel("New Password").fill("Phone2027x");
    await settings.getByLabel("Confirm Password").fill("Phone2027x");
    await settings.getByRole("button", { name: "Change Password" }).click();
    await expect(toast(settings, "success", "Password updated")).toBeVisible();

    // Without touching the laptop: its socket is closed, the page is sent to sign in.
    await expect(page).toHaveURL(/\/auth\?returnTo=/, { timeout: 3_000 });
    await expect(page.locator("[data-live-status]")).toHaveCount(0);
    // The phone, whose session made the change, stays signed in and live.
    await settings.goto(eventUrl);
    await expect(settings.locator("[data-live-status=live]")).toBeVisible();
    await phone.close();
  });
});
