import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { checkOff, createEventFromForm, d1, demoSessionCookies, makePro, openAuth, sectionLink, signOut, signUp, skipInviteStep, submitSignIn, toast, uniqueEmail, waitUntilKept } from "./helpers";

// A phone without signal keeps working. Its changes are applied
// on the screen at once, kept in the outbox (IndexedDB) across a reload, marked pending
// and counted; back online they reach the other devices exactly once; a change the
// server refuses rolls back with its message; a field someone else changed meanwhile
// is shown as a conflict, and "Apply mine" applies it again. Two devices of the demo
// lead (two browser contexts) on an event of their own.

// A send to an unreachable endpoint is logged by Chromium as a failed load.
test.use({ expectedConsoleErrors: [/Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)/] });

let demoCookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];

test.beforeAll(async ({ browser }) => {
  demoCookies = await demoSessionCookies(browser);
});

async function newEvent(page: Page) {
  const title = `Offline Wedding ${Date.now()}`;
  await page.context().addCookies(demoCookies);
  await page.goto("/events/new");
  await page.getByLabel("Event Title").fill(title);
  await page.getByLabel("Wedding Date").fill("2027-08-14");
  await page.getByRole("button", { name: "Create Event" }).click();
  await skipInviteStep(page);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const eventId = new URL(page.url()).pathname.split("/")[2]!;
  return { url: `/events/${eventId}`, eventId };
}

/** The lead's second phone: another browser, the same account. */
async function secondDevice(browser: Browser, url: string) {
  const context = await browser.newContext({ ...test.info().project.use, javaScriptEnabled: true });
  await context.addCookies(demoCookies);
  const page = await context.newPage();
  await open(page, url);
  return { context, page };
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
  await expect(page.locator("[data-live-status=live]")).toBeVisible();
}

/** The pending marks, the count and a conflict notice pass axe's WCAG 2 A/AA rules (as a11y.spec.ts). */
async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

const pendingCount = (page: Page) => page.getByTestId("pending-count");
/** A row marked pending: its mark is read as "Waiting to sync". */
const pendingMarks = (page: Page) => page.locator("[data-pending]");
const shot = (page: Page, title: string) => checkOff(page, new RegExp(`^${title}`));
const personCard = (page: Page, name: string) => page.getByRole("main").locator("li").filter({ hasText: name });

