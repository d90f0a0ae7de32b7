import { and, eq, type SQL, sql } from "drizzle-orm";
import { appliedMutations, events, timelineBlocks } from "~/db/schema";
import { listQuery } from "~/modules/event/lists.server";
import { batchPart } from "~/utils/db.server";
import { assignRow, type Base, type Changes, type FormValue, type Outcome, type Plan, type PlanContext, rowChanges, toggleDone } from "~/modules/lists/plan.server";
import { LIST_TABLES } from "~/modules/lists/tables.server";
import { timelineList } from "./list";
import { moveTarget } from "./order";
import { type BlockMove, NOTHING_TO_UNDO, planShift, planUndo, shiftBlocksOf } from "./shift";
import { anchorTime, type SunAnchor } from "./sun";
import { lightOf } from "./light-rows";
import { ANCHOR_NEEDS_LOCATION, ANCHOR_NOT_THAT_DAY } from "./anchor";

// The timeline's changes, each as the statements of the mutation runner's batch
// (app/modules/lists/plan.server.ts): add, edit, check off, move, delete.

/**
 * A block one place up or down among the blocks that start at the same time
 * (order.ts moveTarget): the order is read first (the one change that needs
 * two round trips), then the whole order renumbered 0..n-1 in the batch, which also
 * repairs ties left by rows added at the same moment. The moved block's own update goes
 * last, so the record follows it.
 */
async function moveBlock({ db, eventId, guard, now, key }: PlanContext, id: string, direction: "up" | "down"): Promise<Plan> {
  // In the order the pages show (the list's descriptor), so a move agrees with the screen on exact ties.
  const blocks = await listQuery(db, "block", eventId);
  const from = blocks.findIndex((block) => block.id === id);
  const to = moveTarget(blocks, from, direction);
  const exists = sql`EXISTS (SELECT 1 FROM ${timelineBlocks} WHERE ${timelineBlocks.id} = ${id} AND ${timelineBlocks.eventId} = ${eventId})`;
  if (to === null) {
    // Gone, or no block at the same time above or below it: nothing to write. The block is
    // read, for the answer.
    const read = db.select().from(timelineBlocks).where(and(eq(timelineBlocks.id, id), eq(timelineBlocks.eventId, eventId), guard));
    const missing = sql`NOT ${exists}`;
    return { ...batchPart([read], ([rows]): Outcome<never> => (rows.length ? { row: null, rows: [] } : { gone: true })), table: timelineBlocks, rowId: null, noop: { missing } };
  }
  // The order it read must still be D1's when the batch runs: the record is written only
  // then, and every update needs the record, so a stale plan writes nothing.
  const read = JSON.stringify(blocks.map((block) => [block.id, block.orderIndex]));
  const precondition = sql`(SELECT COUNT(*) FROM ${timelineBlocks} WHERE ${timelineBlocks.eventId} = ${eventId}) = ${blocks.length}
    AND (SELECT COUNT(*) FROM ${timelineBlocks} JOIN json_each(${read}) AS j
      ON ${timelineBlocks.id} = json_extract(j.value, '$[0]') AND ${timelineBlocks.orderIndex} = json_extract(j.value, '$[1]')
      WHERE ${timelineBlocks.eventId} = ${eventId}) = ${blocks.length}`;
  const recorded = sql`EXISTS (SELECT 1 FROM ${appliedMutations} WHERE ${appliedMutations.key} = ${key})`;
  const order = blocks.map((block) => block.id);
  [order[from], order[to]] = [order[to]!, order[from]!];
  const updates = order
    .map((blockId, orderIndex) => ({ blockId, orderIndex }))
    // The moved block is always written (even where it already sits: a gap in the order),
    // and last: the record follows its update (changes()), and its row is the answer.
    .filter(({ blockId, orderIndex }) => blockId === id || blocks.find((block) => block.id === blockId)!.orderIndex !== orderIndex)
    .sort((a, b) => Number(a.blockId === id) - Number(b.blockId === id))
    .map(({ blockId, orderIndex }) =>
      db
        .update(timelineBlocks)
        .set({ orderIndex, updatedAt: now })
        // The others only while the moved block is there: deleted meanwhile, nothing moves.
        .where(and(eq(timelineBlocks.id, blockId), eq(timelineBlocks.eventId, eventId), guard, recorded, blockId === id ? undefined : exists))
        .returning(),
    );
  return {
    precondition,
    ...batchPart(updates, (results) => {
      const rows = results.flat();
      const row = rows.find((candidate) => candidate.id === id);
      return row ? { row, rows } : { gone: true };
    }),
    table: timelineBlocks,
    rowId: id,
  };
}

/**
 * 'Running late' (every block from the given one that is not fixed or anchored, later by N
 * minutes) or 'Back on time' (the last shift put back), planned by shift.ts on the blocks
 * as read, like a move: two round trips. Each block moves only from the time the plan read
 * and only if every moved block still has it, so two phones shifting at once shift once: the
 * second is planned again on the shifted blocks and refused, its basis gone. The event keeps
 * the shift's moves for 'Back on time'.
 */
