import type { ChangeVerb } from "~/modules/lists/descriptor";
import type { ChangeName } from "~/modules/lists/registry";
import { z } from "~/utils/zod";
import { SHIFT_MINUTES_MAX } from "~/modules/timeline/shift";
import { ASSIGNEES_MAX } from "~/modules/team/assignees";

// The schemas of each mutation's arguments (mutations.ts says what a mutation is). Their
// own file, without the names, so that the names (mutation-names.ts, no zod) take their
// types from here and mutations.ts its schemas, with no import going back.

/** A row the mutation names: every row's id is a UUID (made by a device, the server or the seed). */
const RowRef = z.uuid();
/** A row a device creates names itself, so later changes made offline can refer to it. */
export const NewRowId = z.uuid();

/** A form's fields as it submits them: names of letters, values of text. */
const FormValues = z
  .record(z.string().regex(/^[A-Za-z]{1,40}$/), z.string().max(5000))
  .refine((values) => Object.keys(values).length <= 30, { error: "Too many fields." });

/**
 * What the device last saw of the fields it edits (the row as read, typed), so the
 * server can tell a field someone else changed meanwhile: that field is kept as they
 * set it and answered as a conflict.
 */
const Base = z.record(z.string().regex(/^[A-Za-z]{1,40}$/), z.union([z.string().max(5000), z.number(), z.boolean(), z.null()]));

/** A list's change's arguments, by its verb. */
export const LIST_ARGS = {
  // \`skipped\`: run mode's 'Skip', a block done without being shot (only a block has it).
  toggle: z.object({ id: RowRef, done: z.boolean(), skipped: z.boolean().optional() }),
  add: z.object({ id: NewRowId, values: FormValues }),
  edit: z.object({ id: RowRef, values: FormValues, base: Base.optional() }),
  move: z.object({ id: RowRef, direction: z.enum(["up", "down"]) }),
  // 'Running late': from a block, by N minutes, against the times the device computed it
  // on (shift.ts shiftBasis); or 'Back on time', the last shift undone.
  shift: z.union([
    z.object({ id: RowRef, minutes: z.number().int().min(1).max(SHIFT_MINUTES_MAX), basis: z.string().max(20_000) }),
    z.object({ undo: z.literal(true) }),
  ]),
  // 'Assign': the whole set of who shoots the row (so a repeat or a late arrival sets the same), team members only.
  assign: z.object({ id: RowRef, userIds: z.array(z.uuid()).max(ASSIGNEES_MAX) }),
  delete: z.object({ id: RowRef }),
  // A family formals grouping added, or its name and people edited: as an add and an edit.
  group: z.object({ id: NewRowId, values: FormValues }),
  regroup: z.object({ id: RowRef, values: FormValues, base: Base.optional() }),
} as const satisfies Record<ChangeVerb, z.ZodType>;

/** The event's own: one per event, so no id. */
const EVENT_ARGS = {
  "edit-event": z.object({ values: FormValues, base: Base.optional() }),
  // docs/product/validation.md#delete-event: the word typed to confirm, whoever sends it. Never queued offline (ONLINE_ONLY).
  "delete-event": z.object({ confirmation: z.literal("delete") }),
} as const;

type ListChangeName = Exclude<ChangeName, keyof typeof EVENT_ARGS>;
type VerbOf<N> = N extends `${infer V extends ChangeVerb}-${string}` ? V : never;

/**
 * Each mutation's arguments: a list's change's by its verb, the event's its own. Written
 * out, one per change the descriptors name (app/modules/lists/registry.ts): the type check
 * holds each to its verb's schema, and a change without its arguments does not compile.
 */
export const MUTATION_ARGS = {
  "toggle-block": LIST_ARGS.toggle,
  "toggle-shot": LIST_ARGS.toggle,
  "add-block": LIST_ARGS.add,
  "edit-block": LIST_ARGS.edit,
  "move-block": LIST_ARGS.move,
  "shift-block": LIST_ARGS.shift,
  "assign-block": LIST_ARGS.assign,
  "delete-block": LIST_ARGS.delete,
  "add-shot": LIST_ARGS.add,
  "edit-shot": LIST_ARGS.edit,
  "assign-shot": LIST_ARGS.assign,
  "group-shot": LIST_ARGS.group,
  "regroup-shot": LIST_ARGS.regroup,
  "delete-shot": LIST_ARGS.delete,
  "add-person": LIST_ARGS.add,
  "edit-person": LIST_ARGS.edit,
  "delete-person": LIST_ARGS.delete,
  "add-vendor": LIST_ARGS.add,
  "edit-vendor": LIST_ARGS.edit,
  "delete-vendor": LIST_ARGS.delete,
  ...EVENT_ARGS,
} as const satisfies { readonly [N in ListChangeName]: (typeof LIST_ARGS)[VerbOf<N>] } & typeof EVENT_ARGS;
