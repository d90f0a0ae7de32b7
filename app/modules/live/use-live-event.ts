import { useCallback, useEffect, useState } from "react";
import type { Change } from "./protocol";
import { applyToList, useLiveRoom } from "./use-live-room";
import { useQuietRefetch } from "./use-quiet-refetch";

// An event's lists as the page shows them: the loader's, kept current by the live
// room without refetching. Team and client-link changes, whose rows are the lead's
// business only, arrive as a signal and refetch the page's data.

type Row = { id: string; updatedAt?: string };
type Ordered = Row & { orderIndex: number; createdAt: string };
type Named = Row & { firstName: string; lastName: string | null };
type Typed = Row & { vendorType: string; vendorName: string };
type Lists<B, S, P, V> = { blocks: B[]; shots: S[]; people: P[]; vendors: V[] };

// The orders of the loader's queries (dashboardReads, portalReads); the outbox keeps
// pending rows in them too (offline/apply.ts).
export const byOrder = (a: Ordered, b: Ordered) => a.orderIndex - b.orderIndex || a.createdAt.localeCompare(b.createdAt);
export const byName = (a: Named, b: Named) => a.firstName.localeCompare(b.firstName) || (a.lastName ?? "").localeCompare(b.lastName ?? "");
export const byType = (a: Typed, b: Typed) => a.vendorType.localeCompare(b.vendorType) || a.vendorName.localeCompare(b.vendorName);

export function useLiveEvent<B extends Ordered, S extends Ordered, P extends Named, V extends Typed, E extends object>({
  path,
  seq,
  lists,
  event,
}: {
  path: string;
  seq: number;
  lists: Lists<B, S, P, V>;
  event: E;
}) {
  const refetch = useQuietRefetch();
  const [state, setState] = useState({ lists, event });
  // Fresh page data replaces what the socket built on the old.
  useEffect(() => setState({ lists, event }), [lists, event]);

  const onChange = useCallback((change: Change) => {
    if (change.entity === "team" || change.entity === "client_access") return refetch();
    setState((current) => {
      const next = { ...current, lists: { ...current.lists } };
      switch (change.entity) {
        case "block":
          next.lists.blocks = applyToList(current.lists.blocks, change, byOrder);
          break;
        case "shot":
          next.lists.shots = applyToList(current.lists.shots, change, byOrder);
          break;
        case "person":
          next.lists.people = applyToList(current.lists.people, change, byName);
          break;
        case "vendor":
          next.lists.vendors = applyToList(current.lists.vendors, change, byType);
          break;
        case "event":
          if (change.op === "upsert" && change.rows?.[0]) next.event = { ...current.event, ...(change.rows[0] as Partial<E>) };
          break;
      }
      return next;
    });
  }, [refetch]);

  const status = useLiveRoom({ path, seq, onChange, onReload: refetch, onAccessEnded: refetch });
  // applyChange: an answer of the outbox (issue 17 item 3) joins the confirmed state as a live change would.
  return { ...state.lists, lists: state.lists, event: state.event, status, applyChange: onChange };
}
