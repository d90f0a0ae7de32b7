import { z } from "~/utils/zod";
import { BLOCK_TYPES } from "~/db/enums";
import { checkbox, optionalText, optionalTime, requiredText } from "~/utils/schema-fields";

// docs/product/validation.md#timeline-block: title required, duration an integer of at least 1
// (a value that is not a number counts as 0, so it fails the same rule). Defaults of
// docs/product/limits.md#defaults-when-adding: 60 minutes, type ceremony in the dashboard.
export const BLOCK_DEFAULTS = { blockType: "ceremony", durationMinutes: 60 } as const;
export const BLOCK_DURATION_MAX = 24 * 60;

const DURATION_MESSAGE = "Duration must be at least 1 minute";
export const TRAVEL_MAX = 720;
const TRAVEL_MESSAGE = `Travel must be a whole number of minutes from 1 to ${TRAVEL_MAX}`;

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
});
