import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { checkOff, createEventFromForm, d1, demoSessionCookies, sectionLink, sessionCookies, toast } from "./helpers";

// Who shoots what (docs/product/screens.md#who-shoots-what) on two phones: the lead assigns a
// block and a shot to the second shooter, whose phone shows it live; his 'Mine' shows only
// his, with his call time, in the lists and in run mode; the Team tab counts them.

const ALEX_EMAIL = "alex@eventflow.app";
const PASSWORD = "EventFlow2026";

async function assign(page: Page, row: string, person: string) {
  await page.getByRole("button", { name: `Actions for ${row}` }).click();
  await page.locator(":popover-open, #row-menu").getByRole("link", { name: "Assign", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Assign ${row}` });
  await dialog.getByLabel(person).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "success", "Assignments saved")).toBeVisible();
}

test("the lead assigns a block and a shot to Alex: his phone shows them live; Mine shows only his, from his call time, in run mode too; the Team tab counts them", async ({ page, browser }) => {
  test.slow();
  const title = `Assigned Wedding ${Date.now()}`;
  await page.context().addCookies(await demoSessionCookies(browser));
  await createEventFromForm(page, title, "2027-08-14");
  const eventId = new URL(page.url()).pathname.split("/")[2]!;
  await d1(`INSERT INTO event_second_shooters (id, event_id, user_id, status) VALUES ('${crypto.randomUUID()}', '${eventId}', (SELECT id FROM users WHERE email = '${ALEX_EMAIL}'), 'accepted')`);
  const url = `/events/${eventId}`;
  await page.goto(url);
  await waitForHydration(page);
  await expect(page.locator("[data-live-status=live]")).toBeVisible();

  const other = await browser.newContext({ ...test.info().project.use });
  await other.addCookies(await sessionCookies(browser, ALEX_EMAIL, PASSWORD));
  const alex = await other.newPage();
  await alex.goto(url);
  await waitForHydration(alex);
  await expect(alex.locator("[data-live-status=live]")).toBeVisible();
  // A member has no 'Assign'.
  await expect(alex.getByRole("button", { name: "Actions for Ceremony" })).toHaveCount(0);

  await assign(page, "Ceremony", "Alex Rivera");
  await expect(checkOff(page, /^Ceremony/)).toContainText("Assigned: Alex");
  await expect(checkOff(alex, /^Ceremony/)).toContainText("Assigned: Alex");
  await expect(checkOff(alex, /^Getting Ready/)).not.toContainText("Assigned");

  await sectionLink(page, "Shots").click();
  await assign(page, "Rings", "Alex Rivera");

  // Alex's Mine: his block only, from his call time.
  await alex.getByRole("navigation", { name: "Whose" }).getByRole("link", { name: "Mine" }).click();
  await expect(alex.getByTestId("call-time")).toHaveText("Call time 4:00 PM");
  await expect(alex.locator("main [aria-pressed]")).toHaveCount(1);
  await expect(checkOff(alex, /^Ceremony/)).toBeVisible();
  // The shots tab keeps Mine.
  await sectionLink(alex, "Shots").click();
  await expect(alex.locator("main [aria-pressed]")).toHaveCount(1);
  await expect(checkOff(alex, /^Rings/)).toContainText("Assigned: Alex");
  // Run mode shows his day: the Ceremony next.
  await alex.getByRole("link", { name: "Run the day" }).click();
  await expect(alex.getByRole("region", { name: "Next" })).toContainText("Ceremony");
  await expect(alex.getByTestId("call-time")).toHaveText("Call time 4:00 PM");

  // The lead's Team tab counts them; Alex's bell was told of each once.
  await sectionLink(page, "Team").click();
  await expect(page.getByRole("main").getByText("1 block · 1 shot")).toBeVisible();
  expect(await d1(`SELECT title FROM notifications WHERE event_id = '${eventId}' AND user_id = (SELECT id FROM users WHERE email = '${ALEX_EMAIL}') ORDER BY created_at`, { json: true })).toEqual([
    { title: "Assigned to You" },
    { title: "Assigned to You" },
  ]);
  await other.close();
});
