import type { BrowserContext, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { checkOff, demoSessionCookies, sectionLink, skipInviteStep, toast } from "./helpers";

// The lead photographer runs a wedding from the dashboard on a phone (Pixel 7):
// every list is edited through its dialog, the event is edited and deleted. Each test
// works on an event of its own, so the seeded demo wedding stays as it is.

let demoCookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];

test.beforeAll(async ({ browser }) => {
  demoCookies = await demoSessionCookies(browser);
});

/** Creates an event through the form and waits on its dashboard, hydrated. */
async function newEvent(page: Page, title = `Dashboard Wedding ${Date.now()}`) {
  await page.context().addCookies(demoCookies);
  await page.goto("/events/new");
  await page.getByLabel("Event Title").fill(title);
  await page.getByLabel("Couple Names").fill("Noor & Sam");
  await page.getByLabel("Wedding Date").fill("2027-05-22");
  await page.getByLabel("Venue").fill("Harbor Loft");
  await page.getByRole("button", { name: "Create Event" }).click();
  await skipInviteStep(page);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await waitForHydration(page);
  return { title, url: page.url() };
}

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });
const row = checkOff;

/**
 * Opens the "⋯" menu of a row and picks an item (a link or a button): the list's one
 * menu, a popover once hydrated, else served open by the server (#row-menu).
 */
async function rowMenu(page: Page, rowName: string, item: string) {
  const button = page.getByRole("button", { name: `Actions for ${rowName}` });
  await button.click();
  const menu = page.locator(":popover-open, #row-menu");
  await menu.getByRole(item.startsWith("Move") ? "button" : "link", { name: item, exact: true }).click();
}

