import { and, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { appliedMutations } from "~/db/schema";
import { sha256Hex } from "./crypto.server";
import { batchWithRaw, type Db } from "./db.server";

// Creating forms answer a second submit with the first one's result (decision 007:
// two parallel create-event posts made two events; add-person and client links too, with
// two e-mails). A form carries a key from the page that rendered it (the root loader's
// `formKey`, see IdempotencyField); the create writes its claim in its own D1 batch, after
// the row it created and only if that row exists. The claim's key is the primary key, so
// a second submit's batch fails on it and rolls back whole; the second submit then answers
// with what the first one stored. Claims live in the one exactly-once store, beside the
// list mutations (applied_mutations, decision 010), under the name FORM_CLAIM.

/** The record name of a creating form's claim (a list mutation's record has the mutation's name). */
export const FORM_CLAIM = "form";

/** The form field that carries the key. */
export const IDEMPOTENCY_FIELD = "idempotencyKey";
const KeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** How long a claim is kept (housekeeping deletes older ones): far longer than any retry. */
export const CLAIM_TTL_DAYS = 1;

export type Claim = {
  /**
   * Who, what, the page's key and the fields submitted. The fields are part of it: a key
   * reused with other content (a page kept open, or brought back with Back, without
   * JavaScript) is a new submission, never answered with an earlier one's result.
   */
  material: string;
  /** What D1 stores: the SHA-256 of the material, which itself is never stored. */
  key: string;
};

/**
 * The claim of a creating form's submission, or null when the form carries no key (a
 * request that is not from our pages: it is simply not deduplicated). A malformed key is
 * refused by the caller (400).
 */
export async function claimOf(formData: FormData, scope: string, intent: string): Promise<Claim | null | "malformed"> {
  const raw = formData.get(IDEMPOTENCY_FIELD);
  if (raw === null) return null;
  const parsed = KeySchema.safeParse(raw);
  if (!parsed.success) return "malformed";
  const fields = [...formData.entries()]
    .filter(([name]) => name !== IDEMPOTENCY_FIELD)
    .map(([name, value]) => [name, typeof value === "string" ? value : `file:${value.name}:${value.size}`])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
  return claimFor(`${scope}:${intent}:${parsed.data}:${await sha256Hex(JSON.stringify(fields))}`);
}

async function claimFor(material: string): Promise<Claim> {
  return { material, key: await sha256Hex(material) };
}

/** A claim for one part of a submission (one entry of the invite step's list). */
export function partOf(claim: Claim, part: string) {
  return claimFor(`${claim.material}#${part}`);
}

/** Where a claim is recorded: the event its form changes (the claim goes with the event), if any. */
type ClaimPlace = { eventId?: string | null; onlyIf?: SQL };

/**
 * The statement that records the claim with the result to answer a repeat with. With
 * `onlyIf`, only when that holds (the row was created: a create refused by a limit
 * records nothing, so a retry tries again).
 */
export function claimStatement(claim: Claim, result: Record<string, unknown>, { eventId = null, onlyIf }: ClaimPlace = {}): SQL {
  const json = JSON.stringify(result);
  const values = sql`${claim.key}, ${eventId}, ${FORM_CLAIM}, ${json}`;
  return onlyIf
    ? sql`INSERT INTO ${appliedMutations} (key, event_id, name, result) SELECT ${values} WHERE ${onlyIf}`
    : sql`INSERT INTO ${appliedMutations} (key, event_id, name, result) VALUES (${values})`;
}

/** The claim's record as a drizzle statement, for a batch of drizzle statements (it is always written). */
export function claimInsert(db: Db, claim: Claim, result: Record<string, unknown>, eventId: string | null) {
  return db.insert(appliedMutations).values({ key: claim.key, eventId, name: FORM_CLAIM, result });
}

/**
 * Runs a conditional INSERT (… SELECT … WHERE under a limit) with the claim, if any, in
 * its batch, recorded only when `created` holds afterwards. Answers the INSERT's result.
 */
export async function insertClaimed(db: Db, insert: SQL, claim: Claim | null, result: Record<string, unknown>, created: SQL) {
  const [inserted] = claim ? await batchWithRaw(db, [insert, claimStatement(claim, result, { onlyIf: created })]) : [await db.run(insert)];
  return inserted!;
}

/**
 * Unique columns a repeat collides on before its claim: the claim's own key, and the
 * hash of a secret derived from the claim (secretFor: a client link's token).
 */
const REPEAT_COLLISIONS = ["applied_mutations.key", "event_client_access.access_token_hash"];

/** True when a batch failed because its claim was already taken: a repeated submission. */
export function isRepeat(error: unknown) {
  const text = String((error as { cause?: unknown })?.cause ?? "") + String((error as { message?: unknown })?.message ?? error);
  return text.includes("UNIQUE") && REPEAT_COLLISIONS.some((column) => text.includes(column));
}

/** What the first submission stored. */
export async function priorResult(db: Db, claim: Claim) {
  const [row] = await db
    .select({ result: appliedMutations.result })
    .from(appliedMutations)
    .where(and(eq(appliedMutations.key, claim.key), eq(appliedMutations.name, FORM_CLAIM)));
  return row?.result ?? null;
}

/**
 * Runs a create whose batch holds the claim; a repeat answers `replay` of the first
 * result instead. Without a claim it just runs.
 */
export async function once<T>(db: Db, claim: Claim | null, run: () => Promise<T>, replay: (result: Record<string, unknown>) => T | Promise<T>): Promise<T> {
  if (!claim) return run();
  try {
    return await run();
  } catch (error) {
    if (!isRepeat(error)) throw error;
    const result = await priorResult(db, claim);
    if (!result) throw error;
    return replay(result);
  }
}

/**
 * A secret derived from the claim (a client link's token): a repeated submission
 * re-derives the same one, so its answer can show the same once-shown link, though the
 * link is stored nowhere. Without the Worker's secret and the page's key (never stored)
 * it cannot be derived.
 */
export async function secretFor(env: Pick<Env, "SESSION_SECRET">, claim: Claim, purpose: string) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(env.SESSION_SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${purpose}:${claim.material}`));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
