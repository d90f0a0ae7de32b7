import { describe, expect, it } from "vitest";
import { featuredEvent } from "~/modules/event/featured";

// docs/product/screens.md#events-list: the home's 'Today' or 'Next up' card.

const event = (id: string, date: string, timeZone = "UTC", statusOverride: string | null = null) => ({ id, date, timeZone, statusOverride });
// 2026-06-12 at 02:00 UTC: still 2026-06-11 in New York.
const now = new Date("2026-06-12T02:00:00Z");

describe("the featured event", () => {
  it("is the one on today's date, in its own time zone", () => {
    const events = [event("later", "2026-06-20"), event("ny", "2026-06-11", "America/New_York"), event("utc", "2026-06-13")];
    expect(featuredEvent(events, now)).toEqual({ when: "today", event: events[1] });
  });

  it("else the soonest still to come", () => {
    const events = [event("later", "2026-06-20"), event("soon", "2026-06-14"), event("past", "2026-06-01")];
    expect(featuredEvent(events, now)).toEqual({ when: "next", event: events[1] });
  });

  it("is none when nothing is ahead, and never an event marked completed", () => {
    expect(featuredEvent([event("past", "2026-06-01")], now)).toBeNull();
    expect(featuredEvent([], now)).toBeNull();
    const events = [event("done", "2026-06-12", "UTC", "completed"), event("next", "2026-07-01")];
    expect(featuredEvent(events, now)).toEqual({ when: "next", event: events[1] });
  });

  it("takes the earliest of several on one day alike on every load", () => {
    const events = [event("b", "2026-06-12"), event("a", "2026-06-12")];
    expect(featuredEvent(events, now)?.event.id).toBe("a");
  });
});
