// The day's light is computed on the server as on the device (decision 018): workerd's Intl
// reads the event's zone as Node's and the browsers' do (tests/unit/sun-times.test.ts has the
// published figures).
import { describe, expect, it } from "vitest";
import { anchorTime, dayLight } from "~/modules/timeline/sun";

describe("the day's light in workerd", () => {
  it("New York on a daylight-saving change day, Auckland across the date line, Tromsø's midnight sun", () => {
    const newYork = dayLight({ date: "2026-03-08", timeZone: "America/New_York", latitude: 40.7128, longitude: -74.006 });
    expect(anchorTime(newYork, "sunset", 0)).toBe("18:55");
    const auckland = dayLight({ date: "2026-12-21", timeZone: "Pacific/Auckland", latitude: -36.8485, longitude: 174.7633 });
    expect(anchorTime(auckland, "sunset", 0)).toBe("20:40");
    const tromso = dayLight({ date: "2026-06-21", timeZone: "Europe/Oslo", latitude: 69.6492, longitude: 18.9553 });
    expect(tromso).toMatchObject({ sunset: null, blueHour: null, polar: "midnight_sun" });
  });
});
