import { expect, test, waitForHydration } from "./fixtures";
import { demoSessionCookies, skipInviteStep, toast } from "./helpers";

// The light at the venue (docs/product/screens.md#the-light) on a phone: the seeded wedding's
// barn shows Golden hour, Sunset and Blue hour among its blocks, in time order; a new event
// says to add the location, and once the lead types it the rows appear.

const DEMO_EVENT = "/events/00000000-0000-4000-8000-00000000d003";
// A phone in North Carolina: a new event takes its time zone, as the venue's.
test.use({ timezoneId: "America/New_York" });

const markers = (page: import("@playwright/test").Page) => page.locator("[data-light-marker]");

test("golden hour, sunset and blue hour for the seeded wedding's venue, among its blocks in time order; a new event's location typed by the lead", async ({ page, browser }) => {
  await page.context().addCookies(await demoSessionCookies(browser));
  await page.goto(DEMO_EVENT);
  await waitForHydration(page);
  await expect(markers(page)).toHaveCount(3);
  await expect(markers(page).nth(0)).toHaveText(/^.*Golden hour\s*\d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M$/);
  await expect(markers(page).nth(1)).toHaveText(/Sunset\s*\d{1,2}:\d{2} PM$/);
  await expect(markers(page).nth(2)).toHaveText(/Blue hour/);
  // Each row sits between the blocks around its time.
  const rows = await page.locator("main ol > li").evaluateAll((items) =>
    items.map((item) => (item.hasAttribute("data-light-marker") ? `marker ${item.textContent}` : (item.querySelector("[aria-pressed]")?.textContent ?? ""))),
  );
  const toMinutes = (text: string) => {
    const match = /(\d{1,2}):(\d{2}) ([AP]M)/.exec(text);
    return match ? ((Number(match[1]) % 12) + (match[3] === "PM" ? 12 : 0)) * 60 + Number(match[2]) : null;
  };
  const starts = rows.map(toMinutes).filter((minutes) => minutes !== null);
  expect(starts).toEqual([...starts].sort((a, b) => a! - b!));

  // A new event: no location, the hint; the lead types it, and the light shows.
  const title = `Light Wedding ${Date.now()}`;
  await page.goto("/events/new");
  // Hydrated, the form sends the phone's time zone (before, the event would be on UTC, where
  // the barn's golden hour starts after midnight: no rows).
  await waitForHydration(page);
  await page.getByLabel("Event Title").fill(title);
  await page.getByLabel("Wedding Date").fill("2027-06-19");
  await page.getByRole("button", { name: "Create Event" }).click();
  await skipInviteStep(page);
  await waitForHydration(page);
  await expect(markers(page)).toHaveCount(0);
  await page.getByRole("link", { name: "Add the venue's location" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Event" });
  await edit.getByLabel("Latitude").fill("35.579");
  await edit.getByLabel("Longitude").fill("-82.67");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "success", "Event updated successfully.")).toBeVisible();
  await expect(markers(page)).toHaveCount(3);
  await expect(page.getByRole("link", { name: "Add the venue's location" })).toHaveCount(0);
});

