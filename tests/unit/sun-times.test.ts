import { getPosition } from "suncalc";
import { describe, expect, it } from "vitest";
import { minutesOf } from "~/modules/timeline/span";
import { anchorTime, blockOutsideGoldenHour, dayLight, outsideGoldenHour, type DayLight, type LightQuery } from "~/modules/timeline/sun";

// Decision 018: the day's light in the event's wall-clock time, minutes after its midnight.
// Each expected time names its source:
// - "timeanddate.com": the sunrise/sunset table of that city and month (the standard -0.833°
//   horizon, as NOAA's Solar Calculator and suncalc use);
// - "ephemeris": computed separately with astronomy-engine 2.1 (an ephemeris independent of
//   suncalc, USNO's conventions) when this test was written, for a day whose published figure
//   was not at hand. It agreed with every timeanddate.com figure here within a minute.
// A computed time may differ from the expected one by 2 minutes at most.

const TOLERANCE = 2;
const NYC = { latitude: 40.7128, longitude: -74.006, timeZone: "America/New_York" };
const LONDON = { latitude: 51.5074, longitude: -0.1278, timeZone: "Europe/London" };
const SYDNEY = { latitude: -33.8688, longitude: 151.2093, timeZone: "Australia/Sydney" };
const RALEIGH = { latitude: 35.7796, longitude: -78.6382, timeZone: "America/New_York" };
const TROMSO = { latitude: 69.6492, longitude: 18.9553, timeZone: "Europe/Oslo" };
const REYKJAVIK = { latitude: 64.1466, longitude: -21.9426, timeZone: "Atlantic/Reykjavik" };
const STOCKHOLM = { latitude: 59.3293, longitude: 18.0686, timeZone: "Europe/Stockholm" };
const AUCKLAND = { latitude: -36.8485, longitude: 174.7633, timeZone: "Pacific/Auckland" };
const HONOLULU = { latitude: 21.3069, longitude: -157.8583, timeZone: "Pacific/Honolulu" };
const KIRITIMATI = { latitude: 1.87, longitude: -157.43, timeZone: "Pacific/Kiritimati" };

function lightOf(place: Omit<LightQuery, "date">, date: string): DayLight {
  const light = dayLight({ ...place, date });
  if (!light) throw new Error(`no light for ${date}`);
  return light;
}

/** "HH:MM" on the event's day, or `nextDay` after its midnight, as minutes after that midnight. */
const at = (time: string, { nextDay = false } = {}) => minutesOf(time)! + (nextDay ? 24 * 60 : 0);

function expectNear(actual: number | null | undefined, expected: number) {
  expect(actual).not.toBeNull();
  expect(actual).toBeDefined();
  expect(Math.abs(actual! - expected), `${actual} minutes, expected ${expected}`).toBeLessThanOrEqual(TOLERANCE);
}

describe("sunrise and sunset against published tables", () => {
  const cases: { name: string; place: Omit<LightQuery, "date">; date: string; sunrise: number; sunset: number }[] = [
    { name: "New York City, summer solstice 2026-06-21 (timeanddate.com: 05:25, 20:31 EDT)", place: NYC, date: "2026-06-21", sunrise: at("05:25"), sunset: at("20:31") },
    { name: "London, winter solstice 2026-12-21 (timeanddate.com: 08:04, 15:53 GMT)", place: LONDON, date: "2026-12-21", sunrise: at("08:04"), sunset: at("15:53") },
    { name: "Sydney, winter 2026-06-21 (timeanddate.com: 07:00, 16:54 AEST)", place: SYDNEY, date: "2026-06-21", sunrise: at("07:00"), sunset: at("16:54") },
    { name: "Sydney, summer 2026-12-21 (timeanddate.com: 05:41, 20:05 AEDT)", place: SYDNEY, date: "2026-12-21", sunrise: at("05:41"), sunset: at("20:05") },
    { name: "Raleigh NC, a wedding on Saturday 2026-10-17 (ephemeris: 07:23, 18:36 EDT)", place: RALEIGH, date: "2026-10-17", sunrise: at("07:23"), sunset: at("18:36") },
    { name: "Auckland, winter 2026-06-21, UTC+12 (timeanddate.com: 07:33, 17:11 NZST)", place: AUCKLAND, date: "2026-06-21", sunrise: at("07:33"), sunset: at("17:11") },
    { name: "Honolulu, 2026-06-21, UTC-10 (timeanddate.com: 05:51, 19:16 HST)", place: HONOLULU, date: "2026-06-21", sunrise: at("05:51"), sunset: at("19:16") },
  ];
  for (const { name, place, date, sunrise, sunset } of cases) {
    it(name, () => {
      const light = lightOf(place, date);
      expectNear(light.sunrise, sunrise);
      expectNear(light.sunset, sunset);
      expect(light.polar).toBeNull();
    });
  }
});

