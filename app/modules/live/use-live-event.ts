import { useCallback, useEffect, useState } from "react";
import { LIST_ROW_SCHEMAS, type ListKind, listOrder, type ListRow } from "~/modules/event/lists";
import type { Change } from "./protocol";
import { applyToList, type ListUpdate, readListUpdate, useLiveRoom } from "./use-live-room";
import { useQuietRefetch } from "./use-quiet-refetch";

// An event's lists as the page shows them: the loader's, kept current by the live
// room without refetching. Team and client-link changes, whose rows are the lead's
// business only, arrive as a signal and refetch the page's data.

/** The four lists as a page holds them (rows of LIST_ROW_SCHEMAS). */
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

  const onChange = useCallback((change: Change) => {
    if (change.entity === "team" || change.entity === "client_access") return refetch();
    if (isListKind(change.entity)) {
      const kind = change.entity;
      const update = readListUpdate(LIST_ROW_SCHEMAS[kind], change);
      // Rows not of the list's shape are not shown: the page's data is read again.
      if (!update) return refetch();
      return setState((current) => ({ ...current, lists: withUpdate(current.lists, kind, update) }));
    }
    if (change.op === "upsert" && change.rows?.[0]) {
      const fields = change.rows[0] as Partial<E>;
      setState((current) => ({ ...current, event: { ...current.event, ...fields } }));
    }
  }, [refetch]);

  const status = useLiveRoom({ path, seq, onChange, onReload: refetch, onAccessEnded: refetch });
  return { ...state.lists, event: state.event, status };
}
