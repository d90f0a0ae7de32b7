import { z } from "~/utils/zod";
import { SHOOTER_TYPES } from "~/db/enums";
import { NAME_MAX } from "~/modules/account/schema";
import { emailAddress, optionalText, requiredText, socialHandle } from "~/utils/schema-fields";

// docs/product/validation.md#shooter-contact: type second or associate shooter, first name required,
// e-mail valid (and required: it is what an invitation is sent to), the rest optional.
export const CONTACTS_PER_USER_MAX = 500;

export const ContactSchema = z.object({
  shooterType: z.enum(SHOOTER_TYPES, { error: "Please choose a shooter type" }),
  firstName: requiredText(NAME_MAX, "First name"),
  lastName: optionalText(NAME_MAX, "Last name"),
  email: emailAddress("Invalid email address"),
  phoneNumber: optionalText(50, "Phone number"),
  instagramHandle: socialHandle("Instagram handle"),
  notes: optionalText(2000, "Notes"),
});
export type ContactInput = z.output<typeof ContactSchema>;
