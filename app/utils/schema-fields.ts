import { z } from "~/utils/zod";

// Field builders shared by the zod schemas of every form (client-safe). conform's
// parseWithZod turns an empty input into undefined before these run, so "optional"
// covers both a missing and an empty field; docs/product/validation.md#empty-optional-values: empty optional values are
// stored as null.

/** Required text, trimmed, with the spec's "is required" message and a ceiling. */
export function requiredText(max: number, label: string, requiredMessage = `${label} is required`) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(max, { error: `${label} must be less than ${max} characters` });
}

/** Optional text, trimmed; empty becomes null. */
export function optionalText(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, { error: `${label} must be less than ${max} characters` })
    .optional()
    .transform((value) => value || null);
}

/** An HTML checkbox: present ("on") is true, absent is false. */
export const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");


/** A time of day as an `<input type="time">` sends it (HH:mm, seconds dropped). */
export const timeOfDay = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?$/, { error: "Please enter a valid time" })
  .transform((value) => value.slice(0, 5));

/** An optional time of day; empty becomes null. */
export const optionalTime = timeOfDay.optional().transform((value) => value ?? null);

/** An e-mail address, trimmed and lower-cased (addresses are compared that way). */
export function emailAddress(message: string, requiredMessage = message) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(255, { error: "Email must be less than 255 characters" })
    .pipe(z.email({ error: message }))
    .transform((value) => value.toLowerCase());
}

/** A social handle: "@name" or "name", stored without the @ (vendors, saved contacts). */
export function socialHandle(label: string) {
  return z
    .string()
    .trim()
    .transform((value) => value.replace(/^@+/, ""))
    .pipe(
      z
        .string()
        .max(100, { error: `${label} must be less than 100 characters` })
        .regex(/^[\p{L}\p{N}._-]*$/u, { error: `${label} can only contain letters, numbers, dots, dashes and underscores` }),
    )
    .optional()
    .transform((value) => value || null);
}
