import { enqueueJobs } from "~/utils/jobs";
import type { HeaderNotification } from "./header";

// The Worker's side of the per-user notification channels (decision 006).

export function channelOf(env: Pick<Env, "USER_CHANNEL">, userId: string) {
  return env.USER_CHANNEL.get(env.USER_CHANNEL.idFromName(userId));
}

/** A notification D1 has committed, with whose it is. */
export type WrittenNotification = HeaderNotification & { userId: string };

/**
 * Sends committed notifications to their users' open tabs. Best effort: a channel
 * that cannot be reached loses nothing (the bell reads D1 on the next page).
 */
export async function publishNotifications(env: Pick<Env, "USER_CHANNEL">, written: WrittenNotification[]) {
  const byUser = new Map<string, HeaderNotification[]>();
  for (const { userId, ...item } of written) byUser.set(userId, [...(byUser.get(userId) ?? []), item]);
  await Promise.all(
    [...byUser].map(async ([userId, items]) => {
      try {
        await channelOf(env, userId).notify(items);
      } catch (error) {
        console.warn(`Could not send ${items.length} notification(s) live to ${userId}`, error instanceof Error ? error.message : error);
      }
    }),
  );
}

/**
 * Sessions of a user ended (sign-out, password change or reset, 'sign out of all other
 * devices'): their sockets close, in the user's channel and in every event room they
 * joined (decision 006). A failure is retried on the JOBS queue with backoff
 * (closing is idempotent), not only logged.
 */
export async function endLiveSessions(env: Pick<Env, "USER_CHANNEL" | "JOBS">, userId: string, sessionHashes: string[]) {
  if (sessionHashes.length === 0) return;
  try {
    await channelOf(env, userId).endSessions(userId, sessionHashes);
  } catch (error) {
    console.warn(`Could not close the sockets of ${sessionHashes.length} ended session(s) of ${userId}; retrying from the queue`, error instanceof Error ? error.message : error);
    await enqueueJobs(env, [{ kind: "end-sessions", userId, sessionHashes }]);
  }
}

/**
 * The user's account was deleted: every socket of theirs closes (in their channel and in
 * the rooms they joined) and the channel forgets them (its recent notifications and
 * rooms). A failure still closes the sockets from the JOBS queue.
 */
export async function forgetUserChannel(env: Pick<Env, "USER_CHANNEL" | "JOBS">, userId: string, sessionHashes: string[]) {
  try {
    await channelOf(env, userId).forget(userId, sessionHashes);
  } catch (error) {
    console.warn(`Could not close the channel of deleted user ${userId}; retrying from the queue`, error instanceof Error ? error.message : error);
    if (sessionHashes.length > 0) await enqueueJobs(env, [{ kind: "end-sessions", userId, sessionHashes }]);
  }
}

/** Admission of one of the user's sockets to an event's room: the channel remembers the room. False if it could not. */
export async function joinedRoom(env: Pick<Env, "USER_CHANNEL">, userId: string, eventId: string) {
  try {
    await channelOf(env, userId).joinedRoom(eventId);
    return true;
  } catch (error) {
    console.warn(`Could not record the room of ${eventId} in the channel of ${userId}`, error instanceof Error ? error.message : error);
    return false;
  }
}
