import { eventStatus } from "~/modules/event/status";
import { type Conflict, type Mutation, type MutationResult, partsOf } from "~/modules/event/mutation-names";
import type { Change } from "~/modules/live/protocol";
import { FIELD_LABELS } from "./answer-messages";
import type { Kind } from "./apply";
import { teamFieldsOf } from "~/modules/lists/registry";

// A server's answer to a mutation of the outbox (decision 010): the
// change it makes to the confirmed state, and "Apply mine" after a conflict. Loaded with
// the outbox's sender (outbox-sender.tsx), not in a page's first JavaScript. Client-safe.

/** An applied mutation's answer as a live change of the confirmed state. */
export function changeOf(mutation: Mutation, result: Extract<MutationResult, { status: "applied" }>, event: Record<string, unknown>): Change | null {
  // A repeat's row is the row as the first run left it, which may have changed or gone
  // since: the server tells the room the row as it is now, and the page takes it from there.
  if (result.replay) return null;
  const { kind, verb } = partsOf(mutation.name);
  if (kind === "event") {
    if (!result.row) return null;
    // Only the fields the page shows of the event, its status as the server reckons it.
    const row = result.row as Record<string, unknown>;
    const shown: Record<string, unknown> = {};
    for (const key of Object.keys(event)) if (key in row) shown[key] = row[key];
    if ("status" in event) shown.status = eventStatus(row as { date: string; timeZone: string; statusOverride: string | null });
    return { entity: "event", op: "upsert", rows: [shown], actor: null };
  }
  if (verb === "delete") return { entity: kind, op: "delete", ids: [(mutation.args as { id: string }).id], actor: null };
  const rows = result.rows?.length ? result.rows : result.row ? [result.row] : [];
  return rows.length ? { entity: kind, op: "upsert", rows, actor: null } : null;
}

/** A value as its form field holds it: text, a checkbox's "on", the event status's "auto". */
function asFormValue(field: string, value: unknown) {
  if (typeof value === "boolean") return value ? "on" : "";
  if (value === null || value === undefined) return field === "status" ? "auto" : "";
  return String(value);
}

/**
 * "Apply mine": the row's form as shown now with this device's values in the conflicted
 * fields, and as `base` the values saved now (theirs), so only those fields are written,
 * and only if no one changed them again meanwhile.
 */
export function mineAgain(kind: Kind | "event", row: Record<string, unknown>, conflicts: Conflict[]) {
  // A portal's rows have no team notes, and a link's change that names them is refused
  // (docs/product/roles.md#client-links); a team page's rows always hold them.
  const fields = Object.keys(FIELD_LABELS[kind]!).filter((field) => field in row || !teamFieldsOf(kind).includes(field));
  const typed = (field: string) => (kind === "event" && field === "status" ? (row.statusOverride ?? null) : (row[field] ?? null));
  const values: Record<string, string> = {};
  const base: Record<string, unknown> = {};
  for (const field of fields) {
    const conflict = conflicts.find((each) => each.field === field);
    const value = conflict ? conflict.mine : typed(field);
    // An unchecked checkbox is not sent by a form.
    if (value !== false) values[field] = asFormValue(field, value);
    base[field] = conflict ? (conflict.theirs ?? null) : typed(field);
  }
  return { values, base: base as Record<string, string | number | boolean | null> };
}
