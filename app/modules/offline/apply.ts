import { eventStatus } from "~/modules/event/status";
import { type Mutation, type MutationName, partsOf } from "~/modules/event/mutation-names";
import { normalizedAssignees } from "~/modules/team/assignees";
import { valueParser } from "./value-parser";
import { CHANGEABLE, LIST_NAME, LISTS, listOrder } from "~/modules/lists/registry";
import { moveTarget } from "~/modules/timeline/order";
import { planShift } from "~/modules/timeline/shift";
import { GROUPING_CATEGORY, namingPeople, withoutPerson } from "~/modules/shots/groupings";

// Decision 010 "Offline writing": what the page shows is the confirmed
// state (the loader's data and the live room's changes) with this device's pending
// mutations applied on top, in the order they were made. Pure: the outbox hook calls it
// on every render, so a mutation that leaves the outbox (applied: its row is then in the
// confirmed state; refused: rolled back) simply stops being applied. Client-safe.

type Row = { id: string } & Record<string, unknown>;
type ListKey = "blocks" | "shots" | "people" | "vendors";
export type EventLists = Record<ListKey, Row[]>;
export type EventState<L = EventLists, E = Record<string, unknown>> = { lists: L; event: E };

export type Kind = keyof typeof LIST_NAME;
// The orders of the loader's queries, as the live room keeps them (each list's descriptor).
const ORDER: Record<ListKey, (a: never, b: never) => number> = { blocks: listOrder.block, shots: listOrder.shot, people: listOrder.person, vendors: listOrder.vendor };

/** The event's fields an edit-event form field writes (the status field is the override), as the server writes them. */
const EVENT_FIELD: Readonly<Record<string, string>> = CHANGEABLE.event.formColumns;

/**
 * A form's values as its schema reads them (the dialog's, the server's), or null when
 * invalid or while the schemas are still loading (value-parser.ts: useOutbox shows the
 * entry again once they are there).
 */
function valuesOf(kind: Kind | "event", values: Record<string, string>) {
  return valueParser.get()?.(kind, values).value ?? null;
}

function sorted(key: ListKey, rows: Row[]) {
  return [...rows].sort(ORDER[key] as (a: Row, b: Row) => number);
}

/**
 * The state with one mutation applied as the server would apply it: a toggle sets
 * isDone, an add inserts the row built from its values with the device's id (last in
 * its list's order), an edit merges its values, a delete removes, a move swaps the
 * block with its neighbour at the same start time, an edit of the event merges into the event. A mutation
 * whose row is not there (deleted meanwhile) changes nothing; the server will refuse it.
 * `at`: when the device made it (a new row's createdAt).
 */