test("the lead finds the venue by its address: the search fills the latitude and longitude, and the light shows", async ({ page, browser }) => {
  await page.context().addCookies(await demoSessionCookies(browser));
  const title = `Barn Wedding ${Date.now()}`;
  await page.goto("/events/new");
  await waitForHydration(page);
  await page.getByLabel("Event Title").fill(title);
  await page.getByLabel("Wedding Date").fill("2027-06-19");
  await page.getByRole("button", { name: "Create Event" }).click();
  await skipInviteStep(page);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Add the venue's location" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Event" });
  // Nothing known by that name: said, and nothing filled in.
  await edit.getByLabel("Search address").fill("Nowhere Lane 404, Atlantis");
  await edit.getByRole("button", { name: "Search", exact: true }).click();
  await expect(edit.getByText("No places found. Try a fuller address, or type the latitude and longitude.")).toBeVisible();
  // Enter searches; it does not save the form.
  await edit.getByLabel("Search address").fill("Willow Creek Barn, Asheville");
  await edit.getByLabel("Search address").press("Enter");
  const places = edit.getByRole("list", { name: "Places found" });
  await places.getByRole("button", { name: "Willow Creek Barn, Asheville, NC 28806, United States of America" }).click();
  await expect(edit.getByLabel("Latitude")).toHaveValue("35.579");
  await expect(edit.getByLabel("Longitude")).toHaveValue("-82.67");
  await expect(edit.getByText("Location set: Willow Creek Barn, Asheville, NC 28806, United States of America")).toBeVisible();
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "success", "Event updated successfully.")).toBeVisible();
  await expect(markers(page)).toHaveCount(3);


  // 'Clear location' empties both fields; saved, the rows go and the hint is back.
  await page.getByRole("button", { name: `Actions for ${title}` }).click();
  await page.locator(":popover-open, #row-menu").getByRole("link", { name: "Edit event", exact: true }).click();
  await edit.getByRole("button", { name: "Clear location" }).click();
  await expect(edit.getByLabel("Latitude")).toHaveValue("");
  await expect(edit.getByLabel("Longitude")).toHaveValue("");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(markers(page)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Add the venue's location" })).toBeVisible();
});

test("a block anchored to the light: the seeded portraits ride golden hour; one anchored to sunset starts at the Sunset row, and a first look at noon is outside golden hour", async ({ page, browser }) => {
  await page.context().addCookies(await demoSessionCookies(browser));
  const title = `Sunset Wedding ${Date.now()}`;
  await page.goto("/events/new");
  await waitForHydration(page);
  await page.getByLabel("Event Title").fill(title);
  await page.getByLabel("Wedding Date").fill("2027-06-19");
  await page.getByRole("button", { name: "Create Event" }).click();
  await skipInviteStep(page);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Add the venue's location" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Event" });
  // The dialog's script is running (its search is there): the save goes through the outbox.
  await expect(edit.getByLabel("Search address")).toBeVisible();
  await edit.getByLabel("Latitude").fill("35.579");
  await edit.getByLabel("Longitude").fill("-82.67");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(markers(page)).toHaveCount(3);
  const sunset = (await page.locator("[data-light-marker=sunset]").textContent())!.match(/\d{1,2}:\d{2} [AP]M/)![0];

  await page.getByRole("link", { name: "Add Block" }).click();
  const add = page.getByRole("dialog", { name: "Add Block" });
  await add.getByLabel("Title").fill("Sunset Portraits");
  await add.getByLabel("Type").selectOption({ label: "Portraits" });
  await add.getByLabel("Duration (minutes)").fill("15");
  await add.getByLabel("Anchor to").selectOption({ label: "Sunset" });
  // The form shows the sun's start in place of Start Time.
  await expect(add.getByLabel("Start Time")).toHaveCount(0);
  await expect(add.getByText(sunset, { exact: true })).toBeVisible();
  await add.getByRole("button", { name: "Add Block" }).click();
  const portraits = page.getByRole("button", { name: /^Sunset Portraits/ });
  await expect(portraits).toContainText(`${sunset} – `);
  await expect(portraits).toContainText("Anchored to Sunset");
  await expect(portraits).not.toContainText("Outside golden hour");

  await page.getByRole("link", { name: "Add Block" }).click();
  await add.getByLabel("Title").fill("First Look");
  await add.getByLabel("Type").selectOption({ label: "First Look" });
  await add.getByLabel("Start Time").fill("12:00");
  await add.getByLabel("Duration (minutes)").fill("30");
  await add.getByRole("button", { name: "Add Block" }).click();
  await expect(page.locator("li", { has: page.getByRole("button", { name: /^First Look/ }) })).toContainText("Outside golden hour");

  // The seeded wedding's portraits are anchored 10 minutes into golden hour.
  await page.goto(DEMO_EVENT);
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: /^Golden Hour Portraits/ })).toContainText("Anchored to Golden hour start, 10 min after");
});
