/** UTC ISO-8601, the format of every stored timestamp. */
export function isoNow(now: Date = new Date()): string {
  return now.toISOString();
}

export function isoIn(ms: number, now: Date = new Date()): string {
  return new Date(now.getTime() + ms).toISOString();
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
