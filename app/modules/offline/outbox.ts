import { type DBSchema, type IDBPDatabase, openDB, unwrap } from "idb";
import type { OutboxEntry } from "./send";
import { changed, createOutboxStore, OUTBOX_DB as DB_NAME, OUTBOX_DB_VERSION, OUTBOX_STORE as STORE } from "./outbox-watch";

// Decision 010 "Offline writing": the device's outbox, in IndexedDB
// (through `idb`), so what was changed without signal survives closing the tab and
// restarting the phone. One database per device, one store; each entry is one mutation
// keyed by an increasing sequence (the order it was made), with the page it belongs to
// (`scope`: /events/{id} or /client/view/{accessId}). Client-only.

// Loaded when the page's outbox holds something or gets its first change (useOutbox):
// whether anything waits is asked first without it (outbox-watch.ts).

interface OutboxDb extends DBSchema {
  outbox: { key: number; value: Omit<OutboxEntry, "seq"> & { seq?: number }; indexes: { scope: string } };
}

let opening: Promise<IDBPDatabase<OutboxDb>> | null = null;

function database() {
  opening ??= openDB<OutboxDb>(DB_NAME, OUTBOX_DB_VERSION, {
    upgrade(db) {
      createOutboxStore(unwrap(db));
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
