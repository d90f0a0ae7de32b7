import type { Revocation } from "../../../workers/durable-objects/event-room";
import { enqueueJobs } from "~/utils/jobs";
import type { Change } from "./protocol";

// The Worker's side of an event's live room (issue 7): publish committed changes,
// read the sequence a page is at, close the sockets whose access ended.

/**
 * How far before its D1 reads a page's sequence is taken (RPC sequenceAt): the Worker's
 * and the room's clocks may differ a little. Replaying a few changes the page already
 * has is harmless (whole rows, newer updatedAt wins, deletes by id).
 */
export const CLOCK_MARGIN_MS = 5_000;

export function roomOf(env: Pick<Env, "EVENT_ROOM">, eventId: string) {
  return env.EVENT_ROOM.get(env.EVENT_ROOM.idFromName(eventId));
}

/**
 * Publishes a change that D1 has committed. A room that cannot be reached loses
 * nothing saved: devices that miss it are told to reload by the gap (or refresh on
 * their next navigation), so the action still succeeds.
 */
export async function publishChange(env: Pick<Env, "EVENT_ROOM">, eventId: string, change: Change) {
  try {
    return await roomOf(env, eventId).publish(change);
  } catch (error) {
    console.warn(`Could not publish a ${change.entity} change to the room of ${eventId}`, error instanceof Error ? error.message : error);
    return null;
  }
}

/** Closes the sockets whose access ended; a failure is retried from the JOBS queue (issue 14 item 4). */
export async function revokeLive(env: Pick<Env, "EVENT_ROOM" | "JOBS">, eventId: string, who: Revocation) {
  try {
    await roomOf(env, eventId).revoke(who);
  } catch (error) {
    console.warn(`Could not close sockets in the room of ${eventId}; retrying from the queue`, error instanceof Error ? error.message : error);
    await enqueueJobs(env, [{ kind: "revoke-live", eventId, who }]);
  }
}