async function shiftBlocks(context: PlanContext, args: { id: string; minutes: number; basis: string } | { undo: true }): Promise<Plan> {
  const { db, eventId, guard, now, key } = context;
  const [rows, [event]] = await db.batch([listQuery(db, "block", eventId), db.select({ lastShift: events.lastShift }).from(events).where(eq(events.id, eventId))]);
  const blocks = shiftBlocksOf(rows);
  const last = event?.lastShift ?? null;
  const planned =
    "undo" in args
      ? last
        ? planUndo(blocks, last.moves)
        : ({ ok: false, reason: "moved", message: NOTHING_TO_UNDO } as const)
      : planShift(blocks, { fromBlockId: args.id, minutes: args.minutes, basis: args.basis });
  if (!planned.ok || planned.moves.length === 0) {
    const message = planned.ok ? NOTHING_TO_UNDO : planned.message;
    const code = !planned.ok && planned.reason === "minutes" ? 400 : 409;
    // Nothing written and no record kept: the device may try again on the plan as it is.
    const read = db.select({ one: sql<number>`1` }).from(events).where(eq(events.id, eventId));
    return { ...batchPart([read], (): Outcome<never> => ({ refused: { code, message } })), table: timelineBlocks, rowId: null, noop: { missing: sql`1 = 1` } };
  }
  const moves: readonly BlockMove[] = planned.moves;
  const listed = JSON.stringify(moves.map((move) => [move.id, move.from]));
  // Every moved block still where the plan found it when the batch runs, or nothing is written.
  const precondition = sql`(SELECT COUNT(*) FROM ${timelineBlocks} JOIN json_each(${listed}) AS j
      ON ${timelineBlocks.id} = json_extract(j.value, '$[0]') AND ${timelineBlocks.startTime} = json_extract(j.value, '$[1]')
      WHERE ${timelineBlocks.eventId} = ${eventId}) = ${moves.length}`;
  const recorded = sql`EXISTS (SELECT 1 FROM ${appliedMutations} WHERE ${appliedMutations.key} = ${key})`;
  const updates = moves.map((move) =>
    db
      .update(timelineBlocks)
      .set({ startTime: move.to, updatedAt: now })
      .where(and(eq(timelineBlocks.id, move.id), eq(timelineBlocks.eventId, eventId), eq(timelineBlocks.startTime, move.from), guard, recorded))
      .returning(),
  );
  const kept = db
    .update(events)
    .set({ lastShift: "undo" in args ? null : { minutes: args.minutes, moves: [...moves] } })
    .where(and(eq(events.id, eventId), guard, recorded));
  return {
    precondition,
    ...batchPart([...updates, kept], (results) => {
      const moved = (results.slice(0, updates.length) as (typeof timelineBlocks.$inferSelect)[][]).flat();
      return moved.length ? { row: moved[0]!, rows: moved } : { gone: true };
    }),
    table: timelineBlocks,
    rowId: moves[0]!.id,
  };
}

/** A block's values as the form reads them: what 'Anchor to' needs of them. */
type AnchorValue = FormValue & { anchor?: SunAnchor | null; anchorOffsetMinutes?: number; startTime?: string | null };

/** A change refused by its own rules before anything is written (nothing recorded: the device may try again). */
function refusedPlan({ db, eventId }: PlanContext, message: string): Plan {
  const read = db.select({ one: sql<number>`1` }).from(events).where(eq(events.id, eventId));
  return { ...batchPart([read], (): Outcome<never> => ({ refused: { code: 400, message } })), table: timelineBlocks, rowId: null, noop: { missing: sql`1 = 1` } };
}

/**
 * 'Anchor to' (docs/product/screens.md#the-light): an anchored block's start is the
 * server's, from the sun on the event's date at its venue, whatever the device sent. The
 * event is read first (an anchored add or edit takes two round trips, as a move does), and
 * the write holds only while the event's date, zone and place are still those read: an
 * edit of the event meanwhile plans it again. Without an anchor, or from a client link
 * (which never writes one), the change is planned as any list's.
 */
async function anchored(context: PlanContext, value: AnchorValue, plan: (context: PlanContext, value: AnchorValue) => Plan): Promise<Plan> {
  if (!value.anchor || context.unwritable.includes("anchor")) return plan(context, value);
  const { db, eventId } = context;
  const [event] = await db
    .select({ date: events.date, timeZone: events.timeZone, venueLatitude: events.venueLatitude, venueLongitude: events.venueLongitude })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) return plan(context, value);
  const light = lightOf(event);
  if (!light) return refusedPlan(context, ANCHOR_NEEDS_LOCATION);
  const startTime = anchorTime(light, value.anchor, value.anchorOffsetMinutes ?? 0);
  if (startTime === null) return refusedPlan(context, ANCHOR_NOT_THAT_DAY);
  const same = sql`EXISTS (SELECT 1 FROM ${events} WHERE ${events.id} = ${eventId} AND ${events.date} = ${event.date} AND ${events.timeZone} = ${event.timeZone}
    AND ${events.venueLatitude} IS ${event.venueLatitude} AND ${events.venueLongitude} IS ${event.venueLongitude})`;
  return { ...plan({ ...context, guard: and(context.guard, same)! }, { ...value, startTime }), precondition: same };
}

const rows = rowChanges(LIST_TABLES.block, timelineList.limit.max);

export const timelineChanges = {
  ...rows,
  add: (context, id, value) => anchored(context, value, (c, v) => rows.add(c, id, v)),
  // An anchored block's start is the sun's: written whatever the device last saw of it.
  edit: (context, id, value, base) =>
    anchored(context, value, (c, v) => {
      const kept: Base | undefined = base && (v as AnchorValue).anchor && !c.unwritable.includes("anchor") ? Object.fromEntries(Object.entries(base).filter(([field]) => field !== "startTime")) : base;
      return rows.edit(c, id, v, kept);
    }),
  toggle: (context, id, done, skipped) => toggleDone(context, LIST_TABLES.block, id, done, skipped),
  move: moveBlock,
  shift: shiftBlocks,
  assign: (context, id, userIds) => assignRow(context, LIST_TABLES.block, id, userIds),
} satisfies Changes;
