import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { showToast } from "~/components/ui/toaster";
import { type Mutation, type MutationName, type MutationResult, ONLINE_ONLY, isMutationName, partsOf } from "~/modules/event/mutation-names";
import type { Change } from "~/modules/live/protocol";
import type { LiveStatus } from "~/modules/live/use-live-room";
import { useQuietRefetch } from "~/modules/live/use-quiet-refetch";
import { LIST_NAME } from "~/modules/lists/registry";
import { applyMutation, baseOf, type EventState, pendingIds } from "./apply";
import { NOT_KEPT, PENDING_MARK, SAVED_OFFLINE, waitingToSync } from "./messages";
import { addEntry, backoff, countScope, subscribe } from "./outbox-watch";
import { valueParser } from "./value-parser";
import { loadAfterHydration } from "~/utils/load-after-hydration";
import { lazyValue } from "~/utils/lazy-value";
import type { OutboxEntry } from "./send";
import type { ConflictRecord } from "./conflict-record";
import { toastFrom } from "~/utils/result";

// Decision 010 "Offline writing": with JavaScript, every change the
// viewer makes on an event page is a mutation queued in the device's outbox and sent
// from there, online or offline (one path; online it is simply sent at once). The page
// shows the confirmed state with the pending mutations applied on top, marks pending
// rows, counts them, rolls a refused one back with its message, and shows a field
// someone else changed meanwhile as a conflict with "Apply mine".

/** A mutation as a page makes it: its name and arguments (the id is made when queued). */
export type NewMutation = { [N in MutationName]: Omit<Extract<Mutation, { name: N }>, "id"> }[MutationName];

export type { ConflictRecord } from "./conflict-record";

export type Outbox = {
  /** Queues the mutation, applies it on the screen at once and sends it when it can. */
  queue: (mutation: NewMutation) => void;
  pending: ReadonlySet<string>;
  count: number;
  conflicts: ConflictRecord[];
  applyMine: (notice: ConflictRecord) => void;
  dismiss: (notice: ConflictRecord) => void;
};

const OutboxContext = createContext<Outbox | null>(null);
export const OutboxProvider = OutboxContext.Provider;

/** The page's outbox, when the page has one (the dashboard and the client portal, once hydrated). */
export { baseOf };

export function useOutboxContext() {
  return useContext(OutboxContext);
}

/** The mutations a page sends through its outbox: all but those made online only (delete-event). */
export function isQueued(intent: unknown): intent is MutationName {
  return isMutationName(intent) && !ONLINE_ONLY.has(intent);
}

/**
 * The sender and the answers' handling (outbox-sender.tsx), loaded when there is
 * something to send (decision 014): not in a page's first JavaScript.
 */
const sender = lazyValue(() => import("./outbox-sender"));
type Sender = Awaited<ReturnType<typeof sender.load>>;

/**
 * The device's outbox in IndexedDB (outbox.ts, with idb), loaded when the page's outbox
 * holds something (counted first without it: countScope) or takes its first change.
 */
const store = lazyValue(() => import("./outbox"));

/** The scope's entries: none without loading the outbox's code when a count says so. */
async function readWaiting(scope: string) {
  if (!store.get() && (await countScope(scope)) === 0) return [];
  return (await store.load()).readScope(scope);
}

/** Mutations queued in this document: their toasts are shown here (another tab's are its own). */
const queuedHere = new Map<string, { scope: string }>();

type Live<S extends EventState<object, object>> = S & { status: LiveStatus; applyChange: (change: Change) => void };

/**
 * The outbox of the page `path` (where `${path}/mutations` answers) and its `owner` (the
 * signed-in user, or the client link), over the confirmed state `live` (useLiveEvent).
 * `notice`: the line a success toast carries (the portal's, docs/product/messages.md#client-portal). Entries are kept
 * per page and owner: another user signed in on this device never sees or sends them,
 * and they wait for their owner to sign in again (an expired session loses nothing).
 */
