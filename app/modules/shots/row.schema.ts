import { z } from "~/utils/zod";
import { SHOT_CATEGORIES } from "~/db/enums";

// A shot as every page holds it (the fields of its descriptor's `portalFields`, list.ts),
// as zod reads it: a live change's rows and an outbox answer's are read with it. Its own
// module, loaded with the other lists' row schemas (app/modules/event/lists.schema.ts)
// only when a page first needs them (decision 014).
export const ShotRowSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  title: z.string(),
  category: z.enum(SHOT_CATEGORIES),
  description: z.string().nullable(),
  // A family formals grouping's people: their ids in order, as JSON ('[]': not a grouping; a row from
  // before groupings, kept on a device, has none).
  personIds: z.string().default("[]"),
  // A grouping by role's roles, in order, as JSON ('[]' otherwise).
  personRoles: z.string().default("[]"),
  // Only on the lead's and the team's pages (the descriptor's teamFields): a portal's rows have none.
  teamNotes: z.string().nullable().optional(),
  // Who shoots it: the team's too.
  assignees: z.array(z.string()).optional(),
  orderIndex: z.number(),
  isDone: z.boolean(),
  doneAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
