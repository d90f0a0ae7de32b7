import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { notifications, sessions, type NotificationData } from "~/db/schema";
import { batchNamed, type Db, type NamedResults } from "~/utils/db.server";
import { enqueueJobs, type JobMessage } from "~/utils/jobs";
import { HEADER_LIST_SIZE, type HeaderNotifications } from "./header";
import { publishNotifications, type WrittenNotification } from "./live.server";

export type NewNotification = {
  userId: string;
  title: string;
  message: string;
  data: NotificationData;
  /** The event it is about: deleting the event removes the notification. */
  eventId?: string | null;
};

/**
 * An in-app notification (docs/product/data.md#notifications). Put `statement` in the same D1 batch as the
 * change it reports; once the batch has committed, `dispatchNotifications` the
 * `written` row (push job and live channel). The push consumer reads the row, so a
 * job whose row was never written (or was deleted meanwhile) sends nothing.
 */
export function notificationInsert(db: Db, notification: NewNotification) {
  const id = crypto.randomUUID();
  const createdAt = new Date().toISOString();
  return {
    id,
    statement: db.insert(notifications).values({
      id,
      userId: notification.userId,
      title: notification.title,
      message: notification.message,
      data: notification.data,
      eventId: notification.eventId ?? null,
      createdAt,
    }),
    written: { id, userId: notification.userId, title: notification.title, message: notification.message, read: false, createdAt } satisfies WrittenNotification,
  };
}

/**
 * After the batch that wrote them has committed: a push job for each notification
 * (`push: false` when the caller plans its own, as team changes do) and the live
 * channel of each user. Failures are only logged (docs/product/messages.md#events-and-team).
 */
export async function dispatchNotifications(env: Pick<Env, "JOBS" | "USER_CHANNEL">, written: WrittenNotification[], { push = true } = {}) {
  if (written.length === 0) return;
  await Promise.all([
    push
      ? enqueueJobs(env, written.map((row) => ({ kind: "push" as const, notificationId: row.id }) satisfies JobMessage)).catch((error: unknown) =>
          console.warn("Could not queue push jobs", error instanceof Error ? error.message : error),
        )
      : undefined,
    publishNotifications(env, written),
  ]);
}


/** Whose notifications: a user, or the user of a session (to read them in the session's own batch). */
export type NotificationOwner = { userId: string } | { sessionHash: string };

function ownedBy(db: Db, owner: NotificationOwner) {
  if ("userId" in owner) return eq(notifications.userId, owner.userId);
  return inArray(
    notifications.userId,
    db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.tokenHash, owner.sessionHash)),
  );
}

/**
 * The header's two reads (docs/product/screens.md#header-and-notifications): the latest ten, newest
 * first, and the number of unread ones. Batchable, so readSession runs them in the
 * session's own D1 round trip.
 */
export function headerNotificationQueries(db: Db, owner: NotificationOwner) {
  return {
    latest: db
      .select({
        id: notifications.id,
        title: notifications.title,
        message: notifications.message,
        read: notifications.read,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(ownedBy(db, owner))
      // rowid breaks ties between rows written in the same millisecond (one batch).
      .orderBy(desc(notifications.createdAt), sql`${notifications}.rowid desc`)
      .limit(HEADER_LIST_SIZE),
    unread: db
      .select({ unread: count() })
      .from(notifications)
      .where(and(ownedBy(db, owner), eq(notifications.read, false))),
  };
}

export function toHeaderNotifications({ latest, unread: [counted] }: NamedResults<ReturnType<typeof headerNotificationQueries>>): HeaderNotifications {
  return { items: latest, unreadCount: counted?.unread ?? 0, loadedAt: new Date().toISOString() };
}

/** The header's data on its own (when the session was read without it). */
export async function loadHeaderNotifications(db: Db, userId: string): Promise<HeaderNotifications> {
  return toHeaderNotifications(await batchNamed(db, headerNotificationQueries(db, { userId })));
}

/**
 * Marks one of the user's notifications read and returns its data (for where the
 * click leads), or null when the user has no notification with that id: someone
 * else's stays untouched.
 */
export async function markNotificationRead(db: Db, userId: string, notificationId: string) {
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ data: notifications.data });
  return row ? { data: row.data } : null;
}

export async function markAllNotificationsRead(db: Db, userId: string) {
  await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
}
