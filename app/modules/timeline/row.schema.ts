import { z } from "~/utils/zod";
import { BLOCK_TYPES, SUN_ANCHORS } from "~/db/enums";

// A timeline block as every page holds it (the fields of its descriptor's `portalFields`, list.ts),
// as zod reads it: a live change's rows and an outbox answer's are read with it. Its own
// module, loaded with the other lists' row schemas (app/modules/event/lists.schema.ts)
// only when a page first needs them (decision 014).
export const BlockRowSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  title: z.string(),
  blockType: z.enum(BLOCK_TYPES),
  startTime: z.string().nullable(),
  durationMinutes: z.number(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  // Only on the lead's and the team's pages (the descriptor's teamFields): a portal's rows have none.
  teamNotes: z.string().nullable().optional(),
  orderIndex: z.number(),
  isDone: z.boolean(),
  isSkipped: z.boolean(),
  // The team's, like teamNotes: a portal's rows have none.
  fixedTime: z.boolean().optional(),
  travelMinutes: z.number().nullable().optional(),
  assignees: z.array(z.string()).optional(),
  // 'Anchor to': the team's too.
  anchor: z.enum(SUN_ANCHORS).nullable().optional(),
  anchorOffsetMinutes: z.number().optional(),
  doneAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
