import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eventClientAccess, eventInvites, eventPeople, events, eventSecondShooters, notifications, organizations, profiles, pushSubscriptions, pushThrottle, shotListItems, timelineBlocks, users } from "~/db/schema";
import { deliverPushDigest, digestMessage } from "~/modules/notifications/push.server";
import { notifyClientChange, notifyTeamChange, PUSH_WINDOW_MS, teamChangeText } from "~/modules/notifications/team-changes.server";
import { loadInvitation, respondToInvite } from "~/modules/team/service.server";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import type { JobMessage } from "~/utils/jobs";
import { createBrowserSubscription, createFakePushService, generateVapidKeys } from "../fakes/push-service";
import { createClient, insertClientLink, sessionFor, storeDevice } from "./helpers";

// Team-change notifications (docs/product/notifications.md#types, docs/product/notifications.md#recipients) and their
// coalesced pushes.

const db = getDb(env);

async function person(firstName: string) {
  return { ...(await sessionFor({ firstName, lastName: "Shooter" })), name: `${firstName} Shooter` };
}
type Person = Awaited<ReturnType<typeof person>>;

let lead: Person;
let member: Person;
let other: Person;
let declined: Person;
let pending: Person;
beforeAll(async () => {
  [lead, member, other, declined, pending] = [await person("Maya"), await person("Alex"), await person("Sam"), await person("Dee"), await person("Pat")];
});

async function seedEvent() {
  const eventId = crypto.randomUUID();
  const block = crypto.randomUUID();
  const shot = crypto.randomUUID();
  const personId = crypto.randomUUID();
  await db.batch([
    db.insert(organizations).values({ id: crypto.randomUUID(), name: "Org", ownerId: lead.id }).onConflictDoNothing(),
    db.insert(events).values({ id: eventId, title: "Emma & James", date: "2027-06-12", organizationId: sql`(SELECT id FROM organizations WHERE owner_id = ${lead.id})`, leadPhotographerId: lead.id }),
    db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: member.id, status: "accepted" }),
    db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: other.id, status: "accepted" }),
    db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: declined.id, status: "declined" }),
    db.insert(eventInvites).values({ id: randomToken(24), eventId, email: pending.email, inviteType: "second_shooter", invitedBy: lead.id }),
    db.insert(timelineBlocks).values({ id: block, eventId, title: "Ceremony", blockType: "ceremony", durationMinutes: 30, orderIndex: 0 }),
    db.insert(timelineBlocks).values({ id: crypto.randomUUID(), eventId, title: "Reception", blockType: "reception", durationMinutes: 60, orderIndex: 1 }),
    db.insert(shotListItems).values({ id: shot, eventId, title: "Rings", category: "details", orderIndex: 0 }),
  ]);
  await db.insert(eventPeople).values({ id: personId, eventId, firstName: "Grandma", lastName: "Rose", role: "grandparent" });
  return { eventId, block, shot, personId, page: `/events/${eventId}` };
}

type Row = { userId: string; title: string; message: string; data: Record<string, unknown> | null };
const notificationsOf = async (eventId: string): Promise<Row[]> =>
  (await db.select({ userId: notifications.userId, title: notifications.title, message: notifications.message, data: notifications.data }).from(notifications).where(eq(notifications.eventId, eventId))) as Row[];
const recipients = (rows: Row[], type: string) => rows.filter((r) => r.data?.type === type).map((r) => r.userId).sort();

