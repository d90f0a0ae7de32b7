import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type Stripe from "stripe";
import { ON_TEAM_STATUSES } from "~/db/enums";
import {
  appliedMutations,
  emailOutbox,
  eventClientAccess,
  eventInvites,
  events,
  eventSecondShooters,
  organizations,
  processedJobs,
  profiles,
  rateLimits,
  sessions,
  users,
} from "~/db/schema";
import { deletedEventNotices } from "~/modules/event/deleted-events.server";
import { closeEventRoom } from "~/modules/live/room.server";
import { dispatchNotifications, notificationInsert } from "~/modules/notifications/service.server";
import { forgetUserChannel } from "~/modules/notifications/live.server";
import { sha256Hex } from "~/utils/crypto.server";
import { batchNamed, type Db } from "~/utils/db.server";
import { enqueueEmails, outboxInsert } from "~/utils/email.server";
import { verifyPassword } from "~/utils/password.server";
import { isoNow } from "~/utils/time";
import { authenticatePasskey } from "./passkeys.server";
import { eventRemovedEmail, EVENT_REMOVED_TITLE, eventRemovedMessage } from "./emails";

// docs/product/flows.md#deleting-an-account: a user leaves and leaves nothing behind.
// The order is the product's: Stripe first (no charge after the account is gone), then
// one D1 batch that tells the people of the user's events and deletes every row of the
// user, then the live rooms and the user's channel.

/** The events a user leads, and who is told when they go: the accepted team and the active client links. */
function impactQueries(db: Db, userId: string) {
  const led = db.select({ id: events.id }).from(events).where(eq(events.leadPhotographerId, userId));
  return {
    ledEvents: db.select({ id: events.id, title: events.title }).from(events).where(eq(events.leadPhotographerId, userId)),
    team: db
      .select({ eventId: eventSecondShooters.eventId, userId: eventSecondShooters.userId, email: users.email })
      .from(eventSecondShooters)
      .innerJoin(users, eq(users.id, eventSecondShooters.userId))
      .where(and(inArray(eventSecondShooters.eventId, led), inArray(eventSecondShooters.status, [...ON_TEAM_STATUSES]), ne(eventSecondShooters.userId, userId))),
    clients: db
      .select({ eventId: eventClientAccess.eventId, email: eventClientAccess.clientEmail })
      .from(eventClientAccess)
      .where(and(inArray(eventClientAccess.eventId, led), gt(eventClientAccess.expiresAt, isoNow()))),
  };
}

type Impact = {
  ledEvents: { id: string; title: string }[];
  team: { eventId: string; userId: string; email: string }[];
  clients: { eventId: string; email: string }[];
};

/** What the Delete account dialog says will be affected: the events the user leads and the people on them. */
export function deletionImpactQueries(db: Db, userId: string) {
  return impactQueries(db, userId);
}

/** The events and the distinct people (team members and client addresses) deleting the account affects. */
export function deletionImpactOf({ ledEvents, team, clients }: Impact) {
  const people = new Set([...team.map((member) => `user:${member.userId}`), ...clients.map((client) => `client:${client.email.toLowerCase()}`)]);
  return { events: ledEvents.length, people: people.size };
}

export type DeletionRefusal = { status: "wrong-password" } | { status: "passkey-refused" } | { status: "stripe-failed" };

/** Who the requester proves to be: the password, or the answer of one of their passkeys to a challenge of theirs. */
export type DeletionProof = { password: string } | { passkey: AuthenticationResponseJSON; request: Request };
export type DeletionDone = { status: "deleted"; stripeCancelled: boolean };

/**
 * Cancels the customer's live subscriptions at once and deletes the customer. Safe to
 * repeat: a subscription already cancelled or a customer already gone is what we want.
 * Returns whether there was anything to stop charging.
 */
