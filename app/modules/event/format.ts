import { format, parseISO } from "date-fns";

// A plain module (no React): the server's e-mails and reminders format dates as the
// pages do, without importing a component (issue 16 audit, finding 15).

/** docs/product/limits.md#calendar-and-dates: dates show as MMM d, yyyy. */
export function formatEventDate(date: string) {
  return format(parseISO(date), "MMM d, yyyy");
}
