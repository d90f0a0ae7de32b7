// A block's span as every screen shows it: "14:00 – 16:00 · 2 h", or with a 12-hour
// clock "2:00 PM – 4:00 PM · 2 h". A plain module: pages, e-mails and tests format alike.

export type HourCycle = "12h" | "24h";

const MINUTES_PER_DAY = 24 * 60;

/** "HH:mm" as minutes after midnight; null unless a valid time. */
function minutesOf(time: string) {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** A time of day, minutes after midnight (wrapping past it), on the given clock. */
export function formatClock(minutes: number, cycle: HourCycle) {
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hours = Math.floor(inDay / 60);
  const mm = String(inDay % 60).padStart(2, "0");
  if (cycle === "24h") return `${String(hours).padStart(2, "0")}:${mm}`;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${mm} ${hours < 12 ? "AM" : "PM"}`;
}

/** A length: "45 min", "2 h", "1 h 30 min". */
export function formatDuration(minutes: number) {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** A block's start and end, then its length; a block with no start time shows its length only. */
export function formatBlockSpan(startTime: string | null, durationMinutes: number, cycle: HourCycle) {
  const start = startTime === null ? null : minutesOf(startTime);
  const length = formatDuration(durationMinutes);
  if (start === null) return length;
  return `${formatClock(start, cycle)} – ${formatClock(start + durationMinutes, cycle)} · ${length}`;
}

/** A block's start time alone ("14:00", or "2:00 PM"); an invalid time as stored. */
export function formatBlockStart(startTime: string, cycle: HourCycle = "24h") {
  const start = minutesOf(startTime);
  return start === null ? startTime : formatClock(start, cycle);
}
