import { expect, test, waitForHydration } from "./fixtures";
import { checkOff, demoSessionCookies, sectionLink, sessionCookies, skipInviteStep, toast } from "./helpers";

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

test.describe("events (phone)", () => {
  test("a second shooter with no events of their own lands on Hired Events, the next one on top", async ({ browser, page }) => {
    await page.context().addCookies(await sessionCookies(browser, "alex@eventflow.app", "EventFlow2026"));
    await page.goto("/");
    await expect(sectionLink(page, "Hired Events")).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: /Emma & James Wedding/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No events yet" })).toHaveCount(0);
    const next = page.getByRole("region", { name: "Next up" });
    await expect(next.getByRole("heading", { name: "Emma & James Wedding" })).toBeVisible();
    await expect(next).toContainText("First block 12:00 PM");
    // My Events is still one tap away, and says it is empty.
    await sectionLink(page, "My Events").click();
    await expect(page).toHaveURL(/\?tab=mine$/);
    await expect(page.getByRole("heading", { name: "No events yet" })).toBeVisible();
    await next.getByRole("link", { name: "Open event" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Emma & James Wedding" })).toBeVisible();
  });


  test("the demo lead sees the seeded wedding, creates an event with the defaults and checks off a block and a shot", async ({ page }) => {
    await signInAsDemo(page);
    await expect(sectionLink(page, "My Events")).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: /Emma & James Wedding/ })).toBeVisible();

    await sectionLink(page, "Hired Events").click();
    await expect(page.getByRole("heading", { name: "No hired events" })).toBeVisible();
    await sectionLink(page, "My Events").click();

    await page.getByRole("link", { name: "New Event" }).click();
    await expect(page.getByRole("heading", { name: "Create Event" })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Create Event" }).click();
    await expect(toast(page, "error", "Validation Error")).toContainText("Event title is required");

    const title = `Rivera Wedding ${Date.now()}`;
    await page.getByLabel("Event Title").fill(title);
    await page.getByLabel("Couple Names").fill("Ana & Luis Rivera");
    await page.getByLabel("Wedding Date").fill("2027-09-18");
    await page.getByLabel("Venue").fill("Old Mill Chapel");
    await page.getByRole("button", { name: "Create Event" }).click();

    await expect(toast(page, "success", "Event created successfully!")).toBeVisible();
    await skipInviteStep(page);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Sep 18, 2027")).toBeVisible();
    await expect(page.getByText("Timeline 0/4")).toBeVisible();

    const ceremony = checkOff(page, /Ceremony/);
    await expect(ceremony).toHaveAttribute("aria-pressed", "false");
    await ceremony.click();
    await expect(page.getByText("Timeline 1/4")).toBeVisible();
    await expect(checkOff(page, /Ceremony/)).toHaveAttribute("aria-pressed", "true");

    await sectionLink(page, "Shots").click();
    await expect(checkOff(page, /Rings/)).toBeVisible();
    await page.getByRole("link", { name: "Newlywed Portraits" }).click();
    await expect(checkOff(page, /Bridal Party/)).toBeVisible();
    await expect(checkOff(page, /Rings/)).toHaveCount(0);
    await checkOff(page, /Bridal Party/).click();
    await expect(page.getByText("Shots 1/7").first()).toBeVisible();

    await page.reload();
    await expect(checkOff(page, /Bridal Party/)).toHaveAttribute("aria-pressed", "true");
  });

  test("people show their pronunciation next to the name", async ({ page }) => {
    await signInAsDemo(page);
    await page.getByRole("link", { name: /Emma & James Wedding/ }).click();
    await sectionLink(page, "People").click();
    await expect(page.getByText("(shiv-AWN)")).toBeVisible();
    await sectionLink(page, "Vendors").click();
    await expect(page.getByText("Willow Creek Barn").first()).toBeVisible();
  });
});

test.describe("events without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a block is checked off by a plain form post", async ({ page }) => {
    await signInAsDemo(page);
    await page.getByRole("link", { name: /Emma & James Wedding/ }).click();
    const row = checkOff(page, /Sparkler Exit/);
    const before = await row.getAttribute("aria-pressed");
    await row.click();
    await expect(checkOff(page, /Sparkler Exit/)).toHaveAttribute("aria-pressed", before === "true" ? "false" : "true");
  });
});
