import { LIST_LIMITS as ROW_LIMITS, type ListKind } from "./lists";

// The lists under an event (timeline blocks, shots, people, vendors). They are written
// by the mutation layer only (mutations.server.ts, decision 010), every statement
// scoped to the event, so an id from another event matches nothing.

export type RowKind = ListKind;

// The limits and their message are each list's own (lists.ts, decision 010).
export { limitMessage } from "./lists";

export function rowLimit(kind: RowKind) {
  return ROW_LIMITS[kind].max;
}
