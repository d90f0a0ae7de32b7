// A notification's age as the bell's panel shows it (notification-panel.tsx).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "just now", "5m ago", "3h ago", "2d ago", "3w ago", "4mo ago", "1y ago", measured
 * from `now` (the list's `loadedAt`), not the browser's clock, so
 * the server's markup and the hydrated markup are the same text. No calendar dates:
 * those would depend on the time zone of whoever renders them.
 */
export function timeAgo(iso: string, now: string): string {
  const elapsed = Math.max(0, Date.parse(now) - Date.parse(iso));
  if (Number.isNaN(elapsed) || elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  if (elapsed < 30 * DAY) return `${Math.floor(elapsed / (7 * DAY))}w ago`;
  if (elapsed < 365 * DAY) return `${Math.floor(elapsed / (30 * DAY))}mo ago`;
  return `${Math.floor(elapsed / (365 * DAY))}y ago`;
}
