import { describe, expect, it } from "vitest";
import { assignedText, callTimeOf, countsOf, countText, mineOf, normalizedAssignees } from "~/modules/team/assignees";

const ALEX = "00000000-0000-4000-8000-0000000000a1";
const MAYA = "00000000-0000-4000-8000-0000000000b2";
const roster = [
  { userId: MAYA, firstName: "Maya", lastName: "Lead" },
  { userId: ALEX, firstName: "Alex", lastName: "Rivera" },
];
const blocks = [
  { id: "prep", startTime: "12:00", assignees: [MAYA] },
  { id: "groom", startTime: "13:30", assignees: [ALEX] },
  { id: "ceremony", startTime: "16:00", assignees: [ALEX, MAYA] },
  { id: "untimed", startTime: null, assignees: [ALEX] },
];

describe("who shoots what", () => {
  it("'Mine' keeps a member's rows in their order; the call time is their first timed block", () => {
    expect(mineOf(blocks, ALEX).map((block) => block.id)).toEqual(["groom", "ceremony", "untimed"]);
    expect(callTimeOf(blocks, ALEX)).toBe("13:30");
    expect(callTimeOf(blocks, MAYA)).toBe("12:00");
    expect(callTimeOf([{ startTime: null, assignees: [ALEX] }], ALEX)).toBeNull();
    expect(callTimeOf(blocks, "someone else")).toBeNull();
  });

  it("counts each member's blocks and shots for the Team tab", () => {
    const counts = countsOf(blocks, [{ assignees: [ALEX] }, { assignees: [] }]);
    expect(counts.get(ALEX)).toEqual({ blocks: 3, shots: 1 });
    expect(counts.get(MAYA)).toEqual({ blocks: 2, shots: 0 });
    expect(countText({ blocks: 1, shots: 0 })).toBe("1 block · 0 shots");
    expect(countText({ blocks: 3, shots: 1 })).toBe("3 blocks · 1 shot");
  });

  it("names a row's people by first name in the roster's order; someone off the team is left out", () => {
    expect(assignedText([ALEX, MAYA], roster)).toBe("Assigned: Maya, Alex");
    expect(assignedText(["gone"], roster)).toBeNull();
    expect(assignedText([], roster)).toBeNull();
  });

  it("stores each id once, in one order, whatever order they were ticked in", () => {
    expect(normalizedAssignees([MAYA, ALEX, MAYA])).toEqual([ALEX, MAYA]);
  });
});
