import { z } from "~/utils/zod";
import { BLOCK_TYPES, SUN_ANCHORS } from "~/db/enums";
import { checkbox, optionalText, optionalTime, requiredText } from "~/utils/schema-fields";

// docs/product/validation.md#timeline-block: title required, duration an integer of at least 1
// (a value that is not a number counts as 0, so it fails the same rule). Defaults of
// docs/product/limits.md#defaults-when-adding: 60 minutes, type ceremony in the dashboard.
export const BLOCK_DEFAULTS = { blockType: "ceremony", durationMinutes: 60 } as const;
export const BLOCK_DURATION_MAX = 24 * 60;

const DURATION_MESSAGE = "Duration must be at least 1 minute";
export const TRAVEL_MAX = 720;
const TRAVEL_MESSAGE = `Travel must be a whole number of minutes from 1 to ${TRAVEL_MAX}`;

/** 'Anchor to': at most this many minutes before or after the sun's time. */
export const ANCHOR_MINUTES_MAX = 240;
const ANCHOR_MINUTES_MESSAGE = `Minutes must be a whole number from 0 to ${ANCHOR_MINUTES_MAX}`;
export const ANCHOR_SIDES = ["before", "after"] as const;

export const BlockSchema = z.object({
  title: requiredText(200, "Title"),
  blockType: z.enum(BLOCK_TYPES, { error: "Please choose a block type" }),
  startTime: optionalTime,
  durationMinutes: z
    .number({ error: DURATION_MESSAGE })
    .int({ error: "Duration must be a whole number of minutes" })
    .min(1, { error: DURATION_MESSAGE })
    .max(BLOCK_DURATION_MAX, { error: `Duration must be at most ${BLOCK_DURATION_MAX} minutes` }),
  location: optionalText(200, "Location"),
  notes: optionalText(2000, "Notes"),
  teamNotes: optionalText(2000, "Team notes"),
  // The lead's plan for the day, never a client's to set (the descriptor's teamFields).
  fixedTime: checkbox,
  travelMinutes: z
    .number({ error: TRAVEL_MESSAGE })
    .int({ error: TRAVEL_MESSAGE })
    .min(1, { error: TRAVEL_MESSAGE })
    .max(TRAVEL_MAX, { error: TRAVEL_MESSAGE })
    .optional()
    .transform((value) => value ?? null),
  // 'Anchor to' (docs/product/screens.md#the-light), the lead's too. The form says minutes
  // and 'Before' or 'After'; the row keeps one signed number (before: negative).
  anchor: z
    .enum(SUN_ANCHORS, { error: "Please choose what to anchor to" })
    .optional()
    .transform((value) => value ?? null),
  anchorOffsetMinutes: z
    .number({ error: ANCHOR_MINUTES_MESSAGE })
    .int({ error: ANCHOR_MINUTES_MESSAGE })
    .min(0, { error: ANCHOR_MINUTES_MESSAGE })
    .max(ANCHOR_MINUTES_MAX, { error: ANCHOR_MINUTES_MESSAGE })
    .optional()
    .transform((value) => value ?? 0),
  anchorSide: z.enum(ANCHOR_SIDES, { error: "Please choose before or after" }).optional(),
}).transform(({ anchorSide, ...value }) => ({
  ...value,
  anchorOffsetMinutes: value.anchor === null ? 0 : anchorSide === "before" ? -value.anchorOffsetMinutes : value.anchorOffsetMinutes,
}));

/** The form's 'Minutes' and 'Before' or 'After' of a stored signed offset. */
export function anchorFormOf(offsetMinutes: number) {
  return { anchorOffsetMinutes: String(Math.abs(offsetMinutes)), anchorSide: offsetMinutes < 0 ? "before" : "after" };
}