describe("a daylight-saving change day reads the wall clock of that day", () => {
  it("New York, DST starts 2026-03-08: 06:20 / 17:54 EST the day before, 07:19 / 18:55 EDT that day (ephemeris)", () => {
    const before = lightOf(NYC, "2026-03-07");
    const day = lightOf(NYC, "2026-03-08");
    expectNear(before.sunrise, at("06:20"));
    expectNear(before.sunset, at("17:54"));
    expectNear(day.sunrise, at("07:19"));
    expectNear(day.sunset, at("18:55"));
  });

  it("New York, DST ends 2026-11-01: 07:25 / 17:53 EDT the day before, 06:26 / 16:52 EST that day (ephemeris)", () => {
    const before = lightOf(NYC, "2026-10-31");
    const day = lightOf(NYC, "2026-11-01");
    expectNear(before.sunrise, at("07:25"));
    expectNear(before.sunset, at("17:53"));
    expectNear(day.sunrise, at("06:26"));
    expectNear(day.sunset, at("16:52"));
    expectNear(day.goldenHour?.start, at("16:13"));
    expectNear(day.blueHour?.end, at("17:32"));
  });

  it("London, BST starts 2026-03-29: 05:45 / 18:27 GMT the day before, 06:43 / 19:29 BST that day (ephemeris)", () => {
    const before = lightOf(LONDON, "2026-03-28");
    const day = lightOf(LONDON, "2026-03-29");
    expectNear(before.sunrise, at("05:45"));
    expectNear(before.sunset, at("18:27"));
    expectNear(day.sunrise, at("06:43"));
    expectNear(day.sunset, at("19:29"));
  });
});

describe("east and west of UTC, and across the date line, the event's own date", () => {
  it("Auckland (UTC+13 in summer): 2026-12-21 and 2026-12-22 are those local days (ephemeris: sunset 20:40 both, golden hour ends 20:58 then 20:59)", () => {
    const first = lightOf(AUCKLAND, "2026-12-21");
    const second = lightOf(AUCKLAND, "2026-12-22");
    expectNear(first.sunrise, at("05:58"));
    expectNear(first.sunset, at("20:40"));
    expectNear(second.sunset, at("20:40"));
    expectNear(first.goldenHour?.end, at("20:58"));
    expectNear(second.goldenHour?.end, at("20:59"));
  });

  it("Honolulu (UTC-10): 2026-12-21, whose sunset is on the next day in UTC (ephemeris: 07:05, 17:55 HST)", () => {
    const light = lightOf(HONOLULU, "2026-12-21");
    expectNear(light.sunrise, at("07:05"));
    expectNear(light.sunset, at("17:55"));
  });

  it("Kiritimati (UTC+14, west of the date line's bend): 2026-06-21 (ephemeris: 06:25, 18:38)", () => {
    const light = lightOf(KIRITIMATI, "2026-06-21");
    expectNear(light.sunrise, at("06:25"));
    expectNear(light.sunset, at("18:38"));
  });
});

