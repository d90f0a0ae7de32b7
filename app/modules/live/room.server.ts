import type { Revocation } from "../../../workers/durable-objects/event-room";
import type { Change } from "./protocol";

// The Worker's side of an event's live room (issue 7): publish committed changes,
// read the sequence a page is at, close the sockets whose access ended.

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

export async function revokeLive(env: Pick<Env, "EVENT_ROOM">, eventId: string, who: Revocation) {
  try {
    await roomOf(env, eventId).revoke(who);
  } catch (error) {
    console.warn(`Could not close sockets in the room of ${eventId}`, error instanceof Error ? error.message : error);
  }
}
