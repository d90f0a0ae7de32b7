import { env } from "cloudflare:workers";
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  emailOutbox,
  eventClientAccess,
  eventInvites,
  events,
  eventSecondShooters,
  notifications,
  organizations,
  profiles,
  sessions,
  timelineBlocks,
  users,
} from "~/db/schema";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { deliverOutboxEmail } from "~/utils/email.server";
import { createFakeEmailApi } from "../fakes/email-api";
import { createClient, type Client, deliveredMail, signUp, uniqueEmail } from "./helpers";

// Inviting, answering and removing, seen from the outside (status, page
// text, Location) and in D1. Every refusal leaves D1 as it was.

const db = getDb(env);
const EVENT_TITLE = "Harbor Loft Wedding";

type User = { client: Client; id: string; email: string };

/** A signed-in account without the cost of a sign-up (scrypt): a user, profile and session row. */
async function quickUser({ confirmed = true, pro = false, firstName = "Test", lastName = "User", businessName = null as string | null } = {}): Promise<User> {
  const id = crypto.randomUUID();
  const email = uniqueEmail("team");
  const token = randomToken(32);
  await db.batch([
    db.insert(users).values({ id, email, passwordHash: "scrypt$16384$8$5$x$y", emailConfirmedAt: confirmed ? new Date().toISOString() : null }),
    db.insert(profiles).values({
      userId: id,
      email,
      firstName,
      lastName,
      businessName,
      ...(pro ? { subscriptionStatus: "active", subscriptionType: "business", subscriptionExpiresAt: "2099-01-01T00:00:00.000Z" } : {}),
    }),
    db.insert(sessions).values({ tokenHash: await sha256Hex(token), userId: id, persistent: true, expiresAt: "2099-01-01T00:00:00.000Z" }),
  ]);
  const client = createClient();
  client.jar.set("ef_session", token);
  return { client, id, email };
}

let lead: User;
let member: User;
let stranger: User;

beforeAll(async () => {
  lead = await quickUser({ pro: true, firstName: "Maya", lastName: "Thompson", businessName: "Golden Hour Studio" });
  member = await quickUser();
  stranger = await quickUser({ pro: true });
});

beforeEach(() => {
  for (const user of [lead, member, stranger]) user.client.jar.delete("en_toast");
});

async function seedEvent(leadId = lead.id, { blocks = true } = {}) {
  const eventId = crypto.randomUUID();
  await db.batch([
    db.insert(organizations).values({ id: crypto.randomUUID(), name: "Org", ownerId: leadId }).onConflictDoNothing(),
    db.insert(events).values({
      id: eventId,
      title: EVENT_TITLE,
      coupleNames: "Noor & Sam",
      date: "2027-05-22",
      venue: "Harbor Loft",
      organizationId: sql`(SELECT id FROM organizations WHERE owner_id = ${leadId})`,
      leadPhotographerId: leadId,
    }),
    db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: member.id, status: "accepted", shooterType: "second_shooter" }),
  ]);
  if (blocks) {
    await db.insert(timelineBlocks).values([
      { id: crypto.randomUUID(), eventId, title: "Ceremony", blockType: "ceremony", startTime: "16:00", durationMinutes: 30, orderIndex: 1 },
      { id: crypto.randomUUID(), eventId, title: "Getting Ready", blockType: "prep", startTime: "14:00", durationMinutes: 125, orderIndex: 0 },
    ]);
  }
  return eventId;
}

async function teamOf(eventId: string) {
  const [invites, members, clients] = await db.batch([
    db.select().from(eventInvites).where(eq(eventInvites.eventId, eventId)).orderBy(asc(eventInvites.id)),
    db.select().from(eventSecondShooters).where(eq(eventSecondShooters.eventId, eventId)).orderBy(asc(eventSecondShooters.id)),
    db.select().from(eventClientAccess).where(eq(eventClientAccess.eventId, eventId)).orderBy(asc(eventClientAccess.id)),
  ]);
  return { invites, members, clients };
}

const notificationsOf = (userId: string) => db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.createdAt));
const mailTo = (address: string) => db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(asc(emailOutbox.createdAt));

/**
 * The secret of the newest invitation e-mail to `address`, as delivered (the queue fills
 * the link in at delivery; the dev mailbox keeps the delivered text).
 */
