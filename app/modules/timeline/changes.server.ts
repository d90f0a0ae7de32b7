import { and, eq, type SQL, sql } from "drizzle-orm";
import { appliedMutations, timelineBlocks } from "~/db/schema";
import { listQuery } from "~/modules/event/lists.server";
import { batchPart } from "~/utils/db.server";
import { type Changes, type Outcome, type Plan, type PlanContext, rowChanges, toggleDone } from "~/modules/lists/plan.server";
import { LIST_TABLES } from "~/modules/lists/tables.server";
import { timelineList } from "./list";
import { moveTarget } from "./order";

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

export const timelineChanges = {
  ...rowChanges(LIST_TABLES.block, timelineList.limit.max),
  toggle: (context, id, done, skipped) => toggleDone(context, LIST_TABLES.block, id, done, skipped),
  move: moveBlock,
} satisfies Changes;
