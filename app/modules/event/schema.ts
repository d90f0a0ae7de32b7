import { z } from "~/utils/zod";
import { EVENT_STATUSES } from "~/db/enums";
import { optionalText, requiredText } from "~/utils/schema-fields";
import { StartFromSchema } from "~/modules/templates/schema";

// Create / edit event (docs/product/screens.md#create-event, docs/product/validation.md#create-and-edit-event: title and date required, the
// others optional; empty optional values are stored as null).

/** yyyy-MM-dd naming a real day (not 2027-02-30). */
function isValidIsoDate(value: string) {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

const isoDate = z
  .string({ error: "Wedding date is required" })
  .min(1, { error: "Wedding date is required" })
  .refine(isValidIsoDate, { error: "Please enter a valid date" });

/** An IANA time zone the runtime knows (the browser sends its own; see the create form). */
function isTimeZone(value: string) {
  if (value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const timeZone = z
  .string()
  .trim()
  .refine(isTimeZone, { error: "Please choose a valid time zone" })
  .optional();

export const EventSchema = z.object({
  title: requiredText(200, "Event title"),
  coupleNames: optionalText(200, "Couple names"),
  date: isoDate,
  venue: optionalText(300, "Venue"),
  timeZone,
});
export type EventInput = z.infer<typeof EventSchema>;

/** Create Event's form: the event, and what it starts with ('Start from', 'First block starts at'). */
export const NewEventSchema = EventSchema.extend(StartFromSchema.shape);

/**
 * docs/product/flows.md#event-status: the status follows the date unless the lead sets it by hand; "auto"
 * hands it back to the date.
 */
export const STATUS_CHOICES = ["auto", ...EVENT_STATUSES] as const;

/** An optional date: empty is none (null). */
const optionalDate = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || isValidIsoDate(value), { error: "Please enter a valid date" })
  .transform((value) => value || null);

/** A coordinate in degrees, typed or filled in by the address search; empty is none (null). */
function coordinate(label: string, max: number) {
  return z
    .preprocess((value) => (typeof value === "number" ? String(value) : value), z.string().trim().optional())
    .refine((value) => !value || (/^[-+]?\d{1,3}(\.\d+)?$/.test(value) && Math.abs(Number(value)) <= max), { error: `${label} must be a number between -${max} and ${max}` })
    .transform((value) => (value ? Number(value) : null));
}

/** docs/product/validation.md#create-and-edit-event: the venue's point, both or neither. */
export const VENUE_LOCATION_PAIR = "Enter both latitude and longitude, or neither";

export const EditEventSchema = EventSchema.extend({
  status: z
    .enum(STATUS_CHOICES, { error: "Please choose a status" })
    .transform((value) => (value === "auto" ? null : value)),
  // docs/product/screens.md#edit-event: from this date (the event's time zone) a client link only views.
  clientEditsLockOn: optionalDate,
  // 'Venue location': golden hour, sunset and blue hour on the timeline (decision 018).
  venueLatitude: coordinate("Latitude", 90),
  venueLongitude: coordinate("Longitude", 180),
}).superRefine((value, context) => {
  if ((value.venueLatitude === null) !== (value.venueLongitude === null)) {
    context.addIssue({ code: "custom", message: VENUE_LOCATION_PAIR, path: [value.venueLatitude === null ? "venueLatitude" : "venueLongitude"] });
  }
});
export type EditEventInput = z.infer<typeof EditEventSchema>;

/** docs/product/validation.md#delete-event: the word must be typed exactly. */
export const DELETE_CONFIRMATION = "delete";
export const DeleteEventSchema = z.object({
  confirmation: z.literal(DELETE_CONFIRMATION, { error: 'Please type "delete" to confirm' }),
});
