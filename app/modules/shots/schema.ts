import { z } from "~/utils/zod";
import { SHOT_CATEGORIES } from "~/db/enums";
import { optionalText, requiredText } from "~/utils/schema-fields";

// docs/product/validation.md#shot: title required. docs/product/enumerations.md#shot-category: the category defaults to `other`.
export const SHOT_DEFAULTS = { category: "other" } as const;

export const ShotSchema = z.object({
  title: requiredText(200, "Title"),
  category: z.enum(SHOT_CATEGORIES, { error: "Please choose a category" }),
  description: optionalText(1000, "Description"),
});

// docs/product/screens.md#shot-list: the dashboard's shot filter offers these, in this order.
export const SHOT_FILTERS = ["all", "getting_ready", "ceremony", "reception", "wedding_party"] as const;
export type ShotFilter = (typeof SHOT_FILTERS)[number];
