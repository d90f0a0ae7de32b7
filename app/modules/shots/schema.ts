import { z } from "~/utils/zod";
import { SHOT_CATEGORIES } from "~/db/enums";
import { optionalText, requiredText } from "~/utils/schema-fields";
import { GROUPING_PEOPLE_MAX } from "./groupings";

// docs/product/validation.md#shot: title required. docs/product/enumerations.md#shot-category: the category defaults to `other`.
const PEOPLE_INVALID = "Please choose people from this event";

export const SHOT_DEFAULTS = { category: "other" } as const;

export const ShotSchema = z.object({
  title: requiredText(200, "Title"),
  category: z.enum(SHOT_CATEGORIES, { error: "Please choose a category" }),
  description: optionalText(1000, "Description"),
  teamNotes: optionalText(2000, "Team notes"),
  // A family formals grouping's people (docs/product/validation.md#grouping), only from the
  // grouping's form: a JSON array of the people's ids, in order. Absent from the shot's own
  // form, so editing a grouping there leaves its people as they are. Whether each is one of
  // the event's people is the server's check (changes.server.ts), against the list as stored.
  personIds: z
    .string()
    .max(5000)
    .transform((value, context) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        context.addIssue({ code: "custom", message: PEOPLE_INVALID });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(z.uuid({ error: PEOPLE_INVALID }), { error: PEOPLE_INVALID })
        .min(1, { error: "Please choose at least one person" })
        .max(GROUPING_PEOPLE_MAX, { error: `A grouping can have at most ${GROUPING_PEOPLE_MAX} people` })
        .refine((ids) => new Set(ids).size === ids.length, { error: "Each person can be in a grouping only once" }),
    )
    .transform((ids) => JSON.stringify(ids))
    .optional(),
});

// Kept with the enumerations (no zod: the shot list shows them at first paint).
