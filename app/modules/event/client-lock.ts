import { format, parseISO, subDays } from "date-fns";
import { todayIn } from "./status";

// The lead's freeze before the day (docs/product/screens.md#edit-event): from the lock
// date, in the event's time zone, a client link only views; its writes are refused with
// CLIENT_EDITS_LOCKED, queued ones included. The lead and the team are never locked.

export const CLIENT_EDITS_LOCKED = "Changes are locked by your photographer.";

/** How many days before the event the form suggests the lock. */
export const SUGGESTED_LOCK_DAYS = 2;

/** Whether a client link's edits are locked now: the lock date has come in the event's time zone. */
export function clientEditsLocked(event: { clientEditsLockOn: string | null; timeZone: string }, now = new Date()): boolean {
  return event.clientEditsLockOn !== null && todayIn(event.timeZone, now) >= event.clientEditsLockOn;
}

/** The lock date the form suggests: two days before the event (yyyy-MM-dd). */
export function suggestedLockOn(eventDate: string): string {
  return format(subDays(parseISO(eventDate), SUGGESTED_LOCK_DAYS), "yyyy-MM-dd");
}
