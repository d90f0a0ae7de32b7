import { HOUR_CYCLES, type TimeFormat } from "~/db/enums";

// A block's span as every screen shows it: "14:00 – 16:00 · 2 h", or with a 12-hour
// clock "2:00 PM – 4:00 PM · 2 h". A plain module: pages, e-mails and tests format alike.

export type HourCycle = (typeof HOUR_CYCLES)[number];

const MINUTES_PER_DAY = 24 * 60;

/** "HH:mm" as minutes after midnight; null unless a valid time. */
export function minutesOf(time: string) {
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
export function formatBlockStart(startTime: string, cycle: HourCycle) {
  const start = minutesOf(startTime);
  return start === null ? startTime : formatClock(start, cycle);
}

/**
 * The clock a locale reads times on ("en-US" 12-hour, "en-GB" and "de" 24-hour): what
 * 'Automatic' means. A tag the platform cannot read is read as en-US.
 */
export function hourCycleOfLocale(locale: string | null | undefined): HourCycle {
  let cycle: string | undefined;
  try {
    cycle = new Intl.DateTimeFormat(locale ?? "en-US", { hour: "numeric" }).resolvedOptions().hourCycle;
  } catch {
    cycle = new Intl.DateTimeFormat("en-US", { hour: "numeric" }).resolvedOptions().hourCycle;
  }
  return cycle === "h23" || cycle === "h24" ? "24h" : "12h";
}

/** The browser's first language in an Accept-Language header ("en-GB,en;q=0.8" → "en-GB"). */
export function localeOfRequest(request: Request) {
  const first = request.headers.get("Accept-Language")?.split(",")[0]?.split(";")[0]?.trim();
  return first && /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/.test(first) ? first : null;
}

/** The clock a user's 'Time format' gives; 'Automatic' the one of their browser's locale (`automatic`). */
export function hourCycleOf(format: TimeFormat, automatic: HourCycle): HourCycle {
  return format === "auto" ? automatic : format;
}

/** The clock of a page: the viewer's 'Time format', 'Automatic' (or no viewer) the request's browser locale's. */
export function hourCycleForRequest(format: TimeFormat, request: Request): HourCycle {
  return hourCycleOf(format, hourCycleOfLocale(localeOfRequest(request)));
}