export function useOutbox<S extends EventState<object, object>>({
  path,
  owner,
  live,
  notice,
}: {
  path: string;
  owner: string;
  live: Live<S>;
  notice?: (name: MutationName) => string;
}) {
  const scope = `${path}#${owner}`;
  const refetch = useQuietRefetch();
  const [stored, setStored] = useState<OutboxEntry[]>([]);
  // Queued but not yet read back from IndexedDB: shown at once all the same.
  const [fresh, setFresh] = useState<OutboxEntry[]>([]);
  const [conflicts, setConflicts] = useState<ConflictRecord[]>([]);
  const latest = useRef({ live, notice, refetch });
  latest.current = { live, notice, refetch };

  const reload = useCallback(async () => {
    const entries = await readWaiting(scope).catch(() => null);
    // Nothing waiting, as before: no new array, so the page is not rendered again for nothing.
    if (entries) setStored((current) => (current.length === 0 && entries.length === 0 ? current : entries));
  }, [scope]);
  useEffect(() => {
    void reload();
    return subscribe(scope, () => void reload());
  }, [scope, reload]);

  // ---------------------------------------------------------------- answers

  const onResult = useCallback((code: Sender, entry: OutboxEntry, result: MutationResult) => {
    const { mutation } = entry;
    const here = queuedHere.has(mutation.id);
    queuedHere.delete(mutation.id);
    // The answer joins the confirmed state in the same render as the entry leaves the
    // outbox, so the screen never shows the old value in between.
    setStored((entries) => entries.filter((each) => each.seq !== entry.seq));
    code.answer(mutation, result, {
      ...latest.current,
      here,
      conflict: (record) => setConflicts((all) => [...all.filter((each) => each.rowId !== record.rowId), record]),
    });
  }, []);

  // ---------------------------------------------------------------- the sender

  const sending = useRef(false);
  const again = useRef(false);
  const failures = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A send still under way when the page is left schedules no further try from it.
  const mounted = useRef(true);

  const send = useCallback(async () => {
    if (sending.current) {
      again.current = true;
      return;
    }
    // No connection: the 'online' event starts the next try.
    if (!navigator.onLine) return tellOffline();
    sending.current = true;
    clearTimeout(timer.current);
    try {
      do {
        again.current = false;
        // Nothing waiting (counted without the outbox's code, until something has waited):
        // the sender's code is not needed yet. Once loaded, sendOutbox's own read says so.
        if (!store.get() && (await countScope(scope)) === 0) continue;
        let code: Sender;
        let outbox: Awaited<ReturnType<typeof store.load>>;
        try {
          [code, outbox] = await Promise.all([sender.load(), store.load()]);
        } catch {
          // Its code did not arrive (the signal dropped): tried again as a failed send is.
          failures.current += 1;
          if (mounted.current) timer.current = setTimeout(() => void send(), backoff(failures.current));
          break;
        }
        let dropped = 0;
        const end = await oneSenderAtATime(scope, () =>
          code.sendOutbox({
            read: () => outbox.readScope(scope),
            post: (mutations) => code.post(path, mutations),
            remove: outbox.removeEntry,
            dropAll: async () => {
              dropped = (await outbox.readScope(scope)).length;
              await outbox.dropScope(scope);
            },
            onResult: (entry, result) => onResult(code, entry, result),
          }),
        );
        if (end === "done") failures.current = 0;
        else if (end === "access-ended") {
          for (const [id, state] of queuedHere) if (state.scope === scope) queuedHere.delete(id);
          if (dropped) showToast(toastFrom("error", code.accessEndedToast(dropped)));
          latest.current.refetch();
        } else if (end === "signed-out") {
          // Kept for their owner; the page's data, read again, leads to sign-in.
          const waiting = (await outbox.readScope(scope).catch(() => [])).length;
          if (waiting) showToast(toastFrom("error", code.signedOutToast(waiting)));
          latest.current.refetch();
        } else {
          if (end === "offline") tellOffline();
          failures.current += 1;
          if (mounted.current) timer.current = setTimeout(() => void send(), backoff(failures.current));
        }
      } while (again.current);
    } finally {
      sending.current = false;
    }
  }, [scope, path, onResult]);

  useEffect(() => {
    mounted.current = true;
    const onOnline = () => void send();
    window.addEventListener("online", onOnline);
    return () => {
      mounted.current = false;
      window.removeEventListener("online", onOnline);
      clearTimeout(timer.current);
    };
  }, [send]);
  // On opening the page, and whenever the live socket is caught up again.
  useEffect(() => {
    if (live.status === "live" || live.status === "connecting") void send();
  }, [live.status, send]);

  // ---------------------------------------------------------------- queueing

  const queue = useCallback(
    (change: NewMutation) => {
      const mutation = { ...change, id: crypto.randomUUID() } as Mutation;
      const entry: OutboxEntry = { seq: Number.MAX_SAFE_INTEGER, scope, mutation, createdAt: new Date().toISOString() };
      queuedHere.set(mutation.id, { scope });
      setFresh((entries) => [...entries, entry]);
      // Kept at once with IndexedDB itself: no code has to arrive first (outbox-watch.ts).
      void addEntry(scope, mutation, entry.createdAt)
        .then((kept) => {
          setStored((entries) => (entries.some((each) => each.seq === kept.seq) ? entries : [...entries, kept]));
          setFresh((all) => all.filter((each) => each !== entry));
          void send();
        })
        .catch(() => {
          // No IndexedDB (a private window that refuses it): the change cannot be kept.
          setFresh((all) => all.filter((each) => each !== entry));
          queuedHere.delete(mutation.id);
          showToast(toastFrom("error", NOT_KEPT));
        });
    },
    [scope, send],
  );

  // ---------------------------------------------------------------- what is shown

  const pendingEntries = useMemo(() => {
    const known = new Set(stored.map((entry) => entry.mutation.id));
    return [...stored, ...fresh.filter((entry) => !known.has(entry.mutation.id))];
  }, [stored, fresh]);
  const confirmed: S = live;
  // An add or an edit waiting here is shown with its values read by the form's schema,
  // which loads with the first one (value-parser.ts); `parserReady` shows it again then.
  const [parserReady, setParserReady] = useState(() => valueParser.get() !== null);
  const needsParser = !parserReady && pendingEntries.some((entry) => "values" in (entry.mutation.args as object));
  useEffect(() => {
    if (needsParser) return loadAfterHydration(valueParser.load, () => setParserReady(true));
  }, [needsParser]);
  const shown = useMemo(
    () => pendingEntries.reduce((state, entry) => applyMutation(state, entry.mutation, entry.createdAt), { lists: confirmed.lists, event: confirmed.event } as EventState<object, object>) as S,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- parserReady: the values read once the parser is there
    [pendingEntries, confirmed.lists, confirmed.event, parserReady],
  );
  const pending = useMemo(() => pendingIds(pendingEntries.map((entry) => entry.mutation)), [pendingEntries]);

  const dismiss = useCallback((notice: ConflictRecord) => setConflicts((all) => all.filter((each) => each.key !== notice.key)), []);
  const applyMine = useCallback(
    (notice: ConflictRecord) => {
      // A conflict comes with an answer, so the sender is there.
      const code = sender.get();
      if (!code) return;
      dismiss(notice);
      const { kind } = partsOf(notice.name);
      const row = kind === "event" ? (shown.event as Record<string, unknown>) : ((shown.lists as Record<string, Array<Record<string, unknown>>>)[LIST_NAME[kind]] ?? []).find((each) => each.id === notice.rowId);
      if (!row) return;
      const again = code.mineAgain(kind, row, notice.conflicts);
      queue({ name: notice.name, args: kind === "event" ? again : { id: notice.rowId, ...again } } as NewMutation);
    },
    [dismiss, queue, shown],
  );

  const outbox: Outbox = useMemo(
    () => ({ queue, pending, count: pendingEntries.length, conflicts, applyMine, dismiss }),
    [queue, pending, pendingEntries.length, conflicts, applyMine, dismiss],
  );
  return { shown, outbox };
}

