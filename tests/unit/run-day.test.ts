import { describe, expect, it } from "vitest";
import { otherZoneName, runState, SHOTS_OF_BLOCK, wallClockIn } from "~/modules/timeline/run";
import { BLOCK_TYPES, SHOT_CATEGORIES } from "~/db/enums";

const block = (id: string, startTime: string | null, durationMinutes = 60, isDone = false) => ({ id, startTime, durationMinutes, isDone });
const DAY = "2027-06-12";
const at = (time: string, date = DAY) => ({ date, minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) });
const ids = (state: { now: { id: string } | null; next: { id: string } | null }) => [state.now?.id ?? null, state.next?.id ?? null];

describe("run mode's Now and Next", () => {
  const day = [block("prep", "10:00", 120), block("look", "12:30", 30), block("ceremony", "15:00", 45), block("untimed", null), block("reception", "18:00", 300)];

  it("before the first block there is no Now, only Next and the day's first block", () => {
    const state = runState(day, DAY, at("09:15"));
    expect(ids(state)).toEqual([null, "prep"]);
    expect(state.day).toBe("on");
    expect(state.minutesLeft).toBeNull();
  });

  it("the block that started last is Now, with the minutes to its end; the next open block is Next", () => {
    const state = runState(day, DAY, at("10:45"));
    expect(ids(state)).toEqual(["prep", "look"]);
    expect(state.minutesLeft).toBe(75);
    expect(runState(day, DAY, at("12:40")).minutesLeft).toBe(20);
    expect(ids(runState(day, DAY, at("12:40")))).toEqual(["look", "ceremony"]);
  });

  it("a block running over stays Now with negative minutes left until the next one's time comes", () => {
    const state = runState(day, DAY, at("13:10"));
    expect(ids(state)).toEqual(["look", "ceremony"]);
    expect(state.minutesLeft).toBe(-10);
  });

  it("Done before the end brings the next block forward as Now (early), and its own Next follows", () => {
    const done = day.map((b) => (b.id === "look" ? { ...b, isDone: true } : b));
    const state = runState(done, DAY, at("12:45"));
    expect(ids(state)).toEqual(["ceremony", "reception"]);
    expect(state.early).toBe(true);
    expect(state.minutesLeft).toBe(15 * 60 + 45 - (12 * 60 + 45));
  });

  it("a block whose time has come passes over an earlier one left open", () => {
    expect(ids(runState(day, DAY, at("15:10")))).toEqual(["ceremony", "reception"]);
  });

  it("blocks without a start time never become Now or Next", () => {
    expect(ids(runState(day, DAY, at("15:50")))).toEqual(["ceremony", "reception"]);
    expect(ids(runState([block("a", null), block("b", "10:00")], DAY, at("09:00")))).toEqual([null, "b"]);
  });

  it("every timed block done or skipped: finished, nothing Now or Next", () => {
    const state = runState(day.map((b) => ({ ...b, isDone: b.startTime !== null })), DAY, at("23:00"));
    expect(ids(state)).toEqual([null, null]);
    expect(state.finished).toBe(true);
  });

  it("the last block done with an earlier one passed over: the day has been run", () => {
    const state = runState(day.map((b) => (b.id === "reception" ? { ...b, isDone: true } : b)), DAY, at("18:30"));
    expect(ids(state)).toEqual([null, null]);
    expect(state.finished).toBe(true);
  });

  it("before the event's date Next is the first block; after it there is nothing", () => {
    expect(runState(day, DAY, at("16:00", "2027-06-11"))).toMatchObject({ day: "before", now: null, next: { id: "prep" } });
    expect(runState(day, DAY, at("08:00", "2027-06-13"))).toMatchObject({ day: "after", now: null, next: null });
  });

  it("blocks at the same time follow the timeline's order", () => {
    const same = [block("first", "14:00", 30), block("second", "14:00", 30)];
    expect(ids(runState(same, DAY, at("14:05")))).toEqual(["second", null]);
    expect(ids(runState(same, DAY, at("13:00")))).toEqual([null, "first"]);
  });
});

describe("the event's wall clock", () => {
  it("reads an instant in the event's zone, across the date line and a daylight-saving change", () => {
    const instant = new Date("2027-06-12T23:30:00Z");
    expect(wallClockIn("America/New_York", instant)).toEqual({ date: "2027-06-12", minutes: 19 * 60 + 30 });
    expect(wallClockIn("Pacific/Auckland", instant)).toEqual({ date: "2027-06-13", minutes: 11 * 60 + 30 });
    expect(wallClockIn("UTC", instant)).toEqual({ date: "2027-06-12", minutes: 23 * 60 + 30 });
    // New York springs forward at 2:00 on 2027-03-14: 07:30 UTC is 03:30 EDT.
    expect(wallClockIn("America/New_York", new Date("2027-03-14T07:30:00Z"))).toEqual({ date: "2027-03-14", minutes: 3 * 60 + 30 });
    expect(wallClockIn("America/New_York", new Date("2027-03-14T06:30:00Z"))).toEqual({ date: "2027-03-14", minutes: 60 + 30 });
    // Midnight is 0, not 24:00.
    expect(wallClockIn("UTC", new Date("2027-06-12T00:05:00Z"))).toEqual({ date: "2027-06-12", minutes: 5 });
  });

  it("an unknown zone reads as UTC", () => {
    expect(wallClockIn("Nowhere/Else", new Date("2027-06-12T10:00:00Z"))).toEqual({ date: "2027-06-12", minutes: 600 });
  });

  it("names the event's zone only for a phone whose clock reads other times", () => {
    const instant = new Date("2027-06-12T18:00:00Z");
    expect(otherZoneName("America/New_York", "America/Toronto", instant)).toBeNull();
    expect(otherZoneName("America/New_York", "Europe/London", instant)).toBe("Eastern Daylight Time");
    expect(otherZoneName("Europe/London", "America/Los_Angeles", new Date("2027-01-12T18:00:00Z"))).toBe("Greenwich Mean Time");
    expect(otherZoneName("America/New_York", undefined, instant)).toBeNull();
  });
});

describe("the shots of a block", () => {
  it("names only shot categories, for every block type", () => {
    for (const type of BLOCK_TYPES) for (const category of SHOTS_OF_BLOCK[type]) expect(SHOT_CATEGORIES).toContain(category);
    expect(SHOTS_OF_BLOCK.prep).toEqual(["getting_ready", "details"]);
    expect(SHOTS_OF_BLOCK.other).toEqual([]);
  });
});
