import { z } from "zod";
import { SHOOTER_TYPES } from "~/db/enums";
import { emailAddress, optionalText, requiredText } from "~/utils/schema-fields";

// Spec §5 'Shooter contact': type second or associate shooter, first name required,
// e-mail valid (and required: it is what an invitation is sent to), the rest optional.
export const CONTACTS_PER_USER_MAX = 500;

export const ContactSchema = z.object({
  shooterType: z.enum(SHOOTER_TYPES, { error: "Please choose a shooter type" }),
  firstName: requiredText(100, "First name"),
  lastName: optionalText(100, "Last name"),
  email: emailAddress("Invalid email address"),
  phoneNumber: optionalText(50, "Phone number"),
  instagramHandle: optionalText(100, "Instagram handle").transform((value) => value?.replace(/^@+/, "") || null),
  notes: optionalText(2000, "Notes"),
});
export type ContactInput = z.output<typeof ContactSchema>;
