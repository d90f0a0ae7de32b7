import { expect, test, waitForHydration } from "./fixtures";
import type { Page } from "@playwright/test";
import { checkOff, d1, demoSessionCookies, sectionLink, skipInviteStep, toast } from "./helpers";

// Templates (docs/product/screens.md#save-as-template, #templates, #create-event) on a phone:
// the lead saves the seeded wedding as a template, starts a new event from it at another
// first start and sees the timeline shifted and the shots copied, then renames and deletes
// the template in Settings. A family grouping goes by role: the new event's grouping calls
// whoever of those roles is added to its people.

const EVENT = "00000000-0000-4000-8000-00000000d003";
const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

test("save the seeded wedding as a template, create an event from it at 09:30, rename and delete it in Settings", async ({ page, browser }) => {
  await page.context().addCookies(await demoSessionCookies(browser));
  const name = `Barn wedding ${Date.now()}`;

  await page.goto(`/events/${EVENT}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Actions for Emma & James Wedding" }).click();
  await page.locator(":popover-open").getByRole("link", { name: "Save as template" }).click();
  const dialog = page.getByRole("dialog", { name: "Save as template" });
  await expect(dialog.getByLabel("Template name")).toHaveValue("Emma & James Wedding");
  await dialog.getByLabel("Template name").fill(name);
  await dialog.getByRole("button", { name: "Save Template" }).click();
  await expect(toast(page, "success", "Template saved")).toBeVisible();

  // New Event from it: the seeded day starts at 12:00; laid from 09:30, everything moves 2½ hours earlier.
  await page.goto("/events/new");
  await waitForHydration(page);
  const title = `From template ${Date.now()}`;
  await page.getByLabel("Event Title").fill(title);
  await page.getByLabel("Wedding Date").fill("2027-10-02");
  const startFrom = page.getByLabel("Start from");
  await expect(startFrom.getByRole("option", { name: "Default timeline and shots" })).toHaveCount(1);
  const option = startFrom.getByRole("option", { name: new RegExp(`^${name} \\(\\d+ blocks · \\d+ shots\\)$`) });
  const label = (await option.textContent())!;
  const shots = Number(/· (\d+) shots/.exec(label)![1]);
  await startFrom.selectOption({ label });
  await expect(page.getByLabel("First block starts at")).toHaveValue("12:00");
  await page.getByLabel("First block starts at").fill("09:30");
  await page.getByRole("button", { name: "Create Event" }).click();
  await skipInviteStep(page);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await waitForHydration(page);
  await expect(checkOff(page, /^Getting Ready: Emma/)).toContainText("9:30 AM");
  await expect(checkOff(page, /^Ceremony/)).toContainText("1:30 PM");
  await expect(checkOff(page, /^Sparkler Exit/)).toContainText("7:15 PM");
  await expect(page.getByRole("navigation").getByRole("link", { name: `Shots 0/${shots}` })).toBeVisible();
  await sectionLink(page, "Shots").click();
  await expect(checkOff(page, /^Rings/).first()).toBeVisible();

  // Settings → Templates: rename, then delete after confirming.
  await page.goto("/settings?tab=templates");
  await waitForHydration(page);
  const card = page.getByRole("list", { name: "Templates" });
  await expect(card.getByText(name, { exact: true })).toBeVisible();
  await card.getByRole("link", { name: `Rename ${name}` }).click();
  const rename = page.getByRole("dialog", { name: "Rename template" });
  await rename.getByLabel("Template name").fill(`${name} (renamed)`);
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "success", "Template renamed")).toBeVisible();
  await expect(card.getByText(`${name} (renamed)`, { exact: true })).toBeVisible();
  await card.getByRole("link", { name: `Delete ${name} (renamed)` }).click();
  await page.getByRole("dialog", { name: "Delete template?" }).getByRole("button", { name: "Delete Template" }).click();
  await expect(toast(page, "success", "Template deleted")).toBeVisible();
  await expect(page.getByText(`${name} (renamed)`)).toHaveCount(0);
});

// The seeded wedding is shared: the grouping made here goes when the test ends.
test.afterEach(async () => {
  await d1(`DELETE FROM shot_list_items WHERE event_id = '${EVENT}' AND person_ids <> '[]'`);
});

async function addPerson(page: Page, firstName: string, lastName: string, role: string) {
  await page.getByRole("link", { name: "Add Person" }).click();
  const add = dialog(page, "Add Person");
  await add.getByLabel("First Name").fill(firstName);
  await add.getByLabel("Last Name").fill(lastName);
  await add.getByLabel("Role").selectOption(role);
  await add.getByRole("button", { name: "Add Person" }).click();
  await expect(toast(page, "success", "Person added")).toBeVisible();
}

test("a template keeps a family grouping by role: the new event's grouping calls the family as it is added, until 'Edit grouping' names them", async ({ page, browser }) => {
  test.slow();
  await page.context().addCookies(await demoSessionCookies(browser));
  const name = `Formals ${Date.now()}`;

  // The couple and all grandparents, from the seeded wedding's people.
  await page.goto(`/events/${EVENT}?tab=shots`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Add grouping" }).click();
  const grouping = dialog(page, "Add grouping");
  await grouping.getByLabel("Name").fill("Couple + grandparents");
  await grouping.getByRole("checkbox", { name: /^Emma Carter/ }).check();
  await grouping.getByRole("checkbox", { name: /^James Okafor/ }).check();
  await grouping.getByRole("button", { name: "All grandparents" }).click();
  await grouping.getByRole("button", { name: "Add grouping" }).click();
  await expect(toast(page, "success", "Grouping added")).toBeVisible();
  // Saved on the server (sent from the outbox) before the template is made from it.
  await expect(checkOff(page, /^Couple \+ grandparents/)).toContainText("Emma Carter, James Okafor");
  await expect(page.locator("[data-pending]")).toHaveCount(0);

  await page.getByRole("button", { name: "Actions for Emma & James Wedding" }).click();
  await page.locator(":popover-open").getByRole("link", { name: "Save as template" }).click();
  const save = page.getByRole("dialog", { name: "Save as template" });
  await save.getByLabel("Template name").fill(name);
  await save.getByRole("button", { name: "Save Template" }).click();
  // Saved: the dialog closes and New Event offers it (the first test checks the toast).
  await expect(save).toBeHidden();

  await page.goto("/events/new");
  await waitForHydration(page);
  const title = `Next wedding ${Date.now()}`;
  await page.getByLabel("Event Title").fill(title);
  await page.getByLabel("Wedding Date").fill("2027-10-09");
  const startFrom = page.getByLabel("Start from");
  await startFrom.selectOption({ label: (await startFrom.getByRole("option", { name: new RegExp(`^${name} `) }).textContent())! });
  await page.getByRole("button", { name: "Create Event" }).click();
  await skipInviteStep(page);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await waitForHydration(page);

  // No one yet: the row says whom it waits for.
  await sectionLink(page, "Shots").click();
  await expect(checkOff(page, /^Couple \+ grandparents/)).toContainText("no brides yet, no grooms yet, no grandparents yet");

  await sectionLink(page, "People").click();
  await addPerson(page, "Ana", "Lopez", "bride");
  await addPerson(page, "Ida", "Lopez", "grandparent");
  await sectionLink(page, "Shots").click();
  await expect(checkOff(page, /^Couple \+ grandparents/)).toContainText("Ana Lopez, Ida Lopez, no grooms yet");

  await page.getByRole("link", { name: "Call names" }).click();
  await expect(page.getByTestId("caller-count")).toHaveText("Group 1 of 1");
  const names = page.getByRole("list", { name: "Names" });
  await expect(names.getByRole("listitem")).toHaveText([/Ana Lopez/, /Ida Lopez/]);
  await page.getByRole("link", { name: "Close name caller" }).click();

  // The groom arrives; 'Edit grouping' names the people, who stay when more grandparents come.
  await sectionLink(page, "People").click();
  await addPerson(page, "Ben", "Ortiz", "groom");
  await sectionLink(page, "Shots").click();
  await expect(checkOff(page, /^Couple \+ grandparents/)).toContainText("Ana Lopez, Ben Ortiz, Ida Lopez");
  await page.getByRole("button", { name: "Actions for Couple + grandparents" }).click();
  await page.locator(":popover-open").getByRole("link", { name: "Edit grouping" }).click();
  const edit = dialog(page, "Edit grouping");
  await expect(edit.getByText("From a template, by role: brides, grooms, grandparents. Saving keeps the people ticked.")).toBeVisible();
  await expect(edit.getByText("In this grouping (3)")).toBeVisible();
  await edit.getByRole("button", { name: "Save grouping" }).click();
  await expect(toast(page, "success", "Grouping updated")).toBeVisible();
  await sectionLink(page, "People").click();
  await addPerson(page, "Hal", "Ortiz", "grandparent");
  await sectionLink(page, "Shots").click();
  await expect(checkOff(page, /^Couple \+ grandparents/)).toContainText("Ana Lopez, Ben Ortiz, Ida Lopez");
  await expect(checkOff(page, /^Couple \+ grandparents/)).not.toContainText("Hal Ortiz");
  await d1(`DELETE FROM event_templates WHERE name = '${name}'`);
});
