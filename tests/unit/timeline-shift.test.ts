import { describe, expect, it } from "vitest";
import {
  applyMoves,
  legWarningsOf,
  planShift,
  planUndo,
  runningLateMessage,
  SHIFT_REFUSALS,
  shiftBasis,
  type ShiftBlock,
  type ShiftPlan,
  type ShiftRequest,
  squeezedLabel,
  squeezesOf,
  UNDO_MOVED_MESSAGE,
} from "~/modules/timeline/shift";

// 'Running late' on the wedding day: blocks not started yet move later, fixed-time and
// sun-anchored blocks stay and show what they lose, and a shift only applies to the plan
// it was computed on; 'Back on time' puts it back.

const block = (id: string, startTime: string | null, durationMinutes: number, extra: Partial<ShiftBlock> = {}): ShiftBlock => ({
  id,
  startTime,
  durationMinutes,
  orderIndex: 0,
  fixedTime: false,
  anchored: false,
  travelMinutes: null,
  ...extra,
});

// A day, deliberately not in time order: 15 min of slack before the ceremony (after the
// first look's 15 min leg), 30 before golden hour.
const day: ShiftBlock[] = [
  block("exit", "22:00", 15, { fixedTime: true }),
  block("prep", "13:00", 60),
  block("first-look", "14:00", 30, { travelMinutes: 15 }),
  block("ceremony", "15:00", 45, { fixedTime: true }),
  block("family", "15:45", 30),
  block("speeches", "17:00", 60),
  block("golden", "18:30", 30, { anchored: true }),
  block("dances", "20:00", 60),
  block("notes", null, 30),
];

const timesOf = (blocks: readonly ShiftBlock[]) => Object.fromEntries(blocks.map((b) => [b.id, b.startTime]));

/** The plan of a shift that must not be refused. */
function shifted(blocks: readonly ShiftBlock[], request: ShiftRequest): ShiftPlan {
  const plan = planShift(blocks, request);
  if (!plan.ok) throw new Error(`refused: ${plan.reason}`);
  return plan;
}

