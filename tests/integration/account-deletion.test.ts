import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { eq, getTableName, is, sql } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import {
  appliedMutations,
  deviceSignIns,
  emailOutbox,
  eventInvites,
  eventPeople,
  events,
  eventSecondShooters,
  nativePushTokens,
  notifications,
  passkeys,
  profiles,
  pushThrottle,
  rateLimits,
  sessions,
  shooterContacts,
  shotListItems,
  timelineBlocks,
  users,
  webauthnChallenges,
} from "~/db/schema";
import { ACCOUNT_DELETED, NO_FURTHER_CHARGE, PASSWORD_INCORRECT } from "~/modules/account/deletion-messages";
import { eventRemovedMessage } from "~/modules/account/emails";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { createEvent, createUser } from "../factories";
import { FAKE_STRIPE } from "../setup/fake-stripe-config";
import { createAuthenticator } from "./webauthn-authenticator";
import { createClient, deliveredMail, eventIdFrom, insertClientLink, type Client, sessionFor, signedInUser, signIn, signUp, storeDevice, VALID_SIGNUP } from "./helpers";

// docs/product/flows.md#deleting-an-account: a user leaves and leaves nothing behind.

const db = getDb(env);
const FAKE = env.STRIPE_API_BASE as string;
const base = new URL(FAKE);
const stripe = new Stripe(FAKE_STRIPE.secretKey, { httpClient: Stripe.createFetchHttpClient(), host: base.hostname, port: Number(base.port), protocol: "http", maxNetworkRetries: 0 });
const FLAGS = { canEditPeople: true, canEditTimeline: true, canEditShots: true, canEditVendors: true };

const deleteAccount = (client: Client, fields: Record<string, string> = {}) =>
  client.post("/settings/delete-account", { intent: "delete-account", password: VALID_SIGNUP.password, confirmation: "delete", ...fields });

/** Every table of the schema, as drizzle knows it: a table added later is checked too. */
const TABLES: SQLiteTable[] = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));

/** The rows of every table whose text holds any of `needles` (ids, addresses), by table. */
async function rowsMentioning(needles: string[]) {
  const found: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const rows = await db.all<Record<string, unknown>>(sql`SELECT * FROM ${table}`);
    const hits = rows.filter((row) => needles.some((needle) => JSON.stringify(row).includes(needle)));
    if (hits.length) found[getTableName(table)] = hits;
  }
  return found;
}

