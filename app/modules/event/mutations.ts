import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "~/utils/zod";
import { PersonSchema } from "~/modules/people/schema";
import { ShotSchema } from "~/modules/shots/schema";
import { BlockSchema } from "~/modules/timeline/schema";
import { VendorSchema } from "~/modules/vendors/schema";
import { EditEventSchema } from "./schema";
import type { DashboardIntent } from "./intents";
import { type Mutation, MUTATION_ID_PATTERN, MUTATION_NAMES, type MutationKind, type MutationName } from "./mutation-names";

export * from "./mutation-names";

// Decision 010 "One mutation layer": every change to an event is a
// named mutation with its arguments and an id its device made. The dashboard's forms
// (also without JavaScript), the client portal and a device's offline outbox all send
// them to one server function (mutations.server.ts). The names and the answers' shapes
// are in mutation-names.ts (no zod: what a page's first JavaScript needs);
// this module, with zod, is imported by the server and loaded by a page when it first
// needs a form's values read (offline/value-parser.ts).
//
// A mutation's name is the dashboard intent it is (intents.ts: the right it needs, the
// client flag that allows it). Values travel as the form would send them (strings), so
// a form and an outbox entry are validated by the same form schema, the same way.

const MutationId = z.string().regex(MUTATION_ID_PATTERN);
/** A row the mutation names: any id of ours (a row made before ids were UUIDs included). */
const RowRef = z.string().min(1).max(64);
/** A row a device creates names itself, so later changes made offline can refer to it. */
export const NewRowId = z.uuid();

/** A form's fields as it submits them: names of letters, values of text. */
const FormValues = z
  .record(z.string().regex(/^[A-Za-z]{1,40}$/), z.string().max(5000))
  .refine((values) => Object.keys(values).length <= 30, { error: "Too many fields." });

/**
 * What the device last saw of the fields it edits (the row as read, typed), so the
 * server can tell a field someone else changed meanwhile: that field is kept as they
 * set it and answered as a conflict (decision 010).
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
} as const satisfies { [N in MutationName]: z.ZodType } & Partial<Record<DashboardIntent, z.ZodType>>;

/** The form schema that validates a mutation's `values` (the dialog's own). */
export const VALUES_SCHEMAS = {
  block: BlockSchema,
  shot: ShotSchema,
  person: PersonSchema,
  vendor: VendorSchema,
  event: EditEventSchema,
} as const satisfies Record<MutationKind, z.ZodType>;

/**
 * A mutation's `values` as the dialog's own schema reads them, to the letter (conform over
 * the fields as the form would post them): the typed values, or each field's errors. The
 * server validates with it, and the device applies what it reads.
 */
export function parseValues(kind: MutationKind, values: Record<string, string>): { value: Record<string, unknown> } | { value?: undefined; errors: Record<string, string[]> } {
  const submission = parseWithZod(new URLSearchParams(values), { schema: VALUES_SCHEMAS[kind] });
  if (submission.status === "success") return { value: submission.value as Record<string, unknown> };
  const errors = Object.fromEntries(Object.entries(submission.error ?? {}).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])));
  return { errors };
}

/**
 * A mutation as sent: its name, then its arguments checked by that name's schema. The
 * one cast says what TypeScript cannot follow through a lookup: that `args` was parsed
 * by the schema of this very `name`.
 */
export const MutationSchema = z
  .object({ id: MutationId, name: z.enum(MUTATION_NAMES), args: z.unknown() })
  .transform((mutation, context): Mutation => {
    const args = MUTATION_ARGS[mutation.name].safeParse(mutation.args);
    if (!args.success) {
      for (const issue of args.error.issues) context.addIssue({ ...issue, path: ["args", ...issue.path] } as z.core.$ZodRawIssue);
      return z.NEVER;
    }
    return { ...mutation, args: args.data } as Mutation;
  });

