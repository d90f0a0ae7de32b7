import { useCallback, useRef, useState } from "react";
import { LIST_NAME, type ListKind, listOrder, type ListRow } from "~/modules/lists/registry";
import { loadAfterHydration } from "~/utils/load-after-hydration";
import { rowSchemas } from "./row-schemas";
import type { Change } from "./protocol";
import { applyToList, type ListUpdate, readListUpdate, useLiveRoom } from "./use-live-room";
import { useQuietRefetch } from "./use-quiet-refetch";

// An event's lists as the page shows them: the loader's, kept current by the live
// room without refetching. Team and client-link changes, whose rows are the lead's
// business only, arrive as a signal and refetch the page's data.

/** The four lists as a page holds them (rows of LIST_ROW_SCHEMAS, lists.schema.ts). */
export type LiveLists = Lists;
type Lists = { blocks: ListRow<"block">[]; shots: ListRow<"shot">[]; people: ListRow<"person">[]; vendors: ListRow<"vendor">[] };

const isListKind = (entity: Change["entity"]): entity is ListKind => entity in LIST_NAME;

/** The lists with an update applied to one of them, in its order (listOrder: the same as the loader's SQL, lists.server.ts). */
function withUpdate<K extends ListKind>(lists: Lists, kind: K, update: ListUpdate<ListRow<K>>): Lists {
  const name = LIST_NAME[kind];
  const rows = lists[name] as ListRow<K>[];
  return { ...lists, [name]: applyToList(rows, update, listOrder[kind]) };
}

type State<E> = { lists: Lists; event: E };

type Apply = <E extends object>(state: State<E>) => State<E>;

/** A change as a step on the page's state; null when the page's data must be read again instead. */
function stepOf(change: Change): Apply | null {
  if (change.entity === "team" || change.entity === "client_access") return null;
  if (isListKind(change.entity)) {
    const kind = change.entity;
    // Called once the schemas are loaded (onChange below).
    const update = readListUpdate(rowSchemas.get()![kind], change);
    // Rows not of the list's shape are not shown: the page's data is read again.
    return update ? (state) => ({ ...state, lists: withUpdate(state.lists, kind, update) }) : null;
  }
  const fields = change.op === "upsert" ? change.rows?.[0] : undefined;
  return (state) => (fields ? { ...state, event: { ...state.event, ...fields } } : state);
}

/**
 * `seq`: the room's sequence the page's data (`event`) was read at. `listsSeq`: the one
 * `lists` were read at, when they come apart from the page's data (the
 * dashboard's document carries a window, the rest of the lists follows in a request of
 * its own). Changes are row-level and idempotent (whole rows, the newer winning; deletes
 * by id), so new data is brought up to date by replaying on it the changes this page
 * had applied that came after it: none is lost (a change that came while the rest was
 * loading) and none shows twice.
 */
export function useLiveEvent<E extends object>({ path, seq, listsSeq = seq, lists, event }: { path: string; seq: number; listsSeq?: number; lists: Lists; event: E }) {
  const refetch = useQuietRefetch();
  const [state, setState] = useState<State<E>>({ lists, event });
  // The changes applied, with their sequence. An answer of the outbox has none: it is
  // placed after the last change the socket had then (a base read later has it, or
  // the room's change of it comes after; replaying it again changes nothing).
  const log = useRef<{ seq: number; list: boolean; step: Apply }[]>([]);
  const lastSeq = useRef(seq);
  const logPath = useRef(path);
  // Fresh data replaces what the socket built on the old, with the changes after it
  // replayed. Rebuilt while rendering (React's "adjusting state when a prop changes"), not
  // in an effect: an effect would commit the page with the old lists, then render it whole
  // a second time.
  const [builtFrom, setBuiltFrom] = useState({ lists, event });
  if (builtFrom.lists !== lists || builtFrom.event !== event) {
    setBuiltFrom({ lists, event });
    // Another event's page (the route stays mounted): its room's changes are not this one's.
    if (logPath.current !== path) {
      logPath.current = path;
      log.current = [];
      lastSeq.current = seq;
    }
    log.current = log.current.filter((entry) => entry.seq > (entry.list ? listsSeq : seq));
    setState(log.current.reduce<State<E>>((current, entry) => entry.step(current), { lists, event }));
  }

  const apply = useCallback(
    (change: Change, seq?: number) => {
      if (seq !== undefined) lastSeq.current = seq;
      const step = stepOf(change);
      if (!step) return refetch();
      log.current.push({ seq: seq ?? lastSeq.current + 0.5, list: isListKind(change.entity), step });
      setState((current) => step(current));
    },
    [refetch],
  );

  // The rows' schemas (zod) load with the first change (decision 014): changes that
  // arrive meanwhile wait, and are applied in the order they came, once they are there.
  const waiting = useRef<[Change, number | undefined][] | null>(null);
  const onChange = useCallback((change: Change, seq?: number) => {
    if (rowSchemas.get() && !waiting.current) return apply(change, seq);
    if (waiting.current) return void waiting.current.push([change, seq]);
    waiting.current = [[change, seq]];
    loadAfterHydration(rowSchemas.load, () => {
      const changes = waiting.current ?? [];
      waiting.current = null;
      for (const [each, eachSeq] of changes) apply(each, eachSeq);
    });
  }, [apply]);

  const status = useLiveRoom({ path, seq, onChange, onReload: refetch, onAccessEnded: refetch });
  // applyChange: an answer of the outbox (decision 010) joins the confirmed state as a live change would.
  const applyAnswer = useCallback((change: Change) => onChange(change), [onChange]);
  return { ...state.lists, lists: state.lists, event: state.event, status, applyChange: applyAnswer };
}
