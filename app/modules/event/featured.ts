import { eventStatus, todayIn } from "./status";

// The home's card above the lists (docs/product/screens.md#events-list): the event
// happening today, else the next one, of those the person leads or works on.

type Dated = { id: string; date: string; timeZone: string; statusOverride: string | null };

/**
 * The event on today's date in its own time zone ('Today'; the earliest if several),
 * else the soonest one still to come ('Next up'); none when nothing is ahead. An event
 * its lead marked completed is not featured.
 */
export function featuredEvent<E extends Dated>(events: readonly E[], now = new Date()): { when: "today" | "next"; event: E } | null {
  const ahead = events
    .filter((event) => eventStatus(event, now) !== "completed" && event.date >= todayIn(event.timeZone, now))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1));
  const today = ahead.find((event) => event.date === todayIn(event.timeZone, now));
  if (today) return { when: "today", event: today };
  const next = ahead[0];
  return next ? { when: "next", event: next } : null;
}
