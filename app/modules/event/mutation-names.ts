import type { z } from "zod";
import type { ChangeVerb } from "~/modules/lists/descriptor";
import { CHANGE_RIGHTS, type ChangeableKind, type ChangeName, isChangeName, partsOf } from "~/modules/lists/registry";
import type { MUTATION_ARGS } from "./mutation-args";

// Decision 010's mutations as a page needs them at first (decision 014):
// their names, the shape of the server's answers, and what the outbox reads off a name,
// without zod. The schemas of their arguments and values are in mutations.ts, which
// re-exports all of this (the server imports that).

/** A mutation id: made by the device (crypto.randomUUID), or derived from a form's key. */
export const MUTATION_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The mutations: every change a descriptor supports (its `rights`, app/modules/lists/registry.ts),
 * named `{verb}-{kind}`. MUTATION_ARGS in mutation-args.ts has each one's arguments.
 */
export type MutationName = ChangeName;
export const MUTATION_NAMES: readonly MutationName[] = Object.keys(CHANGE_RIGHTS).filter(isChangeName);

/**
 * Mutations a device does not queue offline: deleting the whole event ends everyone's
 * access at once, so it is made online, where its answer is seen at once.
 */
export const ONLINE_ONLY: ReadonlySet<MutationName> = new Set(["delete-event"]);

export const isMutationName = isChangeName;

/** A mutation's verb and the kind of row it changes, read off its name (`toggle-shot`, `edit-event`…). */
export type MutationVerb = ChangeVerb;
export type MutationKind = ChangeableKind;
export { partsOf };

export type MutationOf<N extends MutationName> = { id: string; name: N; args: z.infer<(typeof MUTATION_ARGS)[N]> };
export type Mutation = { [N in MutationName]: MutationOf<N> }[MutationName];

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
