import { formatClock, minutesOf } from "./span";

// 'Running late' and 'Back on time' on the wedding day: which blocks a shift moves, what it
// costs the blocks that cannot move, and whether it still fits the plan it was computed on.
// Pure and client-safe: the phone previews a shift and applies it at once (offline too),
// and the server runs the same plan again against its own blocks before writing it.

/** A timeline block as a shift reads it; extra fields (title, location…) pass through. */
export type ShiftBlock = {
  readonly id: string;
  /** "HH:MM" (24-hour); null, or a time `minutesOf` cannot read, is a block with no time, never shifted. */
  readonly startTime: string | null;
  readonly durationMinutes: number;
  readonly orderIndex: number;
  /** 'Fixed time': the ceremony start, the exit… stay where they are when the day runs late. */
  readonly fixedTime: boolean;
  /** Placed by sunset or golden hour: the sun does not wait either. */
  readonly anchored: boolean;
  /** 'Travel to next (min)': a leg from this block to the next block in time order; null is none. */
  readonly travelMinutes: number | null;
};

/** A block's start before and after a shift (or an undo), both "HH:MM". */
export type BlockMove = { readonly id: string; readonly from: string; readonly to: string };

/** A fixed or anchored block's 'Squeezed by N min'; also a travel leg's missing minutes. */
export type Squeeze = { readonly id: string; readonly minutes: number };

/** A block a shift carries from before a fixed or anchored block (`fixedId`) to after it. */
export type Crossing = { readonly id: string; readonly fixedId: string };

/**
 * 'Running late' as the client sends it: from which block, by how many minutes, and the
 * `shiftBasis` of the plan it was computed on. Without a basis `planShift` is a preview.
 */
export type ShiftRequest = { readonly fromBlockId: string; readonly minutes: number; readonly basis?: string };

/** The plan after a shift or an undo: what moves, and what the blocks that stay lose. */
export type ShiftOutcome = {
  readonly ok: true;
  /** In time order; what 'Back on time' is given back (`planUndo`). */
  readonly moves: readonly BlockMove[];
  /** Every fixed or anchored block squeezed on the plan after the moves (`squeezesOf`). */
  readonly squeezes: readonly Squeeze[];
  /** The squeezes added up: what the lead is told the day loses (a squeeze already there counts too). */
  readonly minutesLost: number;
};

export type ShiftPlan = ShiftOutcome & {
  readonly minutes: number;
  /** The basis of the plan before the shift, for the client to send with the mutation. */
  readonly basis: string;
  /** Blocks now starting after a fixed or anchored block they used to precede: no squeeze counts them. */
  readonly crossings: readonly Crossing[];
};

export const SHIFT_MINUTES_MAX = 12 * 60;

// One message for each reason; code branches on the reason, never on the message.
export const SHIFT_REFUSALS = {
  minutes: `Choose a whole number of minutes from 1 to ${SHIFT_MINUTES_MAX}.`,
  "missing-block": "This block is no longer on the timeline.",
  "no-start-time": "This block has no start time to shift from.",
  "nothing-to-move": "Nothing can move: every block from here on has a fixed time or follows the sun.",
  midnight: "This would move a block past midnight.",
  moved: "The timeline changed on another phone. Check the times and try again.",
} as const;

export const UNDO_MOVED_MESSAGE = "A block changed since the shift, so it can't be put back. Check the times.";

export type ShiftRefusalReason = keyof typeof SHIFT_REFUSALS;
export type ShiftRefusal<R extends ShiftRefusalReason = ShiftRefusalReason> = { readonly ok: false; readonly reason: R; readonly message: string };

// The time column holds one day ("HH:MM"), so no start may pass 23:59.
const LAST_MINUTE = 23 * 60 + 59;

type Timed<B extends ShiftBlock> = { readonly block: B; readonly start: number; readonly time: string };

const isHeld = (block: ShiftBlock) => block.fixedTime || block.anchored;
const endOf = (timed: Timed<ShiftBlock>) => timed.start + timed.block.durationMinutes;
// A leg of 0 minutes is no leg: blocks that merely touch or overlap are not a travel warning.
const legOf = (block: ShiftBlock) => Math.max(0, block.travelMinutes ?? 0);
const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The blocks with a start time in the timeline's order: by start, then by their order,
 * then by id where the screen uses creation (not part of a block here), so the phone and
 * the server agree on every tie.
 */
