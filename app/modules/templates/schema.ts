import { z } from "~/utils/zod";
import { requiredText } from "~/utils/schema-fields";
import { minutesOf, TEMPLATE_NAME_MAX } from "./template";

// docs/product/validation.md#templates.
export const TemplateNameSchema = z.object({ name: requiredText(TEMPLATE_NAME_MAX, "Template name") });

/** New Event's 'Start from': empty is the default timeline and shots; a template's id otherwise, laid from 'First block starts at'. */
export const StartFromSchema = z.object({
  startFrom: z
    .string()
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || /^[0-9a-f-]{36}$/.test(value), { error: "Please choose what to start from" }),
  firstStart: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || minutesOf(value) !== null, { error: "Please enter a time like 14:00" }),
});
export type StartFrom = z.infer<typeof StartFromSchema>;
