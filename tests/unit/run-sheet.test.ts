import { describe, expect, it } from "vitest";
import { madeAtText, type RunSheetInput, runSheetOf } from "~/modules/event/run-sheet";

const ALEX = "00000000-0000-4000-8000-0000000000a1";
const MAYA = "00000000-0000-4000-8000-0000000000b2";

const input = (changes: Partial<RunSheetInput> = {}): RunSheetInput => ({
  event: { title: "Emma & James Wedding", date: "2027-01-13", venue: "Willow Creek Barn", coupleNames: "Emma & James", timeZone: "America/New_York", venueLatitude: 35.579, venueLongitude: -82.67 },
  blocks: [
    { title: "Getting Ready", blockType: "prep", startTime: "12:00", durationMinutes: 90, location: "Bridal suite", notes: null, fixedTime: false, travelMinutes: null, teamNotes: null, assignees: [MAYA] },
    { title: "Ceremony", blockType: "ceremony", startTime: "16:00", durationMinutes: 30, location: "Lawn", notes: "Unplugged", fixedTime: true, travelMinutes: 5, teamNotes: "North gate", assignees: [ALEX] },
    { title: "Golden Hour Portraits", blockType: "portrait", startTime: "17:11", durationMinutes: 20, location: null, notes: null, fixedTime: false, travelMinutes: null, teamNotes: null, assignees: [] },
  ],
  shots: [
    { id: "kiss", title: "First kiss", category: "ceremony", description: null, isDone: true, personIds: "[]", teamNotes: null, assignees: [ALEX] },
    { id: "rings", title: "Rings", category: "details", description: "On the invitation", isDone: false, personIds: "[]", teamNotes: "Macro", assignees: [] },
    { id: "parents", title: "Couple with the bride's parents", category: "family_formals", description: null, isDone: false, personIds: '["declan","siobhan","gone"]', teamNotes: null, assignees: [] },
  ],
  people: [
    { id: "siobhan", firstName: "Siobhan", lastName: "Carter", role: "parent", isVip: true, pronunciation: "shiv-AWN", notes: null, teamNotes: null },
    { id: "declan", firstName: "Declan", lastName: "Carter", role: "parent", isVip: false, pronunciation: null, notes: null, teamNotes: null },
  ],
  vendors: [{ vendorName: "Rosa", companyName: "Florals", vendorType: "florist", phoneNumber: "(828) 555-0142", email: null }],
  team: [
    { userId: MAYA, firstName: "Maya", lastName: "Lead", role: "Lead", phoneNumber: null },
    { userId: ALEX, firstName: "Alex", lastName: "Rivera", role: "Second Shooter", phoneNumber: "(919) 555-0199" },
  ],
  forUserId: null,
  seq: 42,
  // 2027-01-12 21:05 in New York.
  madeAt: Date.UTC(2027, 0, 13, 2, 5),
  hourCycle: "12h",
  ...changes,
});

describe("run sheet", () => {
  it("the version is the change number and when it was made, in the event's time zone, on the reader's clock", () => {
    expect(runSheetOf(input()).version).toBe("Version 42 · made Jan 12, 2027, 9:05 PM");
    expect(madeAtText(Date.UTC(2027, 0, 13, 2, 5), "Europe/Dublin", "24h")).toBe("Jan 13, 2027, 02:05");
  });

  it("the timeline: spans, fixed moments, locations, who shoots it, travel, team notes; the light's rows in time order", () => {
    const sheet = runSheetOf(input());
    expect(sheet.timeline.map((line) => line.title)).toEqual(["Getting Ready", "Ceremony", "Golden hour", "Golden Hour Portraits", "Sunset", "Blue hour"]);
    expect(sheet.timeline[1]).toEqual({
      time: "4:00 PM – 4:30 PM · 30 min",
      title: "Ceremony",
      details: ["Fixed time", "Ceremony", "Lawn", "Assigned: Alex", "Then travel 5 min"],
      notes: ["Unplugged", "Team: North gate"],
    });
    expect(sheet.timeline[2]!.marker).toBe(true);
  });

  it("shots by category in the list's order of categories, with a box ticked when done; a grouping names its people as the list has them", () => {
    const sheet = runSheetOf(input());
    expect(sheet.shots.map((group) => group.label)).toEqual(["Details", "Ceremony", "Family Formals"]);
    expect(sheet.shots[2]!.items[0]!.details).toEqual(["Declan Carter, Siobhan Carter"]);
    expect(sheet.shots[0]!.items[0]).toEqual({ time: "", box: "open", title: "Rings", details: [], notes: ["On the invitation", "Team: Macro"] });
    expect(sheet.shots[1]!.items[0]!.box).toBe("done");
  });

  it("people with their pronunciation and VIP mark; vendors with their phone; the team with phone numbers where known", () => {
    const sheet = runSheetOf(input());
    expect(sheet.people[0]).toEqual({ time: "VIP", title: "Siobhan Carter", details: ["Parent", "Say: shiv-AWN"], notes: [] });
    expect(sheet.vendors[0]).toEqual({ time: "Florist", title: "Rosa", details: ["Florals", "(828) 555-0142"], notes: [] });
    expect(sheet.team).toEqual([
      { time: "Lead", title: "Maya Lead", details: [], notes: [] },
      { time: "Second Shooter", title: "Alex Rivera", details: ["(919) 555-0199"], notes: [] },
    ]);
  });

  it("one member's sheet: only their blocks and shots, and whose it is", () => {
    const sheet = runSheetOf(input({ forUserId: ALEX }));
    expect(sheet.whose).toBe("Alex Rivera");
    expect(sheet.timeline.filter((line) => !line.marker).map((line) => line.title)).toEqual(["Ceremony"]);
    expect(sheet.shots.flatMap((group) => group.items.map((item) => item.title))).toEqual(["First kiss"]);
  });

  it("a client link's sheet (no team): no assignments, no team notes, no team section", () => {
    const sheet = runSheetOf(input({ team: null }));
    const text = JSON.stringify(sheet);
    expect(text).not.toContain("Assigned");
    expect(text).not.toContain("Team:");
    expect(sheet.team).toBeNull();
  });

  it("24-hour clock, and a venue with no location has no light's rows", () => {
    const sheet = runSheetOf(input({ hourCycle: "24h", event: { ...input().event, venueLatitude: null, venueLongitude: null } }));
    expect(sheet.timeline.map((line) => line.time)).toEqual(["12:00 – 13:30 · 1 h 30 min", "16:00 – 16:30 · 30 min", "17:11 – 17:31 · 20 min"]);
  });
});
