import { z } from "zod";

// Create / edit event (spec §2 'Create Event', §5: title and date required, the
// others optional; empty optional values are stored as null).
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be less than ${max} characters` })
    .optional()
    .transform((value) => value || null);

export const EventSchema = z.object({
  title: z
    .string({ error: "Event title is required" })
    .trim()
    .min(1, { error: "Event title is required" })
    .max(200, { error: "Event title must be less than 200 characters" }),
  coupleNames: optionalText(200, "Couple names"),
  date: z
    .string({ error: "Wedding date is required" })
    .min(1, { error: "Wedding date is required" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Please enter a valid date" })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
      error: "Please enter a valid date",
    }),
  venue: optionalText(300, "Venue"),
});
export type EventInput = z.infer<typeof EventSchema>;
