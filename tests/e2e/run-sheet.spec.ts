import { readFileSync } from "node:fs";
import { expect, test, waitForHydration } from "./fixtures";
import { demoSessionCookies, sectionLink, sessionCookies, toast, uniqueEmail } from "./helpers";
import { readPdf } from "./pdf";

// The run sheet (docs/product/screens.md#run-sheet) on a phone: the lead opens it from the
// event's menu, the whole team's and one member's; the PDF carries the version the page
// shows and a QR code that opens the live plan; a couple's sheet has nothing of the team's.

const EVENT = "00000000-0000-4000-8000-00000000d003";

test.describe("run sheet (phone)", () => {
  test("the lead's sheet and its PDF: the version and a QR code to the live event; one member's sheet", async ({ page, browser, baseURL }) => {
    await page.context().addCookies(await demoSessionCookies(browser));
    await page.goto(`/events/${EVENT}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Actions for Emma & James Wedding" }).click();
    await page.locator(":popover-open").getByRole("link", { name: "Run sheet" }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${EVENT}/run-sheet$`));
    const sheet = page.getByRole("article", { name: "Run sheet" });
    await expect(sheet.getByRole("heading", { level: 1 })).toHaveText("Emma & James Wedding");
    for (const section of ["Timeline", "Shot list", "People", "Vendors", "Team"]) await expect(sheet.getByRole("heading", { level: 2, name: section })).toBeVisible();
    // The timeline in time order, with fixed moments, the light and who shoots what.
    await expect(sheet).toContainText("Getting Ready: Emma");
    await expect(sheet).toContainText("Fixed time");
    await expect(sheet).toContainText("Golden hour");
    await expect(sheet).toContainText("Assigned: Alex");
    const version = (await sheet.getByText(/^Version \d+ · made /).textContent())!;
    const number = /^Version (\d+)/.exec(version)![1];
    // US Letter for a wedding in North Carolina.
    await expect(page.getByRole("navigation", { name: "Paper" }).getByRole("link", { name: "US Letter" })).toHaveAttribute("aria-current", "page");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
    expect(download.suggestedFilename()).toBe("Emma  James Wedding run sheet.pdf");
    const pdf = await readPdf(new Uint8Array(readFileSync((await download.path())!)));
    expect(pdf.text).toContain(`Version ${number} · made`);
    expect(pdf.text).toContain("Emma & James Wedding");
    expect(pdf.text).toContain("Getting Ready: Emma");
    expect(pdf.text).toContain("Scan for the live plan");
    expect(pdf.qr).toBe(`${baseURL}/events/${EVENT}`);
    expect(pdf.size).toEqual([612, 792]);

    // A4 on request: the same sheet on the other paper.
    await page.getByRole("navigation", { name: "Paper" }).getByRole("link", { name: "A4" }).click();
    await expect(page).toHaveURL(/paper=a4/);
    const [a4] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
    expect((await readPdf(new Uint8Array(readFileSync((await a4.path())!)))).size).toEqual([595.28, 841.89]);

    // Alex's sheet: only his blocks and shots.
    await page.getByRole("navigation", { name: "Whose run sheet" }).getByRole("link", { name: "Alex Rivera" }).click();
    await expect(sheet).toContainText("Run sheet for Alex Rivera");
    await expect(sheet).not.toContainText("Getting Ready: Emma");
    await expect(sheet).toContainText("Getting Ready: James");
  });

  test("a second shooter opens it from the event page and picks 'Mine'", async ({ page, browser }) => {
    await page.context().addCookies(await sessionCookies(browser, "alex@eventflow.app", "EventFlow2026"));
    await page.goto(`/events/${EVENT}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Actions for Emma & James Wedding" }).click();
    await page.locator(":popover-open").getByRole("link", { name: "Run sheet" }).click();
    await page.getByRole("navigation", { name: "Whose run sheet" }).getByRole("link", { name: "Mine" }).click();
    const sheet = page.getByRole("article", { name: "Run sheet" });
    await expect(sheet).toContainText("Run sheet for Alex Rivera");
    await expect(sheet).toContainText("Getting Ready: James");
  });

  test("the couple's sheet shows what the portal shows: no team notes, assignments or team", async ({ page, browser, baseURL }) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.context().addCookies(await demoSessionCookies(browser));
    await page.goto(`/events/${EVENT}`);
    await waitForHydration(page);
    await sectionLink(page, "Client").click();
    await page.getByRole("link", { name: "Create Client Access" }).click();
    const create = page.getByRole("dialog", { name: "Create Client Access" });
    await create.getByLabel("Client Email").fill(uniqueEmail("run-sheet"));
    await create.getByRole("button", { name: "Create Access" }).click();
    await expect(toast(page, "success", "Client access created")).toBeVisible();
    await page.getByRole("dialog", { name: "Client link created" }).getByRole("button", { name: "Copy Link" }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());

    const couple = await browser.newContext({ ...test.info().project.use });
    const phone = await couple.newPage();
    await phone.goto(link);
    await waitForHydration(phone);
    await phone.getByRole("link", { name: "Run sheet" }).click();
    const sheet = phone.getByRole("article", { name: "Run sheet" });
    await expect(sheet.getByRole("heading", { level: 2, name: "Timeline" })).toBeVisible();
    await expect(sheet).toContainText("Unplugged ceremony");
    await expect(sheet).not.toContainText("Keep Alex at the north gate");
    await expect(sheet).not.toContainText("Assigned:");
    await expect(sheet.getByRole("heading", { level: 2, name: "Team" })).toHaveCount(0);
    await expect(phone.getByRole("navigation", { name: "Whose run sheet" })).toHaveCount(0);
    const accessPath = new URL(phone.url()).pathname.replace(/\/run-sheet$/, "");
    const [download] = await Promise.all([phone.waitForEvent("download"), phone.getByRole("link", { name: "Download PDF" }).click()]);
    const pdf = await readPdf(new Uint8Array(readFileSync((await download.path())!)));
    expect(pdf.text).not.toContain("north gate");
    expect(pdf.text).not.toContain("Assigned:");
    expect(pdf.qr).toBe(`${baseURL}${accessPath}`);
    await couple.close();
  });
});
