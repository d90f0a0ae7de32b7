import { describe, expect, it } from "vitest";
import { badgeCount, timeAgo } from "~/modules/notifications/header";

describe("the bell's badge", () => {
  it.each([
    [1, "1"],
    [9, "9"],
    [10, "9+"],
    [250, "9+"],
  ])("shows %i as %s", (unread, shown) => {
    expect(badgeCount(unread)).toBe(shown);
  });
});

describe("a notification's age", () => {
  const now = "2026-11-22T12:00:00.000Z";
  const ago = (ms: number) => new Date(Date.parse(now) - ms).toISOString();
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it.each([
    [0, "just now"],
    [59_000, "just now"],
    [MIN, "1m ago"],
    [59 * MIN, "59m ago"],
    [HOUR, "1h ago"],
    [23 * HOUR + 59 * MIN, "23h ago"],
    [DAY, "1d ago"],
    [6 * DAY, "6d ago"],
    [7 * DAY, "1w ago"],
    [29 * DAY, "4w ago"],
    [30 * DAY, "1mo ago"],
    [364 * DAY, "12mo ago"],
    [365 * DAY, "1y ago"],
    [3 * 365 * DAY, "3y ago"],
  ])("%i ms before the list was read reads %s", (ms, text) => {
    expect(timeAgo(ago(ms), now)).toBe(text);
  });

  it("says 'just now' for a clock slightly ahead or a value it cannot read", () => {
    expect(timeAgo("2026-11-22T12:00:05.000Z", now)).toBe("just now");
    expect(timeAgo("not a date", now)).toBe("just now");
  });
});
