import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { bellButton, demoSessionCookies, sectionLink, skipInviteStep, toast, uniqueEmail } from "./helpers";

// A couple opens their link on a phone without an account and can do exactly
// what the photographer allowed; the photographer is told; revoking ends it.

let demoCookies: Awaited<ReturnType<typeof demoSessionCookies>>;

test.beforeAll(async ({ browser }) => {
  demoCookies = await demoSessionCookies(browser);
});

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

test.describe("client portal (phone)", () => {
  // The revoked link's page answers 404.
  test.use({ expectedConsoleErrors: [/status of 404 \(Not Found\)/] });

  test("people editing only: the couple adds a person and finds no other add button; the lead is told, then revokes", async ({ page, browser, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await context.addCookies(demoCookies);
    const title = `Portal Wedding ${Date.now()}`;
    await page.goto("/events/new");
    await waitForHydration(page);
    await page.getByLabel("Event Title").fill(title);
    await page.getByLabel("Wedding Date").fill("2027-08-14");
    await page.getByRole("button", { name: "Create Event" }).click();
    await skipInviteStep(page);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await waitForHydration(page);
    const eventUrl = page.url();

    // The lead creates access with only people editing.
    await sectionLink(page, "Client").click();
    await page.getByRole("link", { name: "Create Client Access" }).click();
    const create = dialog(page, "Create Client Access");
    const clientEmail = uniqueEmail("couple");
    await create.getByLabel("Client Email").fill(clientEmail);
    for (const flag of ["Timeline", "Shot list", "Vendors"]) await create.getByLabel(flag, { exact: true }).uncheck();
    await expect(create.getByLabel("People", { exact: true })).toBeChecked();
    await create.getByRole("button", { name: "Create Access" }).click();
    await expect(toast(page, "success", "Client access created")).toBeVisible();
    const created = dialog(page, "Client link created");
    await created.getByRole("button", { name: "Copy Link" }).click();
    await expect(toast(page, "success", "Link copied")).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/client\/[0-9a-f]{64}$/);
    await created.getByRole("link", { name: "Done" }).click();
    const row = page.getByRole("listitem").filter({ hasText: clientEmail });
    await expect(row).toContainText("Can edit: people");
    // Later the link cannot be copied again.
    await row.getByRole("button", { name: "Copy Link" }).click();
    await expect(toast(page, "error", "Cannot copy link")).toContainText("For security, links can only be copied immediately after creation.");

    // The couple, in a fresh browser without an account.
    const couple = await browser.newContext({ ...test.info().project.use, javaScriptEnabled: true });
    const phone = await couple.newPage();
    await phone.goto(link);
    await expect(phone).toHaveURL(/\/client\/view\/[0-9a-f-]{36}$/);
    expect(phone.url()).not.toContain(link.split("/client/")[1]);
    await expect(phone.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(phone.getByText("Client View")).toBeVisible();
    await waitForHydration(phone);
    await expect(phone.getByText("The day, hour by hour (editing disabled)")).toBeVisible();
    await expect(phone.getByRole("link", { name: "Add Block" })).toHaveCount(0);

    await sectionLink(phone, "People").click();
    await expect(phone.getByRole("heading", { name: "People & Groups" })).toBeVisible();
    await phone.getByRole("link", { name: "Add Person" }).click();
    const add = dialog(phone, "Add Person");
    await add.getByLabel("First Name").fill("Rosa");
    await add.getByLabel("Last Name").fill("Diaz");
    await add.getByLabel("Role").selectOption("parent");
    await add.getByRole("button", { name: "Add Person" }).click();
    await expect(toast(phone, "success", "Person added")).toContainText("The photographer has been notified of your changes.");
    await expect(phone.getByText("Rosa Diaz")).toBeVisible();

    await sectionLink(phone, "Shot List").click();
    await expect(phone.getByText("View-only: Contact your photographer to request changes")).toBeVisible();
    await expect(phone.getByRole("link", { name: "Add Shot" })).toHaveCount(0);
    await expect(phone.getByRole("button", { name: /Rings/ })).toBeDisabled();
    await sectionLink(phone, "Vendors").click();
    await expect(phone.getByRole("heading", { name: "0 vendor(s)" })).toBeVisible();
    await expect(phone.getByRole("link", { name: "Add Vendor" })).toHaveCount(0);

    // The lead sees the notification and the new person.
    await page.goto(`${eventUrl}?tab=people`);
    await waitForHydration(page);
    await expect(page.getByRole("region", { name: "People" }).getByText("Rosa Diaz")).toBeVisible();
    await bellButton(page).click();
    await expect(page.getByRole("region", { name: "Notifications" })).toContainText(`${clientEmail} added Rosa Diaz to the people list in ${title}.`);
    await page.keyboard.press("Escape");

    // Revoked: the portal stops on the next request.
    await page.goto(`${eventUrl}?tab=client`);
    await waitForHydration(page);
    await page.getByRole("listitem").filter({ hasText: clientEmail }).getByRole("link", { name: "Revoke" }).click();
    await dialog(page, "Revoke client access?").getByRole("button", { name: "Revoke" }).click();
    await expect(toast(page, "success", "Access revoked")).toBeVisible();
    await phone.reload();
    await expect(phone.getByRole("heading", { name: "Access not found or expired" })).toBeVisible();
    await phone.goto(link);
    await expect(phone.getByRole("heading", { name: "Access not found or expired" })).toBeVisible();
    await couple.close();
  });
});
