import type { Browser, Page } from "@playwright/test";
import { expect, test, waitForElementHydration, waitForHydration } from "./fixtures";
import { createEventFromForm, createViewOnlyClientLink, d1, makePro, sessionCookies, signUp, toast, uniqueEmail } from "./helpers";

// docs/product/flows.md#deleting-an-event: a deleted event's pages say so to the people
// who could open it (decision 017), on a phone. The seeded second shooter (alex@eventflow.app)
// is put on the team of a new lead's event.

const DELETED = "This event was deleted by its photographer";
const q = (value: string) => `'${value.replaceAll("'", "''")}'`;

// The deleted event's document and data requests answer 410, which Chromium logs; a live
// page's socket is refused (404) once the event is gone.
test.use({ expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of (404|410)/] });

async function openAs(browser: Browser, cookies: Awaited<ReturnType<typeof sessionCookies>> | null, path: string) {
  const context = await browser.newContext({ ...test.info().project.use, javaScriptEnabled: true });
  if (cookies) await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto(path);
  await waitForHydration(page);
  return page;
}

async function deleteEvent(page: Page, eventPath: string) {
  await page.goto(`${eventPath}?dialog=delete-event`);
  await waitForHydration(page);
  const remove = page.getByRole("dialog", { name: "Delete Event" });
  const confirm = remove.getByLabel('Type "delete" to confirm');
  await waitForElementHydration(confirm);
  await confirm.fill("delete");
  await remove.getByRole("button", { name: "Delete Event" }).click();
  await expect(toast(page, "success", "Event deleted successfully")).toBeVisible();
}

test.describe("a deleted event (phone)", () => {
  test("its open pages and its links say it was deleted by its photographer, with a way home", async ({ page, browser }) => {
    // Three people's devices and a sign-up: 45-55 s on a 2-core machine, near the 60 s default.
    test.slow();
    const lead = { email: uniqueEmail("deleting-lead"), password: "Deleting2026", firstName: "Dana", lastName: "Reyes" };
    await signUp(page, lead);
    await makePro(lead.email);
    await createEventFromForm(page, `Deleted Wedding ${Date.now()}`);
    const eventPath = new URL(page.url()).pathname;
    const eventId = eventPath.split("/").pop()!;
    const { link } = await createViewOnlyClientLink(page);
    await d1(
      `INSERT INTO event_second_shooters (id, event_id, user_id, status) VALUES (${q(crypto.randomUUID())}, ${q(eventId)}, (SELECT id FROM users WHERE email = 'alex@eventflow.app'), 'accepted');`,
    );

    // The teammate and the couple have the event open, live.
    const alexCookies = await sessionCookies(browser, "alex@eventflow.app", "EventFlow2026");
    const teammate = await openAs(browser, alexCookies, eventPath);
    await expect(teammate.locator("[data-live-status=live]")).toBeVisible();
    const couple = await openAs(browser, null, new URL(link).pathname);
    await expect(couple.locator("[data-live-status=live]")).toBeVisible();

    await deleteEvent(page, eventPath);

    // The open pages turn into the deleted page by themselves.
    await expect(teammate.getByRole("heading", { level: 1, name: DELETED })).toBeVisible();
    await expect(couple.getByRole("heading", { level: 1, name: DELETED })).toBeVisible();
    await expect(couple.getByRole("link", { name: "Return to Home" })).toBeVisible();

    // Opened again later: the same words, not 'Oops! Page not found', and the way home works.
    await teammate.reload();
    await expect(teammate.getByRole("heading", { level: 1, name: DELETED })).toBeVisible();
    await expect(teammate.getByText("Oops! Page not found")).toHaveCount(0);
    await teammate.getByRole("link", { name: "Back to Events" }).click();
    await expect(teammate).toHaveURL(/\/(\?.*)?$/);
    await teammate.context().close();

    // The e-mailed link itself, opened after the deletion.
    const later = await couple.context().newPage();
    await later.goto(link);
    await expect(later.getByRole("heading", { level: 1, name: DELETED })).toBeVisible();
    await couple.context().close();

    // Someone who was never on the team still gets the plain not-found.
    const stranger = { email: uniqueEmail("stranger"), password: "Stranger2026", firstName: "Sol", lastName: "Vega" };
    const strangerContext = await browser.newContext({ ...test.info().project.use, javaScriptEnabled: true });
    const strangerPage = await strangerContext.newPage();
    await signUp(strangerPage, stranger);
    await strangerPage.goto(eventPath);
    await expect(strangerPage.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect(strangerPage.getByText(DELETED)).toHaveCount(0);
    await strangerContext.close();
  });
});