async function inviteTokenFor(address: string, mails = 1) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const sent = (await mailTo(address)).filter((mail) => mail.kind === "team_invite" && mail.status === "sent");
    const token = sent.length >= mails ? sent[mails - 1]!.textBody.match(/\/accept-invite\/([A-Za-z0-9_-]+)/)?.[1] : undefined;
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no delivered invitation to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function textOf(response: Response) {
  return (await response.text()).replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

const INVITE = { intent: "invite-team", firstName: "Sam", inviteType: "second_shooter", coverageHours: "6.5", startTime: "14:00", endTime: "22:30" };

function invite(client: Client, eventId: string, fields: Record<string, string>) {
  return client.post(`/events/${eventId}?tab=team&dialog=invite-team`, { ...INVITE, ...fields });
}

/** Follows the redirect a save answers with and returns the page text (with its toast). */
async function follow(client: Client, response: Response) {
  expect(response.status).toBe(302);
  return textOf(await client.get(response.headers.get("Location")!));
}

describe("inviting a shooter from the team tab", () => {
  it("writes the invitation with an unguessable id and e-mails the link with the event's facts", async () => {
    const eventId = await seedEvent();
    const email = uniqueEmail("new-shooter");
    const response = await invite(lead.client, eventId, { email: email.toUpperCase() });
    expect(response.headers.get("Location")).toBe(`/events/${eventId}?tab=team`);
    expect(await follow(lead.client, response)).toContain("Invitation sent successfully");

    const [row] = (await teamOf(eventId)).invites;
    expect(row).toMatchObject({ email, inviteeName: "Sam", inviteType: "second_shooter", coverageHours: 6.5, startTime: "14:00", endTime: "22:30", status: "pending", invitedBy: lead.id });
    expect(row!.id).toMatch(/^[A-Za-z0-9_-]{32}$/);

    // The e-mail's link carries its own secret, not the id the lead's page
    // sees; D1 keeps only its hash, and the stored e-mail only a placeholder.
    const token = await inviteTokenFor(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toBe(row!.id);
    expect(row!.tokenHash).toBe(await sha256Hex(token));
    expect(await textOf(await lead.client.get(`/events/${eventId}?tab=team`))).not.toContain(token);
    const [mail] = await mailTo(email);
    expect(mail!.subject).toBe(`Golden Hour Studio invited you to ${EVENT_TITLE}`);
    for (const fact of [
      "Hi Sam,",
      `Golden Hour Studio invited you to join ${EVENT_TITLE} as Second Shooter.`,
      "Couple: Noor & Sam",
      "Date: May 22, 2027",
      "Venue: Harbor Loft",
      "Coverage: 6.5 hours",
      "Start time: 2:00 PM",
      "End time: 10:30 PM",
      `http://localhost/accept-invite/${token}`,
    ]) {
      expect(mail!.textBody).toContain(fact);
    }
    // No account yet: no in-app notification for anyone.
    expect(await db.select().from(notifications).where(eq(notifications.eventId, eventId))).toEqual([]);
  });

  it("notifies an invitee who already has an account ('New Associate Shooter Invite')", async () => {
    const eventId = await seedEvent();
    const invitee = await quickUser();
    await invite(lead.client, eventId, { email: invitee.email, inviteType: "associate_shooter" });
    const [row] = (await teamOf(eventId)).invites;
    const [notification] = await notificationsOf(invitee.id);
    expect(notification).toMatchObject({
      title: "New Associate Shooter Invite",
      read: false,
      eventId,
      data: { type: "event_invite", invite_id: row!.id, event_id: eventId, eventTitle: EVENT_TITLE },
    });
  });

  it("does not notify an account whose address is unconfirmed: it may be someone else's", async () => {
    const eventId = await seedEvent();
    const squatter = await quickUser({ confirmed: false });
    await invite(lead.client, eventId, { email: squatter.email });
    expect(await notificationsOf(squatter.id)).toEqual([]);
    // The mailbox still gets its e-mail.
    expect(await inviteTokenFor(squatter.email)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("inviting the same address again re-sends the same invitation: no second seat", async () => {
    const eventId = await seedEvent();
    const email = uniqueEmail("twice");
    await invite(lead.client, eventId, { email });
    const again = await invite(lead.client, eventId, { email, coverageHours: "8", inviteType: "associate_shooter" });
    expect(again.status).toBe(302);
    const { invites } = await teamOf(eventId);
    expect(invites).toHaveLength(1);
    expect(invites[0]).toMatchObject({ coverageHours: 8, inviteType: "associate_shooter", status: "pending" });
    const mails = await mailTo(email);
    expect(mails).toHaveLength(2);
    // Each sending carries a new secret (none is stored to send again); the earlier
    // e-mail's link stops working.
    const first = await inviteTokenFor(email, 1);
    const second = await inviteTokenFor(email, 2);
    expect(second).not.toBe(first);
    expect(invites[0]!.tokenHash).toBe(await sha256Hex(second));
    expect(mails.map((mail) => mail.textBody).join("")).not.toContain(invites[0]!.id);
  });

  it("refuses someone already on the team, and the lead's own address, changing nothing", async () => {
    const eventId = await seedEvent();
    const before = await teamOf(eventId);
    const onTeam = await invite(lead.client, eventId, { email: member.email });
    expect(onTeam.status).toBe(409);
    expect(await textOf(onTeam)).toContain(`${member.email} is already on the team.`);
    const self = await invite(lead.client, eventId, { email: lead.email });
    expect(self.status).toBe(409);
    expect(await textOf(self)).toContain("You can't invite yourself to your own event.");
    expect(await teamOf(eventId)).toEqual(before);
  });

  it.each<{ name: string; fields: Record<string, string>; message: string }>([
    { name: "no first name", fields: { firstName: "" }, message: "Please enter name and email" },
    { name: "no e-mail", fields: { email: "" }, message: "Please enter name and email" },
    { name: "a bad e-mail", fields: { email: "not-an-email" }, message: "Invalid email address" },
    { name: "negative coverage", fields: { coverageHours: "-1" }, message: "Coverage hours cannot be negative" },
    { name: "coverage off the 0.5 step", fields: { coverageHours: "2.3" }, message: "Coverage hours go in steps of 0.5" },
    { name: "coverage that is not a number", fields: { coverageHours: "lots" }, message: "Coverage hours must be a number" },
    { name: "a start time that is not a time", fields: { startTime: "25:00" }, message: "Please enter a valid time" },
    { name: "an unknown type", fields: { inviteType: "boss" }, message: "Please choose an invite type" },
    { name: "an oversized name", fields: { firstName: "x".repeat(101) }, message: "First name must be less than 100 characters" },
  ])("answers 400 with '$message' for $name, and writes nothing", async ({ fields, message }) => {
    const eventId = await seedEvent();
    const before = await teamOf(eventId);
    const response = await invite(lead.client, eventId, { email: uniqueEmail("bad"), ...fields });
    expect(response.status).toBe(400);
    const text = await textOf(response);
    expect(text).toContain("Validation Error");
    expect(text).toContain(message);
    expect(await teamOf(eventId)).toEqual(before);
  });

  it("refuses a member (403), a stranger (404), the lead of another event (404) and a visitor (sign in)", async () => {
    const eventId = await seedEvent();
    const otherLeadsEvent = await seedEvent(stranger.id);
    void otherLeadsEvent;
    const before = await teamOf(eventId);
    const email = uniqueEmail("refused");
    expect((await invite(member.client, eventId, { email })).status).toBe(403);
    expect((await invite(stranger.client, eventId, { email })).status).toBe(404);
    const visitor = await invite(createClient(), eventId, { email });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/auth\?returnTo=/);
    expect(await teamOf(eventId)).toEqual(before);
    expect(await mailTo(email)).toEqual([]);
  });
});

describe("a client invited from the team tab", () => {
  it("gets a view-only link whose token is stored only as its hash, shown once to the lead", async () => {
    const eventId = await seedEvent();
    const email = uniqueEmail("client");
    const response = await invite(lead.client, eventId, { email, inviteType: "client", coverageHours: "5" });
    // Post/redirect/get: the link is handed to the team tab that follows, once.
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/events/${eventId}?tab=team`);
    const text = await textOf(await lead.client.get(response.headers.get("Location")!));
    expect(text).toContain("Client link created");
    const url = text.match(/http:\/\/localhost\/client\/([0-9a-f]{64})/);
    expect(url).not.toBeNull();
    const token = url![1]!;
    const [access] = (await teamOf(eventId)).clients;
    expect(access).toMatchObject({ clientEmail: email, canEditPeople: false, canEditTimeline: false, canEditShots: false, canEditVendors: false, accessTokenHash: await sha256Hex(token) });
    // docs/product/limits.md#client-links: 30 days after the event date.
    expect(access!.expiresAt).toBe("2027-06-21T23:59:59.999Z");
    // No shooter invitation, and the token is nowhere in D1 before delivery.
    expect((await teamOf(eventId)).invites).toEqual([]);
    const [mail] = await mailTo(email);
    expect(mail!.textBody).toContain("{{client_link}}");
    expect(mail!.textBody).not.toContain(token);
    // The page shown afterwards no longer carries the link.
    expect(await textOf(await lead.client.get(`/events/${eventId}?tab=team`))).not.toContain(token);
  });

  it("a real provider gets the link; the stored e-mail keeps only the placeholder; without the secret nothing is sent", async () => {
    const eventId = await seedEvent();
    const email = uniqueEmail("client-api");
    await invite(lead.client, eventId, { email, inviteType: "client" });
    const [mail] = await mailTo(email);
    // Delivery by the queue may already have run with the dev mailbox: reset the row.
    await db.update(emailOutbox).set({ status: "queued", textBody: mail!.textBody.replace(/http:\/\/localhost\/client\/[0-9a-f]{64}/, "{{client_link}}"), htmlBody: null, lockedUntil: null }).where(eq(emailOutbox.id, mail!.id));
    const api = createFakeEmailApi();
    const mailEnv = { EMAIL_API_KEY: "re_test_key", EMAIL_API_URL: "https://api.resend.test/emails", MAIL_FROM: "Event Flow <hello@eventflow.app>" };
    const link = `http://localhost/client/${"ab".repeat(32)}`;
    expect(await deliverOutboxEmail(db, mailEnv, mail!.id, api.fetcher, { client_link: link })).toBe("sent");
    expect(api.requests[0]!.body.text).toContain(link);
    const [stored] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, mail!.id));
    expect(stored!.textBody).toContain("{{client_link}}");
    expect(stored!.textBody).not.toContain(link);

    // The cron's retry of a lost message has no secret: it fails instead of sending a hole.
    await db.update(emailOutbox).set({ status: "queued" }).where(eq(emailOutbox.id, mail!.id));
    const retry = createFakeEmailApi();
    expect(await deliverOutboxEmail(db, mailEnv, mail!.id, retry.fetcher)).toBe("unfillable");
    expect(retry.requests).toEqual([]);
    expect((await db.select().from(emailOutbox).where(eq(emailOutbox.id, mail!.id)))[0]).toMatchObject({ status: "failed" });
  });
});

describe("removing from the team", () => {
  it("a pending invitation: the invitation goes and its link stops working", async () => {
    const eventId = await seedEvent();
    const invitee = await quickUser();
    await invite(lead.client, eventId, { email: invitee.email });
    const [row] = (await teamOf(eventId)).invites;
    const response = await lead.client.post(`/events/${eventId}?tab=team`, { intent: "remove-team", id: `invite:${row!.id}` });
    expect(await follow(lead.client, response)).toContain("Team member removed");
    expect((await teamOf(eventId)).invites).toEqual([]);
    const page = await invitee.client.get(`/accept-invite/${row!.id}`);
    expect(page.status).toBe(404);
    expect(await textOf(page)).toContain("Invitation not found");
  });

  it("an accepted member loses access at once, and their invitation goes with them", async () => {
    const eventId = await seedEvent();
    const shooter = await quickUser();
    await invite(lead.client, eventId, { email: shooter.email });
    const [row] = (await teamOf(eventId)).invites;
    expect((await shooter.client.post(`/accept-invite/${row!.id}`, { intent: "accept" })).status).toBe(200);
    expect((await shooter.client.get(`/events/${eventId}`)).status).toBe(200);
    const membership = (await teamOf(eventId)).members.find((m) => m.userId === shooter.id)!;

    const response = await lead.client.post(`/events/${eventId}?tab=team`, { intent: "remove-team", id: `member:${membership.id}` });
    expect(response.status).toBe(302);
    const after = await teamOf(eventId);
    expect(after.members.find((m) => m.userId === shooter.id)).toBeUndefined();
    expect(after.invites).toEqual([]);
    expect((await shooter.client.get(`/events/${eventId}`)).status).toBe(404);
    const [block] = await db.select({ id: timelineBlocks.id }).from(timelineBlocks).where(eq(timelineBlocks.eventId, eventId));
    expect((await shooter.client.post(`/events/${eventId}`, { intent: "toggle-block", id: block!.id, done: "true" })).status).toBe(404);
    // The old link cannot bring them back.
    expect((await shooter.client.post(`/accept-invite/${row!.id}`, { intent: "accept" })).status).toBe(404);
  });

  it("a client row deletes the client's access", async () => {
    const eventId = await seedEvent();
    await invite(lead.client, eventId, { email: uniqueEmail("client"), inviteType: "client" });
    const [access] = (await teamOf(eventId)).clients;
    const response = await lead.client.post(`/events/${eventId}?tab=team`, { intent: "remove-team", id: `client:${access!.id}` });
    expect(response.status).toBe(302);
    expect((await teamOf(eventId)).clients).toEqual([]);
  });

  it("refuses a member, a stranger, rows of another event and malformed ids, changing nothing", async () => {
    const eventId = await seedEvent();
    const other = await seedEvent();
    const otherMember = (await teamOf(other)).members[0]!;
    const mine = (await teamOf(eventId)).members[0]!;
    const before = [await teamOf(eventId), await teamOf(other)];
    expect((await member.client.post(`/events/${eventId}`, { intent: "remove-team", id: `member:${mine.id}` })).status).toBe(403);
    expect((await stranger.client.post(`/events/${eventId}`, { intent: "remove-team", id: `member:${mine.id}` })).status).toBe(404);
    const foreign = await lead.client.post(`/events/${eventId}`, { intent: "remove-team", id: `member:${otherMember.id}` });
    expect(foreign.status).toBe(404);
    expect(await textOf(foreign)).toContain("Failed to remove team member");
    for (const id of ["", "member", "member:", "boss:abc", `member:${"x".repeat(65)}`, "member:a b"]) {
      expect((await lead.client.post(`/events/${eventId}`, { intent: "remove-team", id })).status, id).toBe(400);
    }
    expect([await teamOf(eventId), await teamOf(other)]).toEqual(before);
  });
});

describe("the invitation page", () => {
  async function pendingInvite(eventId: string, email: string, fields: Record<string, string> = {}) {
    await invite(lead.client, eventId, { email, ...fields });
    const row = (await teamOf(eventId)).invites.find((i) => i.email === email)!;
    return row.id;
  }

  it("sends a visitor to sign up as a guest and come back", async () => {
    const eventId = await seedEvent();
    const id = await pendingInvite(eventId, uniqueEmail("visitor"));
    const response = await createClient().get(`/accept-invite/${id}?action=decline`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/auth?returnTo=${encodeURIComponent(`/accept-invite/${id}?action=decline`)}&mode=guest`);
  });

  it("shows the invitee the inviter, position, date, earliest start, location and coverage", async () => {
    const eventId = await seedEvent();
    const invitee = await quickUser();
    const id = await pendingInvite(eventId, invitee.email, { coverageHours: "" });
    const response = await invitee.client.get(`/accept-invite/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    const text = await textOf(response);
    for (const fact of ["Event Invitation", "You've been invited by", "Golden Hour Studio", EVENT_TITLE, "Second Shooter", "May 22, 2027", "2:00 PM", "Harbor Loft", "Accept Invitation", "Decline Invitation"]) {
      expect(text).toContain(fact);
    }
    // No coverage on the invite: the blocks' 155 minutes, in hours to one decimal.
    expect(text).toContain("2.6 hours");
  });

  it("gives the e-mail and the accept page the same times: the invitation's own, else the timeline's first start and last end", async () => {
    const eventId = await seedEvent();
    const invitee = await quickUser();
    // No times and no coverage on the invitation: the blocks' 14:00 start, 16:30 end and 155 minutes.
    await follow(lead.client, await invite(lead.client, eventId, { email: invitee.email, startTime: "", endTime: "", coverageHours: "" }));
    const [mail] = await mailTo(invitee.email);
    for (const fact of ["Start time: 2:00 PM", "End time: 4:30 PM", "Coverage: 2.6 hours"]) expect(mail!.textBody).toContain(fact);
    const [row] = (await teamOf(eventId)).invites;
    const page = await textOf(await invitee.client.get(`/accept-invite/${row!.id}`));
    for (const fact of ["Start time", "2:00 PM", "End time", "4:30 PM", "2.6 hours"]) expect(page).toContain(fact);

    // The invitation's own times win, in both.
    const other = await quickUser();
    await follow(lead.client, await invite(lead.client, eventId, { email: other.email }));
    const [own] = await mailTo(other.email);
    for (const fact of ["Start time: 2:00 PM", "End time: 10:30 PM", "Coverage: 6.5 hours"]) expect(own!.textBody).toContain(fact);
    const ownRow = (await teamOf(eventId)).invites.find((each) => each.email === other.email);
    const ownPage = await textOf(await other.client.get(`/accept-invite/${ownRow!.id}`));
    for (const fact of ["2:00 PM", "10:30 PM", "6.5 hours"]) expect(ownPage).toContain(fact);
  });

  it("writes an invitation's times on the reader's clock: the invitee's 'Time format', else (no account) the inviter's", async () => {
    const eventId = await seedEvent();
    const invitee = await quickUser();
    await db.update(profiles).set({ timeFormat: "24h" }).where(eq(profiles.userId, invitee.id));
    await follow(lead.client, await invite(lead.client, eventId, { email: invitee.email }));
    const [mail] = await mailTo(invitee.email);
    for (const fact of ["Start time: 14:00", "End time: 22:30"]) expect(mail!.textBody).toContain(fact);
    const [row] = (await teamOf(eventId)).invites;
    const page = await textOf(await invitee.client.get(`/accept-invite/${row!.id}`, { "Accept-Language": "en-US" }));
    for (const fact of ["14:00", "22:30"]) expect(page).toContain(fact);

    // An address with no account reads the inviter's clock: 'Automatic' from a 24-hour browser.
    const european = await quickUser({ pro: true, businessName: "Studio Nord" });
    await db.update(profiles).set({ autoHourCycle: "24h" }).where(eq(profiles.userId, european.id));
    const theirs = await seedEvent(european.id);
    const stranger = uniqueEmail("new");
    await follow(european.client, await invite(european.client, theirs, { email: stranger }));
    const [sent] = await mailTo(stranger);
    for (const fact of ["Start time: 14:00", "End time: 22:30"]) expect(sent!.textBody).toContain(fact);
  });

  it("falls back to the inviter's name, then 'the photographer'", async () => {
    const namedLead = await quickUser({ pro: true, firstName: "Ana", lastName: "Rivera" });
    const eventId = await seedEvent(namedLead.id);
    const invitee = await quickUser();
    await invite(namedLead.client, eventId, { email: invitee.email });
    const [row] = (await teamOf(eventId)).invites;
    expect(await textOf(await invitee.client.get(`/accept-invite/${row!.id}`))).toContain("Ana Rivera");
    await db.update(profiles).set({ firstName: null, lastName: null }).where(eq(profiles.userId, namedLead.id));
    expect(await textOf(await invitee.client.get(`/accept-invite/${row!.id}`))).toContain("the photographer");
  });

  it("shows someone signed in with another address only the mismatch warning, and refuses their answer", async () => {
    const eventId = await seedEvent();
    const invitedEmail = uniqueEmail("invited");
    const id = await pendingInvite(eventId, invitedEmail);
    const response = await stranger.client.get(`/accept-invite/${id}`);
    expect(response.status).toBe(403);
    const text = await textOf(response);
    expect(text).toContain("Email Mismatch");
    expect(text.replace(/<[^>]+>/g, "")).toContain("This invitation was sent to a different email address. Please sign in with the address it was sent to.");
    // The holder of the link does not learn who was invited.
    expect(text.toLowerCase()).not.toContain(invitedEmail.toLowerCase());
    expect(text).not.toContain(EVENT_TITLE);
    expect(text).not.toContain("Golden Hour Studio");
    const before = await teamOf(eventId);
    for (const intent of ["accept", "decline"]) {
      const refused = await stranger.client.post(`/accept-invite/${id}`, { intent });
      expect(refused.status).toBe(403);
      const toast = await textOf(refused);
      expect(toast).toContain("Email Mismatch");
      expect(toast.toLowerCase()).not.toContain(invitedEmail.toLowerCase());
    }
    expect(await teamOf(eventId)).toEqual(before);
    expect((await stranger.client.get(`/events/${eventId}`)).status).toBe(404);
  });

  it("answers an unknown id 404 'Invitation not found' and a malformed one 400 'Invalid invitation link'", async () => {
    const unknown = await member.client.get(`/accept-invite/${randomToken(24)}`);
    expect(unknown.status).toBe(404);
    expect(await textOf(unknown)).toContain("Invitation not found");
    for (const bad of ["short", "x".repeat(65), "bad%20id%21%21%21%21%21%21%21%21%21"]) {
      const response = await member.client.get(`/accept-invite/${bad}`);
      expect(response.status, bad).toBe(400);
      expect(await textOf(response)).toContain("Invalid invitation link");
    }
  });

  it("opened by its id (the bell's link), an unconfirmed address learns nothing and cannot answer until it is confirmed", async () => {
    const eventId = await seedEvent();
    const invitee = await quickUser({ confirmed: false });
    const id = await pendingInvite(eventId, invitee.email);
    const response = await invitee.client.get(`/accept-invite/${id}`);
    const page = await textOf(response);
    expect(page).toContain("Please confirm your email address first");
    expect(page).not.toContain("Accept Invitation");
    expect(page).not.toContain(EVENT_TITLE);
    const before = await teamOf(eventId);
    const refused = await invitee.client.post(`/accept-invite/${id}`, { intent: "accept" });
    expect(refused.status).toBe(403);
    expect(await textOf(refused)).toContain("Failed to accept invitation");
    expect(await teamOf(eventId)).toEqual(before);

    const resend = await invitee.client.post(`/accept-invite/${id}`, { intent: "resend-confirmation" });
    expect(resend.status).toBe(200);
    const confirmation = await deliveredMail(invitee.email, "email_confirmation");
    expect(confirmation.textBody).toContain(`returnTo=${encodeURIComponent(`/accept-invite/${id}`)}`);
  });

  it("re-sends a confirmation 3 times in 10 minutes: the 3rd is sent, the 4th refused (decision 004)", async () => {
    const eventId = await seedEvent();
    const invitee = await quickUser({ confirmed: false });
    const id = await pendingInvite(eventId, invitee.email);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await invitee.client.post(`/accept-invite/${id}`, { intent: "resend-confirmation" })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await mailTo(invitee.email)).filter((m) => m.kind === "email_confirmation")).toHaveLength(3);
  });

  it("opened by the e-mail's link, the invited address may answer, and answering confirms it (the link proves the mailbox)", async () => {
    const eventId = await seedEvent();
    const invitee = await quickUser({ confirmed: false });
    await pendingInvite(eventId, invitee.email);
    const token = await inviteTokenFor(invitee.email);
    const page = await textOf(await invitee.client.get(`/accept-invite/${token}`));
    expect(page).toContain("Accept Invitation");
    expect(page).toContain(EVENT_TITLE);
    const accepted = await invitee.client.post(`/accept-invite/${token}`, { intent: "accept" });
    expect(accepted.status).toBe(200);
    expect((await teamOf(eventId)).members.find((m) => m.userId === invitee.id)).toMatchObject({ status: "accepted" });
    const [row] = await db.select().from(users).where(eq(users.id, invitee.id));
    expect(row!.emailConfirmedAt).not.toBeNull();
  });

  it("a re-sent invitation's earlier link stops working; the newest one opens it", async () => {
    const eventId = await seedEvent();
    const invitee = await quickUser();
    await pendingInvite(eventId, invitee.email);
    const first = await inviteTokenFor(invitee.email, 1);
    await invite(lead.client, eventId, { email: invitee.email });
    const second = await inviteTokenFor(invitee.email, 2);
    expect((await invitee.client.get(`/accept-invite/${first}`)).status).toBe(404);
    expect((await invitee.client.get(`/accept-invite/${second}`)).status).toBe(200);
  });

  it("a guest who signs up from the invitation e-mail's link with the invited address is confirmed by it; another address is not", async () => {
    const eventId = await seedEvent();
    const invitedEmail = uniqueEmail("guest");
    await pendingInvite(eventId, invitedEmail);
    const returnTo = `/accept-invite/${await inviteTokenFor(invitedEmail)}`;
    const guest = createClient();
    const { response } = await signUp(guest, invitedEmail);
    void response;
    // (the plain sign-up above was without returnTo: not confirmed)
    const [plain] = await db.select().from(users).where(eq(users.email, invitedEmail));
    expect(plain!.emailConfirmedAt).toBeNull();

    const otherInvited = uniqueEmail("guest2");
    await pendingInvite(eventId, otherInvited);
    const token2 = await inviteTokenFor(otherInvited);
    const viaLink = createClient();
    const signedUp = await viaLink.post(`/auth?returnTo=${encodeURIComponent(`/accept-invite/${token2}`)}&mode=guest`, {
      intent: "signup",
      firstName: "Jo",
      lastName: "Park",
      email: otherInvited,
      password: "Sunset2026",
    });
    expect(signedUp.headers.get("Location")).toBe(`/accept-invite/${token2}`);
    const [confirmed] = await db.select().from(users).where(eq(users.email, otherInvited));
    expect(confirmed!.emailConfirmedAt).not.toBeNull();
    expect((await mailTo(otherInvited)).some((m) => m.kind === "email_confirmation")).toBe(false);
    // The link of someone else's invitation confirms nothing.
    const intruder = createClient();
    const intruderEmail = uniqueEmail("intruder");
    await intruder.post(`/auth?returnTo=${encodeURIComponent(returnTo)}&mode=guest`, { intent: "signup", firstName: "Eve", lastName: "X", email: intruderEmail, password: "Sunset2026" });
    const [intruderRow] = await db.select().from(users).where(eq(users.email, intruderEmail));
    expect(intruderRow!.emailConfirmedAt).toBeNull();
  });

  it("the invitation's id, which the lead's page shows, confirms nothing: a squatter of the address cannot take a later seat", async () => {
    const eventId = await seedEvent();
    const victim = uniqueEmail("victim");
    const id = await pendingInvite(eventId, victim);
    // The lead's page carries the id; someone who read it signs up as the invited address with it.
    expect(await textOf(await lead.client.get(`/events/${eventId}?tab=team`))).toContain(id);
    const squatter = createClient();
    const signedUp = await squatter.post(`/auth?returnTo=${encodeURIComponent(`/accept-invite/${id}`)}&mode=guest`, {
      intent: "signup",
      firstName: "Eve",
      lastName: "Squat",
      email: victim,
      password: "Sunset2026",
    });
    expect(signedUp.status).toBe(302);
    const [account] = await db.select().from(users).where(eq(users.email, victim));
    expect(account!.emailConfirmedAt).toBeNull();
    // A normal confirmation e-mail went to the real mailbox instead.
    expect((await mailTo(victim)).some((m) => m.kind === "email_confirmation")).toBe(true);

    // Another photographer invites the same address later: the squatter is not told,
    // and neither that id nor the first can be answered.
    const otherLead = await quickUser({ pro: true });
    const otherEvent = await seedEvent(otherLead.id);
    await invite(otherLead.client, otherEvent, { email: victim });
    const [later] = (await teamOf(otherEvent)).invites;
    expect(await notificationsOf(account!.id)).toEqual([]);
    for (const [event, inviteId] of [[eventId, id], [otherEvent, later!.id]] as const) {
      const before = await teamOf(event);
      expect((await squatter.post(`/accept-invite/${inviteId}`, { intent: "accept" })).status).toBe(403);
      expect(await teamOf(event)).toEqual(before);
    }
  });

  it("accept stamps accepted_at, makes an accepted member with the coverage, tells the inviter; a replay changes nothing", async () => {
    const eventId = await seedEvent();
    const guest = await quickUser({ firstName: "Jo", lastName: "Park" });
    const id = await pendingInvite(eventId, guest.email, { coverageHours: "7.5", inviteType: "associate_shooter" });
    const before = (await notificationsOf(lead.id)).length;
    const response = await guest.client.post(`/accept-invite/${id}`, { intent: "accept" });
    expect(response.status).toBe(200);
    const text = await textOf(response);
    expect(text).toContain("Go to Event");
    expect(text).toContain("View Dashboard");
    const { invites, members } = await teamOf(eventId);
    expect(invites[0]).toMatchObject({ status: "accepted" });
    expect(invites[0]!.acceptedAt).not.toBeNull();
    expect(members.find((m) => m.userId === guest.id)).toMatchObject({ status: "accepted", coverageHours: 7.5, shooterType: "associate_shooter" });
    const leadNotes = await notificationsOf(lead.id);
    expect(leadNotes).toHaveLength(before + 1);
    expect(leadNotes.at(-1)).toMatchObject({ title: "Invitation Accepted", message: `Jo Park accepted your invitation to ${EVENT_TITLE}.`, data: { type: "invite_response", event_id: eventId } });

    const replay = await guest.client.post(`/accept-invite/${id}`, { intent: "accept" });
    expect(replay.status).toBe(409);
    expect(await textOf(replay)).toContain("This invitation has already been accepted.");
    const declineAfter = await guest.client.post(`/accept-invite/${id}`, { intent: "decline" });
    expect(declineAfter.status).toBe(409);
    expect((await teamOf(eventId)).members.find((m) => m.userId === guest.id)).toMatchObject({ status: "accepted" });
    expect(await notificationsOf(lead.id)).toHaveLength(before + 1);

    // The accepted page now goes straight to its result.
    const again = await textOf(await guest.client.get(`/accept-invite/${id}`));
    expect(again).toContain("This invitation has already been accepted.");
    expect(again).toContain("You can access the event from your dashboard.");
    // Hired Events, without a subscription.
    const home = await guest.client.get("/?tab=hired");
    expect(home.status).toBe(200);
    expect(await textOf(home)).toContain(EVENT_TITLE);
    expect((await guest.client.get(`/events/${eventId}`)).status).toBe(200);
  });

  it("two accepts at once make one membership and one notification", async () => {
    const eventId = await seedEvent();
    const guest = await quickUser();
    const id = await pendingInvite(eventId, guest.email);
    const before = (await notificationsOf(lead.id)).length;
    const answers = await Promise.all([1, 2, 3].map(() => guest.client.post(`/accept-invite/${id}`, { intent: "accept" })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await teamOf(eventId)).members.filter((m) => m.userId === guest.id)).toHaveLength(1);
    expect(await notificationsOf(lead.id)).toHaveLength(before + 1);
  });

  it("decline records a declined member, tells the inviter, and the page shows its result; a GET with action=decline changes nothing", async () => {
    const eventId = await seedEvent();
    const guest = await quickUser();
    const id = await pendingInvite(eventId, guest.email);
    const before = await teamOf(eventId);
    expect((await guest.client.get(`/accept-invite/${id}?action=decline`)).status).toBe(200);
    expect(await teamOf(eventId)).toEqual(before);

    const response = await guest.client.post(`/accept-invite/${id}?action=decline`, { intent: "decline" });
    expect(response.status).toBe(200);
    const text = await textOf(response);
    expect(text).toContain("Invitation Declined");
    expect(text).toContain("The photographer has been notified of your decision.");
    const { invites, members } = await teamOf(eventId);
    expect(invites[0]).toMatchObject({ status: "declined", acceptedAt: null });
    expect(members.find((m) => m.userId === guest.id)).toMatchObject({ status: "declined" });
    expect((await notificationsOf(lead.id)).at(-1)).toMatchObject({ title: "Invitation Declined" });
    expect((await guest.client.get(`/events/${eventId}`)).status).toBe(404);
    expect(await textOf(await guest.client.get(`/accept-invite/${id}`))).toContain("This invitation has already been declined.");

    // Invited again: a new pending invitation with a new link; the old link is gone.
    await invite(lead.client, eventId, { email: guest.email });
    const again = await teamOf(eventId);
    expect(again.invites).toHaveLength(1);
    expect(again.invites[0]).toMatchObject({ status: "pending" });
    expect(again.invites[0]!.id).not.toBe(id);
    expect(again.members.find((m) => m.userId === guest.id)).toBeUndefined();
    expect((await guest.client.get(`/accept-invite/${id}`)).status).toBe(404);
  });

  it("refuses an unknown intent with 400", async () => {
    const eventId = await seedEvent();
    const guest = await quickUser();
    const id = await pendingInvite(eventId, guest.email);
    expect((await guest.client.post(`/accept-invite/${id}`, { intent: "steal" })).status).toBe(400);
    expect((await teamOf(eventId)).invites[0]).toMatchObject({ status: "pending" });
  });
});

describe("leaving an event", () => {
  it("a member leaves: the membership goes, the lead is told, the event is gone from their view", async () => {
    const eventId = await seedEvent();
    const guest = await quickUser({ firstName: "Lee", lastName: "Chen" });
    await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: guest.id, status: "accepted" });
    const response = await guest.client.post(`/events/${eventId}?tab=team&dialog=leave-event`, { intent: "leave-event" });
    expect(response.status).toBe(302);
    expect((await teamOf(eventId)).members.find((m) => m.userId === guest.id)).toBeUndefined();
    expect((await notificationsOf(lead.id)).at(-1)).toMatchObject({ title: "Team Member Left", message: `Lee Chen left ${EVENT_TITLE}.` });
    expect((await guest.client.get(`/events/${eventId}`)).status).toBe(404);
  });

  it("the lead cannot leave their own event (403)", async () => {
    const eventId = await seedEvent();
    const response = await lead.client.post(`/events/${eventId}`, { intent: "leave-event" });
    expect(response.status).toBe(403);
    expect((await db.select().from(events).where(and(eq(events.id, eventId)))).length).toBe(1);
  });
});
