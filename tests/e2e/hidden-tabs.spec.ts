import type { BrowserContext, Page, Route } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { checkOff, createEventFromForm, d1, demoSessionCookies, sectionLink } from "./helpers";

// Hidden tabs' lists are not sent until opened. The document carries
// the shown list's window; once hydrated the page fetches the rest (GET
// /events/:id/lists) and every tab, search and scroll works as before; a live change
// that arrives while the rest is loading is shown, once.

const N = 45;
const DEMO_EVENT = "/events/00000000-0000-4000-8000-00000000d003";
let demoCookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];

test.beforeAll(async ({ browser }) => {
  demoCookies = await demoSessionCookies(browser);
});

/** A new event of the demo lead with N blocks ('Block 1' …), N shots ('Shot 1' …) and N people ('Person 1' …). */
async function longEvent(page: Page) {
  await page.context().addCookies(demoCookies);
  await createEventFromForm(page, `Hidden Tabs ${Date.now()}`);
  const eventId = new URL(page.url()).pathname.split("/")[2]!;
  const rows = (make: (i: number) => string) => Array.from({ length: N }, (_, i) => make(i + 1)).join(", ");
  await d1(`DELETE FROM timeline_blocks WHERE event_id = '${eventId}'; DELETE FROM shot_list_items WHERE event_id = '${eventId}';`);
  await d1(
    `INSERT INTO timeline_blocks (id, event_id, title, block_type, duration_minutes, order_index) VALUES ${rows((i) => `('${crypto.randomUUID()}', '${eventId}', 'Block ${i}', 'portrait', 30, ${i})`)};`,
  );
  await d1(
    `INSERT INTO shot_list_items (id, event_id, title, category, order_index) VALUES ${rows((i) => `('${crypto.randomUUID()}', '${eventId}', 'Shot ${i}', 'ceremony', ${i})`)};`,
  );
  await d1(
    `INSERT INTO event_people (id, event_id, first_name, role) VALUES ${rows((i) => `('${crypto.randomUUID()}', '${eventId}', 'Person ${String(i).padStart(2, "0")}', 'guest')`)};`,
  );
  return { path: `/events/${eventId}`, eventId };
}

const section = (page: Page, name: string) => page.getByRole("region", { name });

test.describe("hidden tabs (phone)", () => {
  test("the document has only the shown tab's window; the other tabs show every row after scrolling and by search", async ({ page }) => {
    const { path } = await longEvent(page);
    const html = await (await page.request.get(path)).text();
    expect(html).toContain("Block 30");
    expect(html).not.toContain("Block 31");
    expect(html).not.toContain("Shot 1");
    expect(html).not.toContain("Person 01");

    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByText(`Shots 0/${N}`).first()).toBeVisible();
    await sectionLink(page, "Shots").click();
    const shots = section(page, "Shots");
    await expect(shots.getByRole("listitem")).toHaveCount(30);
    await expect(shots).toContainText(`Showing 1–30 of ${N}`);
    await shots.getByRole("link", { name: "Show more" }).scrollIntoViewIfNeeded();
    await expect(shots.getByRole("listitem")).toHaveCount(N);

    await sectionLink(page, "People").click();
    const people = section(page, "People");
    await expect(people.getByText(`${N} people`)).toBeVisible();
    await people.getByRole("searchbox", { name: "Search people" }).fill("Person 44");
    await expect(people.getByRole("listitem")).toHaveCount(1);
    await expect(people.getByRole("listitem")).toContainText("Person 44");

    // Back to the Timeline: the whole list now, in the page.
    await sectionLink(page, "Timeline").click();
    await section(page, "Timeline").getByRole("link", { name: "Show more" }).scrollIntoViewIfNeeded();
    await expect(section(page, "Timeline").getByRole("listitem")).toHaveCount(N);
  });

  test.describe(() => {
    // The rest is held by the test's route: the page's own request, not the service worker's (which a page route does not see).
    test.use({ serviceWorkers: "block" });
    test("live changes that arrive while the rest is loading are shown, each once", async ({ page }) => {
      const { path, eventId } = await longEvent(page);
      const [blockId] = (await d1<{ id: string }>(`SELECT id FROM timeline_blocks WHERE event_id = '${eventId}' AND title = 'Block 40'`, { json: true })).map((row) => row.id);
      // The rest of the lists is held: first before it is read (a change made then is in
      // it and comes over the socket too), then after it is read (a change made then is
      // only the socket's, and must be replayed on it).
      let read!: () => void;
      let releaseRead!: () => void;
      let releaseAnswer!: () => void;
      const readGate = new Promise<void>((resolve) => (releaseRead = resolve));
      const answerGate = new Promise<void>((resolve) => (releaseAnswer = resolve));
      const wasRead = new Promise<void>((resolve) => (read = resolve));
      await page.route(`**/events/${eventId}/lists`, async (route: Route) => {
        await readGate;
        const response = await route.fetch();
        read();
        await answerGate;
        await route.fulfill({ response });
      });
      const post = (fields: Record<string, string>) =>
        page.request.post(path, {
          form: fields,
          headers: { Origin: new URL(page.url()).origin },
          maxRedirects: 0,
        });

      await page.goto(path);
      // Hydrated (the network is not idle: the rest is held).
      await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);
      await expect(page.locator("[data-live-status=live]")).toBeVisible();

      // Before the read: Block 3 checked off, a person added.
      expect(
        (
          await post({
            intent: "toggle-block",
            id: await idOf(eventId, "Block 3"),
            done: "true",
          })
        ).status(),
      ).toBeLessThan(400);
      expect(
        (
          await post({
            intent: "add-person",
            firstName: "Early",
            lastName: "Guest",
            role: "guest",
          })
        ).status(),
      ).toBeLessThan(400);
      await expect(checkOff(page, /^Block 3\b/)).toHaveAttribute("aria-pressed", "true");
      releaseRead();
      await wasRead;
      // After the read, before the answer: Block 5 and Block 40 (outside the window) checked off, another person added.
      expect(
        (
          await post({
            intent: "toggle-block",
            id: await idOf(eventId, "Block 5"),
            done: "true",
          })
        ).status(),
      ).toBeLessThan(400);
      expect((await post({ intent: "toggle-block", id: blockId!, done: "true" })).status()).toBeLessThan(400);
      expect(
        (
          await post({
            intent: "add-person",
            firstName: "Late",
            lastName: "Guest",
            role: "guest",
          })
        ).status(),
      ).toBeLessThan(400);
      await expect(checkOff(page, /^Block 5\b/)).toHaveAttribute("aria-pressed", "true");
      releaseAnswer();

      // The whole timeline: every change once, none lost.
      await expect(page.getByText(`Timeline 3/${N}`)).toBeVisible();
      const timeline = section(page, "Timeline");
      await timeline.getByRole("link", { name: "Show more" }).scrollIntoViewIfNeeded();
      await expect(timeline.getByRole("listitem")).toHaveCount(N);
      await expect(checkOff(page, /^Block 40\b/)).toHaveAttribute("aria-pressed", "true");
      await expect(checkOff(page, /^Block 3\b/)).toHaveAttribute("aria-pressed", "true");
      await sectionLink(page, "People").click();
      const people = section(page, "People");
      await expect(people.getByText(`${N + 2} people`)).toBeVisible();
      await people.getByRole("searchbox", { name: "Search people" }).fill("Guest");
      await expect(people.getByRole("listitem")).toHaveCount(2);
      await expect(people.getByText("Early Guest")).toHaveCount(1);
      await expect(people.getByText("Late Guest")).toHaveCount(1);
    });
  });
});

