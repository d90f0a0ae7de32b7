import type { BrowserContext, Page } from "@playwright/test";
import { expect, test, waitForElementHydration, waitForHydration } from "./fixtures";
import { sectionLink, signUp, toast, uniqueEmail } from "./helpers";

// /settings on a phone (Pixel 7). One fresh account for the whole
// file (signed up once: sign-ups and sign-ins are rate-limited, and the seeded demo
// accounts are shared by every spec, so their profiles must stay as seeded).

const ACCOUNT = { email: uniqueEmail("settings"), password: "Settings2026", firstName: "Rosa", lastName: "Vale", businessName: "Vale Studio" };
let cookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: true });
  await signUp(await context.newPage(), ACCOUNT);
  cookies = await context.cookies();
  await context.close();
});

/** Opens a settings tab as the file's account. */
async function openSettings(page: Page, query = "", { hydrate = true } = {}) {
  await page.context().addCookies(cookies);
  await page.goto(`/settings${query}`);
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  if (!hydrate) return;
  await waitForHydration(page);
  // A tab's forms hydrate with its code, after the page's root: until then a save posts to the server.
  for (const form of await page.locator("main form").all()) await waitForElementHydration(form);
}

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });
const contactRow = (page: Page, name: string) => page.getByRole("listitem").filter({ hasText: name });

/** Opens the "⋯" menu of a contact and follows one of its links. */
async function rowMenu(page: Page, name: string, item: "Edit" | "Delete") {
  const row = contactRow(page, name);
  await row.getByLabel(`Actions for ${name}`).click();
  await row.getByRole("link", { name: item, exact: true }).click();
}

const readAuditLog = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("event-flow-audit-log") ?? "[]") as Record<string, unknown>[]);

// Refused submissions answer 400, which Chromium logs as a failed resource.
const REFUSED = [/status of 400 \(Bad Request\)/];

