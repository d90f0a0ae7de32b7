import { readFile } from "node:fs/promises";
import { expect, test, waitForHydration } from "./fixtures";
import { createEventFromForm, demoSessionCookies } from "./helpers";

// docs/product/screens.md#import-and-export on a phone (Pixel 7, 412x915): the seeded
// wedding's people as CSV, and a CSV of people with one bad row imported into a new event:
// the preview names the bad row, and confirming adds the good rows only.

const DEMO_EVENT = "/events/00000000-0000-4000-8000-00000000d003";
let demoCookies: Awaited<ReturnType<typeof demoSessionCookies>>;

test.beforeAll(async ({ browser }) => {
  demoCookies = await demoSessionCookies(browser);
});

test.describe("import and export (phone)", () => {
  test("the lead downloads the seeded wedding's people and shots as CSV", async ({ page }) => {
    await page.context().addCookies(demoCookies);
    await page.goto(`${DEMO_EVENT}?tab=people`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Import and export" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Import and export" })).toBeVisible();
    await waitForHydration(page);

    const [people] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "People CSV" }).click()]);
    expect(people.suggestedFilename()).toBe("emma-james-wedding-people.csv");
    const peopleText = await readFile((await people.path())!, "utf8");
    const lines = peopleText.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("First Name,Last Name,Role,VIP,Pronunciation,Notes,Team notes");
    expect(lines).toContain("James,Okafor,Groom,yes,oh-KAH-for,,");
    expect(peopleText).toContain("Siobhan,Carter,Parent,yes,shiv-AWN,Mother of the bride.,");

    const [shots] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Shots CSV" }).click()]);
    const shotsText = await readFile((await shots.path())!, "utf8");
    expect(shotsText).toContain('Rings,Details,"Both rings plus the engagement ring, on the invitation suite."');
    await expect(page).toHaveURL(/\/data\?list=people$/);
  });

  test("a CSV of people with one bad row: the preview shows the error, confirming adds the good rows only", async ({ page }) => {
    await page.context().addCookies(demoCookies);
    const title = `Import Wedding ${Date.now()}`;
    await createEventFromForm(page, title);
    await page.getByRole("link", { name: "People" }).first().click();
    await expect(page.getByText("No people added yet")).toBeVisible();
    await page.getByRole("link", { name: "Import and export" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Import and export" })).toBeVisible();
    await waitForHydration(page);
    await expect(page.getByLabel("List")).toHaveValue("people");

    const csv = "Last Name,First Name,Role,VIP,Pronunciation\nNakamura,Hana,Grandparent,yes,HAH-nah\nNakamura,,Parent,no,\nNakamura,Kenji,Sibling,,\n";
    await page.getByLabel("CSV file").setInputFiles({ name: "family.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Preview import" }).click();

    const preview = page.getByRole("region", { name: "Preview: family.csv" });
    await expect(preview.getByRole("status")).toHaveText("3 rows read: 2 ready to import, 1 with errors (skipped).");
    const errors = preview.getByRole("region", { name: "Rows with errors (not imported)" });
    await expect(errors.getByText("Row 3")).toBeVisible();
    await expect(errors.getByText("First Name: First name is required")).toBeVisible();
    const ready = preview.getByRole("region", { name: "Ready to import" });
    await expect(ready.getByText("Hana Nakamura")).toBeVisible();
    await expect(ready.getByText("Kenji Nakamura")).toBeVisible();

    await preview.getByRole("button", { name: "Import 2 people" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Imported 2 people")).toBeVisible();
    await expect(page.getByText("2 people", { exact: true })).toBeVisible();
    await expect(page.getByText("Hana Nakamura")).toBeVisible();
    await expect(page.getByText("(HAH-nah)")).toBeVisible();
    await expect(page.getByText("Kenji Nakamura")).toBeVisible();
  });

  test("without JavaScript, a CSV of shots is previewed and imported by plain form posts", async ({ page, browser }) => {
    await page.context().addCookies(demoCookies);
    const title = `No-JS Import ${Date.now()}`;
    await createEventFromForm(page, title);
    const eventUrl = new URL(page.url()).pathname;
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 915 } });
    await context.addCookies(demoCookies);
    const plain = await context.newPage();
    await plain.goto(`${eventUrl}/data?list=shots`);
    await expect(plain.getByLabel("List")).toHaveValue("shots");
    const csv = "Title,Category,Description\nCouple + grandparents,Family Formals,By the oak\nSparkler exit,Exit,\n";
    await plain.getByLabel("CSV file").setInputFiles({ name: "shots.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await plain.getByRole("button", { name: "Preview import" }).click();
    await expect(plain.getByText("2 rows read: 2 ready to import.")).toBeVisible();
    await plain.getByRole("button", { name: "Import 2 shots" }).click();
    await expect(plain.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(plain.getByText("Imported 2 shots")).toBeVisible();
    await plain.goto(`${eventUrl}?tab=shots`);
    await expect(plain.getByText("Couple + grandparents")).toBeVisible();
    await expect(plain.getByText("Sparkler exit")).toBeVisible();
    await context.close();
  });
});
