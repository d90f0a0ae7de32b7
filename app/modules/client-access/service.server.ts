import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { emailOutbox, eventClientAccess } from "~/db/schema";
import { accessQuery, CLIENT_TOKEN_PATTERN } from "~/modules/event/access.server";
import { deletedForLink } from "~/modules/event/deleted-events.server";
import { allListQueries } from "~/modules/event/lists.server";
import type { ClientFlags } from "~/modules/event/permissions";
import { clientAccessEmail } from "~/modules/team/emails";
import { TEAM_SIZE_MAX } from "~/modules/team/schema";
import { plainCookie } from "~/utils/cookies.server";
import { sha256Hex } from "~/utils/crypto.server";
import { batchNamed, batchWithRaw, type Db } from "~/utils/db.server";
import { enqueueEmails, outboxInsert } from "~/utils/email.server";
import { type Claim, claimStatement, once, secretFor } from "~/utils/idempotency.server";
import { DAY } from "~/utils/time";

/** docs/product/limits.md#client-links: the token is 32 random bytes as hex. */
function newClientToken() {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** docs/product/limits.md#client-links: a client link expires 30 days after the event date, and at least 30 days from now. */
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
 * A client link (docs/product/flows.md#client-links): a random token of which only the
 * SHA-256 is stored, the client's e-mail through the queue, and the link, returned
 * once (it can be copied only now). The e-mail is stored with a placeholder and the
 * token travels only in the queue message. `emailFailed` says the link must be shared
 * by hand (docs/product/messages.md#client-portal). Null when the event already has its maximum of client links.
 */
export async function createClientAccess(
  db: Db,
  env: Pick<Env, "JOBS" | "SESSION_SECRET">,
  origin: string,
  input: {
    event: { id: string; title: string; date: string; venue: string | null; coupleNames: string | null };
    inviterName: string;
    createdBy: string;
    clientEmail: string;
    flags: ClientFlags;
  },
  claim: Claim | null = null,
) {
  // A repeated submit of the same form (decision 007) creates nothing and shows the
  // same link: its token is derived from the form's claim, so it can be derived again.
  const token = claim ? await secretFor(env, claim, "client-link") : newClientToken();
  const url = `${origin}/client/${token}`;
  return once(
    db,
    claim,
    () => insertClientAccess(db, env, url, token, input, claim),
    (result) => ({ id: String(result.id), url, emailFailed: false }),
  );
}

async function insertClientAccess(
  db: Db,
  env: Pick<Env, "JOBS">,
  url: string,
  token: string,
  input: Parameters<typeof createClientAccess>[3],
  claim: Claim | null,
) {
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
    ...(claim ? [claimStatement(claim, { id }, { eventId: event.id, onlyIf: sql`EXISTS (SELECT 1 FROM ${eventClientAccess} WHERE id = ${id})` })] : []),
  ]);
  if (inserted!.meta.changes === 0) {
    // Over the ceiling: no access, so no e-mail either.
    await db.delete(emailOutbox).where(eq(emailOutbox.id, mail.id));
    return null;
  }
  let emailFailed = false;
  try {
    await enqueueEmails(env, [mail.id], { client_link: url });
  } catch (error) {
    console.warn("Could not queue the client access e-mail", error instanceof Error ? error.message : error);
    emailFailed = true;
  }
  return { id, url, emailFailed };
}

/**
 * Everything the portal shows, in one round trip, for a client link (the token of its
 * cookie, and the access id that cookie is named after): the access (accessOf decides
 * it) and the four lists. Every list is read from the link's event only if the link is
 * valid, so a revoked or expired link reads nothing.
 */
export async function portalReads(db: Db, accessId: string, token: string, alsoRead: Record<string, BatchItem<"sqlite">> = {}) {
  const query = await accessQuery(db, { token, accessId }, null);
  if (!query) return null;
  const { eventId } = query;
  // `alsoRead`: the guess limit (guardedLinkBatch), in the same round trip; and whether the
  // link's event was deleted (decision 017), for the refusal's words.
  const results = await batchNamed(db, { ...alsoRead, access: query.statement, ...allListQueries(db, eventId), deleted: deletedForLink(db, await sha256Hex(token)) });
  const { access: accessRows, blocks, shots, people, vendors, deleted } = results;
  const access = query.decide(accessRows);
  if (!access || access.role !== "client") return { found: null, results, deleted: deleted.length > 0 };
  return {
    found: { access: access.link, grant: { kind: "client" as const, ...access.flags }, accessStart: access.accessStart, event: access.event, blocks, shots, people, vendors },
    results,
    deleted: false,
  };
}

/**
 * A link opened by its token (/client/{token}): its access, and whether its event was
 * deleted (decision 017), in one round trip. Null for a token that is not looked up.
 */
export async function openClientLink(db: Db, token: string) {
  const query = await accessQuery(db, { token }, null);
  if (!query) return null;
  const { access, deleted } = await batchNamed(db, { access: query.statement, deleted: deletedForLink(db, await sha256Hex(token)) });
  const found = query.decide(access);
  return { link: found?.role === "client" ? found.link : null, deleted: deleted.length > 0 };
}

/**
 * The portal cookie: the token, named after its access, sent only to portal pages
 * (Path=/client/view: React Router's data requests, `/client/view/{id}.data`, need
 * it too, so the path cannot be the access's own), until the link expires. The
 * portal's live socket lives under the same path (`/client/view/{id}/live`) so that a
 * browser sends it there too.
 */
const portalCookieOf = (accessId: string) => plainCookie(`ef_client_${accessId}`, { path: "/client/view" });

export function portalPath(accessId: string) {
  return `/client/view/${accessId}`;
}

export function portalCookie(request: Request, accessId: string, token: string, expiresAt: string) {
  return portalCookieOf(accessId).write(request, token, Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000)));
}

export async function readPortalCookie(request: Request, accessId: string) {
  const token = await portalCookieOf(accessId).read(request);
  return token && CLIENT_TOKEN_PATTERN.test(token) ? token : null;
}