export function applyMutation<S extends EventState<object, object>>(state: S, mutation: Mutation, at: string = new Date().toISOString()): S {
  const { verb, kind } = partsOf(mutation.name);
  const args = mutation.args as { id?: string; done?: boolean; skipped?: boolean; values?: Record<string, string>; direction?: "up" | "down"; minutes?: number; basis?: string; userIds?: string[] };
  if (kind === "event") {
    if (verb !== "edit" || !args.values) return state;
    const value = valuesOf("event", args.values);
    if (!value) return state;
    const event = { ...(state.event as Record<string, unknown>) };
    for (const [field, v] of Object.entries(value)) {
      const key = EVENT_FIELD[field];
      // As the server: an empty time zone keeps the event's.
      if (!key || (field === "timeZone" && !v) || !(key in event || field === "status")) continue;
      event[key] = v ?? null;
    }
    if ("status" in event && typeof event.date === "string" && typeof event.timeZone === "string") {
      event.status = eventStatus(event as { date: string; timeZone: string; statusOverride: string | null });
    }
    return { ...state, event };
  }
  const key = LIST_NAME[kind];
  const lists = state.lists as EventLists;
  const rows = lists[key];
  let next: Row[] = rows;
  switch (verb) {
    case "toggle":
      next = rows.map((row) =>
        row.id === args.id
          ? { ...row, isDone: args.done, doneAt: args.done ? ((row.isDone ? row.doneAt : null) ?? at) : null, ...("isSkipped" in row ? { isSkipped: args.done && args.skipped === true } : {}) }
          : row,
      );
      break;
    case "group":
    case "add": {
      const parsed = args.values ? valuesOf(kind, args.values) : null;
      // As the server: a grouping is its name and people, of the family formals category.
      const value = parsed && verb === "group" ? namingPeople({ title: (parsed as { title?: unknown }).title, personIds: (parsed as { personIds?: unknown }).personIds, category: GROUPING_CATEGORY }) : parsed;
      if (!value || rows.some((row) => row.id === args.id)) return state;
      const row: Row = { ...value, id: args.id!, createdAt: at, updatedAt: at };
      // As the server: an ordered list's new row goes last; a checklist's starts not done.
      const fields: readonly string[] = LISTS[kind].portalFields;
      if (fields.includes("orderIndex")) row.orderIndex = rows.reduce((max, r) => Math.max(max, Number(r.orderIndex)), -1) + 1;
      if (fields.includes("isDone")) {
        row.isDone = false;
        row.doneAt = null;
      }
      // A shot's own form names no people: not a grouping, as the server's column default.
      if (fields.includes("personIds") && row.personIds === undefined) row.personIds = "[]";
      if (fields.includes("personRoles") && row.personRoles === undefined) row.personRoles = "[]";
      next = sorted(key, [...rows, row]);
      break;
    }
    case "regroup":
    case "edit": {
      const parsed = args.values ? valuesOf(kind, args.values) : null;
      const value = parsed && namingPeople(verb === "regroup" ? { title: (parsed as { title?: unknown }).title, personIds: (parsed as { personIds?: unknown }).personIds } : parsed);
      if (!value) return state;
      next = sorted(
        key,
        rows.map((row) => (row.id === args.id ? { ...row, ...value } : row)),
      );
      break;
    }
    case "delete":
      next = rows.filter((row) => row.id !== args.id);
      // As the server, in the same change: a removed person leaves every grouping.
      if (kind === "person" && args.id && next !== rows) return { ...state, lists: { ...lists, people: next, shots: withoutPerson(lists.shots, args.id) } };
      break;
    case "assign":
      // As the server stores it; whether each is on the team is the server's to say.
      if (!args.userIds) return state;
      next = rows.map((row) => (row.id === args.id ? { ...row, assignees: normalizedAssignees(args.userIds!) } : row));
      break;
    case "shift": {
      // As the server plans it, on the blocks this device holds; 'Back on time' waits for
      // the server, which alone keeps the last shift.
      if (args.minutes === undefined || !args.id) return state;
      const blocks = rows.map((row) => ({
        id: row.id,
        startTime: typeof row.startTime === "string" ? row.startTime : null,
        durationMinutes: Number(row.durationMinutes),
        orderIndex: Number(row.orderIndex),
        fixedTime: row.fixedTime === true,
        anchored: typeof row.anchor === "string",
        travelMinutes: typeof row.travelMinutes === "number" ? row.travelMinutes : null,
      }));
      const planned = planShift(blocks, { fromBlockId: args.id, minutes: args.minutes, basis: args.basis });
      if (!planned.ok) return state;
      const to = new Map(planned.moves.map((move) => [move.id, move.to]));
      next = sorted(
        key,
        rows.map((row) => (to.has(row.id) ? { ...row, startTime: to.get(row.id)! } : row)),
      );
      break;
    }
    case "move": {
      const order = sorted(key, rows);
      const from = order.findIndex((row) => row.id === args.id);
      // As the server: only among blocks that start at the same time.
      const times = order.map((row) => ({ startTime: typeof row.startTime === "string" ? row.startTime : null }));
      const to = moveTarget(times, from, args.direction ?? "up");
      if (to === null) return state;
      // As the server: the whole order renumbered 0..n-1 with the two swapped.
      const ids = order.map((row) => row.id);
      [ids[from], ids[to]] = [ids[to]!, ids[from]!];
      const index = new Map(ids.map((id, i) => [id, i]));
      next = sorted(
        key,
        rows.map((row) => ({ ...row, orderIndex: index.get(row.id)! })),
      );
      break;
    }
  }
  if (next === rows) return state;
  return { ...state, lists: { ...lists, [key]: next } };
}

/** The ids of the rows a pending mutation touches (marked 'Pending'); "event" for an event edit. */
export function pendingIds(mutations: Mutation[]): Set<string> {
  const ids = new Set<string>();
  for (const mutation of mutations) {
    if (mutation.name === "edit-event") ids.add("event");
    else if ("id" in mutation.args && typeof mutation.args.id === "string") ids.add(mutation.args.id);
  }
  return ids;
}

/**
 * What the device last synced of a row, for an edit's `base`: its form's values as the
 * form's schema reads them, only the fields the form has (the portal's have no team notes).
 */
export function baseOf(name: MutationName, defaults: Record<string, string> | undefined) {
  if (!defaults) return undefined;
  const value = valuesOf(partsOf(name).kind, defaults);
  if (!value) return undefined;
  const base: Record<string, string | number | boolean | null> = {};
  for (const [field, v] of Object.entries(value)) if (Object.hasOwn(defaults, field)) base[field] = v === undefined ? null : (v as string | number | boolean | null);
  return base;
}
