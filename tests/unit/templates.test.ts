import { describe, expect, it } from "vitest";
import { firstStartOf, minutesOf, offsetsOf, startsFrom, templateSummary, timeOf } from "~/modules/templates/template";

// docs/product/data.md#templates: a block's start is kept as minutes after the first timed block's start.

describe("template time arithmetic", () => {
  it("keeps each start as minutes after the first timed block's start", () => {
    const blocks = [{ startTime: "14:00" }, { startTime: "16:00" }, { startTime: "16:30" }, { startTime: "17:30" }];
    expect(firstStartOf(blocks)).toBe("14:00");
    expect(offsetsOf(blocks)).toEqual([0, 120, 150, 210]);
  });

  it("lays the blocks from a new first start", () => {
    expect(startsFrom([0, 120, 150, 210], "11:15")).toEqual(["11:15", "13:15", "13:45", "14:45"]);
  });

  it("wraps past midnight, saving and laying", () => {
    // A reception that runs past midnight: the 00:30 exit is 90 minutes after 23:00, not 22½ hours before it.
    expect(offsetsOf([{ startTime: "23:00" }, { startTime: "00:30" }])).toEqual([0, 90]);
    expect(startsFrom([0, 90, 300], "22:00")).toEqual(["22:00", "23:30", "03:00"]);
    expect(timeOf(24 * 60 + 5)).toBe("00:05");
    expect(timeOf(-10)).toBe("23:50");
  });

  it("leaves untimed blocks untimed and measures from the first timed one", () => {
    const blocks = [{ startTime: null }, { startTime: "15:00" }, { startTime: null }, { startTime: "15:45" }];
    expect(firstStartOf(blocks)).toBe("15:00");
    const offsets = offsetsOf(blocks);
    expect(offsets).toEqual([null, 0, null, 45]);
    expect(startsFrom(offsets, "09:00")).toEqual([null, "09:00", null, "09:45"]);
  });

  it("has no first start when no block is timed", () => {
    expect(firstStartOf([{ startTime: null }])).toBeNull();
    expect(offsetsOf([{ startTime: null }])).toEqual([null]);
  });

  it("reads only times of day", () => {
    expect(minutesOf("07:05")).toBe(425);
    expect(minutesOf("24:00")).toBeNull();
    expect(minutesOf("7:05")).toBeNull();
    expect(minutesOf("noon")).toBeNull();
    expect(() => startsFrom([0], "25:00")).toThrow();
  });

  it("counts blocks and shots for the Settings list", () => {
    expect(templateSummary(12, 26)).toBe("12 blocks · 26 shots");
    expect(templateSummary(1, 1)).toBe("1 block · 1 shot");
  });
});
