import { expect, test, waitForHydration } from "./fixtures";
import { checkOff, createClientLink, createEventFromForm, d1, demoSessionCookies, sectionLink, toast, waitUntilKept } from "./helpers";

// 'Client edits lock on' (docs/product/screens.md#edit-event): the lead sets the date on a
// phone; the couple's open portal loses its edit controls live, and the change it queued
// offline is refused on reconnect with the lock's words, its check-off rolled back.

const LOCKED = "Changes are locked by your photographer.";

test.describe("client edits lock (phone)", () => {
  // The couple's change, refused, leaves a failed request behind while offline.
  test.use({ expectedConsoleErrors: [[/Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)/, /status of 403 \(Forbidden\)/], { scope: "test" }] });

  test("the lead locks client edits: the open portal shows it live with no controls, and its change queued offline is refused with the lock's words", async ({ page, browser }) => {
    test.slow();
    const title = `Locked Wedding ${Date.now()}`;
    await page.context().addCookies(await demoSessionCookies(browser));
    await createEventFromForm(page, title, "2027-08-14");
    const eventId = new URL(page.url()).pathname.split("/")[2]!;
    const { link } = await createClientLink(page);

    const couple = await browser.newContext({ ...test.info().project.use, javaScriptEnabled: true });
    const phone = await couple.newPage();
    await phone.goto(link);
    await waitForHydration(phone);
    await expect(phone.locator("[data-live-status=live]")).toBeVisible();
    await waitUntilKept(phone, new URL(phone.url()).pathname);
    await sectionLink(phone, "Shot List").click();
    await expect(phone.getByRole("link", { name: "Add Shot" })).toBeVisible();
    // Offline, the couple checks off a shot: it waits on the device.
    await couple.setOffline(true);
    await expect(phone.locator("[data-live-status=offline]")).toBeVisible();
    const rings = checkOff(phone, /^Rings/);
    const was = await rings.getAttribute("aria-pressed");
    await rings.click();
    await expect(rings).not.toHaveAttribute("aria-pressed", was!);

    // Meanwhile the lead locks client edits from a date that has come.
    await page.getByRole("button", { name: `Actions for ${title}` }).click();
    await page.locator(":popover-open, #row-menu").getByRole("link", { name: "Edit event", exact: true }).click();
    const edit = page.getByRole("dialog", { name: "Edit Event" });
    const lock = edit.getByLabel("Client edits lock on");
    await expect(lock).toHaveValue("");
    await expect(edit.getByText("Suggested: Aug 12, 2027, two days before.")).toBeVisible();
    await lock.fill("2020-01-01");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "success", "Event updated successfully.")).toBeVisible();
    expect(await d1(`SELECT client_edits_lock_on FROM events WHERE id = '${eventId}'`, { json: true })).toEqual([{ client_edits_lock_on: "2020-01-01" }]);

    // Back online: the queued check-off is refused and rolled back; the portal is locked, live.
    await couple.setOffline(false);
    await expect(phone.getByRole("alert").filter({ hasText: LOCKED })).toBeVisible();
    await expect(rings).toHaveAttribute("aria-pressed", was!);
    await expect(phone.getByRole("main").getByText(LOCKED, { exact: true })).toBeVisible();
    await expect(phone.getByRole("link", { name: "Add Shot" })).toHaveCount(0);
    await expect(rings).toBeDisabled();
    expect(await d1(`SELECT is_done FROM shot_list_items WHERE event_id = '${eventId}' AND title = 'Rings'`, { json: true })).toEqual([{ is_done: was === "true" ? 1 : 0 }]);
    await couple.close();
  });
});