function timeOrder<B extends ShiftBlock>(blocks: readonly B[]): Timed<B>[] {
  const timed: Timed<B>[] = [];
  for (const block of blocks) {
    const start = block.startTime === null ? null : minutesOf(block.startTime);
    if (start !== null && block.startTime !== null) timed.push({ block, start, time: block.startTime });
  }
  return timed.sort((a, b) => a.start - b.start || a.block.orderIndex - b.block.orderIndex || compareIds(a.block.id, b.block.id));
}

/**
 * The blocks a shift from `fromBlockId` moves: it and every block after it in time order,
 * fixed and anchored ones left out. Blocks after a fixed block move too: the fixed block
 * holds its own time, but the rest of the day is still late. Null when the block is gone
 * or has no time.
 */
function moversFrom<B extends ShiftBlock>(order: readonly Timed<B>[], fromBlockId: string) {
  const at = order.findIndex((timed) => timed.block.id === fromBlockId);
  if (at === -1) return null;
  return { from: order[at]!, movers: order.slice(at).filter((timed) => !isHeld(timed.block)) };
}

/**
 * What a shift from `fromBlockId` is computed on: that block's time and the ids and times
 * of the blocks it would move. The server refuses a shift whose basis is no longer its
 * plan's, so a second phone pressing at once, or an offline shift whose blocks moved
 * meanwhile, shifts nothing; an edit elsewhere in the plan leaves the basis as it is.
 * The plain list rather than a hash: it is short (at most a day of blocks) and exact.
 * Null when the block is gone or has no time.
 */
export function shiftBasis(blocks: readonly ShiftBlock[], fromBlockId: string): string | null {
  const found = moversFrom(timeOrder(blocks), fromBlockId);
  if (!found) return null;
  const movers = found.movers.map((timed) => [timed.block.id, timed.time] as const).sort(([a], [b]) => compareIds(a, b));
  return JSON.stringify([[found.from.block.id, found.from.time], ...movers]);
}

function refuse<R extends ShiftRefusalReason>(reason: R, message: string = SHIFT_REFUSALS[reason]): ShiftRefusal<R> {
  return { ok: false, reason, message };
}

/** The blocks with each move's start; the others as they are (new objects for the moved ones only). */
export function applyMoves<B extends { readonly id: string; readonly startTime: string | null }>(blocks: readonly B[], moves: readonly BlockMove[]): B[] {
  const to = new Map(moves.map((move) => [move.id, move.to]));
  return blocks.map((block) => {
    const startTime = to.get(block.id);
    return startTime === undefined ? block : { ...block, startTime };
  });
}

/** The outcome of `moves` on `blocks`, with the plan after them. */
function outcome(blocks: readonly ShiftBlock[], moves: readonly BlockMove[]) {
  const after = applyMoves(blocks, moves);
  const squeezes = squeezesOf(after);
  const result: ShiftOutcome = { ok: true, moves, squeezes, minutesLost: squeezes.reduce((sum, squeeze) => sum + squeeze.minutes, 0) };
  return { result, after };
}

/**
 * 'Running late': every block from `fromBlockId` on moves `minutes` later, except fixed and
 * anchored blocks. Minutes are a whole number from 1 to 720 (half a day: more is a new plan,
 * not a delay); going back is 'Back on time' (`planUndo`), never a negative shift. Refused
 * when a block would start past 23:59, and, with a basis, when the plan is no longer the
 * one the shift was computed on ('moved'). Each move's `from` is the start it requires,
 * so a write can hold the same condition block by block.
 */
export function planShift(blocks: readonly ShiftBlock[], request: ShiftRequest): ShiftPlan | ShiftRefusal {
  const { fromBlockId, minutes, basis } = request;
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > SHIFT_MINUTES_MAX) return refuse("minutes");
  const currentBasis = shiftBasis(blocks, fromBlockId);
  if (basis !== undefined && basis !== currentBasis) return refuse("moved");
  const order = timeOrder(blocks);
  const found = moversFrom(order, fromBlockId);
  if (!found || currentBasis === null) return refuse(blocks.some((block) => block.id === fromBlockId) ? "no-start-time" : "missing-block");
  if (found.movers.length === 0) return refuse("nothing-to-move");
  if (found.movers.some((timed) => timed.start + minutes > LAST_MINUTE)) return refuse("midnight");
  const moves = found.movers.map((timed) => ({ id: timed.block.id, from: timed.time, to: formatClock(timed.start + minutes, "24h") }));
  const { result, after } = outcome(blocks, moves);
  return { ...result, minutes, basis: currentBasis, crossings: crossingsOf(order, timeOrder(after), found.movers) };
}