/**
 * One sender at a time across the device's tabs (Web Locks): two tabs never send the
 * same entry at once. Where the API is missing, a repeat is harmless anyway: the server
 * answers a mutation id it applied with its first result and changes nothing.
 */
function oneSenderAtATime<T>(scope: string, run: () => Promise<T>): Promise<T> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? (locks.request(`event-flow-outbox ${scope}`, run) as Promise<T>) : run();
}

/** The device has said "Saved on this device" once: kept in localStorage. */
const OFFLINE_TOLD_KEY = "ef-saved-offline-told";
/** Where localStorage is refused (some private windows), once per document instead. */
let offlineToldHere = false;

/**
 * "Saved on this device…" the first time this device keeps a change of this tab with no
 * connection, and never again (docs/product/messages.md#how-messages-show): each change
 * after it says so by its row's 'Pending' mark and the header's 'N changes waiting to
 * sync', so a toast per tap would only cover the page.
 */
function tellOffline() {
  if (queuedHere.size === 0 || offlineToldHere) return;
  offlineToldHere = true;
  try {
    if (localStorage.getItem(OFFLINE_TOLD_KEY)) return;
    localStorage.setItem(OFFLINE_TOLD_KEY, "1");
  } catch {
    // No localStorage: told once in this document.
  }
  showToast(toastFrom("info", SAVED_OFFLINE));
}

// ---------------------------------------------------------------- marks

/** A pending row's mark (decision 010): "Pending", read as "Waiting to sync". */
export function PendingMark({ id }: { id: string }) {
  const outbox = useOutboxContext();
  if (!outbox?.pending.has(id)) return null;
  return (
    <span data-pending className="ml-2 inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-semibold text-amber-900 no-underline">
      <span aria-hidden="true">{PENDING_MARK.text}</span>
      <span className="sr-only">{PENDING_MARK.spoken}</span>
    </span>
  );
}

/** "3 changes waiting to sync", while any are. */
export function PendingCount() {
  const outbox = useOutboxContext();
  return (
    <span role="status" data-testid="pending-count" className="text-xs font-semibold text-amber-800">
      {outbox?.count ? waitingToSync(outbox.count) : null}
    </span>
  );
}

/**
 * The conflict of a row (or "event"), when it has one: which fields, the value saved now
 * and this device's, with "Apply mine" and "Keep theirs" (ConflictCard, outbox-sender.tsx:
 * a conflict comes with an answer, so its code is there).
 */
export function ConflictNotice({ rowId, children }: { rowId: string; children?: ReactNode }) {
  const outbox = useOutboxContext();
  const notice = outbox?.conflicts.find((each) => each.rowId === rowId);
  const code = sender.get();
  if (!outbox || !notice || !code) return null;
  return (
    <code.ConflictCard notice={notice} applyMine={outbox.applyMine} dismiss={outbox.dismiss}>
      {children}
    </code.ConflictCard>
  );
}