/** A lead with Pro, one event with every list, an accepted second shooter, a client link, and data of every other kind. */
async function leadWithEverything() {
  const lead = await signedInUser({ pro: true });
  const created = await lead.client.post("/events/new", { title: "Emma & James", coupleNames: "Emma & James", date: "2027-06-12", venue: "Willow Creek Barn" });
  const eventId = eventIdFrom(created);
  const member = await sessionFor({ firstName: "Alex", lastName: "Rivera" });
  const otherLead = await createUser(db);
  const hired = await createEvent(db, otherLead.id, { title: "Priya & Sam" });
  const [pendingElsewhere] = await db.insert(events).values({ id: crypto.randomUUID(), title: "Lena & Tom", date: "2027-07-01", organizationId: hired.organizationId, leadPhotographerId: otherLead.id }).returning();
  const appSessionHash = await sha256Hex(randomToken(32));
  const cakeId = crypto.randomUUID();
  await db.batch([
    db.insert(timelineBlocks).values({ id: crypto.randomUUID(), eventId, title: "First Look", orderIndex: 0, notes: "Keep Alex at the north gate" }),
    db.insert(shotListItems).values({ id: crypto.randomUUID(), eventId, title: "Rings", orderIndex: 0, isDone: true, doneBy: lead.id }),
    db.insert(eventPeople).values({ id: crypto.randomUUID(), eventId, firstName: "Grandma", notes: "Call 555-0199" }),
    db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: member.id, status: "accepted", shooterType: "second_shooter" }),
    db.insert(eventInvites).values({ id: crypto.randomUUID(), eventId, email: member.email, inviteType: "second_shooter", invitedBy: lead.id, status: "accepted" }),
    // The lead's own place on another photographer's team, and an invitation still open.
    db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId: hired.id, userId: lead.id, status: "accepted", shooterType: "associate_shooter" }),
    db.insert(eventInvites).values({ id: crypto.randomUUID(), eventId: hired.id, email: lead.email, inviteType: "associate_shooter", status: "accepted" }),
    db.insert(eventInvites).values({ id: crypto.randomUUID(), eventId: pendingElsewhere!.id, email: lead.email, inviteType: "second_shooter", status: "pending" }),
    db.insert(shotListItems).values({ id: cakeId, eventId: hired.id, title: "Cake", orderIndex: 0, isDone: true, doneBy: lead.id }),
    db.insert(appliedMutations).values({ key: await sha256Hex(randomToken(16)), eventId: hired.id, name: "toggle-shot", result: { id: cakeId, isDone: true, doneBy: lead.id } }),
    db.insert(shooterContacts).values({ id: crypto.randomUUID(), userId: lead.id, shooterType: "second_shooter", firstName: "Jo", email: "jo@example.com" }),
    db.insert(notifications).values({ id: crypto.randomUUID(), userId: lead.id, title: "Hello", message: "A note" }),
    db.insert(pushThrottle).values({ userId: lead.id, eventId: hired.id, windowStartedAt: "2026-01-01T00:00:00.000Z", windowEndsAt: "2026-01-01T00:01:00.000Z" }),
    db.insert(passkeys).values({ id: `pk-${crypto.randomUUID()}`, userId: lead.id, publicKey: "cHVibGlj", name: "Chrome on Android" }),
    db.insert(deviceSignIns).values({ id: crypto.randomUUID(), userId: lead.id, secretHash: await sha256Hex(randomToken(32)), name: "Event Flow app on iOS", platform: "ios", expiresAt: "2099-01-01T00:00:00.000Z" }),
    db.insert(webauthnChallenges).values({ challenge: randomToken(32), purpose: "register", userId: lead.id, expiresAt: "2099-01-01T00:00:00.000Z" }),
    db.insert(sessions).values({ tokenHash: appSessionHash, userId: lead.id, expiresAt: "2099-01-01T00:00:00.000Z" }),
    db.insert(nativePushTokens).values({ id: crypto.randomUUID(), userId: lead.id, sessionHash: appSessionHash, platform: "ios", token: randomToken(32), deviceLabel: "Event Flow app on iOS" }),
  ]);
  await storeDevice(lead.id, { endpoint: `https://fcm.googleapis.com/fcm/send/${randomToken(16)}`, json: { keys: { p256dh: "x", auth: "y" } } });
  await insertClientLink(eventId, FLAGS, { createdBy: lead.id });
  // A reset link waiting to be sent, and a counter keyed by the address.
  await createClient().post("/auth", { intent: "forgot", email: lead.email });
  await signIn(createClient(), lead.email, "Wrong-password-1");
  return { lead, eventId, member, hired };
}

