import { formatClock, type HourCycle, minutesOf } from "~/modules/timeline/span";

// An invitation's times, one rule for the e-mail and the accept page, so the invitee never
// reads two different days (docs/product/screens.md#invitation-acceptance).

/** The timeline's bounds: the first block's start ("HH:mm"), the last block's end (minutes after that day's midnight), and the blocks' total length. */
export type DayBounds = { firstStart: string | null; lastEnd: number | null; minutes: number };

/** Start and end: the invitation's own where given, else the timeline's first start and last end. */
export function invitationTimes(invite: { startTime: string | null; endTime: string | null }, day: DayBounds, cycle: HourCycle) {
  const start = invite.startTime ?? day.firstStart;
  const startMinutes = start === null ? null : minutesOf(start);
  const endMinutes = invite.endTime === null ? day.lastEnd : minutesOf(invite.endTime);
  return {
    start: startMinutes === null ? null : formatClock(startMinutes, cycle),
    end: endMinutes === null ? null : formatClock(endMinutes, cycle),
  };
}

/** docs/product/limits.md#coverage-hours: the invitation's hours, else the blocks' total length in hours to one decimal. */
export function coverageOf(coverageHours: number | null, day: DayBounds) {
  if (coverageHours !== null) return coverageHours;
  return Math.round((day.minutes / 60) * 10) / 10;
}
