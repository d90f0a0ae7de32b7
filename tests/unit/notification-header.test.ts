import { describe, expect, it } from "vitest";
import { badgeCount, mergeNotifications } from "~/modules/notifications/header";
import { timeAgo } from "~/modules/notifications/time-ago";

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

describe("mergeNotifications (the bell kept live)", () => {
  const item = (id: string, createdAt: string, read = false) => ({ id, title: id, message: id, read, createdAt });
  const base = {
    items: Array.from({ length: 10 }, (_, i) => item(`old-${i}`, `2027-01-01T00:00:${String(59 - i).padStart(2, "0")}.000Z`, i > 2)),
    unreadCount: 5,
    loadedAt: "2027-01-01T00:01:00.000Z",
  };

  it("puts new ones on top, counts the unread, keeps ten", () => {
    const merged = mergeNotifications(base, [item("new-1", "2027-01-01T00:02:00.000Z"), item("new-2", "2027-01-01T00:03:00.000Z", true)]);
    expect(merged.items.map((i) => i.id).slice(0, 3)).toEqual(["new-2", "new-1", "old-0"]);
    expect(merged.items).toHaveLength(10);
    expect(merged.unreadCount).toBe(6);
    expect(merged.loadedAt).toBe("2027-01-01T00:03:00.000Z");
  });

  it("skips what is already shown (a replay), returning the same object", () => {
    expect(mergeNotifications(base, [item("old-0", "2027-01-01T00:00:59.000Z")])).toBe(base);
    expect(mergeNotifications(base, [])).toBe(base);
  });
});