async function stopStripeBilling(stripe: Stripe, customerId: string) {
  let subscriptions: Stripe.Subscription[];
  try {
    subscriptions = (await stripe.subscriptions.list({ customer: customerId, status: "all", limit: 100 })).data;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
  const live = subscriptions.filter((subscription) => !["canceled", "incomplete_expired"].includes(subscription.status));
  for (const subscription of live) {
    try {
      await stripe.subscriptions.cancel(subscription.id, { invoice_now: false, prorate: false });
    } catch (error) {
      // Cancelled by a request racing this one (a double tap): the effect is the same.
      if (!isMissing(error) && !(await cancelled(stripe, subscription.id))) throw error;
    }
  }
  try {
    await stripe.customers.del(customerId);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  return live.length > 0;
}

async function cancelled(stripe: Stripe, subscriptionId: string) {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId).catch(() => null);
  return subscription?.status === "canceled";
}

function isMissing(error: unknown) {
  const stripeError = error as { type?: string; code?: string };
  return stripeError?.type === "StripeInvalidRequestError" && stripeError.code === "resource_missing";
}

/**
 * Deletes the user's account once the proof (the password, or one of their passkeys)
 * holds. Idempotent: a request racing another (a double tap) finds the first one's record
 * in processed_jobs, its batch fails as a whole and it answers as the first did; a retry
 * after a lost answer has no session left and is sent to sign in. Nothing is deleted when
 * Stripe cannot be reached.
 */
export async function deleteAccount(
  db: Db,
  env: Env,
  stripe: Stripe | null,
  { userId, proof }: { userId: string; proof: DeletionProof },
): Promise<DeletionRefusal | DeletionDone> {
  const { account, profile, sessionRows, ...impact } = await batchNamed(db, {
    account: db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)),
    profile: db.select().from(profiles).where(eq(profiles.userId, userId)),
    sessionRows: db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, userId)),
    ...impactQueries(db, userId),
  });
  const user = account[0];
  if (!user) return { status: "deleted", stripeCancelled: false };
  if ("password" in proof) {
    if (!(await verifyPassword(proof.password, user.passwordHash))) return { status: "wrong-password" };
  } else if (!(await authenticatePasskey(db, env, proof.request, proof.passkey, userId))) {
    return { status: "passkey-refused" };
  }

  const billing = profile[0];
  let stripeCancelled = false;
  if (billing?.stripeCustomerId) {
    if (!stripe) return { status: "stripe-failed" };
    try {
      stripeCancelled = await stopStripeBilling(stripe, billing.stripeCustomerId);
    } catch (error) {
      console.warn("Could not cancel the Stripe subscription of an account being deleted", error instanceof Error ? error.message : error);
      return { status: "stripe-failed" };
    }
  }

  const titles = new Map(impact.ledEvents.map((event) => [event.id, event.title]));
  // One bell and one e-mail per person and event: a member on two of the events hears of each.
  const bells = impact.team.map((member) =>
    notificationInsert(db, {
      userId: member.userId,
      title: EVENT_REMOVED_TITLE,
      message: eventRemovedMessage(titles.get(member.eventId) ?? ""),
      // No event id: the notification outlives the event it tells of.
      data: { type: "event_removed" },
    }),
  );
  const recipients = new Map<string, { to: string; title: string }>();
  for (const { eventId, email } of [...impact.team, ...impact.clients]) {
    recipients.set(`${eventId} ${email.toLowerCase()}`, { to: email, title: titles.get(eventId) ?? "" });
  }
  const mails = [...recipients.values()].map(({ to, title }) => outboxInsert(db, eventRemovedEmail(to, title)));
  const ledIds = impact.ledEvents.map((event) => event.id);
  // The team's and the clients' pages of those events say they were deleted (decision 017).
  const notices = deletedEventNotices(db, eq(events.leadPhotographerId, userId), isoNow());

  try {
    await batchNamed(db, {
      // First: a second request racing this one fails here, and its whole batch with it.
      once: db.insert(processedJobs).values({ key: `account-deletion:${await sha256Hex(userId)}`, kind: "account-deletion" }),
      ...Object.fromEntries(bells.map((bell, i) => [`bell${i}`, bell.statement])),
      ...Object.fromEntries(mails.map((mail, i) => [`mail${i}`, mail.statement])),
      // E-mails to the address: those waiting (a reset link, a reminder) are not sent, and
      // the record of those sent goes too.
      mail: db.delete(emailOutbox).where(eq(emailOutbox.toAddress, user.email)),
      invitations: db.delete(eventInvites).where(eq(eventInvites.email, user.email)),
      // The records of changes to other photographers' events that answer a repeat with the
      // row as the user left it (their id as who checked it off): a device of theirs can
      // no longer send the repeat.
      changeRecords: db.delete(appliedMutations).where(sql`instr(${appliedMutations.result}, ${userId}) > 0`),
      // Counters keyed by the address (sign-in, reset, sign-up limits) or by the user (this one's own).
      counters: db.delete(rateLimits).where(sql`instr(${rateLimits.key}, ${`:${user.email}`}) > 0 OR instr(${rateLimits.key}, ${`:${userId}`}) > 0`),
      memberNotices: notices.members,
      linkNotices: notices.links,
      // Each event with all its lists, team, client links and records (ON DELETE CASCADE).
      ledEvents: db.delete(events).where(eq(events.leadPhotographerId, userId)),
      organizations: db.delete(organizations).where(eq(organizations.ownerId, userId)),
      // The rest cascades from the user: profile, sessions, device sign-ins, passkeys,
      // challenges, tokens, memberships, contacts, notifications, preferences, push devices.
      user: db.delete(users).where(eq(users.id, userId)),
    });
  } catch (error) {
    if (String((error as { cause?: unknown }).cause ?? error).includes("UNIQUE")) return { status: "deleted", stripeCancelled };
    throw error;
  }

  await Promise.all([
    mails.length ? enqueueEmails(env, mails.map((mail) => mail.id)) : undefined,
    dispatchNotifications(env, bells.map((bell) => bell.written)),
    ...ledIds.map((eventId) => closeEventRoom(env, eventId)),
    forgetUserChannel(env, userId, sessionRows.map((row) => row.tokenHash)),
  ]);
  return { status: "deleted", stripeCancelled };
}
