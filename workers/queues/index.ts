import { getDb } from "../../app/utils/db.server";
import { deliverOutboxEmail, markOutboxFailed } from "../../app/utils/email.server";
import { deliverPushDigest, deliverPushNotification } from "../../app/modules/notifications/push.server";
import { roomOf } from "../../app/modules/live/room.server";
import { channelOf } from "../../app/modules/notifications/live.server";
import { JOBS_DEAD_LETTER_QUEUE, type JobMessage, JobMessageSchema, retryDelaySeconds } from "../../app/utils/jobs";

/**
 * The JOBS consumer. Each message is handled on its own: one failure retries only
 * that message, with exponential backoff; after max_retries (wrangler.toml) the
 * queue moves it to the dead-letter queue, whose consumer records the failure.
 */
export async function handleQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const db = getDb(env);
  const deadLetter = batch.queue === JOBS_DEAD_LETTER_QUEUE;
  for (const message of batch.messages) {
    const parsed = JobMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      // A malformed message will never succeed: drop it rather than retry it.
      console.warn(`Dropping malformed job ${message.id} from ${batch.queue}`);
      message.ack();
      continue;
    }
    try {
      if (deadLetter) await handleDeadJob(db, parsed.data);
      else await handleJob(db, env, parsed.data);
      message.ack();
    } catch (error) {
      console.warn(`Job ${message.id} (${parsed.data.kind}) failed on attempt ${message.attempts}`, error);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

async function handleJob(db: ReturnType<typeof getDb>, env: Env, job: JobMessage) {
  switch (job.kind) {
    case "email":
      await deliverOutboxEmail(db, env, job.outboxId, fetch, job.fill);
      return;
    case "push":
      await deliverPushNotification(db, env, job.notificationId);
      return;
    case "push-digest":
      await deliverPushDigest(db, env, job);
      return;
    case "end-sessions":
      await channelOf(env, job.userId).endSessions(job.userId, job.sessionHashes);
      return;
    case "revoke-live":
      await roomOf(env, job.eventId).revoke(job.who);
      return;
    case "close-room":
      await roomOf(env, job.eventId).close();
      return;
  }
}

async function handleDeadJob(db: ReturnType<typeof getDb>, job: JobMessage) {
  switch (job.kind) {
    case "email":
      await markOutboxFailed(db, job.outboxId, "Gave up after the maximum number of delivery attempts");
      return;
    case "push":
      // Push is best effort (docs/product/messages.md#events-and-team: push failures are only logged).
      console.warn(`Gave up pushing notification ${job.notificationId}`);
      return;
    case "push-digest":
      console.warn(`Gave up pushing the digest of ${job.eventId} for ${job.userId}`);
      return;
    case "end-sessions":
    case "revoke-live":
    case "close-room":
      console.error(`Gave up closing the sockets of an ended access (${job.kind})`, JSON.stringify(job));
      return;
  }
}
