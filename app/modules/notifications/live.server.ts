import type { HeaderNotification } from "./header";

// The Worker's side of the per-user notification channels (issue 7 item 5).

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

/** Closes the notification sockets of a session that signed out. */
export async function closeSessionChannel(env: Pick<Env, "USER_CHANNEL">, userId: string, sessionHash: string) {
  try {
    await channelOf(env, userId).revoke(sessionHash);
  } catch (error) {
    console.warn(`Could not close the notification sockets of ${userId}`, error instanceof Error ? error.message : error);
  }
}
