// A wall-clock time in an IANA zone as an instant, with Intl alone (workerd and the
// browser have the zone rules; no library ships them smaller).

/** The zone's offset from UTC at an instant, in minutes (New York in summer: -240). */
function offsetAt(timeZone: string, at: number) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 60_000);
}

function zoneOrUtc(timeZone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

/**
 * `minutes` after midnight of `date` (yyyy-MM-dd) on the zone's clock, as an instant. A time
 * the clock skips (spring forward) reads as the same time on the clock before the change,
 * so 02:30 becomes 03:30 summer time; a time it shows twice (fall back) is the first of them.
 * An unknown zone reads as UTC.
 */
export function instantOf(date: string, minutes: number, timeZone: string): Date {
  const zone = zoneOrUtc(timeZone);
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  // The offsets a day either side: around a change they differ, and one of them is right.
  const before = offsetAt(zone, wall - 86_400_000);
  const after = offsetAt(zone, wall + 86_400_000);
  const first = wall - before * 60_000;
  if (offsetAt(zone, first) === before) return new Date(first);
  const second = wall - after * 60_000;
  if (offsetAt(zone, second) === after) return new Date(second);
  // In the gap: the time on the clock before the change, which lands after it.
  return new Date(first);
}
