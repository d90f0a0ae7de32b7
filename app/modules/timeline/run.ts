import type { BlockType, ShotCategory } from "~/db/enums";
import { minutesOf } from "./span";

// Run mode's reading of the timeline (docs/product/screens.md#run-the-day): which block is
// Now and which is Next at a moment, in the event's own time zone. A plain module: the
// page renders it on the server and in the browser, offline too, from the same rows.

export type RunBlock = {
  id: string;
  startTime: string | null;
  durationMinutes: number;
  isDone: boolean;
};

/** A moment as the event's wall clock reads it: its date (yyyy-MM-dd) and minutes after midnight. */
export function wallClockIn(timeZone: string, at: Date): { date: string; minutes: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  } catch {
    return wallClockIn("UTC", at);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "00";
  return { date: `${part("year")}-${part("month")}-${part("day")}`, minutes: Number(part("hour")) * 60 + Number(part("minute")) };
}

export type RunState<B extends RunBlock> = {
  /** Before the event's date, on it, or after it. */
  day: "before" | "on" | "after";
  now: B | null;
  /** Now was made current by Done or Skip before its start time. */
  early: boolean;
  /** Minutes until Now's planned end: negative once it runs over. */
  minutesLeft: number | null;
  next: B | null;
  /** Every timed block is done or skipped, or the last one reached is and none after it is open. */
  finished: boolean;
};

/**
 * Now follows the last block the day has reached: the last (in the timeline's order) that
 * has started by the clock or is done or skipped. Still open, it is Now; done, the first
 * open block after it is Now, brought forward by Done or Skip ("early" before its time).
 * Open blocks before it are passed over: the day has moved on. Before any block is reached
 * there is no Now, only Next. Blocks without a start time take no part.
 */
export function runState<B extends RunBlock>(blocks: readonly B[], eventDate: string, clock: { date: string; minutes: number }): RunState<B> {
  const timed = blocks.filter((block) => block.startTime !== null && minutesOf(block.startTime) !== null);
  const start = (block: B) => minutesOf(block.startTime!)!;
  const firstOpen = (from: number) => timed.slice(from).find((block) => !block.isDone) ?? null;
  const finished = timed.length > 0 && timed.every((block) => block.isDone);
  const day = clock.date < eventDate ? "before" : clock.date > eventDate ? "after" : "on";
  const none = { day, now: null, early: false, minutesLeft: null, finished } as const;
  if (day === "after") return { ...none, next: null };
  let reached = -1;
  if (day === "on") timed.forEach((block, index) => (block.isDone || start(block) <= clock.minutes ? (reached = index) : null));
  if (reached === -1) return { ...none, next: firstOpen(0) };
  const now = timed[reached]!.isDone ? firstOpen(reached + 1) : timed[reached]!;
  // The last block the day reached is done and nothing open follows: the day has been run.
  if (now === null) return { ...none, finished: true, next: null };
  const next = firstOpen(timed.indexOf(now) + 1);
  return { day, now, early: start(now) > clock.minutes, minutesLeft: start(now) + now.durationMinutes - clock.minutes, next, finished };
}

/** The shot categories a block of each type is for: run mode lists those shots under Now. */
export const SHOTS_OF_BLOCK: Record<BlockType, readonly ShotCategory[]> = {
  prep: ["getting_ready", "details"],
  first_look: ["first_look"],
  ceremony: ["ceremony"],
  cocktail: ["family_formals"],
  portrait: ["portraits", "wedding_party", "family_formals"],
  reception: ["reception"],
  exit: ["exit"],
  other: [],
};

/**
 * The event's zone, named for a phone set to another one ("Eastern Daylight Time"); null
 * when the phone's clock already reads the event's times.
 */
export function otherZoneName(eventZone: string, deviceZone: string | undefined, at: Date): string | null {
  if (!deviceZone) return null;
  const here = wallClockIn(deviceZone, at);
  const there = wallClockIn(eventZone, at);
  if (here.date === there.date && here.minutes === there.minutes) return null;
  try {
    const name = new Intl.DateTimeFormat("en-US", { timeZone: eventZone, timeZoneName: "long" }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value;
    return name ?? eventZone;
  } catch {
    return eventZone;
  }
}
