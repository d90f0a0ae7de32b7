import { z } from "~/utils/zod";
import { PERSON_ROLES } from "~/db/enums";

// A person as every page holds it (the fields of its descriptor's `portalFields`, list.ts),
// as zod reads it: a live change's rows and an outbox answer's are read with it. Its own
// module, loaded with the other lists' row schemas (app/modules/event/lists.schema.ts)
// only when a page first needs them (decision 014).
export const PersonRowSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  role: z.enum(PERSON_ROLES),
  isVip: z.boolean(),
  pronunciation: z.string().nullable(),
  notes: z.string().nullable(),
  // Only on the lead's and the team's pages (the descriptor's teamFields): a portal's rows have none.
  teamNotes: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
