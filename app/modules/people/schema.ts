import { z } from "~/utils/zod";
import { PERSON_ROLES } from "~/db/enums";
import { NAME_MAX } from "~/modules/account/schema";
import { checkbox, optionalText, requiredText } from "~/utils/schema-fields";

// docs/product/validation.md#people: first name required; last name, pronunciation, notes, team notes optional.
// docs/product/limits.md#defaults-when-adding: the role defaults to guest.
export const PERSON_DEFAULTS = { role: "guest" } as const;

export const PersonSchema = z.object({
  firstName: requiredText(NAME_MAX, "First name"),
  lastName: optionalText(NAME_MAX, "Last name"),
  role: z.enum(PERSON_ROLES, { error: "Please choose a role" }),
  isVip: checkbox,
  pronunciation: optionalText(200, "Pronunciation"),
  notes: optionalText(2000, "Notes"),
  teamNotes: optionalText(2000, "Team notes"),
});