test.describe("settings (phone)", () => {
  test("business info: validation, save, the greeting follows, logged on this device; the sign-in address stays", async ({ page }) => {
    await openSettings(page);
    await expect(sectionLink(page, "Business")).toHaveAttribute("aria-current", "page");
    await expect(page.getByLabel("Business Name")).toHaveValue(ACCOUNT.businessName);
    await expect(page.getByLabel("Business Email")).toHaveValue(ACCOUNT.email);
    await expect(page.getByRole("banner").getByText(`Hi, ${ACCOUNT.businessName}`)).toBeVisible();

    await page.getByLabel("Business Name").fill("");
    await page.getByLabel("Business Email").fill("studio@");
    await page.getByRole("button", { name: "Save Business Info" }).click();
    await expect(toast(page, "error", "Validation Error").filter({ hasText: "Business name is required" })).toBeVisible();
    await expect(page.getByRole("main").getByText("Invalid email address")).toBeVisible();
    await expect(page.getByLabel("Business Name")).toHaveAttribute("aria-invalid", "true");
    expect(await readAuditLog(page)).toEqual([]);

    const studio = `Vale & Daughters ${Date.now()}`;
    await page.getByLabel("Business Name").fill(studio);
    await page.getByLabel("First Name").fill("Rosalind");
    await page.getByLabel("Business Email").fill("bookings@vale.example");
    // 'Automatic' (the browser's locale) unless chosen.
    await expect(page.getByLabel("Time format")).toHaveValue("auto");
    await expect(page.getByLabel("Time format").locator("option")).toHaveText(["Automatic", "12-hour", "24-hour"]);
    await page.getByLabel("Time format").selectOption({ label: "24-hour" });
    await page.getByRole("button", { name: "Save Business Info" }).click();
    await expect(toast(page, "success", "Business information updated")).toBeVisible();
    await expect(page.getByRole("banner").getByText(`Hi, ${studio}`)).toBeVisible();
    await expect(page.getByText(`Signed in as ${ACCOUNT.email}`)).toBeVisible();

    const log = await readAuditLog(page);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: "profile_updated", userEmail: ACCOUNT.email, eventId: null });
    expect(log[0]!.userId).toEqual(expect.any(String));
    expect(Date.parse(String(log[0]!.timestamp))).not.toBeNaN();

    // Saved for real.
    await page.reload();
    await expect(page.getByRole("banner").getByText(`Hi, ${studio}`)).toBeVisible();
    await expect(page.getByLabel("Business Name")).toHaveValue(studio);
    await expect(page.getByLabel("First Name")).toHaveValue("Rosalind");
    await expect(page.getByLabel("Business Email")).toHaveValue("bookings@vale.example");
    await expect(page.getByLabel("Time format")).toHaveValue("24h");
  });

  test.describe(() => {
    // Submitted before the dialog's validation has loaded (a slow machine), the server
    // validates instead: the same messages, and Chromium logs that 400.
    test.use({ expectedConsoleErrors: REFUSED });
    test("saved contacts: add (after a validation error), edit and delete", async ({ page }) => {
      await openSettings(page, "?tab=contacts");
      await expect(sectionLink(page, "Contacts")).toHaveAttribute("aria-current", "page");
      const name = `Kai ${Date.now()}`;

      await page.getByRole("link", { name: "Add Contact" }).click();
      await expect(page).toHaveURL(/\/settings\?tab=contacts&dialog=add-contact$/);
      const add = dialog(page, "Add Contact");
      await expect(add.getByLabel("Shooter Type")).toHaveValue("second_shooter");
      await add.getByLabel("Email").fill("kai@");
      await add.getByRole("button", { name: "Add Contact" }).click();
      await expect(toast(page, "error", "Validation Error").filter({ hasText: "First name is required" })).toBeVisible();
      await expect(add.getByText("Invalid email address")).toBeVisible();

      await add.getByLabel("First Name").fill(name);
      await add.getByLabel("Email").fill("Kai@Example.com");
      await add.getByLabel("Shooter Type").selectOption("associate_shooter");
      await add.getByLabel("Phone").fill("555-0142");
      await add.getByLabel("Instagram").fill("@kaishoots");
      await add.getByLabel("Notes").fill("Drone licence");
      await add.getByRole("button", { name: "Add Contact" }).click();
      await expect(toast(page, "success", "Contact added")).toBeVisible();
      await expect(add).toBeHidden();
      await expect(page).toHaveURL(/\/settings\?tab=contacts$/);
      const row = contactRow(page, name);
      for (const shown of ["Associate Shooter", "kai@example.com", "555-0142", "@kaishoots", "Drone licence"]) await expect(row).toContainText(shown);

      await rowMenu(page, name, "Edit");
      const edit = dialog(page, "Edit Contact");
      await expect(edit.getByLabel("Instagram")).toHaveValue("kaishoots");
      await edit.getByLabel("Last Name").fill("Moana");
      await edit.getByLabel("Shooter Type").selectOption("second_shooter");
      await edit.getByLabel("Phone").fill("");
      await edit.getByRole("button", { name: "Save Contact" }).click();
      await expect(toast(page, "success", "Contact updated")).toBeVisible();
      const renamed = contactRow(page, `${name} Moana`);
      await expect(renamed).toContainText("Second Shooter");
      await expect(renamed).not.toContainText("555-0142");

      await rowMenu(page, `${name} Moana`, "Delete");
      const confirm = dialog(page, "Delete contact?");
      await expect(confirm).toContainText(`${name} Moana will be removed from your saved contacts.`);
      await confirm.getByRole("button", { name: "Delete Contact" }).click();
      await expect(toast(page, "success", "Contact deleted")).toBeVisible();
      await expect(contactRow(page, name)).toHaveCount(0);
    });
  });

  test("notification preferences: reminders off and 3 days, kept after a reload", async ({ page }) => {
    await openSettings(page, "?tab=notifications");
    // docs/product/limits.md#defaults-when-adding defaults: reminders on, 1 day before.
    await expect(page.getByLabel("Upcoming event reminders")).toBeChecked();
    await expect(page.getByLabel("Days before the event")).toHaveValue("1");

    await page.getByLabel("Days before the event").fill("31");
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect(toast(page, "error", "Validation Error").filter({ hasText: "Reminder days must be between 1 and 30" })).toBeVisible();

    await page.getByLabel("Upcoming event reminders").uncheck();
    await page.getByLabel("Days before the event").fill("3");
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect(toast(page, "success", "Notification preferences saved")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Upcoming event reminders")).not.toBeChecked();
    await expect(page.getByLabel("Days before the event")).toHaveValue("3");
  });

  test("subscription tab: a free account sees guest access and the way to Pro; help links and Sign Out on every tab", async ({ page }) => {
    await openSettings(page, "?tab=subscription");
    await expect(page.getByRole("heading", { name: "Free Guest Access" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("button", { name: /portal|manage/i })).toHaveCount(0);
    for (const tab of ["Notifications", "Contacts", "Business", "Subscription"]) {
      await sectionLink(page, tab).click();
      await expect(sectionLink(page, tab)).toHaveAttribute("aria-current", "page");
      const help = page.getByRole("navigation", { name: "Help" });
      for (const link of ["Support", "Privacy Policy", "About"]) await expect(help.getByRole("link", { name: link })).toBeVisible();
      await expect(page.getByRole("button", { name: "Sign Out", exact: true })).toBeVisible();
    }
    await page.getByRole("main").getByRole("link", { name: "See Pro" }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByRole("heading", { name: "Subscribe to Pro" })).toBeVisible();
  });
});

test.describe("settings without JavaScript", () => {
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: REFUSED });

  test("a contact is added through the server, which reports the missing name first", async ({ page }) => {
    await openSettings(page, "?tab=contacts", { hydrate: false });
    await page.getByRole("link", { name: "Add Contact" }).click();
    const add = dialog(page, "Add Contact");
    await add.getByLabel("Email").fill("nojs@example.com");
    await add.getByRole("button", { name: "Add Contact" }).click();
    await expect(toast(page, "error", "Validation Error").filter({ hasText: "First name is required" })).toBeVisible();
    await expect(add.getByText("First name is required")).toBeVisible();
    await expect(add.getByLabel("Email")).toHaveValue("nojs@example.com");

    const name = `Noor ${Date.now()}`;
    await add.getByLabel("First Name").fill(name);
    await add.getByRole("button", { name: "Add Contact" }).click();
    await expect(toast(page, "success", "Contact added")).toBeVisible();
    await expect(add).toHaveCount(0);
    await expect(contactRow(page, name)).toContainText("nojs@example.com");
  });

  test("business info saves through the server and the answer already greets with the new name", async ({ page }) => {
    await openSettings(page, "", { hydrate: false });
    const studio = `Server Side Studio ${Date.now()}`;
    await page.getByLabel("Business Name").fill(studio);
    await page.getByRole("button", { name: "Save Business Info" }).click();
    await expect(toast(page, "success", "Business information updated")).toBeVisible();
    await expect(page.getByRole("banner").getByText(`Hi, ${studio}`)).toBeVisible();
  });
});
