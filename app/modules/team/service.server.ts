import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  eventClientAccess,
  eventInvites,
  events,
  eventSecondShooters,
  profiles,
  shotListItems,
  timelineBlocks,
  users,
} from "~/db/schema";
import { isOnTeam } from "~/db/enums";
import { dispatchNotifications, notificationInsert } from "~/modules/notifications/service.server";
import { dispatchTeamChange, type InsertedRow, teamChangeJobs, teamChangeStatements, writtenOf } from "~/modules/notifications/team-changes.server";
import { nextLiveSeq, publishChange, seqOf } from "~/modules/live/room.server";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { batchNamed, batchWithRaw, type Db } from "~/utils/db.server";
import { enqueueEmails, outboxInsert } from "~/utils/email.server";
import { isoNow } from "~/utils/time";
import { consume, INVITE_SENT_RECENTLY, LIMITS } from "~/utils/rate-limit.server";
import { type Claim, claimInsert, isRepeat, priorResult } from "~/utils/idempotency.server";
import { shooterInviteEmail } from "./emails";
import type { DayBounds } from "./invite-times";
import { type HourCycle, hourCycleOf } from "~/modules/timeline/span";
import { positionLabel, TEAM_SIZE_MAX } from "./schema";

type EventFacts = { id: string; title: string; date: string; venue: string | null; coupleNames: string | null; leadPhotographerId: string };
type Person = { businessName: string | null; firstName: string | null; lastName: string | null };

/** docs/product/screens.md#invitation-acceptance: business name, else first and last name, else 'the photographer'. */
export function inviterDisplayName(person: Person | null | undefined) {
  if (!person) return "the photographer";
  const fullName = [person.firstName, person.lastName].filter(Boolean).join(" ");
  return person.businessName || fullName || "the photographer";
}

/** How a team member is named to the others: their own name, else the business, else the address. */
export function personName(person: Person & { email?: string }) {
  return [person.firstName, person.lastName].filter(Boolean).join(" ") || person.businessName || person.email || "A team member";
}

/**
 * personName of a user as SQL, from their profile as the statement runs (a
 * change whose sender is known only to its own batch names them in its notices).
 * The same rule: first and last name, else the business name, else 'A team member'.
 */
export function personNameSql(userId: string | SQL<string>): SQL<string> {
  const filled = (column: SQL) => sql`COALESCE(${column}, '') <> ''`;
  const [first, last, business] = [sql`p.first_name`, sql`p.last_name`, sql`p.business_name`];
  return sql<string>`COALESCE((SELECT CASE
      WHEN ${filled(first)} AND ${filled(last)} THEN ${first} || ' ' || ${last}
      WHEN ${filled(first)} THEN ${first}
      WHEN ${filled(last)} THEN ${last}
      WHEN ${filled(business)} THEN ${business}
    END FROM profiles p WHERE p.user_id = ${userId}), 'A team member')`;
}

/**
 * An invitation's id (24 random bytes, base64url) names it on the lead's team tab and in
 * the invitee's notification; it opens the invitation only to the account whose
 * confirmed address is the invited one. The e-mail's link carries a separate secret
 * (32 random bytes) of which D1 keeps the SHA-256: holding it proves the mailbox
 * (decision 004), so it may confirm an address; the id may not.
 */
const newInviteId = () => randomToken(24);
const newInviteToken = () => randomToken(32);
/** The path segment of /accept-invite/{id or token}: either is base64url of this length. */
export const INVITE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Whether a sign-up comes from the invitation e-mail of this very address (returnTo is
 * /accept-invite/{token} of a pending invitation sent to it): the e-mail's secret
 * proves the mailbox, so it confirms the address. The invitation's id, which the
 * lead's page shows, proves nothing and confirms nothing.
 */
