import { z } from "~/utils/zod";
import { BLOCK_TYPES } from "~/db/enums";
import { optionalText, optionalTime, requiredText } from "~/utils/schema-fields";

// docs/product/validation.md#timeline-block: title required, duration an integer of at least 1
// (a value that is not a number counts as 0, so it fails the same rule). Defaults of
// docs/product/limits.md#defaults-when-adding: 60 minutes, type ceremony in the dashboard.
export const BLOCK_DEFAULTS = { blockType: "ceremony", durationMinutes: 60 } as const;
export const BLOCK_DURATION_MAX = 24 * 60;

const DURATION_MESSAGE = "Duration must be at least 1 minute";

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
});
