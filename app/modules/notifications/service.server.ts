import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { notifications, sessions, type NotificationData } from "~/db/schema";
import type { Db } from "~/utils/db.server";
import { enqueueJobs, type JobMessage } from "~/utils/jobs";
import type { HeaderNotifications } from "./header";

export type NewNotification = {
  userId: string;
  title: string;
  message: string;
  data: NotificationData;
  /** The event it is about: deleting the event removes the notification. */
  eventId?: string | null;
};

/**
 * An in-app notification (spec §3) and its push job. Put `statement` in the same D1
 * batch as the change it reports; once the batch has committed, `enqueuePush` the
 * job. The push consumer reads the row, so a job whose row was never written (or was
 * deleted meanwhile) sends nothing.
 */
export function notificationInsert(db: Db, notification: NewNotification) {
  const id = crypto.randomUUID();
  return {
    id,
    statement: db.insert(notifications).values({
      id,
      userId: notification.userId,
      title: notification.title,
      message: notification.message,
      data: notification.data,
      eventId: notification.eventId ?? null,
    }),
    job: { kind: "push", notificationId: id } as const satisfies JobMessage,
  };
}

export function enqueuePush(env: Pick<Env, "JOBS">, notificationIds: string[]) {
  return enqueueJobs(
    env,
    notificationIds.map((notificationId) => ({ kind: "push" as const, notificationId })),
  );
}

/** Spec §9: the header lists the latest 10. */
export const HEADER_NOTIFICATION_LIMIT = 10;

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
 * The header's two reads (spec §2 'Header and notifications'): the latest ten, newest
 * first, and the number of unread ones. Batchable, so readSession runs them in the
 * session's own D1 round trip.
 */
export function headerNotificationQueries(db: Db, owner: NotificationOwner) {
  return [
    db
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
      .limit(HEADER_NOTIFICATION_LIMIT),
    db
      .select({ unread: count() })
      .from(notifications)
      .where(and(ownedBy(db, owner), eq(notifications.read, false))),
  ] as const;
}

type HeaderRows = [
  Awaited<ReturnType<typeof headerNotificationQueries>[0]>,
  Awaited<ReturnType<typeof headerNotificationQueries>[1]>,
];

export function toHeaderNotifications([items, [counted]]: HeaderRows): HeaderNotifications {
  return { items, unreadCount: counted?.unread ?? 0, loadedAt: new Date().toISOString() };
}

/** The header's data on its own (when the session was read without it). */
export async function loadHeaderNotifications(db: Db, userId: string): Promise<HeaderNotifications> {
  const [items, counted] = headerNotificationQueries(db, { userId });
  return toHeaderNotifications(await db.batch([items, counted]));
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