describe("deleting an account", () => {
  it("removes every row of the user in every table of the schema, and of the events they lead", async () => {
    const { lead, eventId, member } = await leadWithEverything();
    expect(Object.keys(await rowsMentioning([lead.id, lead.email])).length).toBeGreaterThan(10);

    const response = await deleteAccount(lead.client);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth");
    expect(lead.client.jar.has("ef_session")).toBe(false);
    expect(response.headers.get("Clear-Site-Data")).toBe('"cache"');
    expect(await (await lead.client.get("/auth")).text()).toContain(ACCOUNT_DELETED);

    // Nothing names the user any more, in any table (the team's notice does not). The
    // event's id stays only in what tells its team and its client link that it was deleted
    // (decision 017): who may be told and when, nothing of the user or of the event.
    expect(await rowsMentioning([lead.id, lead.email])).toEqual({});
    const { deleted_events: deletionNotices, ...mentioningEvent } = await rowsMentioning([eventId]);
    expect(mentioningEvent).toEqual({});
    expect(deletionNotices).toHaveLength(2);
    expect(deletionNotices).toEqual(
      expect.arrayContaining([
        { event_id: eventId, user_id: member.id, link_token_hash: null, deleted_at: expect.any(String) },
        { event_id: eventId, user_id: null, link_token_hash: expect.stringMatching(/^[0-9a-f]{64}$/), deleted_at: expect.any(String) },
      ]),
    );
    // The other photographer's event stays, with the shot the user checked off (no longer theirs).
    const [cake] = await db.select().from(shotListItems).where(eq(shotListItems.title, "Cake"));
    expect(cake).toMatchObject({ isDone: true, doneBy: null });

    // The team member is told, in the bell and by e-mail; so is the client link's address.
    const bells = await db.select().from(notifications).where(eq(notifications.userId, member.id));
    expect(bells.map((bell) => bell.message)).toEqual([eventRemovedMessage("Emma & James")]);
    expect((await deliveredMail(member.email, "event_removed")).subject).toBe('The event "Emma & James" was removed by its photographer');
    expect((await deliveredMail("couple@example.com", "event_removed")).textBody).toContain(eventRemovedMessage("Emma & James"));
  });

  it("leaves nothing in the user's live channel or in the rooms of their events", async () => {
    const { lead, eventId } = await leadWithEverything();
    const channel = env.USER_CHANNEL.get(env.USER_CHANNEL.idFromName(lead.id));
    await channel.joinedRoom(eventId);
    // A change in the room's log, with a phone number in it.
    const added = await lead.client.post(`/events/${eventId}/mutations`, {
      mutations: JSON.stringify([{ id: crypto.randomUUID(), name: "add-vendor", args: { id: crypto.randomUUID(), values: { vendorName: "Bloom & Co", vendorType: "florist", phoneNumber: "555-0142" } } }]),
    });
    expect(added.status).toBe(200);
    const room = env.EVENT_ROOM.get(env.EVENT_ROOM.idFromName(eventId));
    expect(JSON.stringify([...(await runInDurableObject(room, (_, state) => state.storage.list()))])).toContain("555-0142");

    expect((await deleteAccount(lead.client)).status).toBe(302);
    expect(await runInDurableObject(channel, (_, state) => state.storage.list())).toEqual(new Map());
    // The emptied room keeps only its tombstone, which holds nothing of the event.
    expect(await runInDurableObject(room, (_, state) => state.storage.list())).toEqual(new Map([["closed", true]]));
    expect(await runInDurableObject(room, (_, state) => state.storage.getAlarm())).toBeNull();
  });

  it("signs in no more with the old password, and the address can sign up again as a new account", async () => {
    const lead = await signedInUser({ pro: false });
    expect((await deleteAccount(lead.client)).status).toBe(302);
    const again = await signIn(createClient(), lead.email, VALID_SIGNUP.password);
    expect(again.status).toBe(401);
    expect(await again.text()).toContain("Invalid credentials");
    const { response } = await signUp(createClient(), lead.email);
    expect(response.status).toBe(302);
    const [user] = await db.select().from(users).where(eq(users.email, lead.email));
    expect(user!.id).not.toBe(lead.id);
  });

  it("cancels the Stripe subscription at once and deletes the customer, and says no further charge will be made", async () => {
    const lead = await signedInUser({ pro: false });
    const checkout = await lead.client.post("/subscription", { intent: "checkout", interval: "monthly" });
    const sessionId = checkout.headers.get("Location")!.split("/").pop()!;
    const completed = (await (await fetch(`${FAKE}/_fake/checkout/${sessionId}/complete`, { method: "POST", body: "{}" })).json()) as { subscription: { id: string; customer: string } };
    await db
      .update(profiles)
      .set({ stripeSubscriptionId: completed.subscription.id, subscriptionStatus: "trialing", subscriptionType: "business", subscriptionExpiresAt: "2099-01-01T00:00:00.000Z" })
      .where(eq(profiles.userId, lead.id));
    expect(await (await lead.client.get("/settings?dialog=delete-account")).text()).toContain("no further charge will be made");

    const response = await deleteAccount(lead.client);
    expect(response.status).toBe(302);
    const page = await (await lead.client.get("/auth")).text();
    expect(page).toContain(ACCOUNT_DELETED);
    expect(page).toContain(NO_FURTHER_CHARGE);
    expect((await stripe.subscriptions.retrieve(completed.subscription.id)).status).toBe("canceled");
    await expect(stripe.customers.retrieve(completed.subscription.customer)).rejects.toMatchObject({ code: "resource_missing" });
  });

  it("deletes nothing when Stripe cannot be reached, and says so", async () => {
    const lead = await signedInUser({ pro: false });
    const checkout = await lead.client.post("/subscription", { intent: "checkout", interval: "monthly" });
    const sessionId = checkout.headers.get("Location")!.split("/").pop()!;
    await fetch(`${FAKE}/_fake/checkout/${sessionId}/complete`, { method: "POST", body: "{}" });
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, lead.id));
    await fetch(`${FAKE}/_fake/customers/${profile!.stripeCustomerId}/outage`, { method: "POST" });

    const response = await deleteAccount(lead.client);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("Your account was not deleted");
    expect(await db.select().from(users).where(eq(users.id, lead.id))).toHaveLength(1);
    expect((await lead.client.get("/settings")).status).toBe(200);
  });

  it("has the effect of once when sent twice at the same time, and after a lost answer", async () => {
    const { lead, member } = await leadWithEverything();
    const [first, second] = await Promise.all([deleteAccount(lead.client), deleteAccount(lead.client)]);
    for (const response of [first, second]) expect(response.status).toBe(302);
    // A retry of a request whose answer was lost: no session left, sent to sign in, nothing changes.
    const retry = await deleteAccount(lead.client);
    expect(retry.status).toBe(302);
    expect(retry.headers.get("Location")).toMatch(/^\/auth/);
    expect(await db.select().from(notifications).where(eq(notifications.userId, member.id))).toHaveLength(1);
    await deliveredMail(member.email, "event_removed");
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, member.email))).toHaveLength(1);
  });

  it("refuses a wrong password, a mistyped word, a missing field, and too many guesses, deleting nothing", async () => {
    const lead = await signedInUser({ pro: false });
    const wrong = await deleteAccount(lead.client, { password: "Not-the-password-1" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(PASSWORD_INCORRECT);
    const word = await deleteAccount(lead.client, { confirmation: "Delete" });
    expect(word.status).toBe(400);
    expect(await word.text()).toContain("Please type &quot;delete&quot; to confirm");
    const missing = await deleteAccount(lead.client, { password: "" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Password is required");
    for (let i = 0; i < 4; i++) await deleteAccount(lead.client, { password: `Guess-${i}-aA1` });
    const limited = await deleteAccount(lead.client);
    expect(limited.status).toBe(429);
    expect(await db.select().from(users).where(eq(users.id, lead.id))).toHaveLength(1);
    expect((await lead.client.get("/settings")).status).toBe(200);
  });

  it("takes one of the user's passkeys instead of the password, and refuses another's or a sign-in's answer", async () => {
    /** A signed-in user who just added a passkey (a fresh proof of identity first, as decision 011 asks). */
    const withPasskey = async () => {
      const user = await sessionFor();
      await db.update(sessions).set({ verifiedAt: new Date().toISOString() }).where(eq(sessions.userId, user.id));
      const authenticator = await createAuthenticator();
      const registration = (await (await user.client.post("/passkeys", { intent: "register-options" })).json()) as { challenge: string };
      expect((await user.client.post("/passkeys", { intent: "register", response: JSON.stringify(await authenticator.register(registration)) })).status).toBe(200);
      return { ...user, authenticator };
    };
    const owner = await withPasskey();
    const { authenticator } = owner;
    const confirmOptions = async (client: Client) => (await (await client.post("/passkeys", { intent: "confirm-options" })).json()) as { challenge: string; allowCredentials: { id: string }[] };

    // Someone else's passkey answering the owner's challenge: refused, nothing deleted.
    const { authenticator: theirs } = await withPasskey();
    const foreign = await deleteAccount(owner.client, { password: "", passkey: JSON.stringify(await theirs.authenticate(await confirmOptions(owner.client))) });
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain("Face ID/Touch ID did not confirm it&#x27;s you");
    // An answer to a sign-in challenge (anyone's) is not a confirmation.
    const signIn = (await (await createClient().post("/passkeys", { intent: "signin-options" })).json()) as { challenge: string };
    expect((await deleteAccount(owner.client, { password: "", passkey: JSON.stringify(await authenticator.authenticate(signIn)) })).status).toBe(400);
    // Not an answer at all.
    expect((await deleteAccount(owner.client, { password: "", passkey: "{not json" })).status).toBe(400);
    expect(await db.select().from(users).where(eq(users.id, owner.id))).toHaveLength(1);

    const options = await confirmOptions(owner.client);
    expect(options.allowCredentials.map((credential) => credential.id)).toEqual([authenticator.id]);
    const deleted = await deleteAccount(owner.client, { password: "", passkey: JSON.stringify(await authenticator.authenticate(options)) });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/auth");
    expect(await db.select().from(users).where(eq(users.id, owner.id))).toHaveLength(0);
  });

  it("sends a signed-out request to sign in", async () => {
    const response = await deleteAccount(createClient());
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth/);
  });

  it("tells a store subscriber, before confirming, to cancel in the store", async () => {
    const lead = await signedInUser({ pro: false });
    await db.update(profiles).set({ storeEntitlementExpiresAt: "2099-01-01T00:00:00.000Z", storePlatform: "ios" }).where(eq(profiles.userId, lead.id));
    const html = await (await lead.client.get("/settings?dialog=delete-account")).text();
    expect(html).toContain("Cancel your App Store / Google Play subscription in the store");
    expect(html).not.toContain("no further charge will be made");
  });

  it("tells a lead in the dialog how many events and people deleting affects", async () => {
    const { lead } = await leadWithEverything();
    const html = await (await lead.client.get("/settings?dialog=delete-account")).text();
    expect(html).toContain("1 event you lead will be deleted, and 2 people on them will be told the event was removed.");
  });
});

describe("the schema's tables", () => {
  it("each reach the user through a cascade from users, or are cleared by name in the deletion", () => {
    // A table with a user column must delete with the user; one without must be one the
    // deletion clears by the address (or that holds no personal data). A new table fails
    // here until it is placed.
    const clearedByAddress = new Set(["email_outbox", "event_invites", "rate_limits"]);
    const noPersonalData = new Set(["processed_jobs"]);
    const viaEvents = new Set(["timeline_blocks", "shot_list_items", "event_people", "event_vendors", "event_client_access", "applied_mutations"]);
    const unplaced = TABLES.map((table) => getTableConfig(table)).filter((config) => {
      const name = config.name;
      if (clearedByAddress.has(name) || noPersonalData.has(name) || viaEvents.has(name) || name === "users") return false;
      const cascadesFromUsers = config.foreignKeys.some((key) => {
        const reference = key.reference();
        return getTableName(reference.foreignTable) === "users" && key.onDelete === "cascade";
      });
      return !cascadesFromUsers;
    });
    expect(unplaced.map((config) => config.name)).toEqual([]);
  });
});
