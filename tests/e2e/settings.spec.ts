import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { sessionCookies, toast } from "./helpers";

// Issue 5, item 7: /settings on a phone, as the seeded second shooter (a free account).

const ALEX = { email: "alex@eventflow.app", password: "EventFlow2026" };
let alexCookies: Awaited<ReturnType<import("@playwright/test").BrowserContext["cookies"]>>;

test.beforeAll(async ({ browser }) => {
  alexCookies = await sessionCookies(browser, ALEX.email, ALEX.password);
});

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

test.describe("settings (phone)", () => {
  test("business info saves, renames the greeting and is logged on this device", async ({ page }) => {
    await page.context().addCookies(alexCookies);
    await page.goto("/settings");
    await waitForHydration(page);
    await page.getByLabel("Business Name").fill("");
    await page.getByRole("button", { name: "Save Business Info" }).click();
    await expect(toast(page, "error", "Validation Error").filter({ hasText: "Business name is required" })).toBeVisible();
    const studio = `Rivera Photo ${Date.now()}`;
    await page.getByLabel("Business Name").fill(studio);
    await page.getByLabel("Business Email").fill("hello@riveraphoto.example");
    await page.getByRole("button", { name: "Save Business Info" }).click();
    await expect(toast(page, "success", "Business information updated")).toBeVisible();
    await expect(page.getByRole("banner")).toContainText(`Hi, ${studio}`);
    const log = await page.evaluate(() => JSON.parse(localStorage.getItem("event-flow-audit-log") ?? "[]"));
    expect(log[0]).toMatchObject({ action: "profile_updated", userEmail: "alex@eventflow.app" });
  });

  test("saved contacts: add, edit, delete", async ({ page }) => {
    await page.context().addCookies(alexCookies);
    await page.goto("/settings?tab=contacts");
    await waitForHydration(page);
    const name = `Kai ${Date.now()}`;
    await page.getByRole("link", { name: "Add Contact" }).click();
    const add = dialog(page, "Add Contact");
    await add.getByLabel("First Name").fill(name);
    await add.getByLabel("Email").fill("kai@");
    await add.getByRole("button", { name: "Add Contact" }).click();
    await expect(toast(page, "error", "Validation Error").filter({ hasText: "Invalid email address" })).toBeVisible();
    await add.getByLabel("Email").fill("kai@example.com");
    await add.getByLabel("Shooter Type").selectOption("associate_shooter");
    await add.getByLabel("Instagram").fill("@kaishoots");
    await add.getByRole("button", { name: "Add Contact" }).click();
    await expect(toast(page, "success", "Contact added")).toBeVisible();
    const row = page.getByRole("listitem").filter({ hasText: name });
    await expect(row).toContainText("Associate Shooter");
    await expect(row).toContainText("@kaishoots");

    await row.getByLabel(`Actions for ${name}`).click();
    await row.getByRole("link", { name: "Edit" }).click();
    const edit = dialog(page, "Edit Contact");
    await edit.getByLabel("Last Name").fill("Moana");
    await edit.getByRole("button", { name: "Save Contact" }).click();
    await expect(toast(page, "success", "Contact updated")).toBeVisible();
    const renamed = page.getByRole("listitem").filter({ hasText: `${name} Moana` });
    await expect(renamed).toBeVisible();

    await renamed.getByLabel(`Actions for ${name} Moana`).click();
    await renamed.getByRole("link", { name: "Delete" }).click();
    await dialog(page, "Delete contact?").getByRole("button", { name: "Delete Contact" }).click();
    await expect(toast(page, "success", "Contact deleted")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
  });

  test("notification preferences save", async ({ page }) => {
    await page.context().addCookies(alexCookies);
    await page.goto("/settings?tab=notifications");
    await waitForHydration(page);
    await page.getByLabel("Days before the event").fill("3");
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect(toast(page, "success", "Notification preferences saved")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Days before the event")).toHaveValue("3");
  });

  test("the subscription tab of a free account shows guest access", async ({ page }) => {
    await page.context().addCookies(alexCookies);
    await page.goto("/settings?tab=subscription");
    await expect(page.getByRole("heading", { name: "Free Guest Access" })).toBeVisible();
  });
});

test.describe("settings without JavaScript", () => {
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test("a contact is added through the server, which reports the missing name first", async ({ page }) => {
    await page.context().addCookies(alexCookies);
    await page.goto("/settings?tab=contacts");
    await page.getByRole("link", { name: "Add Contact" }).click();
    const add = dialog(page, "Add Contact");
    await add.getByLabel("Email").fill("nojs@example.com");
    await add.getByRole("button", { name: "Add Contact" }).click();
    await expect(add.getByText("First name is required")).toBeVisible();
    const name = `Noor ${Date.now()}`;
    await add.getByLabel("First Name").fill(name);
    await add.getByRole("button", { name: "Add Contact" }).click();
    await expect(toast(page, "success", "Contact added")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: name })).toBeVisible();
  });
});
