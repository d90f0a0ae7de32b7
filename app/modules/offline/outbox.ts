import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { Mutation } from "~/modules/event/mutation-names";
import type { OutboxEntry } from "./send";

// Issue 17 item 3 (decision 010 "Offline writing"): the device's outbox, in IndexedDB
// (through `idb`), so what was changed without signal survives closing the tab and
// restarting the phone. One database per device, one store; each entry is one mutation
// keyed by an increasing sequence (the order it was made), with the page it belongs to
// (`scope`: /events/{id} or /client/view/{accessId}). Client-only.

const DB_NAME = "event-flow";
const STORE = "outbox";

interface OutboxDb extends DBSchema {
  outbox: { key: number; value: Omit<OutboxEntry, "seq"> & { seq?: number }; indexes: { scope: string } };
}

let opening: Promise<IDBPDatabase<OutboxDb>> | null = null;

function database() {
  opening ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: "seq", autoIncrement: true }).createIndex("scope", "scope");
    },
    // Another tab deletes the database (sign out): let it, and open anew next time.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
    terminated() {
      opening = null;
    },
  });
  return opening;
}

// Every tab of the device shows the same pending changes: a change to the outbox is
// told to the others (BroadcastChannel) and to this tab's own listeners.
const CHANNEL = "event-flow-outbox";
type Listener = (scope: string) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function changed(scope: string) {
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

/** Queues a mutation for the page `scope`; answers the stored entry. */
export async function addEntry(scope: string, mutation: Mutation, createdAt = new Date().toISOString()): Promise<OutboxEntry> {
  const entry = { scope, mutation, createdAt };
  const seq = await (await database()).add(STORE, entry);
  changed(scope);
  return { ...entry, seq };
}

/** The scope's entries, oldest first. */
export async function readScope(scope: string): Promise<OutboxEntry[]> {
  const rows = await (await database()).getAllFromIndex(STORE, "scope", scope);
  return (rows as OutboxEntry[]).sort((a, b) => a.seq - b.seq);
}

export async function removeEntry(entry: OutboxEntry) {
  await (await database()).delete(STORE, entry.seq);
  changed(entry.scope);
}

/** How many changes wait on this device, on every page and for every owner (0 when none can be read). */
export async function countAll() {
  if (typeof indexedDB === "undefined") return 0;
  return (await database()).count(STORE).catch(() => 0);
}

/** Drops every entry of the scope: the device lost access to it. */
export async function dropScope(scope: string) {
  const db = await database();
  const tx = db.transaction(STORE, "readwrite");
  for (const key of await tx.store.index("scope").getAllKeys(scope)) await tx.store.delete(key);
  await tx.done;
  changed(scope);
}

/**
 * Deletes the whole outbox of this device (sign out: forgetThisDevice). Open
 * connections of other tabs close themselves (`blocking`), so the deletion goes through.
 */
export async function deleteOutbox() {
  if (typeof indexedDB === "undefined") return;
  const open = opening;
  opening = null;
  if (open) (await open.catch(() => null))?.close();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/** The wait before the next try while entries remain: 1 s, doubling, at most 30 s. */
export function backoff(failures: number) {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));
}