describe("who is told of a team change", () => {
  it("the lead and every accepted member but the one who made it; never a declined member or a pending invitee", async () => {
    const { eventId, shot, page } = await seedEvent();
    expect((await member.client.post(page, { intent: "toggle-shot", id: shot, done: "true" })).status).toBe(200);
    const rows = await notificationsOf(eventId);
    expect(recipients(rows, "shot_status_changed")).toEqual([lead.id, other.id].sort());
    const toLead = rows.find((r) => r.userId === lead.id)!;
    expect(toLead).toMatchObject({
      title: "Shot List Updated",
      message: 'Alex Shooter checked off "Rings" (Emma & James).',
      // docs/product/notifications.md#push: a team change carries eventId, eventTitle, notificationType and url '/'.
      data: { type: "shot_status_changed", eventId, eventTitle: "Emma & James", notificationType: "shot_status_changed", url: "/" },
    });
  });

  it("a member whose row says 'active' (older data's word for accepted) is on the team and is told too", async () => {
    const { eventId, shot, page } = await seedEvent();
    const veteran = await person("Ola");
    await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: veteran.id, status: "active" });
    expect((await veteran.client.post(page, { intent: "toggle-shot", id: shot, done: "true" })).status).toBe(200);
    expect((await member.client.post(page, { intent: "toggle-shot", id: shot, done: "false" })).status).toBe(200);
    const rows = await notificationsOf(eventId);
    expect(rows.filter((r) => r.data?.type === "shot_status_changed" && r.message.startsWith("Alex")).map((r) => r.userId).sort()).toEqual(
      [lead.id, other.id, veteran.id].sort(),
    );
  });

  it("names the actor by name or business, never by address (the team's addresses are the lead's business)", async () => {
    const { eventId, shot, page } = await seedEvent();
    await db.update(profiles).set({ firstName: null, lastName: null, businessName: null }).where(eq(profiles.userId, other.id));
    try {
      expect((await other.client.post(page, { intent: "toggle-shot", id: shot, done: "true" })).status).toBe(200);
      const toMember = (await notificationsOf(eventId)).find((r) => r.userId === member.id)!;
      expect(toMember.message).toBe('A team member checked off "Rings" (Emma & James).');
      expect(toMember.message).not.toContain(other.email);
    } finally {
      await db.update(profiles).set({ firstName: "Sam", lastName: "Shooter" }).where(eq(profiles.userId, other.id));
    }
  });

  it("the lead's own change reaches the accepted members only", async () => {
    const { eventId, page } = await seedEvent();
    expect((await lead.client.post(page, { intent: "add-shot", title: "First dance", category: "reception" })).status).toBe(302);
    const rows = await notificationsOf(eventId);
    expect(recipients(rows, "shot_added")).toEqual([member.id, other.id].sort());
    expect(rows[0]!.message).toBe('Maya Shooter added the shot "First dance" (Emma & James).');
  });

  it("each kind of change has its type (docs/product/notifications.md#types); vendors and a shot's edit notify no one", async () => {
    const { eventId, block, shot, personId, page } = await seedEvent();
    const steps: Array<[Record<string, string>, string | null]> = [
      [{ intent: "add-block", title: "First Look", blockType: "first_look", durationMinutes: "20" }, "timeline_added"],
      [{ intent: "edit-block", id: block, title: "Vows", blockType: "ceremony", durationMinutes: "45" }, "timeline_updated"],
      [{ intent: "toggle-block", id: block, done: "true" }, "timeline_updated"],
      [{ intent: "move-block", id: block, direction: "down" }, "timeline_updated"],
      [{ intent: "add-person", firstName: "Uncle", lastName: "Bob", role: "grandparent" }, "person_added"],
      [{ intent: "edit-person", id: personId, firstName: "Grandma", lastName: "Rosa", role: "grandparent" }, "person_updated"],
      [{ intent: "delete-person", id: personId }, "person_deleted"],
      [{ intent: "edit-shot", id: shot, title: "Rings on the bible", category: "details" }, null],
      [{ intent: "toggle-shot", id: shot, done: "false" }, "shot_status_changed"],
      [{ intent: "delete-shot", id: shot }, "shot_deleted"],
      [{ intent: "add-vendor", vendorName: "Bloom", vendorType: "florist" }, null],
      [{ intent: "edit-event", title: "Emma & James", date: "2027-06-13", status: "auto" }, "event_updated"],
      [{ intent: "delete-block", id: block }, "timeline_deleted"],
    ];
    let expected = 0;
    for (const [body, type] of steps) {
      const response = await lead.client.post(page, body);
      expect(response.status, body.intent).toBeLessThan(400);
      const rows = await notificationsOf(eventId);
      if (type) expected += 2;
      expect(rows.length, body.intent).toBe(expected);
      if (type) expect(recipients(rows, type).length, body.intent).toBeGreaterThanOrEqual(2);
    }
    const messages = (await notificationsOf(eventId)).filter((r) => r.userId === member.id).map((r) => r.message);
    expect(messages).toContain('Maya Shooter marked "Vows" done (Emma & James).');
    expect(messages).toContain("Maya Shooter removed Grandma Rosa from the people list (Emma & James).");
    expect(messages).toContain('Maya Shooter deleted the shot "Rings on the bible" (Emma & James).');
    expect(messages).toContain("Maya Shooter updated the event details (Emma & James).");
  });

  it("a refused or invalid change tells no one", async () => {
    const { eventId, shot, page } = await seedEvent();
    expect((await lead.client.post(page, { intent: "add-block", title: "", blockType: "other", durationMinutes: "5" })).status).toBe(400);
    expect((await member.client.post(page, { intent: "add-block", title: "Not mine", blockType: "other", durationMinutes: "5" })).status).toBe(403);
    expect((await member.client.post(page, { intent: "toggle-shot", id: crypto.randomUUID(), done: "true" })).status).toBe(404);
    expect((await pending.client.post(page, { intent: "toggle-shot", id: shot, done: "true" })).status).toBe(404);
    expect((await declined.client.post(page, { intent: "toggle-shot", id: shot, done: "true" })).status).toBe(404);
    expect(await notificationsOf(eventId)).toEqual([]);
  });

  it("a client's change: the members hear it from 'The client'; the lead has the Client Update instead", async () => {
    const { eventId } = await seedEvent();
    const { token, accessId } = await insertClientLink(eventId, { canEditPeople: true, canEditTimeline: true, canEditShots: true, canEditVendors: true }, { createdBy: lead.id });
    const couple = createClient();
    expect((await couple.get(`/client/${token}`)).status).toBe(302);
    expect((await couple.post(`/client/view/${accessId}`, { intent: "add-person", firstName: "Aunt", lastName: "May", role: "grandparent" })).status).toBe(302);
    const rows = await notificationsOf(eventId);
    expect(recipients(rows, "person_added")).toEqual([member.id, other.id].sort());
    expect(rows.find((r) => r.data?.type === "person_added")!.message).toBe("The client added Aunt May to the people list (Emma & James).");
    expect(rows.filter((r) => r.userId === lead.id).map((r) => r.title)).toEqual(["Client Update"]);
  });

  it("someone joining: the other members are told; the inviter gets the invitation's answer instead", async () => {
    const { eventId } = await seedEvent();
    await db.update(users).set({ emailConfirmedAt: "2026-01-01T00:00:00.000Z" }).where(eq(users.id, pending.id));
    const [invite] = await db.select().from(eventInvites).where(and(eq(eventInvites.eventId, eventId), eq(eventInvites.email, pending.email)));
    const invitation = (await loadInvitation(db, invite!.id))!;
    const responder = { userId: pending.id, email: pending.email, firstName: "Pat", lastName: "Shooter", businessName: null };
    expect(await respondToInvite(db, env, invitation, responder, "accept")).toEqual({ status: "done" });
    const rows = await notificationsOf(eventId);
    expect(recipients(rows, "team_member_joined")).toEqual([member.id, other.id].sort());
    expect(rows.find((r) => r.data?.type === "team_member_joined")).toMatchObject({ title: "Team Member Joined", message: "Pat Shooter joined the team (Emma & James)." });
    expect(recipients(rows, "invite_response")).toEqual([lead.id]);
    // A replayed answer tells no one again.
    expect((await respondToInvite(db, env, invitation, responder, "accept")).status).toBe("already");
    expect((await notificationsOf(eventId)).length).toBe(rows.length);
  });
});

