// The strings of offline writing, recorded in decision 010, that a page
// shows without a connection (the answers' own are in answer-messages.ts). Client-safe.

/** A change made without a connection: kept, and sent when the connection is back. */
export const SAVED_OFFLINE = { title: "Saved on this device", description: "It will sync when you're back online." };

/** The browser refused to store the change (IndexedDB unavailable, e.g. some private windows). */
export const NOT_KEPT = { title: "Error", description: "This browser could not keep the change. Please try again." };

/** The pending count in the page's header. */
export function waitingToSync(count: number) {
  return `${count} ${count === 1 ? "change" : "changes"} waiting to sync`;
}

/** A pending row's mark: seen as "Pending", heard as "Waiting to sync". */
export const PENDING_MARK = { text: "Pending", spoken: "Waiting to sync" };
