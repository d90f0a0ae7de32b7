import { expect, test, waitForHydration } from "./fixtures";
import { bellButton, confirmEmail, createEventFromForm, d1, mailLink, makePro, signUp, uniqueEmail } from "./helpers";

// The cron's reminder of an upcoming event reaches the lead's bell and
// leads to the event. The event's date and time zone are chosen from the current time so
// that its reminder is due now, whatever the hour the test runs (decision 009: from 09:00
// in the event's time zone, the day before with the default setting).

const q = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** A time zone whose clock reads 09:00 or later now (UTC from 09:00 to 19:00 UTC, else UTC+14), and tomorrow's date there. */
function dueNow(now = new Date()) {
  const timeZone = now.getUTCHours() >= 9 && now.getUTCHours() < 19 ? "UTC" : "Etc/GMT-14";
  const today = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { timeZone, tomorrow };
}

test("a reminder sent by the cron appears in the bell and opens its event", async ({ page }) => {
  const account = { email: uniqueEmail("reminder"), password: "RemindMe2026", firstName: "Rita", lastName: "Lead" };
  await signUp(page, account);
  // Reminder e-mails go to confirmed addresses only (decision 009).
  await confirmEmail(page, account.email);
  await makePro(account.email);
  const title = `Reminder Wedding ${Date.now()}`;
  const { timeZone, tomorrow } = dueNow();
  await createEventFromForm(page, title, tomorrow);
  const eventId = new URL(page.url()).pathname.split("/").pop()!;
  await d1(`UPDATE events SET time_zone = ${q(timeZone)}, date = ${q(tomorrow)}, venue = 'Harbour Hall' WHERE id = ${q(eventId)};`);

  await page.goto("/");
  await waitForHydration(page);
  await expect(bellButton(page)).toHaveAccessibleName("Notifications");

  // The cron, run by hand (README): twice, as overlapping or repeated runs would.
  for (let run = 0; run < 2; run++) {
    const response = await page.request.get("/cdn-cgi/handler/scheduled?cron=*/15+*+*+*+*");
    expect(response.ok()).toBe(true);
  }

  // Live (the user's channel), or at the latest after a reload: one reminder, not two.
  await expect(async () => {
    if ((await bellButton(page).getAttribute("aria-label")) !== "Notifications, 1 unread") await page.reload();
    await expect(bellButton(page)).toHaveAccessibleName("Notifications, 1 unread", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await waitForHydration(page);
  await bellButton(page).click();
  const popover = page.getByRole("region", { name: "Notifications" });
  const reminder = popover.getByRole("button", { name: new RegExp(`Upcoming event: ${title}`) });
  await expect(reminder).toContainText("Tomorrow ·");
  await expect(reminder).toContainText("Harbour Hall");
  await reminder.click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // And its e-mail, with a link to the event.
  const href = await mailLink(page, account.email, `Reminder: ${title} is tomorrow`, new RegExp(`/events/${eventId}$`));
  expect(new URL(href).pathname).toBe(`/events/${eventId}`);
});
