import { describe, expect, it } from "vitest";
import { BENCH_PARTS, GOALS, goalText, median, partsToRun, percentile, verdict } from "../../scripts/bench-stats.mjs";

// The arithmetic `npm run bench` prints its figures with (no timings here).
describe("bench statistics", () => {
  it("takes percentiles by nearest rank", () => {
    const values = Array.from({ length: 40 }, (_, i) => 40 - i); // 40 … 1, unsorted on purpose
    expect(percentile(values, 50)).toBe(20);
    expect(percentile(values, 95)).toBe(38);
    expect(percentile(values, 100)).toBe(40);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it("takes the median of odd and even counts", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it("judges a figure against its goal, inclusive, and an unmeasured figure as a miss", () => {
    expect(verdict(25, GOALS.ssrP50Ms)).toBe("PASS");
    expect(verdict(25.1, GOALS.ssrP50Ms)).toBe("MISS");
    expect(verdict(98, GOALS.lighthousePerformance)).toBe("PASS");
    expect(verdict(97, GOALS.lighthousePerformance)).toBe("MISS");
    expect(verdict(0, GOALS.cls)).toBe("PASS");
    expect(verdict(0.001, GOALS.cls)).toBe("MISS");
    expect(verdict(Number.NaN, GOALS.d1PerLoad)).toBe("MISS");
    expect(verdict(12, undefined)).toBe("info");
    expect(goalText(GOALS.jsGzipKb, " KB")).toBe("≤ 130 KB");
    expect(goalText(GOALS.lighthouseAccessibility)).toBe("≥ 100");
  });

  it("runs every part unless --only names some, and refuses an unknown part", () => {
    expect(partsToRun([])).toEqual(BENCH_PARTS);
    expect(partsToRun(["--only=trips,ssr"])).toEqual(["ssr", "trips"]);
    expect(() => partsToRun(["--only=ssr,speed"])).toThrow(/--only takes/);
    expect(() => partsToRun(["--only="])).toThrow(/--only takes/);
  });
});
