// What a page needs of the device's outbox (outbox.ts) before it holds anything: whether
// anything waits for the page, counted without the outbox's code (idb), and word when that
// changes in this tab or another. The outbox's code loads only then, or with the page's
// first change (useOutbox; issue 19 item 4). Client-only.

export const OUTBOX_DB = "event-flow";
export const OUTBOX_STORE = "outbox";
export const OUTBOX_DB_VERSION = 1;

/** The outbox's store: each entry keyed by an increasing sequence, indexed by its page (`scope`). */
export function createOutboxStore(db: IDBDatabase) {
  db.createObjectStore(OUTBOX_STORE, { keyPath: "seq", autoIncrement: true }).createIndex("scope", "scope");
}

/**
 * How many entries wait for `scope`, read with IndexedDB itself; null when it cannot say
 * (no IndexedDB, an error, another tab holding an old version): the caller then reads
 * the outbox with its code. The connection closes at once, so it never blocks a sign-out's
 * deletion of the database.
 */
export function countScope(scope: string): Promise<number | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(OUTBOX_DB, OUTBOX_DB_VERSION);
    } catch {
      return resolve(null);
    }
    request.onupgradeneeded = () => createOutboxStore(request.result);
    request.onerror = request.onblocked = () => resolve(null);
    request.onsuccess = () => {
      const db = request.result;
      const done = (count: number | null) => {
        db.close();
        resolve(count);
      };
      try {
        const count = db.transaction(OUTBOX_STORE).objectStore(OUTBOX_STORE).index("scope").count(scope);
        count.onsuccess = () => done(count.result);
        count.onerror = () => done(null);
      } catch {
        done(null);
      }
    };
  });
}

// Every tab of the device shows the same pending changes: a change to the outbox is
// told to the others (BroadcastChannel) and to this tab's own listeners.
const CHANNEL = "event-flow-outbox";
type Listener = (scope: string) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

/** Tells this tab's listeners and the other tabs that the outbox of `scope` changed (outbox.ts, after each write). */
export function changed(scope: string) {
  for (const listener of listeners) listener(scope);
  channel?.postMessage(scope);
}

/** Calls `listener` whenever the outbox of `scope` changes, in this tab or another. */
export function subscribe(scope: string, listener: () => void) {
  if (!channel && typeof BroadcastChannel !== "undefined") {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (message) => {
      if (typeof message.data === "string") for (const each of listeners) each(message.data);
    };
  }
  const own: Listener = (changedScope) => changedScope === scope && listener();
  listeners.add(own);
  return () => {
    listeners.delete(own);
  };
}

/** The wait before the next try while entries remain: 1 s, doubling, at most 30 s. */
export function backoff(failures: number) {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));
}