export async function isInvitedAddress(db: Db, returnTo: string | null, email: string) {
  const token = returnTo?.match(/^\/accept-invite\/([^/?#]+)/)?.[1];
  if (!token || !INVITE_ID_PATTERN.test(token)) return false;
  const [invite] = await db
    .select({ id: eventInvites.id })
    .from(eventInvites)
    .where(and(eq(eventInvites.tokenHash, await sha256Hex(token)), eq(eventInvites.email, email), eq(eventInvites.status, "pending")));
  return invite !== undefined;
}

export type ShooterInviteInput = {
  email: string;
  inviteeName: string | null;
  inviteType: "second_shooter" | "associate_shooter";
  coverageHours: number | null;
  startTime: string | null;
  endTime: string | null;
};

export type InviteOutcome = { status: "sent" | "resent"; inviteId: string } | { status: "refused"; message: string; tooMany?: true };

function isUniqueViolation(error: unknown) {
  return String((error as { cause?: unknown })?.cause ?? error).includes("UNIQUE");
}

/**
 * Invites a second or associate shooter (docs/product/flows.md#invitations): the
 * invitation row, its e-mail through the queue and, when the address has an account,
 * an in-app notification and a push job, all written in one batch. The same address
 * invited again to the same event gets the same pending invitation again (updated and
 * re-sent), never a second seat; someone already on the team is refused.
 */
export async function sendShooterInvite(
  db: Db,
  env: Pick<Env, "JOBS" | "USER_CHANNEL">,
  origin: string,
  inviter: Person & { userId: string; email: string; hourCycle: HourCycle },
  event: EventFacts,
  input: ShooterInviteInput,
  claim: Claim | null = null,
): Promise<InviteOutcome> {
  if (input.email === inviter.email) return { status: "refused", message: "You can't invite yourself to your own event." };
  const { existingRows, accountRows, teamSize, days } = await batchNamed(db, {
    existingRows: db.select().from(eventInvites).where(and(eq(eventInvites.eventId, event.id), eq(eventInvites.email, input.email))),
    accountRows: db
      // Distinct column names: D1 batches return rows by name, so two "id"s would collide.
      .select({
        userId: users.id,
        confirmedAt: users.emailConfirmedAt,
        memberId: sql<string | null>`${eventSecondShooters.id}`.as("member_id"),
        memberStatus: eventSecondShooters.status,
        timeFormat: profiles.timeFormat,
        autoHourCycle: profiles.autoHourCycle,
      })
      .from(users)
      .leftJoin(eventSecondShooters, and(eq(eventSecondShooters.userId, users.id), eq(eventSecondShooters.eventId, event.id)))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.email, input.email)),
    teamSize: db.select({ n: count() }).from(eventInvites).where(and(eq(eventInvites.eventId, event.id), eq(eventInvites.status, "pending"))),
    days: dayBoundsQuery(db, event.id),
  });
  const existing = existingRows[0];
  const account = accountRows[0];
  if (isOnTeam(account?.memberStatus)) {
    return { status: "refused", message: `${input.email} is already on the team.` };
  }
  if (!existing && (teamSize[0]?.n ?? 0) >= TEAM_SIZE_MAX) {
    return { status: "refused", message: `An event can have at most ${TEAM_SIZE_MAX} pending invitations.` };
  }

  // Sends of one address to one event are limited (decision 007): each is an e-mail.
  // A repeat of a form already sent is answered as the first was, never refused.
  if (await consume(db, [[LIMITS.invitationSends, `${event.id} ${input.email}`]])) {
    const first = claim ? await priorResult(db, claim) : null;
    return first ? asSent(first) : { status: "refused", message: INVITE_SENT_RECENTLY, tooMany: true };
  }
  const resend = existing?.status === "pending";
  const inviteId = resend ? existing.id : newInviteId();
  // A new secret with every send: the e-mail's link (filled in when it is sent, never
  // stored) carries it; an earlier e-mail's link stops working.
  const token = newInviteToken();
  const tokenHash = await sha256Hex(token);
  const fields = {
    inviteType: input.inviteType,
    inviteeName: input.inviteeName,
    coverageHours: input.coverageHours,
    startTime: input.startTime,
    endTime: input.endTime,
    invitedBy: inviter.userId,
  };
  const inviterName = inviterDisplayName(inviter);
  // The invitee's clock where the address has an account, else the inviter's (who wrote it).
  const hourCycle = account?.timeFormat ? hourCycleOf(account.timeFormat, account.autoHourCycle ?? "12h") : inviter.hourCycle;
  const mail = outboxInsert(db, shooterInviteEmail({ to: input.email, inviterName, event, ...fields, day: dayBoundsOf(days), hourCycle }));
  // In-app only to an account that has proved the address: an unconfirmed account with
  // it may be someone else's; the e-mail reaches the mailbox anyway.
  const notification =
    account?.confirmedAt
      ? notificationInsert(db, {
          userId: account.userId,
          title: input.inviteType === "associate_shooter" ? "New Associate Shooter Invite" : "New Second Shooter Invite",
          message: `${inviterName} invited you to ${event.title} as ${positionLabel(input.inviteType)}.`,
          data: { type: "event_invite", invite_id: inviteId, event_id: event.id, eventTitle: event.title },
          eventId: event.id,
        })
      : null;

  const writes = resend
    ? [db.update(eventInvites).set({ ...fields, tokenHash }).where(and(eq(eventInvites.id, inviteId), eq(eventInvites.status, "pending")))]
    : [
        // A declined (or answered and since removed) invitation makes way for a new one
        // with a new link; the old link stops working.
        ...(existing ? [db.delete(eventInvites).where(eq(eventInvites.id, existing.id))] : []),
        ...(account?.memberId ? [db.delete(eventSecondShooters).where(eq(eventSecondShooters.id, account.memberId))] : []),
        db.insert(eventInvites).values({ id: inviteId, eventId: event.id, email: input.email, status: "pending", tokenHash, ...fields }),
      ];
  try {
    await db.batch([
      writes[0]!,
      ...writes.slice(1),
      mail.statement,
      ...(notification ? [notification.statement] : []),
      // A repeated submit of the same form fails here and sends nothing (decision 007).
      ...(claim ? [claimInsert(db, claim, { status: resend ? "resent" : "sent", inviteId }, event.id)] : []),
    ]);
  } catch (error) {
    if (claim && isRepeat(error)) {
      const first = await priorResult(db, claim);
      if (first) return asSent(first);
    }
    // The same address invited from two devices at once: the other one won.
    if (isUniqueViolation(error)) return { status: "resent", inviteId: (await inviteIdFor(db, event.id, input.email)) ?? inviteId };
    throw error;
  }
  await enqueueEmails(env, [mail.id], { invite_link: `${origin}/accept-invite/${token}` });
  if (notification) await dispatchNotifications(env, [notification.written]);
  return { status: resend ? "resent" : "sent", inviteId };
}

/** A repeated submission's answer: the first one's outcome, as its claim recorded it. */
function asSent(first: Record<string, unknown>): InviteOutcome {
  return { status: first.status === "resent" ? "resent" : "sent", inviteId: String(first.inviteId) };
}

async function inviteIdFor(db: Db, eventId: string, email: string) {
  const [row] = await db.select({ id: eventInvites.id }).from(eventInvites).where(and(eq(eventInvites.eventId, eventId), eq(eventInvites.email, email)));
  return row?.id;
}

export type TeamRowKind = "invite" | "member" | "client";

/**
 * docs/product/flows.md#team-removal: a client row deletes the access, a pending
 * invitation deletes the invitation, a member row deletes the membership (access ends
 * at once) together with the member's invitation, so its link cannot be reused.
 */
/** A member off the team is off every block and shot of the event too (docs/product/screens.md#who-shoots-what). */
function unassignStatements(db: Db, eventId: string, userId: SQL) {
  const off = (table: typeof timelineBlocks | typeof shotListItems) =>
    db
      .update(table)
      .set({ assignees: sql`(SELECT json_group_array(value) FROM json_each(${table.assignees}) WHERE value IS NOT ${userId})`, updatedAt: new Date().toISOString() })
      .where(and(eq(table.eventId, eventId), sql`EXISTS (SELECT 1 FROM json_each(${table.assignees}) WHERE value = ${userId})`));
  return { unassignBlocks: off(timelineBlocks), unassignShots: off(shotListItems) };
}

export async function removeTeamRow(db: Db, eventId: string, kind: TeamRowKind, id: string): Promise<boolean | { userId: string }> {
  if (kind === "client") {
    const rows = await db
      .delete(eventClientAccess)
      .where(and(eq(eventClientAccess.id, id), eq(eventClientAccess.eventId, eventId)))
      .returning({ id: eventClientAccess.id });
    return rows.length > 0;
  }
  if (kind === "invite") {
    const rows = await db
      .delete(eventInvites)
      .where(and(eq(eventInvites.id, id), eq(eventInvites.eventId, eventId), eq(eventInvites.status, "pending")))
      .returning({ id: eventInvites.id });
    return rows.length > 0;
  }
  const { removed } = await batchNamed(db, {
    // Before the membership goes: the member's blocks and shots are theirs no more.
    ...unassignStatements(db, eventId, sql`(SELECT ${eventSecondShooters.userId} FROM ${eventSecondShooters} WHERE ${eventSecondShooters.id} = ${id} AND ${eventSecondShooters.eventId} = ${eventId})`),
    invitation: db.delete(eventInvites).where(
      and(
        eq(eventInvites.eventId, eventId),
        sql`${eventInvites.email} = (SELECT u.email FROM users u JOIN event_second_shooters m ON m.user_id = u.id WHERE m.id = ${id} AND m.event_id = ${eventId})`,
      ),
    ),
    removed: db
      .delete(eventSecondShooters)
      .where(and(eq(eventSecondShooters.id, id), eq(eventSecondShooters.eventId, eventId)))
      .returning({ userId: eventSecondShooters.userId }),
  });
  return removed[0] ?? false;
}

/**
 * A team member leaves an event (a guest can leave): the membership and the
 * invitation go, and the lead is told.
 */
export async function leaveEvent(db: Db, env: Pick<Env, "JOBS" | "USER_CHANNEL">, event: EventFacts, member: Person & { userId: string; email: string }) {
  const notification = notificationInsert(db, {
    userId: event.leadPhotographerId,
    title: "Team Member Left",
    message: `${personName(member)} left ${event.title}.`,
    data: { type: "team_member_left", event_id: event.id },
    eventId: event.id,
  });
  const { removed } = await batchNamed(db, {
    ...unassignStatements(db, event.id, sql`${member.userId}`),
    invitation: db.delete(eventInvites).where(and(eq(eventInvites.eventId, event.id), eq(eventInvites.email, member.email))),
    removed: db
      .delete(eventSecondShooters)
      .where(and(eq(eventSecondShooters.eventId, event.id), eq(eventSecondShooters.userId, member.userId)))
      .returning({ id: eventSecondShooters.id }),
    notification: notification.statement,
  });
  await dispatchNotifications(env, [notification.written]);
  return removed.length > 0;
}

/**
 * What the invitation page shows, in one round trip: the invitation, its event, the
 * inviter's names, the earliest block start and the total block minutes. `key` is the
 * path segment of /accept-invite/{key}: the e-mail's secret (looked up by its hash) or
 * the invitation's id (the bell's link); `viaToken` says which, since only the secret
 * proves the mailbox.
 */
export async function loadInvitation(db: Db, key: string) {
  if (!INVITE_ID_PATTERN.test(key)) return null;
  const tokenHash = await sha256Hex(key);
  const matches = sql`(id = ${key} OR token_hash = ${tokenHash})`;
  const eventOfInvite = sql`(SELECT event_id FROM event_invites WHERE ${matches})`;
  // Separate statements rather than a join: D1 batches return rows by column name,
  // and the invitation and the event share several (id, created_at …).
  const { invites, eventRows, inviters, blocks } = await batchNamed(db, {
    invites: db
      .select()
      .from(eventInvites)
      .where(and(sql`(${eventInvites.id} = ${key} OR ${eventInvites.tokenHash} = ${tokenHash})`, inArray(eventInvites.inviteType, ["second_shooter", "associate_shooter"]))),
    eventRows: db.select().from(events).where(eq(events.id, eventOfInvite)),
    inviters: db
      .select({ businessName: profiles.businessName, firstName: profiles.firstName, lastName: profiles.lastName })
      .from(profiles)
      .where(eq(profiles.userId, sql`(SELECT invited_by FROM event_invites WHERE ${matches})`)),
    blocks: dayBoundsQuery(db, eventOfInvite),
  });
  const invite = invites[0];
  const event = eventRows[0];
  if (!invite || !event) return null;
  return {
    invite,
    viaToken: invite.tokenHash === tokenHash,
    event,
    inviter: inviters[0] ?? null,
    day: dayBoundsOf(blocks),
  };
}
export type Invitation = NonNullable<Awaited<ReturnType<typeof loadInvitation>>>;

/**
 * The timeline's bounds (invite-times.ts): its first start, its last end in minutes after
 * that day's midnight (a block with no start time has none), and the blocks' total length.
 */
function dayBoundsQuery(db: Db, eventId: string | SQL) {
  const startMinutes = sql`(CAST(substr(${timelineBlocks.startTime}, 1, 2) AS INTEGER) * 60 + CAST(substr(${timelineBlocks.startTime}, 4, 2) AS INTEGER))`;
  return db
    .select({
      firstStart: sql<string | null>`MIN(${timelineBlocks.startTime})`,
      lastEnd: sql<number | null>`MAX(${startMinutes} + ${timelineBlocks.durationMinutes})`,
      minutes: sql<number | null>`SUM(${timelineBlocks.durationMinutes})`,
    })
    .from(timelineBlocks)
    .where(eq(timelineBlocks.eventId, eventId));
}

function dayBoundsOf(rows: Array<{ firstStart: string | null; lastEnd: number | null; minutes: number | null }>): DayBounds {
  const row = rows[0];
  return { firstStart: row?.firstStart ?? null, lastEnd: row?.lastEnd ?? null, minutes: row?.minutes ?? 0 };
}

export type InviteResponse = "accept" | "decline";

/**
 * Accepts or declines (docs/product/flows.md#invitations): one batch that answers the invitation only
 * while it is pending and addressed to this account, then (only if it did) upserts
 * the membership (accepted with the coverage hours, or declined) and notifies the
 * inviter. A replayed answer changes nothing and says what the invitation already is.
 */
export async function respondToInvite(
  db: Db,
  env: Pick<Env, "JOBS" | "EVENT_ROOM" | "USER_CHANNEL">,
  invitation: Invitation,
  responder: Person & { userId: string; email: string },
  response: InviteResponse,
): Promise<{ status: "done" } | { status: "already"; current: string }> {
  const stamp = isoNow();
  const { invite, event } = invitation;
  const status = response === "accept" ? "accepted" : "declined";
  const answered = sql`id = ${invite.id} AND status = ${status} AND responded_at = ${stamp}`;
  const notificationId = crypto.randomUUID();
  const verb = response === "accept" ? "accepted" : "declined";
  const data = JSON.stringify({ type: "invite_response", invite_id: invite.id, event_id: event.id, status });
  // The rest of the team hears that someone joined (the inviter has the response),
  // by name only: the team's addresses are the lead's business.
  const joiner = personName({ firstName: responder.firstName, lastName: responder.lastName, businessName: responder.businessName });
  const joined =
    response === "accept"
      ? teamChangeStatements({
          event,
          change: { type: "team_member_joined", subject: joiner },
          actor: { userId: responder.userId, name: joiner },
          alsoExcept: sql`SELECT invited_by FROM event_invites WHERE id = ${invite.id} AND invited_by IS NOT NULL`,
          onlyIf: sql`EXISTS (SELECT 1 FROM event_invites WHERE ${answered})`,
          now: new Date(stamp),
        })
      : [];
  const results = await batchWithRaw(db, [
    db
      .update(eventInvites)
      .set({ status, respondedAt: stamp, ...(response === "accept" ? { acceptedAt: stamp } : {}) })
      .where(and(eq(eventInvites.id, invite.id), eq(eventInvites.status, "pending"), eq(eventInvites.email, responder.email)))
      .returning({ id: eventInvites.id }),
    sql`INSERT INTO event_second_shooters (id, event_id, user_id, shooter_type, status, coverage_hours)
      SELECT ${crypto.randomUUID()}, event_id, ${responder.userId}, invite_type, ${status}, ${response === "accept" ? sql`coverage_hours` : sql`NULL`}
      FROM event_invites WHERE ${answered}
      ON CONFLICT (event_id, user_id) DO UPDATE SET status = excluded.status, shooter_type = excluded.shooter_type, coverage_hours = excluded.coverage_hours,
        -- The membership restarts here: the live room replays nothing from before it (decision 006).
        created_at = excluded.created_at`,
    sql`INSERT INTO notifications (id, user_id, title, message, data, event_id, created_at)
      SELECT ${notificationId}, COALESCE(i.invited_by, e.lead_photographer_id), ${response === "accept" ? "Invitation Accepted" : "Invitation Declined"},
        ${`${personName(responder)} ${verb} your invitation to ${event.title}.`}, ${data}, e.id, ${stamp}
      FROM event_invites i JOIN events e ON e.id = i.event_id WHERE i.id = ${invite.id} AND i.status = ${status} AND i.responded_at = ${stamp}
      RETURNING id, user_id, title, message, created_at`,
    ...joined,
    // Answered through the e-mail's secret, the invitee has proved the mailbox: the
    // account's address is confirmed by it (docs/product/flows.md#accounts-and-access).
    ...(invitation.viaToken
      ? [
          sql`UPDATE users SET email_confirmed_at = ${stamp}, updated_at = ${stamp}
            WHERE id = ${responder.userId} AND email = ${invite.email} AND email_confirmed_at IS NULL
              AND EXISTS (SELECT 1 FROM event_invites WHERE ${answered})`,
        ]
      : []),
    // The live room's number for the answer, taken in its own batch.
    nextLiveSeq(db, event.id, sql`EXISTS (SELECT 1 FROM event_invites WHERE ${answered})`),
  ]);
  const [answer, , told] = results;
  const [inserted, windows] = joined.length ? results.slice(3, 3 + joined.length) : [];
  if (!answer?.results.length) {
    const [row] = await db.select({ status: eventInvites.status }).from(eventInvites).where(eq(eventInvites.id, invite.id));
    return { status: "already", current: row?.status ?? "removed" };
  }
  await dispatchNotifications(env, ((told?.results ?? []) as InsertedRow[]).map(writtenOf));
  if (inserted && windows) {
    await dispatchTeamChange(env, teamChangeJobs(event.id, inserted.results as InsertedRow[], windows.results as never[], new Date(stamp)));
  }
  // The lead's team tab (and every member's) shows the answer at once.
  await publishChange(env, event.id, seqOf(results.at(-1)?.results), { entity: "team", op: "upsert", actor: responder.userId });
  return { status: "done" };
}
