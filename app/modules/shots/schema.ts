import { z } from "~/utils/zod";
import { SHOT_CATEGORIES } from "~/db/enums";
import { optionalText, requiredText } from "~/utils/schema-fields";

// docs/product/validation.md#shot: title required. docs/product/enumerations.md#shot-category: the category defaults to `other`.
export const SHOT_DEFAULTS = { category: "other" } as const;

export const ShotSchema = z.object({
  title: requiredText(200, "Title"),
  category: z.enum(SHOT_CATEGORIES, { error: "Please choose a category" }),
  description: optionalText(1000, "Description"),
  teamNotes: optionalText(2000, "Team notes"),
});

// Kept with the enumerations (no zod: the shot list shows them at first paint).
