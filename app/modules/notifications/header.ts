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
  /** When the server read them: what `timeAgo` (time-ago.ts) measures from. */
  loadedAt: string;
};

/** The bell's badge: a count, capped so it fits. */
export function badgeCount(unread: number): string {
  return unread > 9 ? "9+" : String(unread);
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
