import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { appliedMutations, authTokens, deletedEvents, deviceSignIns, emailOutbox, processedJobs, rateLimits, sessions, webauthnChallenges } from "~/db/schema";
import { CLAIM_TTL_DAYS, FORM_CLAIM } from "./idempotency.server";
import { batchNamed, type Db } from "./db.server";
import { enqueueEmails } from "./email.server";
import { enqueueJobs } from "./jobs";
import { DAY, isoIn, MINUTE } from "./time";

/** How long an outbox row may wait before the cron hands it to the queue again. */
const STUCK_EMAIL_AFTER_MS = 10 * MINUTE;

/**
 * How long a sent or failed e-mail is kept (decision 002): long enough
 * to answer "did my invitation / reset e-mail go out?" and to match a provider's bounce
 * report (they keep about as long), short enough that addresses and event details do
 * not pile up. Queued rows are never pruned: they are still to be sent.
 */
export const SENT_EMAIL_RETENTION_MS = 30 * DAY;

/**
 * How long an applied mutation's record answers its repeats (decision 010): longer than a
 * phone stays offline with changes in its outbox. An outbox older than this that is sent
 * again is applied again: its toggles carry desired states and its adds ids of their own,
 * so only an edit or a move could repeat, weeks later.
 */
export const MUTATION_RECORD_DAYS = 30;

/**
 * How long the people of a deleted event are told so on its pages (decision 017): long
 * enough for a bookmark, a link in an e-mail or a phone offline for weeks; after it the
 * page is the plain not-found, as for an event that never existed.
 */
export const DELETED_EVENT_NOTICE_DAYS = 30;

/**
 * Periodic clean-up run by cron: expired sessions, tokens and rate-limit windows go;
 * idempotency keys are kept 30 days (longer than any queue retry or webhook replay
 * window), creating forms' claims a day; sent and failed e-mails go after
 * SENT_EMAIL_RETENTION_MS, deleted events' notices after DELETED_EVENT_NOTICE_DAYS; e-mails
 * whose queue message was lost are queued again.
 */
export async function runHousekeeping(db: Db, env: Pick<Env, "JOBS">, now = new Date()) {
  const nowIso = now.toISOString();
  const { expiredSessions, expiredTokens, expiredLimits, oldJobs, oldEmails, stuck, oldClaims, oldMutations, oldDeletedEvents } = await batchNamed(db, {
    expiredSessions: db.delete(sessions).where(lt(sessions.expiresAt, nowIso)).returning({ id: sessions.tokenHash, userId: sessions.userId }),
    expiredTokens: db.delete(authTokens).where(lt(authTokens.expiresAt, isoIn(-DAY, now))).returning({ id: authTokens.id }),
    expiredLimits: db.delete(rateLimits).where(lt(rateLimits.expiresAt, nowIso)).returning({ key: rateLimits.key }),
    // Decision 011: unused WebAuthn challenges (a used one is deleted at once).
    expiredChallenges: db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, nowIso)).returning({ challenge: webauthnChallenges.challenge }),
    // Decision 013: device sign-ins unused for DEVICE_SIGN_IN_IDLE_MS no longer work; the
    // sessions they opened keep their own expiry (the link is set to NULL).
    expiredDeviceSignIns: db.delete(deviceSignIns).where(lt(deviceSignIns.expiresAt, nowIso)).returning({ id: deviceSignIns.id }),
    oldJobs: db.delete(processedJobs).where(lt(processedJobs.processedAt, isoIn(-30 * DAY, now))).returning({ key: processedJobs.key }),
    // By when it was written: a failed row has no sentAt, and a row is sent within a day.
    oldEmails: db
      .delete(emailOutbox)
      .where(and(inArray(emailOutbox.status, ["sent", "failed"]), lt(emailOutbox.createdAt, isoIn(-SENT_EMAIL_RETENTION_MS, now))))
      .returning({ id: emailOutbox.id }),
    stuck: db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, "queued"),
          // Never tried: its queue message was lost. A row the queue has tried is still
          // being retried with backoff (for longer than this wait); handing it over again,
          // without the secrets only the queue message carries, would fail it.
          eq(emailOutbox.attempts, 0),
          lt(emailOutbox.createdAt, isoIn(-STUCK_EMAIL_AFTER_MS, now)),
          or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, nowIso)),
        ),
      )
      .limit(100),
    oldClaims: db
      .delete(appliedMutations)
      .where(and(eq(appliedMutations.name, FORM_CLAIM), lt(appliedMutations.createdAt, isoIn(-CLAIM_TTL_DAYS * DAY, now))))
      .returning({ key: appliedMutations.key }),
    oldMutations: db.delete(appliedMutations).where(lt(appliedMutations.createdAt, isoIn(-MUTATION_RECORD_DAYS * DAY, now))).returning({ key: appliedMutations.key }),
    oldDeletedEvents: db.delete(deletedEvents).where(lt(deletedEvents.deletedAt, isoIn(-DELETED_EVENT_NOTICE_DAYS * DAY, now))).returning({ eventId: deletedEvents.eventId }),
  });
  await enqueueEmails(env, stuck.map((row) => row.id));
  // An expired session's live sockets close too (decision 006), through the queue's
  // 'end-sessions' job, as a failed close is retried.
  const ended = new Map<string, string[]>();
  for (const row of expiredSessions) ended.set(row.userId, [...(ended.get(row.userId) ?? []), row.id]);
  await enqueueJobs(env, [...ended].map(([userId, sessionHashes]) => ({ kind: "end-sessions" as const, userId, sessionHashes })));
  return {
    sessions: expiredSessions.length,
    authTokens: expiredTokens.length,
    rateLimits: expiredLimits.length,
    processedJobs: oldJobs.length,
    emails: oldEmails.length,
    requeuedEmails: stuck.length,
    formClaims: oldClaims.length,
    appliedMutations: oldMutations.length,
    deletedEvents: oldDeletedEvents.length,
  };
}
