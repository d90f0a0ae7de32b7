import { z } from "~/utils/zod";

// Messages on the JOBS queue: a discriminated union validated on both ends
// (docs/conventions.md#8-wire-messages-are-a-discriminated-union). `wrangler types` types the producer as a bare Queue.
export const JobMessageSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("email"),
    outboxId: z.string().min(1).max(64),
    // Secrets the stored e-mail must not contain (a client link, a reset or confirmation
    // link: only hashes are stored, docs/product/limits.md#client-links): filled into the `{{name}}`
    // placeholders when it is sent. Room for a link with a 2,000-character returnTo.
    fill: z.record(z.string().regex(/^[a-z_]{1,32}$/), z.string().max(8192)).optional(),
  }),
  // Web push of one in-app notification to every device its user subscribed.
  z.object({ kind: z.literal("push"), notificationId: z.string().min(1).max(64) }),
  // One push for the team changes of an event that a recipient's push window held back
  // (app/modules/notifications/team-changes.server.ts), sent when the window ends.
  z.object({
    kind: z.literal("push-digest"),
    userId: z.string().min(1).max(64),
    eventId: z.string().min(1).max(64),
    windowEndsAt: z.iso.datetime(),
  }),
  // Closing the sockets whose access ended, when the first try failed
  // (a room or channel unreachable). Idempotent: closing what is closed does nothing.
  z.object({ kind: z.literal("end-sessions"), userId: z.string().min(1).max(64), sessionHashes: z.array(z.string().min(1).max(128)).min(1).max(1000) }),
  z.object({
    kind: z.literal("revoke-live"),
    eventId: z.string().min(1).max(64),
    who: z.union([z.object({ userId: z.string().min(1).max(64) }), z.object({ clientAccessId: z.string().min(1).max(64) }), z.object({ everyone: z.literal(true) })]),
  }),
  // A deleted event's room, when closing it failed (closeEventRoom): its sockets, storage
  // and alarm go. Idempotent: closing an emptied room does nothing.
  z.object({ kind: z.literal("close-room"), eventId: z.string().min(1).max(64) }),
]);
export type JobMessage = z.infer<typeof JobMessageSchema>;

export const JOBS_QUEUE = "event-flow-jobs";
export const JOBS_DEAD_LETTER_QUEUE = "event-flow-jobs-dlq";

export async function enqueueJobs(env: Pick<Env, "JOBS">, jobs: JobMessage[], options: { delaySeconds?: number } = {}) {
  // A queue takes at most 100 messages per sendBatch.
  for (let start = 0; start < jobs.length; start += 100) {
    await env.JOBS.sendBatch(jobs.slice(start, start + 100).map((body) => ({ body: JobMessageSchema.parse(body), ...options })));
  }
}

/** Exponential backoff for a failed attempt: 30 s, 60 s, 120 s … capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}
