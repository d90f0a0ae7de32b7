import { z } from "~/utils/zod";

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

const toggle = z.object({ id: RowRef, done: z.boolean() });
const add = z.object({ id: NewRowId, values: FormValues });
const edit = z.object({ id: RowRef, values: FormValues, base: Base.optional() });
const remove = z.object({ id: RowRef });

/** The mutations a device may queue while offline, with their arguments. */
export const MUTATION_ARGS = {
  "toggle-block": toggle,
  "toggle-shot": toggle,
  "add-block": add,
  "edit-block": edit,
  "move-block": z.object({ id: RowRef, direction: z.enum(["up", "down"]) }),
  "delete-block": remove,
  "add-shot": add,
  "edit-shot": edit,
  "delete-shot": remove,
  "add-person": add,
  "edit-person": edit,
  "delete-person": remove,
  "add-vendor": add,
  "edit-vendor": edit,
  "delete-vendor": remove,
  "edit-event": z.object({ values: FormValues, base: Base.optional() }),
  // docs/product/validation.md#delete-event: the word typed to confirm, whoever sends it. Never queued offline (ONLINE_ONLY).
  "delete-event": z.object({ confirmation: z.literal("delete") }),
} as const;