describe("far north in summer: no true night", () => {
  it("Tromsø 2026-06-21 has midnight sun (timeanddate.com: up all day, late May to late July): no sunset, no blue hour; golden hour all night (ephemeris: from 22:35)", () => {
    const light = lightOf(TROMSO, "2026-06-21");
    expect(light.sunset).toBeNull();
    expect(light.sunrise).toBeNull();
    expect(light.polar).toBe("midnight_sun");
    expect(light.blueHour).toBeNull();
    expectNear(light.goldenHour?.start, at("22:35"));
    // The sun never goes 4° under: the golden hour lasts until it climbs past 6° again.
    expect(light.goldenHour!.end).toBeGreaterThan(24 * 60);
    expect(light.goldenHour!.end).toBeLessThan(24 * 60 + 6 * 60);
  });

  it("Reykjavik 2026-06-21 (timeanddate.com: sunrise 02:55, sunset 00:04 after midnight): the sunset is past 24:00, no blue hour", () => {
    const light = lightOf(REYKJAVIK, "2026-06-21");
    expectNear(light.sunrise, at("02:55"));
    expectNear(light.sunset, at("00:04", { nextDay: true }));
    expect(light.polar).toBeNull();
    expect(light.blueHour).toBeNull();
    expect(light.goldenHour!.end).toBeGreaterThan(light.sunset!);
  });

  it("Stockholm 2026-06-21: the sun stops above 8° under, so the blue hour lasts until morning (ephemeris: from 22:56)", () => {
    const light = lightOf(STOCKHOLM, "2026-06-21");
    expectNear(light.sunset, at("22:08"));
    expectNear(light.blueHour?.start, at("22:56"));
    expect(light.blueHour!.end).toBeGreaterThan(24 * 60);
  });

  it("Tromsø 2026-12-21, polar night (timeanddate.com: no sunrise from late November to mid January): no sunset, no golden hour", () => {
    const light = lightOf(TROMSO, "2026-12-21");
    expect(light.polar).toBe("polar_night");
    expect(light.sunrise).toBeNull();
    expect(light.sunset).toBeNull();
    expect(light.goldenHour).toBeNull();
    expect(light.morningGoldenHour).toBeNull();
  });

  it("never answers NaN", () => {
    for (const date of ["2026-05-16", "2026-06-21", "2026-07-30", "2026-12-21"]) {
      const light = lightOf(TROMSO, date);
      const values = [light.sunrise, light.sunset, light.goldenHour, light.blueHour, light.morningGoldenHour].flatMap((value) =>
        value === null ? [] : typeof value === "number" ? [value] : [value.start, value.end],
      );
      for (const value of values) expect(Number.isInteger(value)).toBe(true);
    }
  });
});

describe("golden hour and blue hour", () => {
  // New York on 2026-06-21 is UTC-4: the sun's altitude at a returned time is the edge's.
  const altitudeAt = (minutes: number) => getPosition(new Date(Date.UTC(2026, 5, 21, 4, minutes)), NYC.latitude, NYC.longitude).altitude;

  it("run from 6° above the horizon to 4° under, then to 8° under (ephemeris: 19:49 – 20:51 – 21:18; mornings 05:05 – 06:06)", () => {
    const light = lightOf(NYC, "2026-06-21");
    expectNear(light.goldenHour?.start, at("19:49"));
    expectNear(light.goldenHour?.end, at("20:51"));
    expect(light.blueHour?.start).toBe(light.goldenHour?.end);
    expectNear(light.blueHour?.end, at("21:18"));
    expectNear(light.morningGoldenHour?.start, at("05:05"));
    expectNear(light.morningGoldenHour?.end, at("06:06"));
    expect(altitudeAt(light.goldenHour!.start)).toBeCloseTo(6, 0);
    expect(altitudeAt(light.goldenHour!.end)).toBeCloseTo(-4, 0);
    expect(altitudeAt(light.blueHour!.end)).toBeCloseTo(-8, 0);
    expect(light.goldenHour!.start).toBeLessThan(light.sunset!);
    expect(light.sunset!).toBeLessThan(light.goldenHour!.end);
  });
});

