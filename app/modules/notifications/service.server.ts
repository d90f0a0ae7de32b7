import { notifications, type NotificationData } from "~/db/schema";
import type { Db } from "~/utils/db.server";
import { enqueueJobs, type JobMessage } from "~/utils/jobs";

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