function crossingsOf(before: readonly Timed<ShiftBlock>[], after: readonly Timed<ShiftBlock>[], movers: readonly Timed<ShiftBlock>[]): Crossing[] {
  const rank = (order: readonly Timed<ShiftBlock>[]) => new Map(order.map((timed, index) => [timed.block.id, index]));
  const [was, is] = [rank(before), rank(after)];
  const held = before.filter((timed) => isHeld(timed.block)).map((timed) => timed.block.id);
  return movers.flatMap(({ block: { id } }) =>
    held.filter((fixedId) => was.get(id)! < was.get(fixedId)! && is.get(id)! > is.get(fixedId)!).map((fixedId) => ({ id, fixedId })),
  );
}

/**
 * 'Back on time': the last shift's moves reversed. Every block of it must still be at its
 * `to` and still free to move; one edited since (its time, or made fixed or anchored)
 * refuses the whole undo rather than undo half a shift. Blocks deleted since are skipped.
 */
export function planUndo(blocks: readonly ShiftBlock[], lastShift: readonly BlockMove[]): ShiftOutcome | ShiftRefusal<"moved"> {
  const byId = new Map(blocks.map((block) => [block.id, block]));
  const moves: BlockMove[] = [];
  for (const move of lastShift) {
    const block = byId.get(move.id);
    if (!block) continue;
    if (block.startTime !== move.to || isHeld(block)) return refuse("moved", UNDO_MOVED_MESSAGE);
    moves.push({ id: move.id, from: move.to, to: move.from });
  }
  return outcome(blocks, moves).result;
}

/**
 * 'Squeezed by N min' on any plan: for each fixed or anchored block, how far the block
 * just before it in time order (with its travel leg) runs into its start. Only that
 * neighbour counts: a longer block further back runs alongside on purpose.
 */
export function squeezesOf(blocks: readonly ShiftBlock[]): Squeeze[] {
  const order = timeOrder(blocks);
  const squeezes: Squeeze[] = [];
  order.forEach((timed, index) => {
    const previous = order[index - 1];
    if (!previous || !isHeld(timed.block)) return;
    const minutes = endOf(previous) + legOf(previous.block) - timed.start;
    if (minutes > 0) squeezes.push({ id: timed.block.id, minutes });
  });
  return squeezes;
}

/**
 * Travel legs that do not fit: for each block with a leg, the minutes the leg is longer
 * than the gap from its end to the next timed block's start (an overlap adds to them).
 * A block with no time, or no block after it, has no leg to check.
 */
export function legWarningsOf(blocks: readonly ShiftBlock[]): Squeeze[] {
  const order = timeOrder(blocks);
  const warnings: Squeeze[] = [];
  order.forEach((timed, index) => {
    const next = order[index + 1];
    const leg = legOf(timed.block);
    if (!next || leg === 0) return;
    const minutes = leg - (next.start - endOf(timed));
    if (minutes > 0) warnings.push({ id: timed.block.id, minutes });
  });
  return warnings;
}

/** What a fixed or anchored block shows when squeezed. */
export function squeezedLabel(minutes: number) {
  return `Squeezed by ${minutes} min`;
}

/** The team's push: 'Running 10 min late — next: Ceremony at 3:00 PM' (`time` as the reader's clock shows it). */
export function runningLateMessage(minutes: number, blockTitle: string, time: string) {
  return `Running ${minutes} min late — next: ${blockTitle} at ${time}`;
}

/** A page's timeline row as a shift reads it: its plan fields where the viewer has them (a client's rows have none). */
export function shiftBlockOf(row: {
  readonly id: string;
  readonly startTime: string | null;
  readonly durationMinutes: number;
  readonly orderIndex: number;
  readonly anchor?: string | null;
  readonly fixedTime?: boolean;
  readonly travelMinutes?: number | null;
}): ShiftBlock {
  return { id: row.id, startTime: row.startTime, durationMinutes: row.durationMinutes, orderIndex: row.orderIndex, fixedTime: row.fixedTime === true, anchored: typeof row.anchor === "string", travelMinutes: row.travelMinutes ?? null };
}

/** A timeline row as a shift reads it: an anchored block is one with an anchor to the light. */
export function shiftBlocksOf<B extends { readonly anchor: string | null; readonly fixedTime: boolean; readonly travelMinutes: number | null }>(rows: readonly B[]): (B & { anchored: boolean })[] {
  return rows.map((row) => ({ ...row, anchored: row.anchor !== null }));
}

/** 'Back on time' with no shift to put back (none yet, or already undone). */
export const NOTHING_TO_UNDO = "There is no shift to undo.";