describe("a shift ('Running late')", () => {
  it("moves every block from the given one on, and leaves fixed, anchored and untimed blocks where they are", () => {
    const plan = shifted(day, { fromBlockId: "prep", minutes: 10 });
    expect(plan.moves).toEqual([
      { id: "prep", from: "13:00", to: "13:10" },
      { id: "first-look", from: "14:00", to: "14:10" },
      { id: "family", from: "15:45", to: "15:55" },
      { id: "speeches", from: "17:00", to: "17:10" },
      { id: "dances", from: "20:00", to: "20:10" },
    ]);
    expect(timesOf(applyMoves(day, plan.moves))).toEqual({
      exit: "22:00",
      prep: "13:10",
      "first-look": "14:10",
      ceremony: "15:00",
      family: "15:55",
      speeches: "17:10",
      golden: "18:30",
      dances: "20:10",
      notes: null,
    });
    // Within the ceremony's slack: nothing is lost.
    expect(plan).toMatchObject({ ok: true, minutes: 10, squeezes: [], minutesLost: 0, crossings: [] });
  });

  it("leaves the blocks before the given one alone", () => {
    const plan = shifted(day, { fromBlockId: "family", minutes: 15 });
    expect(plan.moves.map((move) => move.id)).toEqual(["family", "speeches", "dances"]);
  });

  it("squeezes the fixed block it runs into, travel leg included, and still moves the blocks after it", () => {
    const plan = shifted(day, { fromBlockId: "prep", minutes: 25 });
    // The first look ends 14:55, plus its 15 min leg: 10 min into the 15:00 ceremony.
    expect(plan.squeezes).toEqual([{ id: "ceremony", minutes: 10 }]);
    expect(plan.minutesLost).toBe(10);
    expect(plan.moves.find((move) => move.id === "family")).toEqual({ id: "family", from: "15:45", to: "16:10" });
  });

  it("squeezes an anchored block as a fixed one and adds the squeezes up", () => {
    const plan = shifted(day, { fromBlockId: "prep", minutes: 40 });
    expect(plan.squeezes).toEqual([
      { id: "ceremony", minutes: 25 },
      { id: "golden", minutes: 10 },
    ]);
    expect(plan.minutesLost).toBe(35);
    expect(plan.moves.map((move) => move.id)).not.toContain("golden");
  });

  it("never moves an anchored block, even the one it is pressed from, but moves the blocks after it", () => {
    const plan = shifted(day, { fromBlockId: "golden", minutes: 30 });
    expect(plan.moves).toEqual([{ id: "dances", from: "20:00", to: "20:30" }]);
  });

  it("reports a block carried past the start of a fixed block", () => {
    const plan = shifted(day, { fromBlockId: "first-look", minutes: 70 });
    expect(plan.moves[0]).toEqual({ id: "first-look", from: "14:00", to: "15:10" });
    expect(plan.crossings).toEqual([{ id: "first-look", fixedId: "ceremony" }]);
    // Prep, now just before the ceremony, ends long before it: the first look is not counted
    // there. Speeches (18:10 – 19:10) run 40 min into golden hour, dances (21:10 – 22:10) 10 into the exit.
    expect(plan.squeezes).toEqual([
      { id: "golden", minutes: 40 },
      { id: "exit", minutes: 10 },
    ]);
  });

  it("orders blocks at the same time by their order: the ones before the given block stay", () => {
    const blocks = [block("second", "14:00", 30, { orderIndex: 2 }), block("first", "14:00", 30, { orderIndex: 1 }), block("third", "14:00", 30, { orderIndex: 3 })];
    expect(shifted(blocks, { fromBlockId: "second", minutes: 5 }).moves.map((move) => move.id)).toEqual(["second", "third"]);
    expect(shifted(blocks, { fromBlockId: "first", minutes: 5 }).moves.map((move) => move.id)).toEqual(["first", "second", "third"]);
  });

  it("takes 1 to 720 whole minutes and refuses anything else", () => {
    for (const minutes of [0, -5, 721, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(planShift(day, { fromBlockId: "prep", minutes })).toEqual({ ok: false, reason: "minutes", message: "Choose a whole number of minutes from 1 to 720." });
    }
    expect(shifted([block("early", "08:00", 60)], { fromBlockId: "early", minutes: 720 }).moves).toEqual([{ id: "early", from: "08:00", to: "20:00" }]);
    expect(shifted(day, { fromBlockId: "prep", minutes: 1 }).moves[0]).toEqual({ id: "prep", from: "13:00", to: "13:01" });
  });

  it("refuses to move a block past midnight, and allows 23:59", () => {
    expect(planShift(day, { fromBlockId: "dances", minutes: 240 })).toEqual({ ok: false, reason: "midnight", message: "This would move a block past midnight." });
    expect(shifted(day, { fromBlockId: "dances", minutes: 239 }).moves).toEqual([{ id: "dances", from: "20:00", to: "23:59" }]);
  });

  it("refuses a block that is gone, one with no start time, and one with nothing movable after it", () => {
    expect(planShift(day, { fromBlockId: "nope", minutes: 10 })).toMatchObject({ ok: false, reason: "missing-block", message: SHIFT_REFUSALS["missing-block"] });
    expect(planShift(day, { fromBlockId: "notes", minutes: 10 })).toMatchObject({ ok: false, reason: "no-start-time" });
    expect(planShift(day, { fromBlockId: "exit", minutes: 10 })).toMatchObject({ ok: false, reason: "nothing-to-move" });
  });
});

describe("a shift against the plan it was computed on", () => {
  const request = { fromBlockId: "first-look", minutes: 10 };

  it("has a basis that does not depend on the order the blocks arrive in", () => {
    const basis = shiftBasis(day, "first-look");
    expect(basis).not.toBeNull();
    expect(shiftBasis([...day].reverse(), "first-look")).toBe(basis);
    expect(shifted(day, request).basis).toBe(basis);
    expect(shiftBasis(day, "nope")).toBeNull();
    expect(shiftBasis(day, "notes")).toBeNull();
  });

  it("shifts once when two phones press at once: the second is told", () => {
    const phoneA = { ...request, basis: shifted(day, request).basis };
    const phoneB = { ...request, basis: shifted(day, request).basis };
    const first = shifted(day, phoneA);
    const afterFirst = applyMoves(day, first.moves);
    expect(planShift(afterFirst, phoneB)).toEqual({ ok: false, reason: "moved", message: "The timeline changed on another phone. Check the times and try again." });
    expect(timesOf(afterFirst)["first-look"]).toBe("14:10");
  });

  it("applies an offline shift on reconnect when only other blocks changed, against the plan as it then is", () => {
    const basis = shiftBasis(day, "first-look")!;
    // Meanwhile prep ran long and the ceremony moved to 14:50: neither is a block the shift moves.
    const now = day.map((b) => (b.id === "prep" ? { ...b, durationMinutes: 90 } : b.id === "ceremony" ? { ...b, startTime: "14:50" } : b));
    const plan = shifted(now, { ...request, basis });
    expect(plan.moves[0]).toEqual({ id: "first-look", from: "14:00", to: "14:10" });
    // 14:40 plus the 15 min leg, against the ceremony's new 14:50.
    expect(plan.squeezes).toEqual([{ id: "ceremony", minutes: 5 }]);
  });

  it("refuses a shift whose blocks moved, were added, were fixed or were deleted meanwhile", () => {
    const basis = shiftBasis(day, "first-look")!;
    const edits: ShiftBlock[][] = [
      day.map((b) => (b.id === "speeches" ? { ...b, startTime: "17:15" } : b)),
      [...day, block("cocktails", "16:30", 45)],
      day.map((b) => (b.id === "family" ? { ...b, fixedTime: true } : b)),
      day.filter((b) => b.id !== "dances"),
      day.filter((b) => b.id !== "first-look"),
    ];
    for (const edited of edits) expect(planShift(edited, { ...request, basis })).toMatchObject({ ok: false, reason: "moved" });
  });

  it("checks the minutes before the basis", () => {
    expect(planShift(day, { ...request, minutes: 0, basis: "stale" })).toMatchObject({ ok: false, reason: "minutes" });
  });
});

describe("'Back on time'", () => {
  const shift = shifted(day, { fromBlockId: "prep", minutes: 25 });
  const late = applyMoves(day, shift.moves);

  it("puts every block back exactly, and the squeeze with it", () => {
    const undo = planUndo(late, shift.moves);
    if (!undo.ok) throw new Error(undo.reason);
    expect(undo.moves[0]).toEqual({ id: "prep", from: "13:25", to: "13:00" });
    expect(applyMoves(late, undo.moves)).toEqual(day);
    expect(undo).toMatchObject({ squeezes: [], minutesLost: 0 });
  });

  it("is refused when a block of the shift was edited since, or made fixed", () => {
    const edited = late.map((b) => (b.id === "family" ? { ...b, startTime: "16:30" } : b));
    expect(planUndo(edited, shift.moves)).toEqual({ ok: false, reason: "moved", message: UNDO_MOVED_MESSAGE });
    const fixed = late.map((b) => (b.id === "speeches" ? { ...b, fixedTime: true } : b));
    expect(planUndo(fixed, shift.moves)).toMatchObject({ ok: false, reason: "moved" });
  });

  it("undoes once when pressed twice", () => {
    const undo = planUndo(late, shift.moves);
    if (!undo.ok) throw new Error(undo.reason);
    expect(planUndo(applyMoves(late, undo.moves), shift.moves)).toMatchObject({ ok: false, reason: "moved" });
  });

  it("skips blocks deleted since and puts back the rest", () => {
    const undo = planUndo(
      late.filter((b) => b.id !== "family"),
      shift.moves,
    );
    if (!undo.ok) throw new Error(undo.reason);
    expect(undo.moves.map((move) => move.id)).toEqual(["prep", "first-look", "speeches", "dances"]);
    expect(timesOf(applyMoves(late, undo.moves))).toMatchObject({ prep: "13:00", "first-look": "14:00", family: "16:10", speeches: "17:00", dances: "20:00" });
  });
});

describe("squeezes and travel legs on any plan", () => {
  it("squeeze a fixed or anchored block by the block just before it, with its leg", () => {
    const blocks = [
      block("long", "12:00", 240),
      block("short", "14:00", 30, { travelMinutes: 20 }),
      block("ceremony", "14:40", 30, { fixedTime: true }),
      block("sunset", "15:00", 30, { anchored: true }),
      block("free", "14:50", 60),
    ];
    // short: 14:30 + 20 = 14:50, 10 into the ceremony; sunset follows 'free' (ends 15:50).
    // 'long' ends at 16:00 but is not the block just before either.
    expect(squeezesOf(blocks)).toEqual([
      { id: "ceremony", minutes: 10 },
      { id: "sunset", minutes: 50 },
    ]);
    expect(squeezedLabel(10)).toBe("Squeezed by 10 min");
  });

  it("squeeze nothing on a day with room, and follow the order of blocks at one time", () => {
    expect(squeezesOf(day)).toEqual([]);
    const sameTime = [block("fixed", "15:00", 30, { fixedTime: true, orderIndex: 2 }), block("before", "15:00", 20, { orderIndex: 1 })];
    expect(squeezesOf(sameTime)).toEqual([{ id: "fixed", minutes: 20 }]);
    expect(squeezesOf(sameTime.map((b) => ({ ...b, orderIndex: b.id === "fixed" ? 0 : 1 })))).toEqual([]);
  });

  it("warn of a leg longer than the gap to the next timed block, by the missing minutes", () => {
    const blocks = [
      block("church", "14:00", 45, { travelMinutes: 30 }),
      block("untimed", null, 10, { travelMinutes: 60 }),
      block("park", "15:00", 60, { travelMinutes: 10 }),
      block("venue", "16:10", 60, { travelMinutes: 0 }),
      block("overlap", "16:30", 30, { travelMinutes: 45 }),
    ];
    // church → park: 15 min gap, 30 min leg; venue → overlap (leg 0) is no leg; the last has no next.
    expect(legWarningsOf(blocks)).toEqual([{ id: "church", minutes: 15 }]);
    // After a shift the leg into the ceremony no longer fits.
    expect(legWarningsOf(day)).toEqual([]);
    expect(legWarningsOf(applyMoves(day, shifted(day, { fromBlockId: "prep", minutes: 25 }).moves))).toEqual([{ id: "first-look", minutes: 10 }]);
  });

  it("add an overlap to the missing minutes", () => {
    expect(legWarningsOf([block("a", "10:00", 60, { travelMinutes: 15 }), block("b", "10:50", 30)])).toEqual([{ id: "a", minutes: 25 }]);
  });
});

describe("the team's push", () => {
  it("says how late, and what is next at what time", () => {
    expect(runningLateMessage(10, "Ceremony", "3:10 PM")).toBe("Running 10 min late \u2014 next: Ceremony at 3:10 PM");
  });
});
