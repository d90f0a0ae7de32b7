import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Revocation } from "./room-contract";
import { events } from "~/db/schema";
import type { Db } from "~/utils/db.server";
import { enqueueJobs } from "~/utils/jobs";
import type { Change } from "./protocol";

// The Worker's side of an event's live room (decision 006): number and publish committed
// changes, close the sockets whose access ended.

/**
 * Decision 006, "The sequence lives in D1": the statement that numbers
 * a change the room will be told of, for the batch that commits the change (`onlyIf`:
 * SQL that holds only when the change took effect). Its result (seqOf) is the number to
 * publish it with; none when nothing was written or the event is gone.
 */
export function nextLiveSeq(db: Db, eventId: string | SQL, onlyIf?: SQL) {
  return db
    .update(events)
    .set({ liveSeq: sql`${events.liveSeq} + 1` })
    .where(and(eq(events.id, eventId), onlyIf))
    .returning({ seq: events.liveSeq });
}

/** The number nextLiveSeq gave in a batch's results (drizzle's rows, or D1's raw ones), or null. */
export function seqOf(rows: unknown): number | null {
  const row = (rows as { seq?: number; live_seq?: number }[] | undefined)?.[0];
  return row?.seq ?? row?.live_seq ?? null;
}

/**
 * The sequence a page's data is at, for its socket's hello: the event row as the page's
 * own batch read it (the access check's, in the same transaction as its lists), so no
 * change falls between the data and the socket and no Durable Object is asked. Every
 * page that opens a socket (the dashboard, its lists, the portal) takes it from here.
 */
export function pageSeq(event: { liveSeq: number }) {
  return event.liveSeq;
}

export function roomOf(env: Pick<Env, "EVENT_ROOM">, eventId: string) {
  return env.EVENT_ROOM.get(env.EVENT_ROOM.idFromName(eventId));
}

/**
 * Publishes a change that D1 has committed, with the number its batch gave it
 * (nextLiveSeq; null: nothing to tell). A room that cannot be reached loses nothing
 * saved: the room announces the gap once a later number arrives (or a page says hello
 * with it), and devices reload, so the action still succeeds.
 */
export async function publishChange(env: Pick<Env, "EVENT_ROOM">, eventId: string, seq: number | null, change: Change) {
  if (seq === null) return null;
  try {
    return await roomOf(env, eventId).publish(eventId, seq, change);
  } catch (error) {
    console.warn(`Could not publish a ${change.entity} change to the room of ${eventId}`, error instanceof Error ? error.message : error);
    return null;
  }
}

/**
 * A team or client-link change, committed by a batch of its own service that does not
 * number it (they are signals to refetch the team tab, carrying no rows): numbered just
 * after that commit, then published. A page that read the number before this has the
 * signal sent to it; one that read it after also read the change. Lost between the two
 * (the Worker gone), only the signal is lost.
 */
export async function publishCommitted(db: Db, env: Pick<Env, "EVENT_ROOM">, eventId: string, change: Change) {
  return publishChange(env, eventId, seqOf(await nextLiveSeq(db, eventId)), change);
}

/**
 * An event was deleted: its room closes every socket (access ended) and deletes all its
 * storage and its alarm, so the change log's rows (names, notes, phone numbers) go with
 * the event (docs/product/data.md#events). Call it after the event's row is gone from
 * D1; safe to call twice and for a room that never existed. A room that cannot be
 * reached is closed from the JOBS queue.
 */
export async function closeEventRoom(env: Pick<Env, "EVENT_ROOM" | "JOBS">, eventId: string) {
  try {
    await roomOf(env, eventId).close();
  } catch (error) {
    console.warn(`Could not close the room of ${eventId}; retrying from the queue`, error instanceof Error ? error.message : error);
    await enqueueJobs(env, [{ kind: "close-room", eventId }]);
  }
}

/** Closes the sockets whose access ended; a failure is retried from the JOBS queue (decision 006). */
export async function revokeLive(env: Pick<Env, "EVENT_ROOM" | "JOBS">, eventId: string, who: Revocation) {
  try {
    await roomOf(env, eventId).revoke(who);
  } catch (error) {
    console.warn(`Could not close sockets in the room of ${eventId}; retrying from the queue`, error instanceof Error ? error.message : error);
    await enqueueJobs(env, [{ kind: "revoke-live", eventId, who }]);
  }
}
