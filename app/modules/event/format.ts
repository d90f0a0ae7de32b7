// A plain module (no React): the server's e-mails and reminders format dates as the
// pages do, without importing a component.
//
// Intl, not date-fns: the browser already has it, and these are the only dates the
// event page and the portal format (date-fns stays out of their bundle).

import { formatClock, type HourCycle } from "~/modules/timeline/span";

// A yyyy-MM-dd date is a calendar day, not an instant: read and written in UTC, it
// is the same day wherever the code runs.
const eventDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** docs/product/limits.md#calendar-and-dates: dates show as MMM d, yyyy. */
export function formatEventDate(date: string) {
  return eventDate.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}

const localDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
/** An instant in the device's time zone: the spec's date (MMM d, yyyy), and its time on the viewer's clock. */
export function formatLocalDate(at: Date) {
  return localDate.format(at);
}
export function formatLocalTime(at: Date, cycle: HourCycle) {
  return formatClock(at.getHours() * 60 + at.getMinutes(), cycle);
}