async function addPerson(page: Page, firstName: string) {
  await page.getByRole("link", { name: "Add Person" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Person" });
  await dialog.getByLabel("First Name").fill(firstName);
  await dialog.getByRole("button", { name: "Add Person" }).click();
  await expect(dialog).toBeHidden();
}

async function editPronunciation(page: Page, name: string, pronunciation: string) {
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.locator(":popover-open").getByRole("link", { name: "Edit", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Person" });
  await dialog.getByLabel("Pronunciation").fill(pronunciation);
  await dialog.getByRole("button", { name: "Save Person" }).click();
  await expect(dialog).toBeHidden();
}

test.describe("the wedding without signal (phone)", () => {
  // The socket fails too while the device has no network.
  test.use({ expectedConsoleErrors: [[/Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)/, /WebSocket connection to .* failed/], { scope: "test" }] });

  test("offline: the page opens from the device, shots checked off and a person added; closed and reopened still offline, all kept; back online the other phone gets each change once", async ({ page, browser, context }) => {
    const { url, eventId } = await newEvent(page);
    await open(page, `${url}?tab=shots`);
    await waitUntilKept(page, url);
    const other = await secondDevice(browser, `${url}?tab=shots`);

    // In the basement: no network at all. The page opens again from what the device kept.
    await context.setOffline(true);
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator("[data-live-status]")).toContainText(/Last synced/);
    await shot(page, "Rings").click();
    await shot(page, "Dress").click();
    await sectionLink(page, "People").click();
    await addPerson(page, "Imogen");
    await expect(pendingCount(page)).toHaveText("3 changes waiting to sync");

    // The app is closed and opened again, still without signal: nothing is lost.
    await page.close();
    const again = await context.newPage();
    // The device kept the page under the tab it was last kept at: the tabs switch on the device.
    await again.goto(url);
    await waitForHydration(again);
    await sectionLink(again, "Shots").click();
    await expect(shot(again, "Rings")).toHaveAttribute("aria-pressed", "true");
    await sectionLink(again, "People").click();
    await expect(personCard(again, "Imogen").locator("[data-pending]")).toBeVisible();
    await expect(pendingCount(again)).toHaveText("3 changes waiting to sync");
    expect(await d1(`SELECT id FROM event_people WHERE event_id = '${eventId}'`, { json: true })).toEqual([]);

    // Upstairs: the outbox goes, once; the other phone shows every change, once.
    await context.setOffline(false);
    await expect(pendingCount(again)).toHaveText("", { timeout: 15_000 });
    await expect(shot(other.page, "Rings")).toHaveAttribute("aria-pressed", "true");
    await expect(shot(other.page, "Dress")).toHaveAttribute("aria-pressed", "true");
    await sectionLink(other.page, "People").click();
    await expect(personCard(other.page, "Imogen")).toHaveCount(1);
    expect(await d1(`SELECT first_name FROM event_people WHERE event_id = '${eventId}'`, { json: true })).toEqual([{ first_name: "Imogen" }]);
    // Each of the three changes recorded once (the event's creating form has its own claim there).
    expect(await d1(`SELECT COUNT(*) AS n FROM applied_mutations WHERE event_id = '${eventId}' AND name != 'form'`, { json: true })).toEqual([{ n: 3 }]);
    await other.context.close();
  });

  test("offline taps raise one toast at a time: 'Saved on this device' once, the first time only; the marks and the count say the rest; a tab switch takes the toast away", async ({ page, context }) => {
    // The page's clock stands still while it matters: only the navigation can take the toast away.
    await page.clock.install();
    const { url } = await newEvent(page);
    await open(page, `${url}?tab=shots`);
    // Every toast the page shows, and the most shown at once, from here on.
    await page.evaluate(() => {
      const seen = { most: 0, titles: [] as string[] };
      Object.assign(window, { toastsSeen: seen });
      const known = new WeakSet<Element>();
      new MutationObserver(() => {
        const shown = document.querySelectorAll("[data-toast-type]");
        seen.most = Math.max(seen.most, shown.length);
        for (const each of shown) {
          if (known.has(each)) continue;
          known.add(each);
          seen.titles.push(each.querySelector("p")?.textContent ?? "");
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    const seen = () => page.evaluate(() => (window as unknown as { toastsSeen: { most: number; titles: string[] } }).toastsSeen);
    const toasts = page.locator("[data-toast-type]");

    await context.setOffline(true);
    await expect(page.locator("[data-live-status=offline]")).toBeVisible();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    for (const [index, title] of ["Rings", "Dress", "First Dance"].entries()) {
      await shot(page, title).click();
      await expect(pendingMarks(page)).toHaveCount(index + 1);
      expect(await toasts.count()).toBeLessThanOrEqual(1);
    }
    await expect(pendingCount(page)).toHaveText("3 changes waiting to sync");
    await expect(toasts).toHaveCount(1);
    await expect(page.getByRole("status").filter({ hasText: "Saved on this device" })).toContainText("It will sync when you're back online.");

    // Another tab of the page: the message was the shots' and stays behind.
    await sectionLink(page, "People").click();
    await expect(page).toHaveURL(/tab=people/);
    await expect(toasts).toHaveCount(0);
    expect(await seen()).toEqual({ most: 1, titles: ["Saved on this device"] });

    // Synced, then offline again: this device has been told, so a change raises no toast.
    await page.clock.resume();
    await context.setOffline(false);
    await expect(pendingCount(page)).toHaveText("", { timeout: 15_000 });
    await context.setOffline(true);
    await expect(page.locator("[data-live-status=offline]")).toBeVisible();
    await sectionLink(page, "Shots").click();
    await shot(page, "Rings").click();
    await expect(pendingCount(page)).toHaveText("1 change waiting to sync");
    await expect(pendingMarks(page)).toHaveCount(1);
    expect(await seen()).toEqual({ most: 1, titles: ["Saved on this device"] });
  });
});

test.describe("offline writing (phone)", () => {
  test("offline: shots checked off and a person added show at once, pending and counted; kept across a reload; back online every change reaches the other device once", async ({ page, browser }) => {
    const { url, eventId } = await newEvent(page);
    await open(page, `${url}?tab=shots`);
    const other = await secondDevice(browser, `${url}?tab=shots`);

    // Kept on the device: the dialogs' code comes from the service worker offline (decision 014).
    await waitUntilKept(page, url);
    await page.context().setOffline(true);
    await expect(page.locator("[data-live-status=offline]")).toBeVisible();
    await shot(page, "Rings").click();
    await shot(page, "Dress").click();
    await expect(shot(page, "Rings")).toHaveAttribute("aria-pressed", "true");
    await expect(shot(page, "Dress")).toHaveAttribute("aria-pressed", "true");
    await expect(shot(page, "Rings")).toHaveAccessibleName(/Waiting to sync/);
    await expect(toast(page, "success", "Saved on this device").or(page.getByRole("status").filter({ hasText: "Saved on this device" })).first()).toBeVisible();
    await expect(pendingCount(page)).toHaveText("2 changes waiting to sync");

    await sectionLink(page, "People").click();
    await addPerson(page, "Imogen");
    await expect(personCard(page, "Imogen")).toBeVisible();
    await expect(personCard(page, "Imogen").locator("[data-pending]")).toHaveText(/Pending/);
    await expect(pendingCount(page)).toHaveText("3 changes waiting to sync");
    await expectNoViolations(page);
    // Nothing reached the server or the other device.
    expect(await d1(`SELECT id FROM event_people WHERE event_id = '${eventId}'`, { json: true })).toEqual([]);
    await expect(shot(other.page, "Rings")).toHaveAttribute("aria-pressed", "false");

    // The connection is back, but the outbox's endpoint is still unreachable; the page is reloaded.
    await page.route("**/mutations", (route) => route.abort());
    await page.context().setOffline(false);
    await page.reload();
    await waitForHydration(page);
    await expect(personCard(page, "Imogen").locator("[data-pending]")).toBeVisible();
    await expect(pendingCount(page)).toHaveText("3 changes waiting to sync");
    await sectionLink(page, "Shots").click();
    await expect(shot(page, "Rings")).toHaveAttribute("aria-pressed", "true");
    await expect(shot(page, "Dress")).toHaveAttribute("aria-pressed", "true");
    await expect(pendingMarks(page)).toHaveCount(2);

    // Reachable again (and the browser says it is online again): everything is sent.
    await page.unroute("**/mutations");
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await expect(pendingCount(page)).toHaveText("", { timeout: 10_000 });
    await expect(pendingMarks(page)).toHaveCount(0);
    await expect(shot(page, "Rings")).toHaveAttribute("aria-pressed", "true");

    await expect(shot(other.page, "Rings")).toHaveAttribute("aria-pressed", "true");
    await expect(shot(other.page, "Dress")).toHaveAttribute("aria-pressed", "true");
    await sectionLink(other.page, "People").click();
    await expect(personCard(other.page, "Imogen")).toHaveCount(1);
    // Exactly once, in D1 too.
    expect(await d1(`SELECT first_name FROM event_people WHERE event_id = '${eventId}'`, { json: true })).toEqual([{ first_name: "Imogen" }]);
    expect(await d1(`SELECT title FROM shot_list_items WHERE event_id = '${eventId}' AND is_done = 1 ORDER BY title`, { json: true })).toEqual([{ title: "Dress" }, { title: "Rings" }]);
    await other.context.close();
  });

  test("online, a change goes through the outbox at once: one post to the mutations endpoint, none to the page's action", async ({ page }) => {
    const { url } = await newEvent(page);
    await open(page, `${url}?tab=people`);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    await addPerson(page, "Lena");
    await expect(toast(page, "success", "Person added")).toBeVisible();
    await expect(pendingCount(page)).toHaveText("");
    await sectionLink(page, "Shots").click();
    await shot(page, "Rings").click();
    await expect(pendingMarks(page)).toHaveCount(0);
    expect(posts).toEqual([`${url}/mutations`, `${url}/mutations`]);
  });

  test("two devices offline at once, each changing the plan, reconnecting one after the other, end the same, in D1 too, with nothing lost or doubled", async ({ page, browser }) => {
    const { url, eventId } = await newEvent(page);
    await open(page, `${url}?tab=shots`);
    const other = await secondDevice(browser, `${url}?tab=shots`);
    for (const device of [page, other.page]) {
      await waitUntilKept(device, url);
      await device.context().setOffline(true);
      await expect(device.locator("[data-live-status=offline]")).toBeVisible();
    }
    await shot(page, "Rings").click();
    await shot(page, "First Dance").click();
    await shot(other.page, "Dress").click();
    await shot(other.page, "First Dance").click();
    await sectionLink(page, "People").click();
    await addPerson(page, "Ana");
    await sectionLink(other.page, "People").click();
    await addPerson(other.page, "Ben");

    // The second phone comes upstairs first.
    await other.context.setOffline(false);
    await expect(pendingCount(other.page)).toHaveText("", { timeout: 10_000 });
    await page.context().setOffline(false);
    await expect(pendingCount(page)).toHaveText("", { timeout: 10_000 });

    for (const device of [page, other.page]) {
      await expect(personCard(device, "Ana")).toHaveCount(1);
      await expect(personCard(device, "Ben")).toHaveCount(1);
      await sectionLink(device, "Shots").click();
      for (const title of ["Rings", "Dress", "First Dance"]) await expect(shot(device, title)).toHaveAttribute("aria-pressed", "true");
      await expect(shot(device, "Cake Cutting")).toHaveAttribute("aria-pressed", "false");
    }
    expect(await d1(`SELECT first_name FROM event_people WHERE event_id = '${eventId}' ORDER BY first_name`, { json: true })).toEqual([{ first_name: "Ana" }, { first_name: "Ben" }]);
    expect(await d1(`SELECT title FROM shot_list_items WHERE event_id = '${eventId}' AND is_done = 1 ORDER BY title`, { json: true })).toEqual([
      { title: "Dress" },
      { title: "First Dance" },
      { title: "Rings" },
    ]);
    await other.context.close();
  });

  test("two tabs of one phone share the outbox: both show the pending change, and it is sent once", async ({ page, context }) => {
    const { url, eventId } = await newEvent(page);
    await open(page, `${url}?tab=people`);
    const tab = await context.newPage();
    await open(tab, `${url}?tab=people`);
    await waitUntilKept(page, url);
    await context.setOffline(true);
    await expect(page.locator("[data-live-status=offline]")).toBeVisible();
    await addPerson(page, "Noor");
    // The other tab shows it too, pending (the same outbox).
    await expect(personCard(tab, "Noor").locator("[data-pending]")).toBeVisible();
    await expect(pendingCount(tab)).toHaveText("1 change waiting to sync");
    await context.setOffline(false);
    for (const each of [page, tab]) {
      await expect(pendingCount(each)).toHaveText("", { timeout: 10_000 });
      await expect(personCard(each, "Noor")).toHaveCount(1);
    }
    expect(await d1(`SELECT first_name FROM event_people WHERE event_id = '${eventId}'`, { json: true })).toEqual([{ first_name: "Noor" }]);
    expect(await d1(`SELECT COUNT(*) AS n FROM applied_mutations WHERE event_id = '${eventId}' AND name = 'add-person'`, { json: true })).toEqual([{ n: 1 }]);
  });

  test("a change the server refuses (the row was deleted on another device meanwhile) rolls back with its message", async ({ page, browser }) => {
    const { url } = await newEvent(page);
    await open(page, `${url}?tab=shots`);
    const other = await secondDevice(browser, `${url}?tab=shots`);

    await waitUntilKept(page, url);
    await page.context().setOffline(true);
    await expect(page.locator("[data-live-status=offline]")).toBeVisible();
    await page.getByRole("button", { name: "Actions for Cake Cutting" }).click();
    await page.locator(":popover-open").getByRole("link", { name: "Edit", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Shot" });
    await dialog.getByLabel("Title").fill("Cake Cutting and Toasts");
    await dialog.getByRole("button", { name: "Save Shot" }).click();
    await expect(shot(page, "Cake Cutting and Toasts")).toBeVisible();
    await expect(pendingCount(page)).toHaveText("1 change waiting to sync");

    await other.page.getByRole("button", { name: "Actions for Cake Cutting" }).click();
    await other.page.locator(":popover-open").getByRole("link", { name: "Delete", exact: true }).click();
    await other.page.getByRole("dialog", { name: "Delete shot?" }).getByRole("button", { name: "Delete Shot" }).click();
    await expect(toast(other.page, "success", "Shot deleted")).toBeVisible();

    await page.context().setOffline(false);
    await expect(toast(page, "error", "Failed to update shot item.").filter({ hasText: "It was deleted or belongs to another event." })).toBeVisible();
    await expect(shot(page, "Cake Cutting")).toHaveCount(0);
    await expect(pendingCount(page)).toHaveText("");
    await expect(pendingMarks(page)).toHaveCount(0);
    await other.context.close();
  });

  test("two devices change the same field while one is offline: the late one sees the conflict with both values, and Apply mine makes both end the same", async ({ page, browser }) => {
    // A long flow (several pages and devices): 23-32 s on a 2-core machine, near the 30 s default.
    test.slow();
    const { url, eventId } = await newEvent(page);
    await open(page, `${url}?tab=people`);
    await addPerson(page, "Maria");
    await expect(toast(page, "success", "Person added")).toBeVisible();
    const other = await secondDevice(browser, `${url}?tab=people`);
    await expect(personCard(other.page, "Maria")).toBeVisible();

    await page.context().setOffline(true);
    await expect(page.locator("[data-live-status=offline]")).toBeVisible();
    await editPronunciation(page, "Maria", "mah-REE-ah");
    await expect(personCard(page, "Maria")).toContainText("(mah-REE-ah)");

    await editPronunciation(other.page, "Maria", "ma-RYE-a");
    await expect(toast(other.page, "success", "Person updated")).toBeVisible();

    await page.context().setOffline(false);
    const notice = page.getByRole("alert").filter({ hasText: "Someone else changed this too" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("Pronunciation: Saved now “ma-RYE-a”; Yours “mah-REE-ah”");
    await expectNoViolations(page);
    // Theirs is kept until this device chooses.
    await expect(personCard(page, "Maria")).toContainText("(ma-RYE-a)");
    expect(await d1(`SELECT pronunciation FROM event_people WHERE event_id = '${eventId}'`, { json: true })).toEqual([{ pronunciation: "ma-RYE-a" }]);

    await notice.getByRole("button", { name: "Apply mine" }).click();
    await expect(notice).toBeHidden();
    // The focus goes back to the row the notice belonged to.
    await expect(page.locator("[data-conflict-home]").filter({ hasText: "Maria" })).toBeFocused();
    await expect(personCard(page, "Maria")).toContainText("(mah-REE-ah)");
    await expect(pendingMarks(page)).toHaveCount(0);
    await expect(personCard(other.page, "Maria")).toContainText("(mah-REE-ah)");
    expect(await d1(`SELECT pronunciation FROM event_people WHERE event_id = '${eventId}'`, { json: true })).toEqual([{ pronunciation: "mah-REE-ah" }]);
    await other.context.close();
  });

  test("signing out deletes the changes still waiting on the device", async ({ page }) => {
    // A lead of their own: signing out ends the session.
    const account = { email: uniqueEmail("outbox-out"), password: "Basement2026", firstName: "Ada", lastName: "Okafor" };
    await signUp(page, account);
    await makePro(account.email);
    await createEventFromForm(page, `Signed Out Wedding ${Date.now()}`);
    await expect(page.locator("[data-live-status=live]")).toBeVisible();
    await page.route("**/mutations", (route) => route.abort());
    await shot(page, "Getting Ready").click();
    await expect(pendingCount(page)).toHaveText("1 change waiting to sync");
    const outboxes = () => page.evaluate(async () => (await indexedDB.databases()).filter((db) => db.name === "event-flow").length);
    expect(await outboxes()).toBe(1);
    // Signing out asks first: the waiting change would be deleted. Cancelled, nothing happens.
    await page.goto("/settings");
    await waitForHydration(page);
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: "Sign Out", exact: true }).click();
    await expect.poll(() => asked).toEqual(["1 change made on this device is still waiting to sync. Signing out now deletes it. Sign out anyway?"]);
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    expect(await outboxes()).toBe(1);
    // Accepted: signed out, and the change is gone from the device.
    page.once("dialog", (dialog) => void dialog.accept());
    await signOut(page);
    await expect.poll(outboxes).toBe(0);
  });

  test("a change waiting for one user is never shown or sent by another user's page on the same device", async ({ page }) => {
    // A long flow (several pages and devices): 23-32 s on a 2-core machine, near the 30 s default.
    test.slow();
    const first = { email: uniqueEmail("outbox-first"), password: "Basement2026", firstName: "Ada", lastName: "Okafor" };
    await signUp(page, first);
    await makePro(first.email);
    await createEventFromForm(page, `Shared Phone Wedding ${Date.now()}`);
    const url = new URL(page.url()).pathname;
    await expect(page.locator("[data-live-status=live]")).toBeVisible();
    await page.route("**/mutations", (route) => route.abort());
    await shot(page, "Getting Ready").click();
    await expect(pendingCount(page)).toHaveText("1 change waiting to sync");
    // The first user's session ends without a sign-out (expired, or ended on another device),
    // the page closed meanwhile (its sender would otherwise be told 401 and keep the change).
    await page.goto("about:blank");
    await page.context().clearCookies();
    await page.unroute("**/mutations");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/mutations")) posts.push(request.url());
    });
    // Someone else signs in on this phone: a second shooter of the same event. The first
    // user's change is theirs alone: not shown on the second's page, never sent by it.
    const second = { email: uniqueEmail("outbox-second"), password: "Basement2026", firstName: "Ben", lastName: "Ito" };
    await signUp(page, second);
    const eventId = url.split("/").pop()!;
    const [secondUser] = await d1<{ id: string }>(`SELECT id FROM users WHERE email = '${second.email}'`, { json: true });
    await d1(`INSERT INTO event_second_shooters (id, event_id, user_id, status) VALUES ('${crypto.randomUUID()}', '${eventId}', '${secondUser!.id}', 'accepted')`);
    await page.goto(url);
    await waitForHydration(page);
    await expect(page.locator("[data-live-status=live]")).toBeVisible();
    await expect(pendingCount(page)).toHaveText("");
    await expect(shot(page, "Getting Ready")).toHaveAttribute("aria-pressed", "false");
    await page.waitForTimeout(1500); // a sender would have posted at once on opening the page
    expect(posts).toEqual([]);
    // The first user signs in again: their change is still there, and is sent once.
    await page.context().clearCookies();
    await openAuth(page);
    await submitSignIn(page, first.email, first.password);
    await expect(page.getByRole("heading", { name: "Sign In" })).toHaveCount(0);
    await page.goto(url);
    await waitForHydration(page);
    await expect.poll(() => posts.length).toBe(1);
    await expect(pendingCount(page)).toHaveText("");
    await expect(shot(page, "Getting Ready")).toHaveAttribute("aria-pressed", "true");
  });

  test.describe("on the client portal", () => {
    // The revoked link's page answers 404.
    // Several patterns go in a tuple: Playwright reads [a, b] with an object b (a RegExp is one) as [value, options].
    test.use({ expectedConsoleErrors: [[/Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)/, /status of 404 \(Not Found\)/], { scope: "test" }] });

    test("the couple's changes made offline are pending, then reach the lead with the portal's notice; revoked meanwhile, they are dropped with a clear message", async ({ page, browser, context }) => {
      // A long flow (several pages and devices): 23-32 s on a 2-core machine, near the 30 s default.
      test.slow();
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const { url, eventId } = await newEvent(page);
      await open(page, `${url}?tab=client`);
      await page.getByRole("link", { name: "Create Client Access" }).click();
      const create = page.getByRole("dialog", { name: "Create Client Access" });
      const clientEmail = uniqueEmail("offline-couple");
      await create.getByLabel("Client Email").fill(clientEmail);
      await create.getByRole("button", { name: "Create Access" }).click();
      const created = page.getByRole("dialog", { name: "Client link created" });
      await created.getByRole("button", { name: "Copy Link" }).click();
      const link = await page.evaluate(() => navigator.clipboard.readText());
      await created.getByRole("link", { name: "Done" }).click();

      const couple = await browser.newContext({ ...test.info().project.use, javaScriptEnabled: true });
      const phone = await couple.newPage();
      await phone.goto(link);
      await waitForHydration(phone);
      await expect(phone.locator("[data-live-status=live]")).toBeVisible();
      await waitUntilKept(phone, new URL(phone.url()).pathname);
      await couple.setOffline(true);
      await expect(phone.locator("[data-live-status=offline]")).toBeVisible();
      await sectionLink(phone, "Shot List").click();
      await shot(phone, "Rings").click();
      await expect(shot(phone, "Rings")).toHaveAttribute("aria-pressed", "true");
      await sectionLink(phone, "People").click();
      await addPerson(phone, "Rosa");
      await expect(personCard(phone, "Rosa").locator("[data-pending]")).toBeVisible();
      await expect(pendingCount(phone)).toHaveText("2 changes waiting to sync");

      await couple.setOffline(false);
      await expect(toast(phone, "success", "Person added")).toContainText("The photographer has been notified of your changes.");
      await expect(pendingCount(phone)).toHaveText("");
      await expect(pendingMarks(phone)).toHaveCount(0);
      await open(page, `${url}?tab=people`);
      await expect(personCard(page, "Rosa")).toHaveCount(1);
      expect(await d1(`SELECT is_done FROM shot_list_items WHERE event_id = '${eventId}' AND title = 'Rings'`, { json: true })).toEqual([{ is_done: 1 }]);

      // Offline again, a change waits; meanwhile the lead revokes the link.
      await couple.setOffline(true);
      await expect(phone.locator("[data-live-status=offline]")).toBeVisible();
      await addPerson(phone, "Tomas");
      await expect(pendingCount(phone)).toHaveText("1 change waiting to sync");
      await open(page, `${url}?tab=client`);
      await page.getByRole("listitem").filter({ hasText: clientEmail }).getByRole("link", { name: "Revoke" }).click();
      await page.getByRole("dialog", { name: "Revoke client access?" }).getByRole("button", { name: "Revoke" }).click();
      await expect(toast(page, "success", "Access revoked")).toBeVisible();

      await couple.setOffline(false);
      await expect(toast(phone, "error", "You no longer have access to this event")).toContainText("The change waiting on this device was not saved.");
      await expect(phone.getByRole("heading", { name: "Access not found or expired" })).toBeVisible();
      expect(await d1(`SELECT first_name FROM event_people WHERE event_id = '${eventId}' ORDER BY first_name`, { json: true })).toEqual([{ first_name: "Rosa" }]);
      // Nothing is left in the device's outbox. The page may still be reloading into the
      // error page (the room's revocation and the outbox's answer both end the access), which
      // destroys a read under way: it is read again once the page stands.
      const outboxCount = () =>
        phone
          .evaluate(() => new Promise((resolve) => {
            const request = indexedDB.open("event-flow");
            request.onsuccess = () => {
              const all = request.result.transaction("outbox").objectStore("outbox").count();
              all.onsuccess = () => resolve(all.result);
            };
          }))
          .catch((error: Error) => (error.message.includes("Execution context was destroyed") ? "navigating" : Promise.reject(error)));
      await expect.poll(outboxCount).toBe(0);
      await couple.close();
    });
  });
});
