import { addMonths, differenceInCalendarMonths, format, parseISO } from "date-fns";
import { expect, test, waitForHydration } from "./fixtures";
import { demoSessionCookies, sectionLink } from "./helpers";

// Sign in once for the file and reuse the session: sign-ins are rate-limited per
// address, and the demo account is shared by every spec.
let demoCookies: Awaited<ReturnType<import("@playwright/test").BrowserContext["cookies"]>> = [];

test.beforeAll(async ({ browser }) => {
  demoCookies = await demoSessionCookies(browser);
});

async function signInAsDemo(page: import("@playwright/test").Page) {
  await page.context().addCookies(demoCookies);
  await page.goto("/");
}

const WEDDING = "Emma & James Wedding";

// The server decides "today" in UTC (the viewer's zone is unknown to it).
const utcToday = () => parseISO(new Date().toISOString().slice(0, 10));
const monthName = (date: Date) => format(date, "MMMM yyyy");

/** Exactly one cell is marked as today, and it is the UTC date. */
async function expectTodayMarked(page: import("@playwright/test").Page) {
  const marked = page.locator('[aria-current="date"]');
  await expect(marked).toHaveCount(1);
  await expect(page.getByRole("cell").and(marked).locator("time")).toHaveAttribute("datetime", format(utcToday(), "yyyy-MM-dd"));
}

test.describe("home calendar (phone)", () => {
  // A phone whose date is ahead of UTC most of the day. The page must mark the server's
  // today whether React renders it on the server or in the browser after a client
  // navigation; were the browser to use its own date, hydration would mismatch (React's
  // production build does not report a mismatch of attributes, so the check is ours).
  test.use({ timezoneId: "Pacific/Kiritimati" });

  test("the demo lead finds the seeded wedding with Next, opens it and comes back to the list", async ({ page }) => {
    await signInAsDemo(page);
    const card = page.getByRole("link", { name: new RegExp(WEDDING) });
    const weddingDate = (await card.locator("time").getAttribute("datetime"))!;
    expect(weddingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect(sectionLink(page, "List")).toHaveAttribute("aria-current", "page");

    await sectionLink(page, "Calendar").click();
    await expect(page).toHaveURL(/\?view=calendar$/);
    await expect(sectionLink(page, "Calendar")).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("table", { name: monthName(utcToday()) })).toBeVisible();
    await expect(page.getByRole("columnheader")).toHaveText(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
    await waitForHydration(page);

    // The seed puts the wedding 45 days ahead: one or two months on.
    const monthsAhead = differenceInCalendarMonths(parseISO(weddingDate), utcToday());
    expect(monthsAhead).toBeGreaterThanOrEqual(1);
    for (let step = 1; step <= monthsAhead; step++) {
      await page.getByRole("link", { name: "Next", exact: true }).click();
      await expect(page.getByRole("table", { name: monthName(addMonths(utcToday(), step)) })).toBeVisible();
    }
    await expect(page).toHaveURL(new RegExp(`month=${weddingDate.slice(0, 7)}$`));

    // The grid fits the phone; the month's events are listed under it, readable.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const listed = page.getByRole("listitem").filter({ hasText: format(parseISO(weddingDate), "MMM d, yyyy") });
    await expect(listed.getByRole("link", { name: WEDDING, exact: true })).toBeVisible();
    await expect(listed).toContainText("Upcoming");

    const day = page.getByRole("cell").filter({ has: page.locator(`time[datetime="${weddingDate}"]`) });
    await day.getByRole("link", { name: WEDDING, exact: true }).click();
    await expect(page).toHaveURL(/\/events\/[^/?]+$/);
    await expect(page.getByRole("heading", { level: 1, name: WEDDING })).toBeVisible();

    await page.goBack();
    await expect(page.getByRole("table", { name: monthName(parseISO(weddingDate)) })).toBeVisible();
    await sectionLink(page, "List").click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("table")).toHaveCount(0);
    await expect(page.getByRole("link", { name: new RegExp(WEDDING) })).toBeVisible();
  });

  test("Previous and Today move between months, today's cell is marked, and the tab is kept", async ({ page }) => {
    await signInAsDemo(page);
    await page.goto("/?view=calendar");
    await waitForHydration(page);
    const today = utcToday();
    await expect(page.getByRole("table", { name: monthName(today) })).toBeVisible();
    await expectTodayMarked(page);

    await page.getByRole("link", { name: "Previous", exact: true }).click();
    await expect(page.getByRole("table", { name: monthName(addMonths(today, -1)) })).toBeVisible();
    await page.getByRole("link", { name: "Previous", exact: true }).click();
    await expect(page.getByRole("table", { name: monthName(addMonths(today, -2)) })).toBeVisible();
    await expect(page.locator('[aria-current="date"]')).toHaveCount(0);

    // Rendered in the browser this time (client navigation): still the server's today.
    await page.getByRole("link", { name: "Today", exact: true }).click();
    await expect(page.getByRole("table", { name: monthName(today) })).toBeVisible();
    await expectTodayMarked(page);

    await sectionLink(page, "Hired Events").click();
    await expect(page).toHaveURL(/\?tab=hired&view=calendar/);
    await expect(page.getByRole("table", { name: monthName(today) })).toBeVisible();
    await expect(page.getByText("No events this month")).toBeVisible();
  });
});

test.describe("home calendar without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("renders on the server and Next navigates by a plain link", async ({ page }) => {
    await signInAsDemo(page);
    await sectionLink(page, "Calendar").click();
    const today = utcToday();
    await expect(page.getByRole("table", { name: monthName(today) })).toBeVisible();
    await expect(page.getByRole("columnheader")).toHaveText(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);

    await page.getByRole("link", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`\\?view=calendar&month=${format(addMonths(today, 1), "yyyy-MM")}$`));
    await expect(page.getByRole("table", { name: monthName(addMonths(today, 1)) })).toBeVisible();
  });
});