describe("pushes are coalesced per recipient and event", () => {
  function capturingQueue() {
    const sent: Array<{ body: JobMessage; delaySeconds?: number }> = [];
    const JOBS = { sendBatch: async (messages: Array<{ body: JobMessage; delaySeconds?: number }>) => void sent.push(...messages) } as unknown as Queue;
    return { sent, env: { JOBS, USER_CHANNEL: env.USER_CHANNEL } };
  }

  it("ten changes in a minute: one push at once and one digest when the minute ends; the next minute pushes at once again", async () => {
    const { eventId } = await seedEvent();
    const queue = capturingQueue();
    const start = new Date("2027-06-12T15:00:00.000Z");
    const notice = (n: number, at: Date) => ({
      event: { id: eventId, title: "Emma & James" },
      change: { type: "shot_status_changed" as const, subject: `Shot ${n}`, done: true },
      actor: { userId: member.id, name: member.name },
      now: at,
    });
    for (let n = 0; n < 10; n++) await notifyTeamChange(db, queue.env, notice(n, new Date(start.getTime() + n * 5_000)));

    // Two recipients (the lead and the other member): 20 notifications, 2 pushes, 2 digests.
    expect((await notificationsOf(eventId)).length).toBe(20);
    const immediate = queue.sent.filter((m) => m.body.kind === "push");
    const digests = queue.sent.filter((m) => m.body.kind === "push-digest");
    expect(immediate).toHaveLength(2);
    expect(immediate.every((m) => m.delaySeconds === undefined)).toBe(true);
    expect(digests.map((m) => (m.body as { userId: string }).userId).sort()).toEqual([lead.id, other.id].sort());
    // Scheduled for the end of the window (the second change came 5 s in).
    expect(digests.map((m) => m.delaySeconds)).toEqual([55, 55]);
    expect(digests[0]!.body).toMatchObject({ eventId, windowEndsAt: new Date(start.getTime() + PUSH_WINDOW_MS).toISOString() });
    const [window] = await db.select().from(pushThrottle).where(and(eq(pushThrottle.userId, lead.id), eq(pushThrottle.eventId, eventId)));
    expect(window).toMatchObject({ changes: 9, windowStartedAt: start.toISOString() });

    // After the window: pushed at once again, a new window.
    queue.sent.length = 0;
    await notifyTeamChange(db, queue.env, notice(10, new Date(start.getTime() + PUSH_WINDOW_MS + 1_000)));
    expect(queue.sent.map((m) => m.body.kind)).toEqual(["push", "push"]);
  });

  it("the digest push says how many changes are still unread, to every device, once", async () => {
    const { eventId } = await seedEvent();
    const queue = capturingQueue();
    const start = new Date(Date.now() - 2 * PUSH_WINDOW_MS);
    for (let n = 0; n < 4; n++) {
      await notifyTeamChange(db, queue.env, {
        event: { id: eventId, title: "Emma & James" },
        change: { type: "timeline_updated", subject: `Block ${n}` },
        actor: { userId: member.id, name: member.name },
        now: new Date(start.getTime() + n * 1_000),
      });
    }
    const digest = queue.sent.find((m) => m.body.kind === "push-digest" && m.body.userId === lead.id)!.body as Extract<JobMessage, { kind: "push-digest" }>;
    const keys = await generateVapidKeys();
    const pushEnv = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: "mailto:support@eventflow.app" };

    // No device subscribed (push off everywhere): nothing sent.
    expect(await deliverPushDigest(db, pushEnv, digest, createFakePushService().fetcher)).toEqual({ outcome: "no-subscriptions" });

    const browser = await createBrowserSubscription();
    await storeDevice(lead.id, browser);
    const service = createFakePushService();
    expect(await deliverPushDigest(db, pushEnv, digest, service.fetcher)).toMatchObject({ outcome: "handled", sent: 1 });
    expect(JSON.parse(await browser.decrypt(service.requests[0]!.body))).toEqual({
      title: "Emma & James",
      body: "3 more changes by your team",
      // Only where a click leads, the event.
      url: `/events/${eventId}`,
      // The same tag as the team change it follows: the digest replaces it (decision 009).
      tag: `team:/events/${eventId}`,
    });
    // A redelivered job sends nothing twice.
    expect(await deliverPushDigest(db, pushEnv, digest, service.fetcher)).toMatchObject({ sent: 0, alreadySent: 1 });

    // Changes read in the app meanwhile are not pushed.
    await db.update(notifications).set({ read: true }).where(eq(notifications.userId, lead.id));
    expect(await deliverPushDigest(db, pushEnv, { ...digest, windowEndsAt: digest.windowEndsAt }, createFakePushService().fetcher)).toEqual({ outcome: "nothing-new" });
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, lead.id));
  });

  it("a client link's burst of changes: every Client Update in the app, one push at once and one digest naming the client", async () => {
    const { eventId } = await seedEvent();
    const queue = capturingQueue();
    const start = new Date(Date.now() - 2 * PUSH_WINDOW_MS);
    for (let n = 0; n < 10; n++) {
      await notifyClientChange(db, queue.env, { id: eventId }, `couple@example.com added Guest ${n} to the people list in Emma & James.`, new Date(start.getTime() + n * 300));
    }
    const told = (await notificationsOf(eventId)).filter((row) => row.userId === lead.id);
    expect(told).toHaveLength(10);
    expect(told.every((row) => row.title === "Client Update" && (row.data as { type: string }).type === "client_change")).toBe(true);
    expect(queue.sent.filter((m) => m.body.kind === "push")).toHaveLength(1);
    const digests = queue.sent.filter((m) => m.body.kind === "push-digest");
    expect(digests).toHaveLength(1);
    const digest = digests[0]!.body as Extract<JobMessage, { kind: "push-digest" }>;
    expect(digest.userId).toBe(lead.id);

    const keys = await generateVapidKeys();
    const pushEnv = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: "mailto:support@eventflow.app" };
    const browser = await createBrowserSubscription();
    await storeDevice(lead.id, browser);
    const service = createFakePushService();
    expect(await deliverPushDigest(db, pushEnv, digest, service.fetcher)).toMatchObject({ outcome: "handled", sent: 1 });
    expect(JSON.parse(await browser.decrypt(service.requests[0]!.body))).toMatchObject({ title: "Emma & James", body: "9 more changes by your client" });
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, lead.id));
  });

  it("the digest says whose changes they were", () => {
    expect(digestMessage(1, 0)).toBe("1 more change by your team");
    expect(digestMessage(3, 0)).toBe("3 more changes by your team");
    expect(digestMessage(2, 2)).toBe("2 more changes by your client");
    expect(digestMessage(5, 2)).toBe("5 more changes by your team and client");
  });

  it("the digest of a deleted event sends nothing", async () => {
    const keys = await generateVapidKeys();
    const pushEnv = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: "mailto:support@eventflow.app" };
    const job = { userId: lead.id, eventId: crypto.randomUUID(), windowEndsAt: new Date().toISOString() };
    expect(await deliverPushDigest(db, pushEnv, job, createFakePushService().fetcher)).toEqual({ outcome: "missing" });
  });
});

describe("the wording", () => {
  it("names the actor, the change and the event", () => {
    expect(teamChangeText({ type: "shot_status_changed", subject: "Rings", done: false }, "Alex", "Emma & James")).toEqual({
      title: "Shot List Updated",
      message: 'Alex unchecked "Rings" (Emma & James).',
    });
    expect(teamChangeText({ type: "timeline_added", subject: "First Look" }, "Maya", "W")).toEqual({ title: "Timeline Block Added", message: 'Maya added "First Look" to the timeline (W).' });
  });
});
