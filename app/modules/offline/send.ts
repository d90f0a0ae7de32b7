import { type Mutation, type MutationResult, MUTATIONS_PER_REQUEST } from "~/modules/event/mutation-names";

// Decision 010 "Offline writing": how a page sends its outbox, apart
// from IndexedDB and fetch so it is unit-tested with fakes (outbox.ts gives it both).

/** One queued mutation: its place in the device's order, the page it belongs to, when it was made. */
export type OutboxEntry = { seq: number; scope: string; mutation: Mutation; createdAt: string };

/** The endpoint's answer: its status and JSON body, or "network" when no answer came. */
export type PostAnswer = { status: number; body: unknown } | "network";

export type SendDeps = {
  /** The scope's entries, oldest first (read again before each request). */
  read: () => Promise<OutboxEntry[]>;
  post: (mutations: Mutation[]) => Promise<PostAnswer>;
  /** Removes one answered entry. */
  remove: (entry: OutboxEntry) => Promise<void>;
  /** Drops every entry of the scope (the device lost access to the event). */
  dropAll: () => Promise<void>;
  /** Called once for each entry that left the outbox with its answer (applied or refused). */
  onResult: (entry: OutboxEntry, result: MutationResult) => void;
};

/**
 * How a send ended: everything answered ("done"); stopped with entries kept for a later
 * try ("offline": no answer came; "retry": a server error or 429; "signed-out": 401, the
 * session ended, and the entries wait for their owner to sign in again); or "access-ended"
 * (404 for the whole request: removed from the team, a revoked link, a deleted event).
 */
export type SendEnd = "done" | "offline" | "retry" | "access-ended" | "signed-out";

const isResults = (body: unknown): body is { results: MutationResult[] } =>
  !!body && typeof body === "object" && Array.isArray((body as { results?: unknown }).results);

/**
 * Sends the scope's entries in order, in chunks of MUTATIONS_PER_REQUEST, and removes
 * each answered one exactly once. A refusal of one mutation (rights changed, the row
 * deleted meanwhile, invalid) removes it too: the page rolls it back and says why. A
 * mutation refused with 429 (a client link's write limit) is kept with all after it,
 * so the order holds. A whole request refused as malformed (400/413, nothing ran) is
 * sent again one mutation at a time, so one entry the server cannot read is refused
 * alone instead of holding the outbox forever.
 */
export async function sendOutbox(deps: SendDeps): Promise<SendEnd> {
  let size = MUTATIONS_PER_REQUEST;
  for (;;) {
    const entries = await deps.read();
    if (entries.length === 0) return "done";
    const chunk = entries.slice(0, size);
    const answer = await deps.post(chunk.map((entry) => entry.mutation));
    if (answer === "network") return "offline";
    if (answer.status >= 500 || answer.status === 429) return "retry";
    // Signed out (a session's 12 hours ran out in the basement): nothing is lost, the
    // entries are the user's and are sent once they sign in again (decision 010).
    if (answer.status === 401) return "signed-out";
    if (answer.status === 404) {
      // Those answered before access ended (a 404 may carry them) left the outbox first.
      if (isResults(answer.body)) await settle(deps, chunk, answer.body.results);
      await deps.dropAll();
      return "access-ended";
    }
    if (answer.status === 400 || answer.status === 413) {
      if (chunk.length > 1) {
        size = 1;
        continue;
      }
      const message = (answer.body as { error?: unknown } | null)?.error;
      const entry = chunk[0]!;
      await deps.remove(entry);
      deps.onResult(entry, { id: entry.mutation.id, status: "refused", code: 400, title: "Error", message: typeof message === "string" ? message : "That change was not understood." });
      continue;
    }
    if (answer.status !== 200 || !isResults(answer.body)) return "retry";
    if ((await settle(deps, chunk, answer.body.results)) === "retry") return "retry";
  }
}

async function settle(deps: SendDeps, chunk: OutboxEntry[], results: MutationResult[]): Promise<"ok" | "retry"> {
  for (const result of results) {
    const entry = chunk.find((candidate) => candidate.mutation.id === result.id);
    if (!entry) continue;
    if (result.status === "refused" && result.code === 429) return "retry";
    await deps.remove(entry);
    deps.onResult(entry, result);
  }
  return "ok";
}
