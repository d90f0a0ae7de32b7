import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { demoSessionCookies, openAuth, toast } from "./helpers";

// Decision 014 (Lighthouse): what a visitor would notice, measured in the page itself
// rather than by timing — the layout does not jump while the page connects, and nothing
// the page runs is refused by its Content-Security-Policy.

const DEMO_EVENT = "/events/00000000-0000-4000-8000-00000000d003";

/** Records, from before the first byte, every layout shift and every CSP violation of the page. */
async function watchPage(page: Page) {
  await page.addInitScript(() => {
    const seen = { shifts: [] as { value: number; sources: string[] }[], violations: [] as string[] };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => (source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : String(source.node?.textContent ?? "")));
        seen.shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
    document.addEventListener("securitypolicyviolation", (event) => seen.violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __seen: { shifts: { value: number; sources: string[] }[]; violations: string[] } }).__seen);
}

test.describe("page quality (phone)", () => {
  test("the live badge going from 'Connecting…' to 'Live' does not move the layout (CLS 0)", async ({ page }) => {
    await page.context().addCookies(await demoSessionCookies(page.context().browser()!));
    const seen = await watchPage(page);
    // The server renders 'Connecting…'; the room answers moments after hydration.
    await page.goto(DEMO_EVENT);
    await waitForHydration(page);
    await expect(page.locator("[data-live-status=live]")).toBeVisible();
    // Let the browser report the frame after the change.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect((await seen()).shifts).toEqual([]);
  });

  test("zod's validation runs without tripping the CSP (no eval probe), on the dashboard and on a form", async ({ page }) => {
    const seen = await watchPage(page);
    // The sign-in form: its validation (zod) loads after hydration; an empty submit validates in the page.
    await openAuth(page);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Please enter a valid email address").first()).toBeVisible();
    expect((await seen()).violations).toEqual([]);

    await page.context().addCookies(await demoSessionCookies(page.context().browser()!));
    await page.goto(DEMO_EVENT);
    await waitForHydration(page);
    await expect(page.locator("[data-live-status=live]")).toBeVisible();
    expect((await seen()).violations).toEqual([]);
  });

  test("a signed-in form validates in the page once its validation has loaded after hydration", async ({ page }) => {
    await page.context().addCookies(await demoSessionCookies(page.context().browser()!));
    const seen = await watchPage(page);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto("/events/new");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Create Event" }).click();
    await expect(toast(page, "error", "Validation Error")).toContainText("Event title is required");
    expect(posts, "validated in the page, not by the server").toEqual([]);
    expect((await seen()).violations).toEqual([]);
  });
});
