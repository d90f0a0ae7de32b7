import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { bellButton, d1, makePro, signUp, skipInviteStep, uniqueEmail } from "./helpers";

// The header's bell and notifications popover (docs/product/screens.md#header-and-notifications).
// Nothing in the app creates notifications yet, so the tests write them straight into
// the e2e server's local D1 (scripts/e2e-server.mjs) with wrangler, as a teammate's
// change or a client's edit would.

const q = (value: string) => `'${value.replaceAll("'", "''")}'`;

const userIdOf = (email: string) => `(SELECT id FROM users WHERE email = ${q(email)})`;

type Seed = { title: string; message: string; read?: boolean; data?: Record<string, string>; minutesAgo: number };

async function addNotifications(email: string, seeds: Seed[]) {
  const rows = seeds.map(
    (seed) =>
      `(${q(crypto.randomUUID())}, ${userIdOf(email)}, ${q(seed.title)}, ${q(seed.message)}, ${seed.read ? 1 : 0}, ` +
      `${q(JSON.stringify(seed.data ?? {}))}, ${q(new Date(Date.now() - seed.minutesAgo * 60_000).toISOString())})`,
  );
  await d1(`INSERT INTO notifications (id, user_id, title, message, read, data, created_at) VALUES ${rows.join(", ")};`);
}

function newAccount(label: string) {
  return { email: uniqueEmail(label), password: "BellRings2026", firstName: "Nora", lastName: "Bell", businessName: "Bell Studio" };
}

const bell = bellButton;
const popover = (page: Page) => page.getByRole("region", { name: "Notifications" });

async function expectFitsTheScreen(page: Page) {
  const box = (await popover(page).boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

test.describe("notifications (phone)", () => {
  test("a new user's bell has no badge and its popover says 'No notifications yet'", async ({ page }) => {
    await signUp(page, newAccount("bell-empty"));
    await page.goto("/settings");
    await waitForHydration(page);
    await expect(bell(page)).toHaveAccessibleName("Notifications");
    await expect(page.getByTestId("notification-badge")).toHaveCount(0);

    await bell(page).click();
    await expect(popover(page).getByRole("heading", { name: "Notifications" })).toBeVisible();
    await expect(popover(page).getByText("No notifications yet")).toBeVisible();
    await expect(popover(page).getByText(/\d+ new/)).toHaveCount(0);
    await expectFitsTheScreen(page);

    // Escape closes it again.
    await page.keyboard.press("Escape");
    await expect(popover(page)).toBeHidden();
  });

  test("the badge counts the unread ones; opening one marks it read and opens its event", async ({ page }) => {
    const account = newAccount("bell");
    await signUp(page, account);
    await makePro(account.email);
    const title = `Bell Wedding ${Date.now()}`;
    await page.goto("/events/new");
    await waitForHydration(page);
    await page.getByLabel("Event Title").fill(title);
    await page.getByLabel("Wedding Date").fill("2027-09-18");
    await page.getByRole("button", { name: "Create Event" }).click();
    await skipInviteStep(page);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const eventId = new URL(page.url()).pathname.split("/").pop()!;

    // Twelve: the newest is about the event; one of the others was already read.
    await addNotifications(account.email, [
      { title: "Timeline updated", message: `Ana moved the Ceremony in ${title}`, data: { type: "timeline_updated", event_id: eventId }, minutesAgo: 2 },
      { title: "Old news", message: "Already seen", read: true, minutesAgo: 30 },
      ...Array.from({ length: 10 }, (_, i) => ({ title: `Shot list changed ${i + 1}`, message: "A client edited the shot list", minutesAgo: 60 + i })),
    ]);

    await page.goto("/");
    await waitForHydration(page);
    await expect(bell(page)).toHaveAccessibleName("Notifications, 11 unread");
    await expect(page.getByTestId("notification-badge")).toHaveText("9+");

    await bell(page).click();
    await expect(popover(page).getByText("11 new")).toBeVisible();
    const list = popover(page).getByRole("list", { name: "Latest notifications" });
    await expect(list.getByRole("listitem")).toHaveCount(10);
    await expect(list.getByRole("listitem").first()).toContainText("Timeline updated");
    await expect(list.getByRole("listitem").first()).toContainText("2m ago");
    expect(await list.evaluate((element) => getComputedStyle(element).maxHeight)).toBe("400px");
    expect((await list.boundingBox())!.height).toBeLessThanOrEqual(400);
    await expectFitsTheScreen(page);

    await list.getByRole("button", { name: /Timeline updated/ }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${eventId}$`));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName("Notifications, 10 unread");
    await expect(popover(page)).toBeHidden();

    await bell(page).click();
    await expect(popover(page).getByText("10 new")).toBeVisible();
    await expect(popover(page).getByRole("button", { name: /Timeline updated/ })).not.toHaveAttribute("data-unread");
    await popover(page).getByRole("button", { name: "Mark all read" }).click();
    await expect(bell(page)).toHaveAccessibleName("Notifications");
    await expect(page).toHaveURL(new RegExp(`/events/${eventId}$`));
    await expect(page.getByTestId("notification-badge")).toHaveCount(0);
  });
});

test.describe("notifications without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the bell opens and a notification is opened by its form", async ({ page, browser }) => {
    // Sign up in a scripted tab, then carry the session over to this one.
    const account = newAccount("bell-nojs");
    const scripted = await browser.newContext({ javaScriptEnabled: true });
    await signUp(await scripted.newPage(), account);
    await page.context().addCookies(await scripted.cookies());
    await scripted.close();
    await addNotifications(account.email, [{ title: "Welcome aboard", message: "Your studio is set up", minutesAgo: 90 }]);

    await page.goto("/settings");
    await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
    await bell(page).click();
    await expect(popover(page).getByText("1 new")).toBeVisible();
    await expect(popover(page).getByText("1h ago")).toBeVisible();
    // Nothing to go by: home, which sends a user without Pro on to /subscription.
    await popover(page).getByRole("button", { name: /Welcome aboard/ }).click();
    await expect(page).toHaveURL(/\/subscription$/);

    await page.goto("/settings");
    await expect(bell(page)).toHaveAccessibleName("Notifications");
  });
});
