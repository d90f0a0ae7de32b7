import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { anchoredStart, anchorLabel, OUTSIDE_GOLDEN_HOUR, showsOutsideGoldenHour } from "~/modules/timeline/anchor";
import { lightOf } from "~/modules/timeline/light-rows";
import { BlockSchema } from "~/modules/timeline/schema";
import { shiftBlockOf } from "~/modules/timeline/shift";
import { anchorTime, dayLight } from "~/modules/timeline/sun";
import { buildDemoSeed, DEMO_VENUE } from "~/db/seed";
import { demoAnchoredStart } from "../../scripts/demo-sun.mjs";

const seedAnchoredStart = demoAnchoredStart(DEMO_VENUE);

// 'Anchor to' and 'Outside golden hour' (docs/product/screens.md#the-light).

const BARN = { timeZone: "America/New_York", venueLatitude: 35.579, venueLongitude: -82.67 };
const winter = lightOf({ date: "2027-01-12", ...BARN })!;
const summer = lightOf({ date: "2027-06-19", ...BARN })!;
const parse = (values: Record<string, string>) =>
  parseWithZod(new URLSearchParams({ title: "Portraits", blockType: "portrait", durationMinutes: "30", ...values }), { schema: BlockSchema }) as { status?: string; value?: unknown; error?: unknown };

describe("the block form's 'Anchor to'", () => {
  it("keeps minutes before as a negative offset, after as a positive one, none as no anchor", () => {
    expect(parse({ anchor: "golden_hour_start", anchorOffsetMinutes: "20", anchorSide: "before" })).toMatchObject({ status: "success", value: { anchor: "golden_hour_start", anchorOffsetMinutes: -20 } });
    expect(parse({ anchor: "sunset", anchorOffsetMinutes: "15", anchorSide: "after" })).toMatchObject({ status: "success", value: { anchor: "sunset", anchorOffsetMinutes: 15 } });
    expect(parse({ anchor: "sunset" })).toMatchObject({ status: "success", value: { anchor: "sunset", anchorOffsetMinutes: 0 } });
    // No anchor: the minutes mean nothing and are not kept.
    expect(parse({ anchorOffsetMinutes: "30", anchorSide: "before" })).toMatchObject({ status: "success", value: { anchor: null, anchorOffsetMinutes: 0 } });
  });

  it("refuses an anchor that is not one and minutes outside 0 to 240, with their messages", () => {
    expect(parse({ anchor: "noon" }).error).toEqual({ anchor: ["Please choose what to anchor to"] });
    expect(parse({ anchor: "sunset", anchorOffsetMinutes: "241" }).error).toEqual({ anchorOffsetMinutes: ["Minutes must be a whole number from 0 to 240"] });
    expect(parse({ anchor: "sunset", anchorOffsetMinutes: "-5" }).error).toEqual({ anchorOffsetMinutes: ["Minutes must be a whole number from 0 to 240"] });
    expect(parse({ anchor: "sunset", anchorOffsetMinutes: "2.5" }).error).toEqual({ anchorOffsetMinutes: ["Minutes must be a whole number from 0 to 240"] });
    expect(parse({ anchor: "sunset", anchorSide: "during" }).error).toEqual({ anchorSide: ["Please choose before or after"] });
  });
});

