// The day's light at the venue (decision 018): sunrise, sunset, golden hour and blue hour for
// an event's date and place, in the event's own wall-clock time. Client-safe and pure: the
// page, the server and a device with no signal compute the same rows from the same inputs.
import { addTime, getTimes, times as sunRows, type SunTimes } from "suncalc";
import { formatClock, minutesOf } from "./span";

// The sun's altitude, in degrees, at the edges the timeline marks (decision 018). Sunrise and
// sunset are suncalc's own (-0.833°: the top of the disc on the horizon, with refraction).
/** Golden hour: from 6° above the horizon down to 4° below (the morning's runs the other way). */
export const GOLDEN_HOUR_TOP = 6;
export const GOLDEN_HOUR_BOTTOM = -4;
/** Blue hour: from 4° below the horizon down to 8° below. */
export const BLUE_HOUR_BOTTOM = -8;

const MINUTES_PER_DAY = 24 * 60;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * A stretch of the day's light, in minutes after the event day's local midnight as the wall
 * clock reads them (the way a block's "HH:MM" start reads): past 1440 when it ends after
 * that midnight, negative when it began the evening before.
 */
export type LightSpan = { start: number; end: number };

/** What the sun does on the event's day at its place; null where it does not happen that day. */
export type DayLight = {
  sunrise: number | null;
  sunset: number | null;
  /** Morning golden hour: the sun rising from 4° below the horizon to 6° above. */
  morningGoldenHour: LightSpan | null;
  /** Evening golden hour: the sun setting from 6° above the horizon to 4° below. */
  goldenHour: LightSpan | null;
  /** Evening blue hour: the sun setting from 4° below the horizon to 8° below. */
  blueHour: LightSpan | null;
  /** The sun does not set that day ("midnight_sun") or does not rise ("polar_night"). */
  polar: "midnight_sun" | "polar_night" | null;
};

export type LightQuery = {
  /** The event's date, "YYYY-MM-DD". */
  date: string;
  /** The event's IANA time zone ("America/New_York"). */
  timeZone: string;
  latitude: number;
  longitude: number;
};

// suncalc computes every altitude in its table of times; the two it lacks are added once, the
// first time they are needed (not on import), and never twice.
const MINUS_4 = { rise: "eventFlowMinus4Rise", set: "eventFlowMinus4Set" } as const;
const MINUS_8 = { rise: "eventFlowMinus8Rise", set: "eventFlowMinus8Set" } as const;
function ensureAltitudes() {
  for (const [angle, { rise, set }] of [
    [GOLDEN_HOUR_BOTTOM, MINUS_4],
    [BLUE_HOUR_BOTTOM, MINUS_8],
  ] as const) {
    if (!sunRows.some((row) => row[2] === set)) addTime(angle, rise, set);
  }
}

const clocks = new Map<string, Intl.DateTimeFormat>();
/** A formatter of the zone's wall clock; null for a zone the platform does not know. */
function clockOf(timeZone: string) {
  let clock = clocks.get(timeZone);
  if (!clock) {
    try {
      clock = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", hourCycle: "h23" });
    } catch {
      return null;
    }
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The zone's wall clock at `ms`: its calendar day (days after 1970-01-01) and the minutes into it. */
function wallClock(clock: Intl.DateTimeFormat, ms: number) {
  const parts = clock.formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { day: Date.UTC(part("year"), part("month") - 1, part("day")) / DAY_MS, minutes: (part("hour") % 24) * 60 + part("minute") };
}

/** "YYYY-MM-DD" as days after 1970-01-01; null unless a real calendar date. */
function dayNumber(date: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day ? ms / DAY_MS : null;
}

/**
 * The instant of 12:00 on the event's day in its zone. suncalc gives the times of the solar
 * day nearest the instant it is asked with, and local noon is hours from the local solar
 * noon anywhere (date line included), so this picks the event's own day, east or west of UTC.
 */
function localNoon(clock: Intl.DateTimeFormat, day: number) {
  const utcNoon = day * DAY_MS + DAY_MS / 2;
  const local = wallClock(clock, utcNoon);
  return utcNoon - ((local.day - day) * MINUTES_PER_DAY + local.minutes - MINUTES_PER_DAY / 2) * MINUTE_MS;
}

/** A suncalc time; null when the sun does not reach that altitude (never NaN or an Invalid Date). */
function instantOf(times: SunTimes, name: string) {
  const value = times[name];
  return value instanceof Date && Number.isFinite(value.getTime()) ? value.getTime() : null;
}

/**
 * The light of the event's day at its place, in the event's wall-clock time (so a sunset at
 * 19:03 on a daylight-saving change day reads 19:03). Null when the date, the zone or the
 * coordinates are not valid. Each time is rounded to the nearest minute.
 *
 * A span exists when the sun passes its first edge that day. When the sun then turns back
 * before reaching the other edge (a summer night far north), the span lasts until it passes
 * the first edge again the next morning: in Reykjavik in late June the golden hour runs all
 * night, and the blue hour never comes (null).
 */
export function dayLight({ date, timeZone, latitude, longitude }: LightQuery): DayLight | null {
  const day = dayNumber(date);
  const clock = clockOf(timeZone);
  if (day === null || clock === null) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  ensureAltitudes();

  const noon = localNoon(clock, day);
  const timesAt = (ms: number) => getTimes(new Date(ms), latitude, longitude);
  const today = timesAt(noon);
  const minutes = (at: number | null) => {
    if (at === null) return null;
    const local = wallClock(clock, Math.round(at / MINUTE_MS) * MINUTE_MS);
    return (local.day - day) * MINUTES_PER_DAY + local.minutes;
  };
  const span = (start: number | null, end: number | null): LightSpan | null => {
    const [from, to] = [minutes(start), minutes(end)];
    return from !== null && to !== null && to > from ? { start: from, end: to } : null;
  };
  /** Setting from `top` to `bottom`; or, when the sun turns back first, until it rises past `top` again. */
  const evening = (top: string, bottom: string, topRising: string) => {
    const start = instantOf(today, top);
    if (start === null) return null;
    return span(start, instantOf(today, bottom) ?? instantOf(timesAt(noon + DAY_MS), topRising));
  };
  /** Rising from `bottom` to `top`; or, when the sun did not go as low, since it set past `top` the evening before. */
  const morning = (bottom: string, top: string, topSetting: string) => {
    const end = instantOf(today, top);
    if (end === null) return null;
    return span(instantOf(today, bottom) ?? instantOf(timesAt(noon - DAY_MS), topSetting), end);
  };

  return {
    sunrise: minutes(instantOf(today, "sunrise")),
    sunset: minutes(instantOf(today, "sunset")),
    morningGoldenHour: morning(MINUS_4.rise, "goldenHourEnd", "goldenHour"),
    goldenHour: evening("goldenHour", MINUS_4.set, "goldenHourEnd"),
    blueHour: evening(MINUS_4.set, MINUS_8.set, MINUS_4.rise),
    polar: today.alwaysUp ? "midnight_sun" : today.alwaysDown ? "polar_night" : null,
  };
}

/** What a block can be anchored to ('Anchor to'). */
import type { SunAnchor } from "~/db/enums";
export { SUN_ANCHORS, SUN_ANCHOR_LABELS, type SunAnchor } from "~/db/enums";

/** The anchor's minutes after the event day's midnight; null when it does not happen that day. */
export function anchorMinutes(light: DayLight | null, anchor: SunAnchor) {
  if (!light) return null;
  if (anchor === "sunset") return light.sunset;
  return (anchor === "golden_hour_start" ? light.goldenHour?.start : light.goldenHour?.end) ?? null;
}

/**
 * The "HH:MM" start of a block anchored `offsetMinutes` after (negative: before) the anchor.
 * Null when the anchor does not happen that day, or when the time falls outside the event's
 * day (before 00:00 or from 24:00 on): a block's start is a time of that day.
 */
export function anchorTime(light: DayLight | null, anchor: SunAnchor, offsetMinutes: number) {
  const at = anchorMinutes(light, anchor);
  if (at === null || !Number.isInteger(offsetMinutes)) return null;
  const start = at + offsetMinutes;
  return start >= 0 && start < MINUTES_PER_DAY ? formatClock(start, "24h") : null;
}

/**
 * Whether a block (its start in minutes after midnight, and its length) falls partly or
 * wholly outside the golden hours (morning and evening): the warning on the blocks shot for
 * the light (portraits, first look, family formals). False when the day has no golden hour
 * (far north or south, where no block could be moved into one) or no light is known.
 */
export function outsideGoldenHour(light: DayLight | null, startMinutes: number, durationMinutes: number) {
  if (!light) return false;
  const spans = [light.morningGoldenHour, light.goldenHour].filter((span) => span !== null);
  if (spans.length === 0) return false;
  const end = startMinutes + Math.max(0, durationMinutes);
  return !spans.some((span) => startMinutes >= span.start && end <= span.end);
}

/** As outsideGoldenHour, for a block's stored "HH:MM" start; false for a block with no (valid) start. */
export function blockOutsideGoldenHour(light: DayLight | null, startTime: string | null, durationMinutes: number) {
  const start = startTime === null ? null : minutesOf(startTime);
  return start !== null && outsideGoldenHour(light, start, durationMinutes);
}
