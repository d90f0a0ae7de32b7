import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { checkOff, createEventFromForm, demoSessionCookies, toast } from "./helpers";

// The calendar feed (docs/product/screens.md#calendar-feed) on a phone: copy the link from
// Settings, fetch it as a calendar app does, move a block and see the entry move with a
// higher SEQUENCE under the same UID; 'Reset link' makes the old link a 404.

/** The VEVENT whose SUMMARY is `summary`: its UID, start and SEQUENCE. */
function entry(ics: string, summary: string) {
  const unfolded = ics.replace(/\r\n[ \t]/g, "");
  const found = unfolded.split("BEGIN:VEVENT").find((part) => part.includes(`\r\nSUMMARY:${summary}\r\n`));
  if (!found) throw new Error(`No entry "${summary}" in the feed`);
  const value = (name: string) => found.match(new RegExp(`\\r\\n${name}[:;]([^\\r]*)`))?.[1] ?? "";
  return { uid: value("UID"), start: value("DTSTART"), sequence: Number(value("SEQUENCE")) };
}

/** 20270918T200000Z as milliseconds. */
const instant = (value: string) => Date.parse(value.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));

async function openCard(page: Page) {
  await page.goto("/settings?tab=notifications");
  await waitForHydration(page);
  const card = page.getByRole("region", { name: "Calendar feed" });
  await expect(card).toBeVisible();
  return card;
}

test("copy the feed link from Settings, fetch it, move a block and fetch it moved with a higher SEQUENCE; Reset link makes the old link 404", async ({ page, context, browser }) => {
  await context.addCookies(await demoSessionCookies(browser));
  const title = `Feed Wedding ${Date.now()}`;
  await createEventFromForm(page, title);
  const eventPath = new URL(page.url()).pathname;

  // Settings: a link (made now if the demo has none yet) and every block in the feed.
  let card = await openCard(page);
  const create = card.getByRole("button", { name: "Create link" });
  if (await create.isVisible()) {
    await create.click();
    await expect(toast(page, "success", "Calendar link created")).toBeVisible();
    card = await openCard(page);
  }
  await card.getByLabel("Blocks in the feed").selectOption({ label: "Every block" });
  await card.getByRole("button", { name: "Save feed settings" }).click();
  await expect(toast(page, "success", "Calendar feed saved")).toBeVisible();
  await expect(card.getByLabel("Blocks in the feed")).toHaveValue("all");

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await card.getByRole("button", { name: "Copy link" }).click();
  await expect(toast(page, "success", "Link copied")).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/calendar\/[0-9a-f]{64}\.ics$/);
  await expect(card.getByLabel("Feed link")).toHaveValue(url);

  // A calendar app's fetch: no cookies, no referrer.
  const first = await page.request.get(url, { headers: { Cookie: "" } });
  expect(first.status()).toBe(200);
  expect(first.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(first.headers()["referrer-policy"]).toBe("no-referrer");
  const before = entry(await first.text(), `Ceremony · ${title}`);

  // Move the Ceremony 45 minutes later on the phone.
  await page.goto(eventPath);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Actions for Ceremony" }).click();
  await page.locator(":popover-open, #row-menu").getByRole("link", { name: "Edit", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit Block" });
  await edit.getByLabel("Start Time").fill("16:45");
  await edit.getByRole("button", { name: "Save Block" }).click();
  await expect(toast(page, "success", "Timeline block updated")).toBeVisible();
  await expect(checkOff(page, /^Ceremony/)).toContainText("4:45 PM");

  // 'Add to calendar' on the phone: the event's day as one .ics.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Add to calendar" }).click();
  expect((await download).suggestedFilename()).toBe(`${title.replaceAll(" ", "-")}.ics`);

  const after = entry(await (await page.request.get(url, { headers: { Cookie: "" } })).text(), `Ceremony · ${title}`);
  expect(after.uid).toBe(before.uid);
  expect(instant(after.start) - instant(before.start)).toBe(45 * 60_000);
  expect(after.sequence).toBeGreaterThan(before.sequence);

  // 'Reset link': the old link stops at once, the new one works.
  card = await openCard(page);
  await card.getByRole("button", { name: "Reset link" }).click();
  await expect(toast(page, "success", "Calendar link reset")).toBeVisible();
  await expect(card.getByLabel("Feed link")).not.toHaveValue(url);
  const fresh = await card.getByLabel("Feed link").inputValue();
  const old = await page.request.get(url, { headers: { Cookie: "" } });
  expect(old.status()).toBe(404);
  expect(await old.text()).toBe("Not found");
  expect((await page.request.get(fresh, { headers: { Cookie: "" } })).status()).toBe(200);

  // The card has no WCAG 2 A/AA violation, light or dark.
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    const axe = await new AxeBuilder({ page }).include("section[aria-labelledby=calendar-feed-title]").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  }
});
