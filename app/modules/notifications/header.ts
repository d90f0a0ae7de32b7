// What the header's bell shows (docs/product/screens.md#header-and-notifications); client-safe.

export type HeaderNotification = {
  id: string;
  title: string;
  message: string;
  read: boolean;
  /** UTC ISO-8601. */
  createdAt: string;
};

export type HeaderNotifications = {
  items: HeaderNotification[];
  /** Every unread notification of the user, not only the ten listed. */
  unreadCount: number;
  /** When the server read them: what `timeAgo` measures from. */
  loadedAt: string;
};

/** The bell's badge: a count, capped so it fits. */
export function badgeCount(unread: number): string {
  return unread > 9 ? "9+" : String(unread);
}

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

/** docs/product/limits.md#counts: the bell lists the latest 10. */
export const HEADER_LIST_SIZE = 10;

/**
 * The bell with notifications that just arrived: new ids go on top (newest first),
 * each unread one adds to the count, ones already shown are skipped, the list keeps
 * its ten. `loadedAt` moves on so 'just now' stays true.
 */
export function mergeNotifications(current: HeaderNotifications, incoming: HeaderNotification[]): HeaderNotifications {
  const known = new Set(current.items.map((item) => item.id));
  const fresh = incoming.filter((item) => !known.has(item.id));
  if (fresh.length === 0) return current;
  const items = [...fresh, ...current.items].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, HEADER_LIST_SIZE);
  const newest = fresh.reduce((latest, item) => (item.createdAt > latest ? item.createdAt : latest), current.loadedAt);
  return { items, unreadCount: current.unreadCount + fresh.filter((item) => !item.read).length, loadedAt: newest };
}