test.describe("event dashboard (phone)", () => {
  test("timeline: add with validation, edit, move and delete blocks; check one off", async ({ page }) => {
    await newEvent(page);
    await page.getByRole("link", { name: "Add Block" }).click();
    const add = dialog(page, "Add Block");
    await expect(add).toBeVisible();
    await expect(add.getByLabel("Type")).toHaveValue("ceremony");
    await expect(add.getByLabel("Duration (minutes)")).toHaveValue("60");
    await add.getByLabel("Duration (minutes)").fill("0");
    await add.getByRole("button", { name: "Add Block" }).click();
    await expect(toast(page, "error", "Validation Error").filter({ hasText: "Title is required" })).toBeVisible();
    await expect(add.getByText("Duration must be at least 1 minute")).toBeVisible();

    // A block added at 13:30 takes its place by its time: first, before the defaults.
    await add.getByLabel("Title").fill("First Look");
    await add.getByLabel("Type").selectOption("portrait");
    await add.getByLabel("Start Time").fill("13:30");
    await add.getByLabel("Duration (minutes)").fill("25");
    await add.getByLabel("Location").fill("Rooftop");
    await add.getByRole("button", { name: "Add Block" }).click();
    await expect(toast(page, "success", "Timeline block added")).toBeVisible();
    await expect(add).toBeHidden();
    await expect(page.getByText("Timeline 0/5")).toBeVisible();
    const items = page.getByRole("region", { name: "Timeline" }).getByRole("listitem");
    await expect(items).toHaveText([/First Look/, /Getting Ready/, /Ceremony/, /Cocktail Hour/, /Reception/]);
    await expect(items.first()).toContainText("1:30 PM – 1:55 PM · 25 min · Portraits · Rooftop");
    await expect(items.nth(1)).toContainText("2:00 PM – 4:00 PM · 2 h");

    // No other block starts at 13:30: its menu offers no move.
    await page.getByRole("button", { name: "Actions for First Look", exact: true }).click();
    const menu = page.locator(":popover-open, #row-menu");
    await expect(menu.getByRole("link", { name: "Edit", exact: true })).toBeVisible();
    await expect(menu.getByRole("button", { name: /Move/ })).toHaveCount(0);
    await page.keyboard.press("Escape");

    // Its time changed to 17:00, it moves between Cocktail Hour and Reception.
    await rowMenu(page, "First Look", "Edit");
    const moved = dialog(page, "Edit Block");
    await moved.getByLabel("Start Time").fill("17:00");
    await moved.getByRole("button", { name: "Save Block" }).click();
    await expect(toast(page, "success", "Timeline block updated")).toBeVisible();
    await expect(items).toHaveText([/Getting Ready/, /Ceremony/, /Cocktail Hour/, /First Look/, /Reception/]);

    // Edit the Ceremony block.
    await rowMenu(page, "Ceremony", "Edit");
    const edit = dialog(page, "Edit Block");
    await expect(edit.getByLabel("Title")).toHaveValue("Ceremony");
    await edit.getByLabel("Duration (minutes)").fill("45");
    await edit.getByLabel("Notes", { exact: true }).fill("Unplugged: no flash.");
    await edit.getByRole("button", { name: "Save Block" }).click();
    // One toast at a time: the second save's message replaces the first's.
    await expect(page.locator("[data-toast-type]")).toHaveCount(1);
    await expect(toast(page, "success", "Timeline block updated")).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row(page, /Ceremony.*45 min/)).toContainText("Unplugged: no flash.");

    // Check it off, then delete another block after confirming.
    await row(page, /Ceremony/).click();
    await expect(row(page, /Ceremony/)).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("Timeline 1/5")).toBeVisible();
    await rowMenu(page, "Cocktail Hour", "Delete");
    const confirm = dialog(page, "Delete timeline block?");
    await expect(confirm).toContainText('"Cocktail Hour" will be removed');
    await confirm.getByRole("button", { name: "Delete Block" }).click();
    await expect(toast(page, "success", "Timeline block deleted")).toBeVisible();
    await expect(row(page, /Cocktail Hour/)).toHaveCount(0);
    await expect(page.getByText("Timeline 1/4")).toBeVisible();

    // Everything holds after a reload.
    await page.reload();
    await expect(row(page, /Ceremony/)).toHaveAttribute("aria-pressed", "true");
    await expect(items.nth(2)).toContainText("First Look");
  });

  test("a check-off is answered in place: no request reads the page's data again", async ({ page }) => {
    const { url } = await newEvent(page);
    const path = new URL(url).pathname;
    // Live first: the socket's hello is sent, so what follows is the check-off's own traffic.
    await expect(page.locator("[data-live-status=live]")).toBeVisible();
    const reads: string[] = [];
    const posts: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === "GET" && (pathname === path || pathname === `${path}.data`)) reads.push(pathname);
      if (request.method() === "POST") posts.push(pathname);
    });
    await row(page, /Ceremony/).click();
    await expect(row(page, /Ceremony/)).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("Timeline 1/4")).toBeVisible();
    // Sent and answered (the pending mark goes once the answer is applied).
    await expect.poll(() => posts).toEqual([`${path}/mutations`]);
    await expect(row(page, /Ceremony/).locator("[data-pending]")).toHaveCount(0);
    await row(page, /Ceremony/).click();
    await expect(row(page, /Ceremony/)).toHaveAttribute("aria-pressed", "false");
    await expect.poll(() => posts).toHaveLength(2);
    await expect(row(page, /Ceremony/).locator("[data-pending]")).toHaveCount(0);
    await page.waitForTimeout(500);
    expect(reads).toEqual([]);
    // And it holds: the saved state is what a fresh load shows.
    await page.reload();
    await expect(row(page, /Ceremony/)).toHaveAttribute("aria-pressed", "false");
  });

  test("shots: add, filter, edit and delete", async ({ page }) => {
    const { url } = await newEvent(page);
    await sectionLink(page, "Shots").click();
    // The filter offers 'All' and each category that has shots, with its label.
    const filters = page.getByRole("navigation", { name: "Filter shots" }).getByRole("link");
    await expect(filters).toHaveText(["All", "Details", "Ceremony", "Family Formals", "Newlywed Portraits", "Reception"]);
    await page.getByRole("link", { name: "Reception" }).click();
    await expect(row(page, /First Dance/)).toBeVisible();
    await expect(row(page, /Rings/)).toHaveCount(0);
    // Adding while filtered starts in the filtered category.
    await page.getByRole("link", { name: "Add Shot" }).click();
    const add = dialog(page, "Add Shot");
    await expect(add.getByLabel("Category")).toHaveValue("reception");
    await add.getByLabel("Title").fill("Grandparents dancing");
    await add.getByLabel("Description").fill("During the second slow song.");
    await add.getByRole("button", { name: "Add Shot" }).click();
    await expect(toast(page, "success", "Shot added")).toBeVisible();
    await expect(row(page, /Grandparents dancing/)).toContainText("During the second slow song.");
    await expect(page.getByText("Shots 0/8").first()).toBeVisible();

    await rowMenu(page, "Grandparents dancing", "Edit");
    const edit = dialog(page, "Edit Shot");
    await edit.getByLabel("Category").selectOption("family_formals");
    await edit.getByRole("button", { name: "Save Shot" }).click();
    await expect(toast(page, "success", "Shot updated")).toBeVisible();
    // It left the Reception filter.
    await expect(row(page, /Grandparents dancing/)).toHaveCount(0);
    await page.getByRole("navigation", { name: "Filter shots" }).getByRole("link", { name: "All" }).click();
    await expect(page.getByRole("region", { name: "Family Formals" })).toContainText("Grandparents dancing");

    await rowMenu(page, "Rings", "Delete");
    await dialog(page, "Delete shot?").getByRole("button", { name: "Delete Shot" }).click();
    await expect(toast(page, "success", "Shot deleted")).toBeVisible();
    await expect(row(page, /^Rings/)).toHaveCount(0);
    await expect(page.getByText("Shots 0/7").first()).toBeVisible();

    // A category with no shots, from an address: chosen, and said to be empty.
    await page.goto(`${url.split("?")[0]}?tab=shots&category=exit`);
    await expect(page.getByText("No shots in this category")).toBeVisible();
    await expect(filters.filter({ hasText: "Exit" })).toHaveAttribute("aria-current", "true");
  });

  test("people and vendors: add with pronunciation, edit, remove; vendor validation and links", async ({ page }) => {
    await newEvent(page);
    await sectionLink(page, "People").click();
    await expect(page.getByText("No people added yet")).toBeVisible();
    await page.getByRole("link", { name: "Add Person" }).click();
    const add = dialog(page, "Add Person");
    await expect(add.getByLabel("Role")).toHaveValue("guest");
    await add.getByRole("button", { name: "Add Person" }).click();
    await expect(toast(page, "error", "Validation Error").filter({ hasText: "First name is required" })).toBeVisible();
    await add.getByLabel("First Name").fill("Saoirse");
    await add.getByLabel("Last Name").fill("Byrne");
    await add.getByLabel("Role").selectOption("grandparent");
    await add.getByLabel("Pronunciation").fill("SEER-sha");
    await add.getByLabel("VIP").check();
    await add.getByLabel("Notes", { exact: true }).fill("Needs a chair for portraits.");
    await add.getByRole("button", { name: "Add Person" }).click();
    await expect(toast(page, "success", "Person added")).toBeVisible();
    const person = page.getByRole("region", { name: "People" }).getByRole("listitem").filter({ hasText: "Saoirse Byrne" });
    await expect(person).toContainText("(SEER-sha)");
    await expect(person.getByRole("img", { name: "VIP" })).toBeVisible();
    await expect(person).toContainText("Grandparent");

    await rowMenu(page, "Saoirse Byrne", "Edit");
    const edit = dialog(page, "Edit Person");
    await expect(edit.getByLabel("VIP")).toBeChecked();
    await edit.getByLabel("VIP").uncheck();
    await edit.getByRole("button", { name: "Save Person" }).click();
    await expect(toast(page, "success", "Person updated")).toBeVisible();
    await expect(person.getByRole("img", { name: "VIP" })).toHaveCount(0);

    await rowMenu(page, "Saoirse Byrne", "Remove");
    await dialog(page, "Remove person?").getByRole("button", { name: "Remove Person" }).click();
    await expect(toast(page, "success", "Person removed")).toBeVisible();
    await expect(page.getByText("No people added yet")).toBeVisible();

    await sectionLink(page, "Vendors").click();
    await expect(page.getByText('No vendors added yet. Click "Add Vendor" to get started.')).toBeVisible();
    await page.getByRole("link", { name: "Add Vendor" }).click();
    const vendor = dialog(page, "Add Vendor");
    await vendor.getByLabel("Vendor Name").fill("Hannah Lee");
    await vendor.getByRole("button", { name: "Add Vendor" }).click();
    await expect(toast(page, "error", "Validation Error").filter({ hasText: "Vendor type is required" })).toBeVisible();
    await vendor.getByLabel("Vendor Type").selectOption("florist");
    await vendor.getByLabel("Email").fill("not-an-email");
    await vendor.getByLabel("Website").fill("javascript:alert(1)");
    await vendor.getByRole("button", { name: "Add Vendor" }).click();
    // The fields' own errors (the first of them is also the dialog's 'Validation Error' toast).
    await expect(vendor.locator("[id$='-error']").getByText("Invalid email")).toBeVisible();
    await expect(vendor.locator("[id$='-error']").getByText("Invalid URL")).toBeVisible();
    await vendor.getByLabel("Email").fill("Hello@WildflowerStudio.example");
    await vendor.getByLabel("Website").fill("wildflowerstudio.example");
    await vendor.getByLabel("Company Name").fill("Wildflower Studio");
    await vendor.getByLabel("Phone").fill("(828) 555-0119");
    // The social handles are under a collapsed 'More'; the required fields are marked.
    await expect(vendor.getByLabel("Instagram")).toBeHidden();
    await expect(vendor.getByLabel("Vendor Type")).toHaveAttribute("aria-required", "true");
    await expect(vendor.locator("label", { hasText: "Vendor Type" })).toHaveText("Vendor Type *");
    await expect(vendor.getByLabel("Company Name")).not.toHaveAttribute("aria-required", "true");
    await vendor.locator("summary", { hasText: "More" }).click();
    await vendor.getByLabel("Instagram").fill("@wildflower.studio");
    await vendor.getByRole("button", { name: "Add Vendor" }).click();
    await expect(toast(page, "success", "Vendor added")).toBeVisible();
    const florists = page.getByRole("region", { name: "Florist" });
    await expect(florists).toContainText("Hannah Lee");
    await expect(florists.getByRole("link", { name: "wildflowerstudio.example", exact: true })).toHaveAttribute("href", "https://wildflowerstudio.example");
    await expect(florists.getByRole("link", { name: "hello@wildflowerstudio.example" })).toHaveAttribute("href", "mailto:hello@wildflowerstudio.example");
    await expect(florists.getByRole("link", { name: "(828) 555-0119" })).toHaveAttribute("href", "tel:8285550119");
    await expect(florists.getByRole("link", { name: "Instagram @wildflower.studio" })).toHaveAttribute("href", "https://www.instagram.com/wildflower.studio");

    await rowMenu(page, "Hannah Lee", "Edit");
    const editVendor = dialog(page, "Edit Vendor");
    await expect(editVendor.getByLabel("Vendor Type")).toHaveValue("florist");
    // A vendor with a handle opens with 'More' open.
    await expect(editVendor.getByLabel("Instagram")).toHaveValue("wildflower.studio");
    await editVendor.getByLabel("Vendor Type").selectOption("decorator");
    await editVendor.getByRole("button", { name: "Save Vendor" }).click();
    await expect(toast(page, "success", "Vendor updated")).toBeVisible();
    await expect(page.getByRole("region", { name: "Decorator" })).toContainText("Hannah Lee");

    await rowMenu(page, "Hannah Lee", "Delete");
    await dialog(page, "Delete vendor?").getByRole("button", { name: "Delete Vendor" }).click();
    await expect(toast(page, "success", "Vendor deleted")).toBeVisible();
    await expect(page.getByText('No vendors added yet. Click "Add Vendor" to get started.')).toBeVisible();
  });

  test("edit the event, then delete it after typing delete; Escape and Cancel close dialogs without saving", async ({ page }) => {
    const { title } = await newEvent(page);
    await rowMenu(page, title, "Edit event");
    const edit = dialog(page, "Edit Event");
    await edit.getByLabel("Event Title").fill("");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "error", "Validation Error").filter({ hasText: "Event title is required" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(edit).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    const renamed = `${title} (moved)`;
    await rowMenu(page, title, "Edit event");
    await edit.getByLabel("Event Title").fill(renamed);
    await edit.getByLabel("Wedding Date").fill("2027-06-05");
    await edit.getByLabel("Status").selectOption("active");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "success", "Event updated successfully.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
    await expect(page.getByText("Jun 5, 2027")).toBeVisible();
    await expect(page.getByText("Active", { exact: true })).toBeVisible();

    await rowMenu(page, renamed, "Delete event");
    const remove = dialog(page, "Delete Event");
    const button = remove.getByRole("button", { name: "Delete Event" });
    await expect(button).toBeDisabled();
    await remove.getByLabel('Type "delete" to confirm').fill("Delete");
    await expect(button).toBeDisabled();
    await remove.getByRole("link", { name: "Cancel" }).click();
    await expect(remove).toBeHidden();

    await rowMenu(page, renamed, "Delete event");
    await remove.getByLabel('Type "delete" to confirm').fill("delete");
    await expect(button).toBeEnabled();
    await button.click();
    await expect(toast(page, "success", "Event deleted successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: new RegExp(renamed.replace(/[()]/g, "\\$&")) })).toHaveCount(0);
  });

  test("the seeded wedding at a glance: the list starts high, six rows fit, the tabs never wrap", async ({ page }) => {
    await page.context().addCookies(demoCookies);
    await page.goto("/events/00000000-0000-4000-8000-00000000d003");
    await waitForHydration(page);
    const screen = page.viewportSize()!;
    const rowsOf = (name: string) => page.getByRole("region", { name }).getByRole("listitem");
    const boxes = (name: string) => rowsOf(name).evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().toJSON() as DOMRect));

    // The timeline, the page's first list: its first row within the top 40% of the screen.
    await expect(rowsOf("Timeline").first()).toBeVisible();
    expect((await boxes("Timeline"))[0]!.top).toBeLessThan(screen.height * 0.4);

    // 'Run the day' reads whole at the end of the status line: the couple's names give way.
    const run = page.getByRole("link", { name: "Run the day" }).locator("span");
    expect(await run.evaluate((text) => text.scrollWidth <= text.clientWidth)).toBe(true);

    // The tabs: one line each, the row scrolls sideways (a fade says so), the open tab in view.
    const tabs = page.getByRole("navigation", { name: "Event sections" }).getByRole("link");
    const tabBoxes = await tabs.evaluateAll((links) => links.map((link) => ({ height: link.getBoundingClientRect().height, lines: link.getClientRects().length, wraps: link.scrollWidth > link.clientWidth })));
    expect(tabBoxes.length).toBe(6);
    for (const tab of tabBoxes) expect(tab).toEqual({ height: tabBoxes[0]!.height, lines: 1, wraps: false });
    const row = page.getByRole("navigation", { name: "Event sections" }).locator(".scroll-cue");
    expect(await row.evaluate((element) => element.scrollWidth > element.clientWidth && getComputedStyle(element).overflowX === "auto")).toBe(true);
    expect(await row.evaluate((element) => getComputedStyle(element).maskImage)).toContain("linear-gradient");
    await sectionLink(page, "Client").click();
    await expect(sectionLink(page, "Client")).toHaveAttribute("aria-current", "page");
    await expect.poll(async () => {
      const box = (await sectionLink(page, "Client").boundingBox())!;
      return box.x >= 0 && box.x + box.width <= screen.width;
    }).toBe(true);

    // The shots: the first row high, at least six rows whole on the screen, a one-line row
    // at most 56 px tall with its check-off at least 44 px.
    await sectionLink(page, "Shots").click();
    await expect(rowsOf("Shots").first()).toBeVisible();
    const shots = await boxes("Shots");
    expect(shots[0]!.top).toBeLessThan(screen.height * 0.4);
    expect(shots.filter((box) => box.top >= 0 && box.bottom <= screen.height).length).toBeGreaterThanOrEqual(6);
    const oneLine = await rowsOf("Shots").evaluateAll((rows) =>
      rows
        .filter((row) => row.querySelector("[aria-pressed] > span:nth-child(2)")!.getClientRects()[0]!.height <= 24)
        .map((row) => ({ row: row.getBoundingClientRect().height, target: row.querySelector("[aria-pressed]")!.getBoundingClientRect().height })),
    );
    expect(oneLine.length).toBeGreaterThan(0);
    for (const each of oneLine) {
      expect(each.row).toBeLessThanOrEqual(56);
      expect(each.target).toBeGreaterThanOrEqual(44);
    }
    // The filter is one line that scrolls, not four lines of chips.
    const filters = await page.getByRole("navigation", { name: "Filter shots" }).getByRole("link").evaluateAll((links) => new Set(links.map((link) => link.getBoundingClientRect().top)).size);
    expect(filters).toBe(1);
  });

  test("the back button returns to where the user came from", async ({ page }) => {
    await page.context().addCookies(demoCookies);
    await page.goto("/?tab=hired");
    await waitForHydration(page);
    await sectionLink(page, "My Events").click();
    await page.getByRole("link", { name: /Emma & James Wedding/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Emma & James Wedding" })).toBeVisible();
    // Tabs, dialogs and saves replace the history entry: one Back still leads home.
    await sectionLink(page, "People").click();
    await page.getByRole("link", { name: "Add Person" }).click();
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.getByRole("link", { name: "Back to Events", exact: true }).click();
    await expect(page).toHaveURL(/\/(\?)?$/);
    await expect(sectionLink(page, "My Events")).toHaveAttribute("aria-current", "page");

    // Opened from an old link (/?eventId=…), Back leads to the list as well.
    const event = await page.getByRole("link", { name: /Emma & James Wedding/ }).getAttribute("href");
    await page.goto(event!);
    await page.getByRole("link", { name: "Back to Events", exact: true }).click();
    await expect(page.getByRole("heading", { name: "My Events" })).toBeAttached();
  });
});

test.describe("event dashboard without JavaScript", () => {
  // A form that does not validate answers 400 with the page and its messages.
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test("dialogs open from links and their forms post, validate and save on the server", async ({ browser, page }) => {
    // Create the event with JavaScript on, then work on it with JavaScript off.
    const setupContext = await browser.newContext({ javaScriptEnabled: true });
    const setup = await setupContext.newPage();
    const { url, title } = await newEvent(setup);
    // A second block at Reception's time, to be moved above it.
    await setup.getByRole("link", { name: "Add Block" }).click();
    await dialog(setup, "Add Block").getByLabel("Title").fill("Grand Entrance");
    await dialog(setup, "Add Block").getByLabel("Start Time").fill("17:30");
    await dialog(setup, "Add Block").getByRole("button", { name: "Add Block" }).click();
    await expect(toast(setup, "success", "Timeline block added")).toBeVisible();
    await setupContext.close();

    await page.context().addCookies(demoCookies);
    await page.goto(`${url}?tab=people`);
    await page.getByRole("link", { name: "Add Person" }).click();
    const add = dialog(page, "Add Person");
    await expect(add).toBeVisible();
    await add.getByRole("button", { name: "Add Person" }).click();
    await expect(toast(page, "error", "Validation Error").filter({ hasText: "First name is required" })).toBeVisible();
    await expect(add.getByText("First name is required")).toBeVisible();
    await add.getByLabel("First Name").fill("Tadhg");
    await add.getByLabel("Pronunciation").fill("TYG");
    await add.getByRole("button", { name: "Add Person" }).click();
    await expect(toast(page, "success", "Person added")).toBeVisible();
    await expect(page.getByText("(TYG)")).toBeVisible();
    await expect(add).toHaveCount(0);

    // The row's menu is served open for that row, and moving a block is a plain form post.
    await sectionLink(page, "Timeline").click();
    const blocks = page.getByRole("region", { name: "Timeline" }).getByRole("listitem");
    await expect(blocks.nth(3)).toContainText("Reception");
    await rowMenu(page, "Grand Entrance", "Move up");
    await expect(blocks.nth(3)).toContainText("Grand Entrance");
    await expect(blocks.nth(4)).toContainText("Reception");

    // Deleting the event refuses anything but the exact word.
    await rowMenu(page, title, "Delete event");
    const remove = dialog(page, "Delete Event");
    await remove.getByLabel('Type "delete" to confirm').fill("DELETE");
    await remove.getByRole("button", { name: "Delete Event" }).click();
    await expect(remove.getByText('Please type "delete" to confirm')).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
