import { eq, sql } from "drizzle-orm";
import { emailOutbox, eventClientAccess } from "~/db/schema";
import { clientAccessEmail } from "~/modules/team/emails";
import { TEAM_SIZE_MAX } from "~/modules/team/schema";
import { sha256Hex } from "~/utils/crypto.server";
import { batchWithRaw, type Db } from "~/utils/db.server";
import { enqueueEmails, outboxInsert } from "~/utils/email.server";
import { DAY } from "~/utils/time";

export type ClientFlags = { canEditPeople: boolean; canEditTimeline: boolean; canEditShots: boolean; canEditVendors: boolean };

/** Spec §9: the token is 32 random bytes as hex. */
function newClientToken() {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** decisions.md: a client link expires 30 days after the event date, and at least 30 days from now. */
export function clientAccessExpiry(eventDate: string, now = new Date()) {
  const afterEvent = Date.parse(`${eventDate}T23:59:59.999Z`) + 30 * DAY;
  return new Date(Math.max(afterEvent, now.getTime() + 30 * DAY)).toISOString();
}

const FLAG_NAMES: [keyof ClientFlags, string][] = [
  ["canEditTimeline", "timeline"],
  ["canEditShots", "shot list"],
  ["canEditPeople", "people"],
  ["canEditVendors", "vendors"],
];

/**
 * A client link (spec §7 'Invite send (client)'): a random token of which only the
 * SHA-256 is stored, the client's e-mail through the queue, and the link, returned
 * once (it can be copied only now). The e-mail is stored with a placeholder and the
 * token travels only in the queue message. `emailFailed` says the link must be shared
 * by hand (spec §8). Null when the event already has its maximum of client links.
 */
export async function createClientAccess(
  db: Db,
  env: Pick<Env, "JOBS">,
  origin: string,
  input: {
    event: { id: string; title: string; date: string; venue: string | null; coupleNames: string | null };
    inviterName: string;
    createdBy: string;
    clientEmail: string;
    flags: ClientFlags;
  },
) {
  const token = newClientToken();
  const id = crypto.randomUUID();
  const tokenHash = await sha256Hex(token);
  const { flags, event } = input;
  const mail = outboxInsert(
    db,
    clientAccessEmail({
      to: input.clientEmail,
      inviterName: input.inviterName,
      event,
      canEdit: FLAG_NAMES.filter(([flag]) => flags[flag]).map(([, name]) => name),
    }),
  );
  const [inserted] = await batchWithRaw(db, [
    // The ceiling is checked inside the INSERT, so concurrent creations cannot pass it.
    sql`INSERT INTO ${eventClientAccess} (id, event_id, client_email, access_token_hash, can_edit_people, can_edit_timeline, can_edit_shots, can_edit_vendors, created_by, expires_at)
      SELECT ${id}, ${event.id}, ${input.clientEmail}, ${tokenHash}, ${Number(flags.canEditPeople)}, ${Number(flags.canEditTimeline)}, ${Number(flags.canEditShots)}, ${Number(flags.canEditVendors)}, ${input.createdBy}, ${clientAccessExpiry(event.date)}
      WHERE (SELECT COUNT(*) FROM ${eventClientAccess} WHERE event_id = ${event.id}) < ${TEAM_SIZE_MAX}`,
    mail.statement,
  ]);
  if (inserted!.meta.changes === 0) {
    // Over the ceiling: no access, so no e-mail either.
    await db.delete(emailOutbox).where(eq(emailOutbox.id, mail.id));
    return null;
  }
  const url = `${origin}/client/${token}`;
  let emailFailed = false;
  try {
    await enqueueEmails(env, [mail.id], { client_link: url });
  } catch (error) {
    console.warn("Could not queue the client access e-mail", error instanceof Error ? error.message : error);
    emailFailed = true;
  }
  return { id, url, emailFailed };
}
