import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { checkOff, d1, demoSessionCookies, sessionCookies, toast } from "./helpers";

// Family formals from the people list (docs/product/screens.md#family-formals) and the name
// caller (docs/product/screens.md#name-caller) on two phones: the lead builds two groupings
// from the seeded wedding's people, runs them in the name caller, and the second shooter's
// phone sees each checked off live; a grouping undone offline is sent once on reconnect.

const DEMO_EVENT = "00000000-0000-4000-8000-00000000d003";
const URL_SHOTS = `/events/${DEMO_EVENT}?tab=shots`;

test.use({ expectedConsoleErrors: [[/Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)/], { scope: "test" }] });

// The seeded wedding is shared: its groupings go when the test ends.
test.afterEach(async () => {
  await d1(`DELETE FROM shot_list_items WHERE event_id = '${DEMO_EVENT}' AND person_ids <> '[]'`);
});

/** No WCAG 2 A/AA violation (as a11y.spec.ts). */
async function expectNoViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`), `axe violations on ${where}`).toEqual([]);
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
  await expect(page.locator("[data-live-status=live]")).toBeVisible();
}

test("two groupings from the seeded wedding's people, run in the name caller: the second shooter's phone sees them checked off live; undone offline, sent once", async ({ page, context, browser }) => {
  test.slow();
  await context.addCookies(await demoSessionCookies(browser));
  await open(page, URL_SHOTS);
  const other = await browser.newContext({ ...test.info().project.use });
  await other.addCookies(await sessionCookies(browser, "alex@eventflow.app", "EventFlow2026"));
  const alex = await other.newPage();
  await open(alex, URL_SHOTS);

  // The couple and all the parents: two picked, then a role (in the people list's order).
  await page.getByRole("link", { name: "Add grouping" }).click();
  const first = page.getByRole("dialog", { name: "Add grouping" });
  await first.getByLabel("Name").fill("Couple + parents");
  await first.getByRole("checkbox", { name: /^Emma Carter/ }).check();
  await first.getByRole("checkbox", { name: /^James Okafor/ }).check();
  await first.getByRole("button", { name: "All parents" }).click();
  await expect(first.getByText("In this grouping (6)")).toBeVisible();
  await expectNoViolations(page, "the Add grouping dialog");
  await first.getByRole("button", { name: "Add grouping" }).click();
  await expect(toast(page, "success", "Grouping added")).toBeVisible();

  // The grandmother first, then the bride.
  await page.getByRole("link", { name: "Add grouping" }).click();
  const second = page.getByRole("dialog", { name: "Add grouping" });
  await second.getByLabel("Name").fill("Bride + grandmother");
  await second.getByRole("checkbox", { name: /^Emma Carter/ }).check();
  await second.getByRole("checkbox", { name: /^Aoife Brennan/ }).check();
  await second.getByRole("button", { name: "Move Aoife Brennan up" }).click();
  await second.getByRole("button", { name: "Add grouping" }).click();
  await expect(toast(page, "success", "Grouping added")).toBeVisible();

  // Both on the other phone, live, with their names in order.
  await expect(checkOff(alex, /^Couple \+ parents/)).toContainText("Emma Carter, James Okafor, Chidi Okafor, Declan Carter, Ngozi Okafor, Siobhan Carter");
  await expect(checkOff(alex, /^Bride \+ grandmother/)).toContainText("Aoife Brennan, Emma Carter");

  // The name caller, from the first grouping.
  await page.getByRole("link", { name: "Call names" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Call names" })).toBeVisible();
  await expect(page.getByTestId("caller-count")).toHaveText("Group 1 of 2");
  const names = page.getByRole("list", { name: "Names" });
  await expect(names.getByRole("listitem")).toHaveCount(6);
  await expect(names.getByRole("listitem").first()).toContainText("Emma Carter");
  await expect(names.getByRole("listitem").nth(5)).toContainText("Siobhan Carter");
  await expect(names.getByRole("listitem").nth(5)).toContainText("Say: shiv-AWN");
  await expect(names.getByRole("listitem").nth(5)).toContainText("VIP");
  // Emma is already here: only her grandmother is gathered for the next group.
  await expect(page.getByTestId("caller-gather")).toHaveText("Next: Aoife Brennan");
  await expectNoViolations(page, "the name caller");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("✓ Done")).toBeVisible();
  await expect(checkOff(alex, /^Couple \+ parents/)).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("link", { name: "Next group" }).click();
  await expect(page.getByTestId("caller-count")).toHaveText("Group 2 of 2");
  await expect(names.getByRole("listitem").first()).toContainText("Aoife Brennan");
  await expect(names.getByRole("listitem").first()).toContainText("Say: EE-fa");
  await expect(page.getByText("This is the last group.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Next group" })).toHaveCount(0);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(checkOff(alex, /^Bride \+ grandmother/)).toHaveAttribute("aria-pressed", "true");

  // Offline: back to the first group and undo it; it waits, and is sent once on reconnect.
  await context.setOffline(true);
  await expect(page.locator("[data-live-status=offline]")).toBeVisible();
  await page.getByRole("link", { name: "Previous group" }).click();
  await expect(page.getByTestId("caller-count")).toHaveText("Group 1 of 2");
  await page.getByRole("button", { name: "Not done" }).click();
  await expect(page.getByRole("button", { name: "Done" })).toBeVisible();
  await expect(page.getByTestId("pending-count")).toHaveText("1 change waiting to sync");
  await context.setOffline(false);
  await expect(page.getByTestId("pending-count")).toHaveText("", { timeout: 10_000 });
  await expect(checkOff(alex, /^Couple \+ parents/)).toHaveAttribute("aria-pressed", "false");
  expect(await d1(`SELECT title, is_done FROM shot_list_items WHERE event_id = '${DEMO_EVENT}' AND person_ids <> '[]' ORDER BY order_index`, { json: true })).toEqual([
    { title: "Couple + parents", is_done: 0 },
    { title: "Bride + grandmother", is_done: 1 },
  ]);

  // '×' goes back to the Shots tab.
  await page.getByRole("link", { name: "Close name caller" }).click();
  await expect(page.getByRole("link", { name: "Add grouping" })).toBeVisible();
  await other.close();
});
