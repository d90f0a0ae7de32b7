import { expect, test, waitForHydration } from "./fixtures";
import { checkOff, demoSessionCookies, sectionLink, skipInviteStep, toast } from "./helpers";

// Templates (docs/product/screens.md#save-as-template, #templates, #create-event) on a phone:
// the lead saves the seeded wedding as a template, starts a new event from it at another
// first start and sees the timeline shifted and the shots copied, then renames and deletes
// the template in Settings.

const EVENT = "00000000-0000-4000-8000-00000000d003";

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
