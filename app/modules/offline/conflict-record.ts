import type { Conflict, MutationName } from "~/modules/event/mutation-names";

/** An edit answered with conflicts: the row (or "event"), and each field's two values. */
export type ConflictRecord = { key: string; name: MutationName; rowId: string; conflicts: Conflict[] };