test.describe("hidden tabs, another event (phone)", () => {
  // The other event's rest is held by the test's route (the page's own request, not the service worker's).
  test.use({ serviceWorkers: "block" });
  test("a link to another event (the same route, still mounted) shows that event's lists, never the last one's", async ({ page }) => {
    const { path } = await longEvent(page);
    await page.goto(`${path}?tab=people`);
    await waitForHydration(page);
    const people = section(page, "People");
    await expect(people.getByText(`${N} people`)).toBeVisible();
    await people.getByRole("searchbox", { name: "Search people" }).fill("Person 44");
    await expect(people.getByRole("listitem")).toHaveCount(1);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${DEMO_EVENT}/lists`, async (route: Route) => {
      await held;
      await route.continue();
    });
    // As the bell's link to another event does: a client navigation within the route.
    await page.evaluate(
      (to) => (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate(to),
      `${DEMO_EVENT}?tab=shots`,
    );
    await expect(page.getByRole("heading", { level: 1, name: "Emma & James Wedding" })).toBeVisible();
    // Its own window while its rest loads: not the last event's lists.
    await expect(checkOff(page, /Rings/)).toBeVisible();
    await expect(checkOff(page, /^Shot \d/)).toHaveCount(0);
    release();
    await sectionLink(page, "People").click();
    await expect(section(page, "People").getByText("Siobhan Carter")).toBeVisible();
    await expect(section(page, "People").getByText(/Person \d\d/)).toHaveCount(0);
  });
});

test.describe("hidden tabs without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("another tab's pages and a row dialog outside the window, by URL, are the server's", async ({ browser, page }) => {
    const setup = await browser.newContext({ javaScriptEnabled: true });
    const { path, eventId } = await longEvent(await setup.newPage());
    await setup.close();
    await page.context().addCookies(demoCookies);
    await page.goto(`${path}?tab=people&page=2`);
    const people = section(page, "People");
    await expect(people.getByRole("listitem")).toHaveCount(15);
    await expect(people).toContainText(`Showing 31–${N} of ${N}`);
    await people.getByRole("link", { name: "Previous page" }).click();
    await expect(people.getByRole("listitem").first()).toContainText("Person 01");

    await page.goto(`${path}?tab=shots&dialog=edit-shot&id=${await idOf(eventId, "Shot 44", "shot_list_items")}`);
    const dialog = page.getByRole("dialog", { name: "Edit Shot" });
    await expect(dialog.getByLabel("Title")).toHaveValue("Shot 44");
  });
});

async function idOf(eventId: string, title: string, table = "timeline_blocks") {
  const [row] = await d1<{ id: string }>(`SELECT id FROM ${table} WHERE event_id = '${eventId}' AND title = '${title}'`, { json: true });
  return row!.id;
}