describe("what is not a place or a day", () => {
  it("answers null", () => {
    expect(dayLight({ ...NYC, date: "2026-02-30" })).toBeNull();
    expect(dayLight({ ...NYC, date: "21/06/2026" })).toBeNull();
    expect(dayLight({ ...NYC, date: "2026-06-21", timeZone: "Mars/Olympus_Mons" })).toBeNull();
    expect(dayLight({ ...NYC, date: "2026-06-21", latitude: 91 })).toBeNull();
    expect(dayLight({ ...NYC, date: "2026-06-21", longitude: -181 })).toBeNull();
    expect(dayLight({ ...NYC, date: "2026-06-21", latitude: Number.NaN })).toBeNull();
  });

  it("an event in UTC (the default zone) is read on the UTC clock", () => {
    const light = dayLight({ date: "2026-12-21", timeZone: "UTC", latitude: LONDON.latitude, longitude: LONDON.longitude });
    expectNear(light?.sunset, at("15:53"));
  });
});

describe("a block anchored to the light", () => {
  const light = lightOf(NYC, "2026-06-21"); // sunset 20:31, golden hour 19:49 – 20:51

  it("starts at the anchor plus or minus its minutes", () => {
    expect(anchorTime(light, "sunset", 0)).toBe("20:31");
    expect(anchorTime(light, "sunset", -30)).toBe("20:01");
    expect(anchorTime(light, "golden_hour_start", 0)).toBe("19:49");
    expect(anchorTime(light, "golden_hour_start", -15)).toBe("19:34");
    expect(anchorTime(light, "golden_hour_end", 10)).toBe("21:01");
  });

  it("has no time when the anchor does not happen that day, or the time leaves the day", () => {
    expect(anchorTime(lightOf(TROMSO, "2026-06-21"), "sunset", 0)).toBeNull();
    expect(anchorTime(lightOf(TROMSO, "2026-12-21"), "golden_hour_start", 0)).toBeNull();
    expect(anchorTime(lightOf(REYKJAVIK, "2026-06-21"), "sunset", 0)).toBeNull();
    expect(anchorTime(light, "sunset", 4 * 60)).toBeNull();
    expect(anchorTime(light, "sunset", 0.5)).toBeNull();
    expect(anchorTime(null, "sunset", 0)).toBeNull();
  });
});

describe("the warning on a block outside golden hour", () => {
  const light = lightOf(NYC, "2026-06-21"); // golden hours 05:05 – 06:06 and 19:49 – 20:51

  it("is not shown for a block wholly inside a golden hour, morning or evening", () => {
    expect(outsideGoldenHour(light, at("19:55"), 45)).toBe(false);
    expect(outsideGoldenHour(light, at("05:10"), 30)).toBe(false);
    expect(blockOutsideGoldenHour(light, "20:00", 30)).toBe(false);
  });

  it("is shown for a block before, after or partly outside it", () => {
    expect(outsideGoldenHour(light, at("15:00"), 60)).toBe(true);
    expect(outsideGoldenHour(light, at("19:30"), 30)).toBe(true);
    expect(outsideGoldenHour(light, at("20:45"), 30)).toBe(true);
    expect(blockOutsideGoldenHour(light, "16:00", 30)).toBe(true);
  });

  it("is not shown with no light known, no start time, or on a day with no golden hour", () => {
    expect(outsideGoldenHour(null, at("15:00"), 60)).toBe(false);
    expect(blockOutsideGoldenHour(light, null, 30)).toBe(false);
    expect(outsideGoldenHour(lightOf(TROMSO, "2026-12-21"), at("12:00"), 30)).toBe(false);
  });

  it("far north in summer, a block after midnight is in the night's golden hour", () => {
    const tromso = lightOf(TROMSO, "2026-06-21");
    expect(outsideGoldenHour(tromso, at("23:30"), 60)).toBe(false);
    expect(blockOutsideGoldenHour(tromso, "00:30", 30)).toBe(false);
    expect(blockOutsideGoldenHour(tromso, "14:00", 30)).toBe(true);
  });
});
