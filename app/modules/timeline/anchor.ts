import type { BlockType } from "~/db/enums";
import { anchorTime, blockOutsideGoldenHour, type DayLight, SUN_ANCHOR_LABELS, type SunAnchor } from "./sun";
import { formatDuration } from "./span";

// 'Anchor to' and 'Outside golden hour' (docs/product/screens.md#the-light): a block's start
// tied to the sun, and the warning on a block shot for the light that is not in it.
// Client-safe and pure: the server writes an anchored start with anchorTime, and a device
// shows the same from its own copy of the event, offline too.

/** An anchored add or edit on an event with no venue location (docs/product/messages.md#the-light). */
export const ANCHOR_NEEDS_LOCATION = "Add the venue's location in Edit event to anchor a block to the light.";
/** An anchor (with its minutes) that falls outside the event's day, or a sun that does not set that day. */
export const ANCHOR_NOT_THAT_DAY = "That time is not on the event's day at the venue. Choose fewer minutes or another anchor.";
/** The warning on a portraits or first look block outside the golden hours. */
export const OUTSIDE_GOLDEN_HOUR = "Outside golden hour";

/**
 * The block types shot for the light: a shift that moves one out of golden hour is warned
 * of. Family formals are a shot category, not a block type: they are shot in a portraits block.
 */
export const LIGHT_BLOCK_TYPES: ReadonlySet<BlockType> = new Set<BlockType>(["portrait", "first_look"]);

type AnchoredRow = { readonly startTime: string | null; readonly anchor?: SunAnchor | null; readonly anchorOffsetMinutes?: number };

/**
 * The block's start as the day's light puts it: an anchored block's from the sun (so the
 * timeline follows an edit of the event's date or place at once, offline too, as the
 * server moves it in the edit's own batch), any other block's (or one whose anchor does
 * not happen that day) as stored.
 */
export function anchoredStart(block: AnchoredRow, light: DayLight | null) {
  if (!block.anchor || !light) return block.startTime;
  return anchorTime(light, block.anchor, block.anchorOffsetMinutes ?? 0) ?? block.startTime;
}

/** 'Golden hour start, 20 min before', 'Sunset', 'Sunset, 15 min after': what a row says it is anchored to. */
export function anchorLabel(anchor: SunAnchor, offsetMinutes: number) {
  const label = SUN_ANCHOR_LABELS[anchor];
  if (offsetMinutes === 0) return label;
  return `${label}, ${formatDuration(Math.abs(offsetMinutes))} ${offsetMinutes < 0 ? "before" : "after"}`;
}

/** Whether a block shows 'Outside golden hour': a type shot for the light, timed, outside both golden hours. */
export function showsOutsideGoldenHour(block: { readonly blockType: string; readonly startTime: string | null; readonly durationMinutes: number }, light: DayLight | null) {
  return LIGHT_BLOCK_TYPES.has(block.blockType as BlockType) && blockOutsideGoldenHour(light, block.startTime, block.durationMinutes);
}
