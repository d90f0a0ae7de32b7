import { useCallback, useEffect, useRef, useState } from "react";
import { type ListKind, listOrder, type ListRow } from "~/modules/event/lists";
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

const LIST_OF = { block: "blocks", shot: "shots", person: "people", vendor: "vendors" } as const satisfies Record<ListKind, keyof Lists>;
const isListKind = (entity: Change["entity"]): entity is ListKind => entity in LIST_OF;

/** The lists with an update applied to one of them, in its order (listOrder: the same as the loader's SQL, lists.server.ts). */
function withUpdate<K extends ListKind>(lists: Lists, kind: K, update: ListUpdate<ListRow<K>>): Lists {
  const name = LIST_OF[kind];
  const rows = lists[name] as ListRow<K>[];
  return { ...lists, [name]: applyToList(rows, update, listOrder[kind]) };
}

export function useLiveEvent<E extends object>({ path, seq, lists, event }: { path: string; seq: number; lists: Lists; event: E }) {
  const refetch = useQuietRefetch();
  const [state, setState] = useState({ lists, event });
  // Fresh page data replaces what the socket built on the old.
  useEffect(() => setState({ lists, event }), [lists, event]);

  const apply = useCallback((change: Change) => {
    if (change.entity === "team" || change.entity === "client_access") return refetch();
    if (isListKind(change.entity)) {
      const kind = change.entity;
      // Called once the schemas are loaded (onChange below).
      const update = readListUpdate(rowSchemas.get()![kind], change);
      // Rows not of the list's shape are not shown: the page's data is read again.
      if (!update) return refetch();
      return setState((current) => ({ ...current, lists: withUpdate(current.lists, kind, update) }));
    }
    if (change.op === "upsert" && change.rows?.[0]) {
      const fields = change.rows[0] as Partial<E>;
      setState((current) => ({ ...current, event: { ...current.event, ...fields } }));
    }
  }, [refetch]);

  // The rows' schemas (zod) load with the first change (issue 19 item 4): changes that
  // arrive meanwhile wait, and are applied in the order they came, once they are there.
  const waiting = useRef<Change[] | null>(null);
  const onChange = useCallback((change: Change) => {
    if (rowSchemas.get() && !waiting.current) return apply(change);
    if (waiting.current) return void waiting.current.push(change);
    waiting.current = [change];
    loadAfterHydration(rowSchemas.load, () => {
      const changes = waiting.current ?? [];
      waiting.current = null;
      for (const each of changes) apply(each);
    });
  }, [apply]);

  const status = useLiveRoom({ path, seq, onChange, onReload: refetch, onAccessEnded: refetch });
  // applyChange: an answer of the outbox (issue 17 item 3) joins the confirmed state as a live change would.
  return { ...state.lists, lists: state.lists, event: state.event, status, applyChange: onChange };
}
