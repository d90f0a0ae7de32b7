import { devices } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { bellButton, createEventFromForm, d1, DEMO_EMAIL, makePro, openAuth, signUp, submitSignIn, toast, uniqueEmail } from "./helpers";

// docs/product/flows.md#deleting-an-account, on a phone: a lead with a hired event and a
// led event with a team deletes the account; the team hears of it; the old password no
// longer signs in.

const PASSWORD = "Farewell2026";
const sql = (value: string) => `'${value.replaceAll("'", "''")}'`;

// The old password's refusal is a 401, which Chromium logs.
test.use({ expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of 401/] });

test("a lead deletes the account; the team member's bell says the event was removed; signing in again fails", async ({ page, browser }) => {
  // Two sign-ups, an event and a deletion: a long flow.
  test.slow();
  const lead = { email: uniqueEmail("leaving"), password: PASSWORD, firstName: "Robin", lastName: "Hale" };
  await signUp(page, lead);
  await makePro(lead.email);
  const title = `Farewell Wedding ${Date.now()}`;
  await createEventFromForm(page, title);
  const eventId = page.url().split("/events/")[1]!.split(/[/?]/)[0]!;

  // A second shooter on the lead's event, signed in on their own phone.
  const memberContext = await browser.newContext({ ...devices["Pixel 7"], baseURL: test.info().project.use.baseURL });
  const memberPage = await memberContext.newPage();
  const member = { email: uniqueEmail("stays"), password: PASSWORD, firstName: "Kai", lastName: "Ng" };
  await signUp(memberPage, member);
  await d1(
    `INSERT INTO event_second_shooters (id, event_id, user_id, status, shooter_type) SELECT '${crypto.randomUUID()}', ${sql(eventId)}, id, 'accepted', 'second_shooter' FROM users WHERE email = ${sql(member.email)};` +
      // The lead is also hired on the demo's wedding.
      `INSERT INTO event_second_shooters (id, event_id, user_id, status, shooter_type) SELECT '${crypto.randomUUID()}', e.id, u.id, 'accepted', 'associate_shooter' FROM events e, users u WHERE e.lead_photographer_id = (SELECT id FROM users WHERE email = ${sql(DEMO_EMAIL)}) AND u.email = ${sql(lead.email)} LIMIT 1;`,
  );

  // Settings → Account → Delete account: the dialog says what is affected; the button waits.
  await page.goto("/settings");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Delete account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete account" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("1 event you lead will be deleted, and 1 person on them will be told the event was removed.");
  const confirm = dialog.getByRole("button", { name: "Delete account" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Password").fill(PASSWORD);
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type "delete" to confirm').fill("Delete");
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type "delete" to confirm').fill("delete");
  await expect(confirm).toBeEnabled();
  await confirm.click();

  await expect(page).toHaveURL(/\/auth$/);
  await expect(toast(page, "success", "Your account has been deleted")).toBeVisible();

  // The member's bell says the event was removed (Settings: with no event left, home leads to the plans).
  await memberPage.goto("/settings");
  await waitForHydration(memberPage);
  await bellButton(memberPage).click();
  await expect(memberPage.getByRole("region", { name: "Notifications" })).toContainText(`The event "${title}" was removed by its photographer`);
  await memberContext.close();

  // The old password no longer signs in.
  await openAuth(page);
  await submitSignIn(page, lead.email, PASSWORD);
  await expect(toast(page, "error", "Invalid credentials")).toBeVisible();
  expect(await d1(`SELECT id FROM users WHERE email = ${sql(lead.email)}`, { json: true })).toEqual([]);
});
