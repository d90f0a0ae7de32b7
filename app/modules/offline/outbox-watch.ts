import type { Mutation } from "~/modules/event/mutation-names";
import type { OutboxEntry } from "./send";

// What a page needs of the device's outbox (outbox.ts) before it holds anything, with
// IndexedDB itself instead of the outbox's code (idb): whether anything waits for the page,
// word when that changes in this tab or another, and keeping a change at once (the
// moment a change exists only in the page must not wait for any code to arrive). The
// outbox's code loads when something waits (useOutbox). Client-only.

export const OUTBOX_DB = "event-flow";
export const OUTBOX_STORE = "outbox";
export const OUTBOX_DB_VERSION = 1;

/** The outbox's store: each entry keyed by an increasing sequence, indexed by its page (`scope`). */
export function createOutboxStore(db: IDBDatabase) {
  db.createObjectStore(OUTBOX_STORE, { keyPath: "seq", autoIncrement: true }).createIndex("scope", "scope");
}

/**
 * One short-lived connection to the outbox for `use` (created on a new device), closed
 * once `use`'s transaction ends, so it never blocks a sign-out's deletion of the database.
 */
function withOutbox<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(OUTBOX_DB, OUTBOX_DB_VERSION);
    request.onupgradeneeded = () => createOutboxStore(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("The outbox is being upgraded in another tab"));
    request.onsuccess = () => {
      const db = request.result;
      try {
        const transaction = db.transaction(OUTBOX_STORE, mode);
        const result = use(transaction.objectStore(OUTBOX_STORE));
        transaction.oncomplete = () => {
          db.close();
          resolve(result.result);
        };
        transaction.onerror = transaction.onabort = () => {
          db.close();
          reject(transaction.error ?? result.error);
        };
      } catch (error) {
        db.close();
        reject(error);
      }
    };
  });
}

/** Keeps a mutation for the page `scope`; answers the stored entry once it is written. */
export async function addEntry(scope: string, mutation: Mutation, createdAt = new Date().toISOString()): Promise<OutboxEntry> {
  const entry = { scope, mutation, createdAt };
  const seq = Number(await withOutbox("readwrite", (store) => store.add(entry)));
  changed(scope);
  return { ...entry, seq };
}

/**
 * How many entries wait for `scope`, read with IndexedDB itself; null when it cannot say
 * (no IndexedDB, an error, another tab holding an old version): the caller then reads
 * the outbox with its code.
 */
export async function countScope(scope: string): Promise<number | null> {
  try {
    return await withOutbox("readonly", (store) => store.index("scope").count(scope));
  } catch {
    return null;
  }
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
