import { z } from "~/utils/zod";
import { INVITE_TYPES, type InviteType, SHOOTER_TYPE_LABELS } from "~/db/enums";
import { checkbox, emailAddress, optionalTime, requiredText } from "~/utils/schema-fields";

// Invitations (docs/product/validation.md#invite-entry and 'Invite form'), client-safe: the same
// schemas validate the forms in the browser and the actions on the server.

// Kept with the enumerations (no zod: the team tab shows them at first paint).
export { INVITE_TYPE_LABELS, positionLabel } from "~/db/enums";

export const COVERAGE_HOURS_MAX = 24;
/** How many invitations the create flow sends at once. */
export const INVITE_ENTRIES_MAX = 20;
/** Pending invitations, members and client links an event can hold. */
export const TEAM_SIZE_MAX = 100;

const NAME_AND_EMAIL = "Please enter name and email";
const inviteType = z.enum(INVITE_TYPES, { error: "Please choose an invite type" });

/**
 * Coverage in hours: the team tab's input has step 0.5 and min 0 (docs/product/validation.md#invite-form); the
 * create flow's entries are 1 to 24 (docs/product/validation.md, docs/product/limits.md#coverage-hours). Empty is "not given".
 */
function coverageHours(min: number) {
  return z
    .number({ error: "Coverage hours must be a number" })
    .min(min, { error: min === 0 ? "Coverage hours cannot be negative" : `Coverage hours must be between ${min} and ${COVERAGE_HOURS_MAX}` })
    .max(COVERAGE_HOURS_MAX, { error: `Coverage hours must be between ${min} and ${COVERAGE_HOURS_MAX}` })
    .multipleOf(0.5, { error: "Coverage hours go in steps of 0.5" })
    .optional()
    .transform((value) => value ?? null);
}

/** Shooter-only details are dropped for a client (docs/product/screens.md: only for non-client types). */
function forType<T extends { inviteType: string; coverageHours: number | null; startTime: string | null; endTime: string | null }>(value: T): T {
  return value.inviteType === "client" ? { ...value, coverageHours: null, startTime: null, endTime: null } : value;
}

/** The team tab's invite form: first name and e-mail required ('Please enter name and email'). */
export const TeamInviteSchema = z
  .object({
    firstName: requiredText(100, "First name", NAME_AND_EMAIL),
    email: emailAddress("Invalid email address", NAME_AND_EMAIL),
    inviteType,
    coverageHours: coverageHours(0),
    startTime: optionalTime,
    endTime: optionalTime,
  })
  .transform(forType);
export type TeamInvite = z.output<typeof TeamInviteSchema>;

/** One entry of the create flow's invite step (docs/product/screens.md#create-event, docs/product/validation.md#invite-entry). */
export const InviteEntrySchema = z
  .object({
    email: emailAddress("Invalid email address"),
    inviteType,
    coverageHours: coverageHours(1),
    startTime: optionalTime,
    endTime: optionalTime,
    canEditPeople: checkbox,
    canEditTimeline: checkbox,
  })
  .transform(forType);
export type InviteEntry = z.output<typeof InviteEntrySchema>;

/** An entry to add to a list that already holds `emails`: the same address twice is refused. */
export function newInviteEntrySchema(emails: readonly string[]) {
  return InviteEntrySchema.superRefine((value, context) => {
    if (emails.includes(value.email)) context.addIssue({ code: "custom", path: ["email"], message: "This email is already in the list" });
  });
}

/** The list of the invite step, sent back and forth as `entries[i].field` inputs. */
export const InviteEntriesSchema = z.object({
  entries: z
    .array(InviteEntrySchema)
    .max(INVITE_ENTRIES_MAX, { error: `You can send at most ${INVITE_ENTRIES_MAX} invitations at once` })
    .optional()
    .transform((value) => value ?? []),
});

/** The invite step's "add" form: the list so far and the entry being added. */
export const AddInviteEntrySchema = InviteEntriesSchema.extend({ draft: InviteEntrySchema });