describe("an anchored block's start", () => {
  it("is the sun's time plus its minutes, on the event's clock, and follows the date", () => {
    const block = { startTime: "19:45", anchor: "golden_hour_start" as const, anchorOffsetMinutes: -10 };
    expect(anchoredStart(block, winter)).toBe(anchorTime(winter, "golden_hour_start", -10));
    expect(anchoredStart(block, summer)).toBe(anchorTime(summer, "golden_hour_start", -10));
    // Winter's golden hour at the barn is hours before summer's.
    expect(anchoredStart(block, winter)! < "17:30").toBe(true);
    expect(anchoredStart(block, summer)! > "19:00").toBe(true);
  });

  it("is the stored start without an anchor, without a location, or when the anchor leaves the day", () => {
    expect(anchoredStart({ startTime: "19:45", anchor: null, anchorOffsetMinutes: 0 }, winter)).toBe("19:45");
    expect(anchoredStart({ startTime: "19:45", anchor: "sunset", anchorOffsetMinutes: 0 }, null)).toBe("19:45");
    // A client's rows carry no anchor at all.
    expect(anchoredStart({ startTime: "19:45" }, winter)).toBe("19:45");
    // Far north in midwinter the sun never sets: no anchor time.
    const polar = dayLight({ date: "2027-12-21", timeZone: "Europe/Oslo", latitude: 78.22, longitude: 15.65 });
    expect(anchoredStart({ startTime: "12:00", anchor: "sunset", anchorOffsetMinutes: 0 }, polar)).toBe("12:00");
  });

  it("says what it is anchored to", () => {
    expect(anchorLabel("sunset", 0)).toBe("Sunset");
    expect(anchorLabel("golden_hour_start", -20)).toBe("Golden hour start, 20 min before");
    expect(anchorLabel("golden_hour_end", 75)).toBe("Golden hour end, 1 h 15 min after");
  });

  it("is held by 'Running late': a row with an anchor is anchored, a client's row without one is not", () => {
    const row = { id: "b", startTime: "17:00", durationMinutes: 20, orderIndex: 0 };
    expect(shiftBlockOf({ ...row, anchor: "sunset" }).anchored).toBe(true);
    expect(shiftBlockOf({ ...row, anchor: null }).anchored).toBe(false);
    expect(shiftBlockOf(row).anchored).toBe(false);
  });
});

describe("'Outside golden hour'", () => {
  const golden = summer.goldenHour!;
  const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

  it("warns of a portraits or first look block outside the golden hours, not one inside them", () => {
    expect(OUTSIDE_GOLDEN_HOUR).toBe("Outside golden hour");
    expect(showsOutsideGoldenHour({ blockType: "portrait", startTime: clock(golden.start), durationMinutes: 20 }, summer)).toBe(false);
    expect(showsOutsideGoldenHour({ blockType: "first_look", startTime: clock(golden.start + 5), durationMinutes: 20 }, summer)).toBe(false);
    // Shifted 30 minutes late, past the end of golden hour.
    expect(showsOutsideGoldenHour({ blockType: "portrait", startTime: clock(golden.end - 10), durationMinutes: 20 }, summer)).toBe(true);
    expect(showsOutsideGoldenHour({ blockType: "first_look", startTime: "13:00", durationMinutes: 30 }, summer)).toBe(true);
    // The morning's golden hour counts too.
    const morning = summer.morningGoldenHour!;
    expect(showsOutsideGoldenHour({ blockType: "portrait", startTime: clock(morning.start), durationMinutes: 15 }, summer)).toBe(false);
  });

  it("never warns of other blocks, untimed blocks, or without a location", () => {
    expect(showsOutsideGoldenHour({ blockType: "ceremony", startTime: "13:00", durationMinutes: 30 }, summer)).toBe(false);
    expect(showsOutsideGoldenHour({ blockType: "portrait", startTime: null, durationMinutes: 30 }, summer)).toBe(false);
    expect(showsOutsideGoldenHour({ blockType: "portrait", startTime: "13:00", durationMinutes: 30 }, null)).toBe(false);
  });
});

describe("the demo wedding's anchored portraits", () => {
  it("plain Node's start (scripts/seed-local.mjs) is sun.ts's, whatever the date", () => {
    for (const date of ["2027-01-12", "2027-03-14", "2027-06-19", "2027-09-01", "2027-11-07"]) {
      const light = lightOf({ date, ...BARN });
      expect(seedAnchoredStart("golden_hour_start", 10, date), date).toBe(anchorTime(light, "golden_hour_start", 10));
      expect(seedAnchoredStart("sunset", -15, date), date).toBe(anchorTime(light, "sunset", -15));
    }
  });

  it("seeds Golden Hour Portraits anchored 10 minutes into golden hour, at the sun's time", () => {
    const statements = buildDemoSeed({ passwordHash: "scrypt$1$1$1$salt$hash", today: "2026-11-28", anchoredStart: seedAnchoredStart });
    const portraits = statements.find((statement) => statement.startsWith("INSERT INTO timeline_blocks (") && statement.includes("'Golden Hour Portraits'"))!;
    const start = anchorTime(lightOf({ date: "2027-01-12", ...BARN }), "golden_hour_start", 10)!;
    expect(portraits).toContain("'golden_hour_start'");
    expect(portraits).toContain(`'${start}'`);
  });
});
