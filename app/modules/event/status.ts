import type { EventStatus } from "~/db/enums";

/** The calendar date (yyyy-MM-dd) in a time zone; UTC when the zone is unknown. */
export function todayIn(timeZone: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/**
 * docs/product/flows.md#event-status: upcoming until the event's date, active on the date, completed after it,
 * in the event's time zone, unless the lead set the status by hand.
 */
export function eventStatus(event: { date: string; timeZone: string; statusOverride: string | null }, now = new Date()): EventStatus {
  if (event.statusOverride === "upcoming" || event.statusOverride === "active" || event.statusOverride === "completed") {
    return event.statusOverride;
  }
  const today = todayIn(event.timeZone, now);
  if (event.date > today) return "upcoming";
  if (event.date === today) return "active";
  return "completed";
}
