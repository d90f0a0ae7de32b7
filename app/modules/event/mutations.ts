import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "~/utils/zod";
import { PersonSchema } from "~/modules/people/schema";
import { ShotSchema } from "~/modules/shots/schema";
import { BlockSchema } from "~/modules/timeline/schema";
import { VendorSchema } from "~/modules/vendors/schema";
import { EditEventSchema } from "./schema";
import type { DashboardIntent } from "./intents";

// Issue 17 item 1 (decision 010 "One mutation layer"): every change to an event is a
// named mutation with its arguments and an id its device made. The dashboard's forms
// (also without JavaScript), the client portal and a device's offline outbox all send
// them to one server function (mutations.server.ts). Client-safe: the outbox builds and
// checks them in the browser with the same schemas.
//
// A mutation's name is the dashboard intent it is (intents.ts: the right it needs, the
// client flag that allows it). Values travel as the form would send them (strings), so
// a form and an outbox entry are validated by the same form schema, the same way.

/** A mutation id: made by the device (crypto.randomUUID), or derived from a form's key. */
export const MUTATION_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
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
 * set it and answered as a conflict (issue 17 item 3).
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
} as const satisfies Partial<Record<DashboardIntent, z.ZodType>>;
export type MutationName = keyof typeof MUTATION_ARGS;
export const MUTATION_NAMES = Object.keys(MUTATION_ARGS) as MutationName[];

/**
 * Mutations a device does not queue offline: deleting the whole event ends everyone's
 * access at once, so it is made online, where its answer is seen at once.
 */
export const ONLINE_ONLY: ReadonlySet<MutationName> = new Set(["delete-event"]);

export function isMutationName(value: unknown): value is MutationName {
  return typeof value === "string" && Object.hasOwn(MUTATION_ARGS, value);
}

/** The form schema that validates a mutation's `values` (the dialog's own). */
export const VALUES_SCHEMAS = {
  block: BlockSchema,
  shot: ShotSchema,
  person: PersonSchema,
  vendor: VendorSchema,
  event: EditEventSchema,
} as const;

/** A mutation's verb and the kind of row it changes, read off its name (`toggle-shot`, `edit-event`…). */
export type MutationVerb = "toggle" | "add" | "edit" | "move" | "delete";
export type MutationKind = keyof typeof VALUES_SCHEMAS;
export function partsOf(name: MutationName): { verb: MutationVerb; kind: MutationKind } {
  const [verb, kind] = name.split("-") as [MutationVerb, MutationKind];
  return { verb, kind };
}

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

export type MutationOf<N extends MutationName> = { id: string; name: N; args: z.infer<(typeof MUTATION_ARGS)[N]> };
export type Mutation = { [N in MutationName]: MutationOf<N> }[MutationName];

/**
 * A mutation as sent: its name, then its arguments checked by that name's schema. The
 * one cast says what TypeScript cannot follow through a lookup: that `args` was parsed
 * by the schema of this very `name`.
 */
export const MutationSchema = z
  .object({ id: MutationId, name: z.enum(MUTATION_NAMES as [MutationName, ...MutationName[]]), args: z.unknown() })
  .transform((mutation, context): Mutation => {
    const args = MUTATION_ARGS[mutation.name].safeParse(mutation.args);
    if (!args.success) {
      for (const issue of args.error.issues) context.addIssue({ ...issue, path: ["args", ...issue.path] } as z.core.$ZodRawIssue);
      return z.NEVER;
    }
    return { ...mutation, args: args.data } as Mutation;
  });

/** At most this many mutations in one request (an outbox sends in chunks of it). */
export const MUTATIONS_PER_REQUEST = 50;
/** The form field that carries a device's mutations (JSON), posted as a form. */
export const MUTATIONS_FIELD = "mutations";

/** A field the device changed that someone else changed too, after the device last saw it. */
export type Conflict = { field: string; theirs: unknown; mine: unknown };

/** What the server answers for each mutation, in order. */
export type MutationResult =
  | {
      id: string;
      status: "applied";
      /** The row as stored after the change (a block's, a shot's… or the event's); none for a delete. */
      row?: Record<string, unknown>;
      /** Rows a move renumbered. */
      rows?: Record<string, unknown>[];
      /** Fields kept at someone else's value (an edit with `base`). */
      conflicts?: Conflict[];
      /** A repeat of a mutation already applied: it changed nothing this time. */
      replay?: true;
    }
  | {
      id: string;
      status: "refused";
      /** 400 invalid or over a limit, 403 not allowed, 404 the row (or event) is gone, 409 an id taken, 429 too many. */
      code: 400 | 403 | 404 | 409 | 429;
      title: string;
      message: string;
      /** The form's field errors, for a 400 from validation. */
      fieldErrors?: Record<string, string[]>;
    };

export type MutationResponse = { results: MutationResult[] };
