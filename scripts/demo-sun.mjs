// The demo wedding's anchored block start in plain Node (scripts/seed-local.mjs), which
// cannot load app/modules/timeline/sun.ts (its imports are the app's): suncalc's own
// golden hour start (6° above the horizon, as sun.ts reads it) or sunset, on the venue's
// clock, plus the offset. tests/unit/anchor.test.ts checks the two agree.
import * as suncalc from "suncalc";

// A CommonJS module: Node gives its exports as the default, vite as named ones.
const { getTimes } = /** @type {typeof import("suncalc")} */ ("default" in suncalc ? suncalc.default : suncalc);

/**
 * @param {{ latitude: number; longitude: number; timeZone: string }} venue
 * @returns {(anchor: string, offsetMinutes: number, date: string) => string | null}
 */
export function demoAnchoredStart(venue) {
  const clock = new Intl.DateTimeFormat("en-GB", { timeZone: venue.timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return (anchor, offsetMinutes, date) => {
    // Noon UTC on the date is morning in the Americas: the same solar day.
    const times = getTimes(new Date(`${date}T12:00:00Z`), venue.latitude, venue.longitude);
    const at = anchor === "sunset" ? times.sunset : anchor === "golden_hour_start" ? times.goldenHour : null;
    if (!at || Number.isNaN(at.getTime())) return null;
    return clock.format(Math.round(at.getTime() / 60_000) * 60_000 + offsetMinutes * 60_000);
  };
}
