import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "~/utils/zod";
import { PersonSchema } from "~/modules/people/schema";
import { ShotSchema } from "~/modules/shots/schema";
import { BlockSchema } from "~/modules/timeline/schema";
import { VendorSchema } from "~/modules/vendors/schema";
import { EditEventSchema } from "./schema";
import type { DashboardIntent } from "./intents";
import { MUTATION_ARGS } from "./mutation-args";
import { type Mutation, MUTATION_ID_PATTERN, type MutationKind, type MutationName } from "./mutation-names";

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

// Every mutation has its arguments (mutation-args.ts), and each name is a dashboard intent
// (intents.ts): checked here, where the names are known.
MUTATION_ARGS satisfies { [N in MutationName]: z.ZodType } & Record<Exclude<keyof typeof MUTATION_ARGS, DashboardIntent>, never>;

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
/** Each kind's form values, as its values schema reads them. */
export type FormValues = { [K in MutationKind]: z.output<(typeof VALUES_SCHEMAS)[K]> };

export function parseValues<K extends MutationKind>(kind: K, values: Record<string, string>): { value: FormValues[K] } | { value?: undefined; errors: Record<string, string[]> } {
  // Looked up through the mapped type, so a generic kind keeps its own schema's output.
  const schemas: { readonly [Kind in MutationKind]: z.ZodType<FormValues[Kind]> } = VALUES_SCHEMAS;
  const submission = parseWithZod(new URLSearchParams(values), { schema: schemas[kind] });
  if (submission.status === "success") return { value: submission.value };
  const errors = Object.fromEntries(Object.entries(submission.error ?? {}).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])));
  return { errors };
}

/** One mutation's shape: its name, and its arguments by that name's schema. */
function named<N extends MutationName>(name: N) {
  return z.object({ id: MutationId, name: z.literal(name), args: MUTATION_ARGS[name] });
}

/**
 * A mutation as sent: its name, then its arguments checked by that name's schema. Each
 * name written out, so that the parsed mutation is typed by its own name (the type check
 * below holds the list to MutationName, both ways).
 */
export const MutationSchema = z.discriminatedUnion("name", [
  named("toggle-block"),
  named("toggle-shot"),
  named("add-block"),
  named("edit-block"),
  named("move-block"),
  named("shift-block"),
  named("assign-block"),
  named("delete-block"),
  named("add-shot"),
  named("edit-shot"),
  named("assign-shot"),
  named("group-shot"),
  named("regroup-shot"),
  named("delete-shot"),
  named("add-person"),
  named("edit-person"),
  named("delete-person"),
  named("add-vendor"),
  named("edit-vendor"),
  named("delete-vendor"),
  named("edit-event"),
  named("delete-event"),
]);
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies Same<z.output<typeof MutationSchema>, Mutation>;
