import { describe, expect, it } from "vitest";
import { type LightMarker, lightMarkers, lightOf, markerTime, withMarkers } from "~/modules/timeline/light-rows";

const block = (title: string, startTime: string | null) => ({ title, startTime });
const MARKERS: LightMarker[] = [
  { kind: "golden_hour", label: "Golden hour", start: 17 * 60 + 1, end: 17 * 60 + 56 },
  { kind: "sunset", label: "Sunset", start: 17 * 60 + 39, end: null },
  { kind: "blue_hour", label: "Blue hour", start: 17 * 60 + 56, end: 18 * 60 + 17 },
];
const names = (slots: ReturnType<typeof withMarkers<{ title: string; startTime: string | null }>>) => slots.map((slot) => ("marker" in slot ? slot.marker.label : slot.block.title));

describe("the day's light among the blocks", () => {
  it("places each marker before the first block starting after it", () => {
    const blocks = [block("Cocktail Hour", "17:00"), block("Dinner", "18:00"), block("Dancing", "20:00")];
    expect(names(withMarkers(blocks, MARKERS))).toEqual(["Cocktail Hour", "Golden hour", "Sunset", "Blue hour", "Dinner", "Dancing"]);
  });

  it("puts markers after the last timed block, before blocks with no start time", () => {
    const blocks = [block("Ceremony", "15:00"), block("Send-off", null)];
    expect(names(withMarkers(blocks, MARKERS))).toEqual(["Ceremony", "Golden hour", "Sunset", "Blue hour", "Send-off"]);
  });

  it("a window of a long list shows only the markers inside it", () => {
    const morning = [block("Prep", "10:00"), block("Ceremony", "15:00")];
    expect(names(withMarkers(morning, MARKERS, { last: false }))).toEqual(["Prep", "Ceremony"]);
    const evening = [block("Dinner", "18:00"), block("Dancing", "20:00")];
    expect(names(withMarkers(evening, MARKERS, { first: false }))).toEqual(["Dinner", "Dancing"]);
    expect(names(withMarkers(evening, MARKERS))).toEqual(["Golden hour", "Sunset", "Blue hour", "Dinner", "Dancing"]);
  });

  it("with no blocks the markers alone; with no markers the blocks alone", () => {
    expect(names(withMarkers([], MARKERS))).toEqual(["Golden hour", "Sunset", "Blue hour"]);
    expect(names(withMarkers([block("Ceremony", "15:00")], []))).toEqual(["Ceremony"]);
  });

  it("reads the event: no location, no light; the seeded barn in January has golden hour around sunset, in time order", () => {
    expect(lightOf({ date: "2027-01-13", timeZone: "America/New_York", venueLatitude: null, venueLongitude: null })).toBeNull();
    const markers = lightMarkers(lightOf({ date: "2027-01-13", timeZone: "America/New_York", venueLatitude: 35.579, venueLongitude: -82.67 }));
    expect(markers.map((marker) => marker.kind)).toEqual(["golden_hour", "sunset", "blue_hour"]);
    // Sunset in Asheville on 2027-01-13 is about 5:39 PM EST (NOAA).
    expect(Math.abs(markers[1]!.start - (17 * 60 + 39))).toBeLessThanOrEqual(2);
    expect(markerTime(markers[1]!, "12h")).toMatch(/^5:3\d PM$/);
    expect(markerTime(MARKERS[0]!, "24h")).toBe("17:01 – 17:56");
  });
});
