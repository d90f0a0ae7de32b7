import { describe, expect, it } from "vitest";
import { listOrder } from "~/modules/lists/registry";
import { moveTarget } from "~/modules/timeline/order";
import { formatBlockSpan, formatClock, formatDuration } from "~/modules/timeline/span";

// docs/product/screens.md#timeline: blocks by start time, each with its span; moved up and
// down only among blocks that start at the same time.

describe("a block's span", () => {
  it("shows start – end · length on a 24-hour clock", () => {
    expect(formatBlockSpan("14:00", 120, "24h")).toBe("14:00 – 16:00 · 2 h");
    expect(formatBlockSpan("09:05", 30, "24h")).toBe("09:05 – 09:35 · 30 min");
    expect(formatBlockSpan("16:30", 90, "24h")).toBe("16:30 – 18:00 · 1 h 30 min");
  });

  it("shows start – end · length on a 12-hour clock", () => {
    expect(formatBlockSpan("14:00", 120, "12h")).toBe("2:00 PM – 4:00 PM · 2 h");
    expect(formatBlockSpan("00:15", 45, "12h")).toBe("12:15 AM – 1:00 AM · 45 min");
    expect(formatBlockSpan("11:30", 60, "12h")).toBe("11:30 AM – 12:30 PM · 1 h");
  });

  it("runs past midnight on either clock", () => {
    expect(formatBlockSpan("22:00", 240, "24h")).toBe("22:00 – 02:00 · 4 h");
    expect(formatBlockSpan("22:00", 240, "12h")).toBe("10:00 PM – 2:00 AM · 4 h");
    expect(formatBlockSpan("23:30", 24 * 60, "24h")).toBe("23:30 – 23:30 · 24 h");
  });

  it("shows only the length for a block with no start time", () => {
    expect(formatBlockSpan(null, 45, "12h")).toBe("45 min");
    expect(formatBlockSpan(null, 180, "24h")).toBe("3 h");
  });

  it("formats the clock and the length alone", () => {
    expect(formatClock(0, "12h")).toBe("12:00 AM");
    expect(formatClock(12 * 60, "12h")).toBe("12:00 PM");
    expect(formatClock(0, "24h")).toBe("00:00");
    expect(formatDuration(1)).toBe("1 min");
    expect(formatDuration(61)).toBe("1 h 1 min");
  });
});

describe("the timeline's order", () => {
  const block = (id: string, startTime: string | null, orderIndex: number) => ({ id, startTime, orderIndex, createdAt: "2026-01-01T00:00:00.000Z" });

  it("is by start time, blocks at one time by their order, blocks with no time last", () => {
    const blocks = [block("a", "17:30", 0), block("b", null, 1), block("c", "13:30", 9), block("d", "14:00", 3), block("e", "14:00", 2), block("f", null, 0)];
    expect([...blocks].sort(listOrder.block).map((b) => b.id)).toEqual(["c", "e", "d", "a", "f", "b"]);
  });

  it("moves a block only past a neighbour that starts at the same time", () => {
    const order = [{ startTime: "13:30" }, { startTime: "14:00" }, { startTime: "14:00" }, { startTime: null }, { startTime: null }];
    expect(moveTarget(order, 1, "up")).toBeNull();
    expect(moveTarget(order, 1, "down")).toBe(2);
    expect(moveTarget(order, 2, "up")).toBe(1);
    expect(moveTarget(order, 2, "down")).toBeNull();
    expect(moveTarget(order, 3, "down")).toBe(4);
    expect(moveTarget(order, 0, "up")).toBeNull();
    expect(moveTarget(order, 4, "down")).toBeNull();
    expect(moveTarget(order, -1, "down")).toBeNull();
  });
});
