import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { emailOutbox } from "~/db/schema";
import type { Db } from "./db.server";
import { escapeHtml } from "./email-layout";
import { enqueueJobs } from "./jobs";
import { isoIn, isoNow, MINUTE } from "./time";

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
};

/**
 * The insert of an outbox row, to put in the same D1 batch as the change that causes
 * the e-mail; call `enqueueEmails` with the id once the batch has committed.
 */
export function outboxInsert(db: Db, mail: OutgoingEmail) {
  const id = crypto.randomUUID();
  const statement = db.insert(emailOutbox).values({
    id,
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    kind: mail.kind,
  });
  return { id, statement };
}

export function enqueueEmails(env: Pick<Env, "JOBS">, outboxIds: string[], fill?: Record<string, string>) {
  return enqueueJobs(
    env,
    outboxIds.map((outboxId) => ({ kind: "email" as const, outboxId, ...(fill ? { fill } : {}) })),
  );
}

/**
 * Secrets in outgoing mail (a client link, a password-reset or confirmation link, an
 * invitation link) are never stored (decision 004): the outbox row
 * holds a `{{name}}` placeholder, the queue message carries `fill: { name: secret }`,
 * and delivery fills it in. Any placeholder left unfilled makes the message unfillable.
 */
const SECRET_NAMES = ["client_link", "invite_link", "reset_link", "confirmation_link"] as const;
export type SecretName = (typeof SECRET_NAMES)[number];
// Only these names are placeholders: text a user typed that happens to hold `{{…}}` (a
// first name, an event title) is neither filled nor makes a message unfillable.
const PLACEHOLDERS = new RegExp(`\\{\\{(${SECRET_NAMES.join("|")})\\}\\}`, "g");

/** A placeholder for `fill[name]`, for the text and the links of a stored e-mail. */
export const placeholder = (name: SecretName) => `{{${name}}}`;

/**
 * The `{{name}}` placeholders of a stored e-mail filled with the job's secrets; in an
 * HTML body (`html`) the values are escaped (a link's `&` in an href).
 */
export function fillPlaceholders(text: string, fill: Record<string, string> | undefined, html = false) {
  if (!fill) return text;
  return text.replace(PLACEHOLDERS, (found, name: string) => {
    if (!Object.hasOwn(fill, name)) return found;
    return html ? escapeHtml(fill[name]!) : fill[name]!;
  });
}

const hasPlaceholder = (text: string) => new RegExp(PLACEHOLDERS.source).test(text);

/** How long one delivery may hold a row before another may try again. */
const DELIVERY_LEASE_MS = 2 * MINUTE;

export type DeliveryResult = "sent" | "already-sent" | "in-progress" | "missing" | "failed-before" | "unfillable";

/** The e-mail settings (wrangler.toml [vars] and the EMAIL_API_KEY secret). */
type MailEnv = { EMAIL_API_KEY?: string; EMAIL_API_URL: string; MAIL_FROM: string; DEV_MAILBOX?: string };

/**
 * Delivers one outbox e-mail, at most once: the row is claimed with a lease before
 * sending, and the provider gets the outbox id as its idempotency key, so a message
 * the queue redelivers (or a crash between sending and recording) never sends twice.
 * Throws when the provider refuses, so the queue retries with backoff.
 */
export async function deliverOutboxEmail(
  db: Db,
  env: MailEnv,
  outboxId: string,
  fetcher: typeof fetch = fetch,
  fill?: Record<string, string>,
): Promise<DeliveryResult> {
  const now = isoNow();
  const [claimed] = await db
    .update(emailOutbox)
    .set({ lockedUntil: isoIn(DELIVERY_LEASE_MS), attempts: sql`${emailOutbox.attempts} + 1` })
    .where(
      and(
        eq(emailOutbox.id, outboxId),
        eq(emailOutbox.status, "queued"),
        or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, now)),
      ),
    )
    .returning();

  if (!claimed) {
    const [row] = await db
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, outboxId));
    if (!row) return "missing";
    if (row.status === "sent") return "already-sent";
    if (row.status === "failed") return "failed-before";
    return "in-progress";
  }

  // A message re-queued without its secrets (the cron's retry of a lost queue message)
  // can never be completed: it fails rather than send a link with a hole in it.
  const filled = {
    subject: fillPlaceholders(claimed.subject, fill),
    textBody: fillPlaceholders(claimed.textBody, fill),
    htmlBody: claimed.htmlBody === null ? null : fillPlaceholders(claimed.htmlBody, fill, true),
  };
  if ([filled.subject, filled.textBody, filled.htmlBody ?? ""].some(hasPlaceholder)) {
    await db
      .update(emailOutbox)
      .set({ status: "failed", lockedUntil: null, lastError: "Its link was not available any more (links are never stored)" })
      .where(eq(emailOutbox.id, outboxId));
    return "unfillable";
  }

  let deliveredVia: string;
  let providerMessageId: string | null = null;
  try {
    if (env.EMAIL_API_KEY) {
      const response = await fetcher(env.EMAIL_API_URL, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${env.EMAIL_API_KEY}`,
          "Content-Type": "application/json",
          "Idempotency-Key": claimed.id,
        },
        body: JSON.stringify({
          from: env.MAIL_FROM,
          to: [claimed.toAddress],
          subject: filled.subject,
          text: filled.textBody,
          ...(filled.htmlBody ? { html: filled.htmlBody } : {}),
        }),
      });
      if (!response.ok) {
        throw new Error(`E-mail API answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      }
      const body = (await response.json().catch(() => ({}))) as { id?: unknown };
      providerMessageId = typeof body.id === "string" ? body.id : null;
      deliveredVia = "http-api";
    } else if (env.DEV_MAILBOX === "true") {
      // No API key (development, tests): the delivered row is the message in /dev/mail.
      deliveredVia = "dev-mailbox";
    } else {
      // A deployment without its e-mail key: the queue retries, then records the failure.
      // Never "delivered" into the row: it would keep the links in D1.
      throw new Error("No e-mail provider is configured (EMAIL_API_KEY)");
    }
  } catch (error) {
    await db
      .update(emailOutbox)
      .set({ lockedUntil: null, lastError: errorMessage(error) })
      .where(eq(emailOutbox.id, outboxId));
    throw error;
  }

  // The local mailbox is the stored row, so there (development and tests only) the
  // message is kept as sent; a real provider got the secrets and the row keeps none.
  const mailbox = deliveredVia === "dev-mailbox" && fill ? filled : {};
  await db
    .update(emailOutbox)
    .set({ status: "sent", sentAt: isoNow(), deliveredVia, providerMessageId, lockedUntil: null, lastError: null, ...mailbox })
    .where(eq(emailOutbox.id, outboxId));
  return "sent";
}

/** The dead-letter queue's verdict: the e-mail could not be sent after every retry. */
export async function markOutboxFailed(db: Db, outboxId: string, reason: string) {
  await db
    .update(emailOutbox)
    .set({ status: "failed", lockedUntil: null, lastError: reason })
    .where(and(eq(emailOutbox.id, outboxId), eq(emailOutbox.status, "queued")));
}

function errorMessage(error: unknown) {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
