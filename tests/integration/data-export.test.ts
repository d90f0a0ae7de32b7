import { env } from "cloudflare:workers";
import { eq, getTableColumns, getTableName, is, sql } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import {
  authTokens,
  calendarFeeds,
  deviceSignIns,
  eventInvites,
  eventPeople,
  eventSecondShooters,
  events,
  eventVendors,
  nativePushTokens,
  notificationPreferences,
  notifications,
  passkeys,
  profiles,
  shooterContacts,
  shotListItems,
  timelineBlocks,
  users,
  webauthnChallenges,
} from "~/db/schema";
import { DATA_EXPORT_LIMITED } from "~/modules/account/data-export-messages";
import { exportUserData, type UserDataExport } from "~/modules/account/data-export.server";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { LIMITS } from "~/utils/rate-limit.server";
import { createEvent, createUser } from "../factories";
import { createClient, insertClientLink, sessionFor, storeDevice } from "./helpers";

// Settings → Account → 'Download my data': what the file holds, what it never holds, and who may have it.

const db = getDb(env);
const today = () => new Date().toISOString().slice(0, 10);

type Signed = Awaited<ReturnType<typeof sessionFor>>;
let me: Signed;
let stranger: Signed;
let ledEventId: string;
let file: UserDataExport;
let fileText: string;
let response: Response;

/** A user with one of everything: a led event with every list, a team and a client link, a hired event, devices. */
async function fillAccount(user: Signed) {
  await db.update(users).set({ passwordHash: await hashPassword("Sunset2026"), emailConfirmedAt: "2026-01-02T03:04:05.000Z" }).where(eq(users.id, user.id));
  await db
    .update(profiles)
    .set({
      businessName: "Golden Hour Studio",
      email: "studio@golden.example",
      subscriptionStatus: "active",
      subscriptionType: "business",
      billingInterval: "yearly",
      subscriptionExpiresAt: "2099-01-01T00:00:00.000Z",
      stripeCustomerId: `cus_${randomToken(8)}`,
      stripeSubscriptionId: `sub_${randomToken(8)}`,
      appStoreReceipt: `receipt-${randomToken(16)}`,
    })
    .where(eq(profiles.userId, user.id));
  const event = await createEvent(db, user.id, { title: "Rivera–Chen Wedding", coupleNames: "Ana & Wei", venue: "Old Mill", date: "2027-06-12" });
  const member = await sessionFor({ firstName: "Sam", lastName: "Rivera" });
  const otherLead = await createUser(db, { email: `okafor-${crypto.randomUUID().slice(0, 8)}@example.com` });
  await db.update(profiles).set({ businessName: "Okafor Photo" }).where(eq(profiles.userId, otherLead.id));
  const hired = await createEvent(db, otherLead.id, { title: "Okafor–Lund Wedding", venue: "Harbour Hall", date: "2027-08-01" });
  const thirdLead = await createUser(db);
  const invitedTo = await createEvent(db, thirdLead.id, { title: "Patel Engagement", date: "2027-09-09" });
  await db.batch([
    db.insert(timelineBlocks).values({ id: crypto.randomUUID(), eventId: event.id, title: "Vows at the mill", orderIndex: 0, startTime: "15:00", notes: "Bring the long lens" }),
    db.insert(shotListItems).values({ id: crypto.randomUUID(), eventId: event.id, title: "Grandma with the rings", orderIndex: 0, category: "family_formals" }),
    db.insert(eventPeople).values({ id: crypto.randomUUID(), eventId: event.id, firstName: "Lucia", lastName: "Rivera", role: "parent", notes: "Uses a wheelchair", pronunciation: "loo-CHEE-ah" }),
    db.insert(eventVendors).values({ id: crypto.randomUUID(), eventId: event.id, vendorName: "Petal Co", vendorType: "florist", phoneNumber: "555-0199" }),
    db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId: event.id, userId: member.id, status: "accepted", shooterType: "second_shooter", coverageHours: 6 }),
    db.insert(eventInvites).values({ id: crypto.randomUUID(), eventId: event.id, email: "jo@assoc.example", inviteeName: "Jo", inviteType: "associate_shooter", tokenHash: await sha256Hex(randomToken(32)) }),
    db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId: hired.id, userId: user.id, status: "accepted", shooterType: "associate_shooter", coverageHours: 4 }),
    db.insert(eventInvites).values({ id: crypto.randomUUID(), eventId: invitedTo.id, email: user.email, inviteType: "second_shooter", tokenHash: await sha256Hex(randomToken(32)), startTime: "10:00" }),
    db.insert(shooterContacts).values({ id: crypto.randomUUID(), userId: user.id, shooterType: "second_shooter", firstName: "Priya", email: "priya@contacts.example", phoneNumber: "555-0142" }),
    db.insert(notifications).values({ id: crypto.randomUUID(), userId: user.id, title: "New invitation", message: "You were invited to Patel Engagement", data: { type: "event_invite", invite_id: "x" } }),
    db.insert(notificationPreferences).values({ userId: user.id, upcomingEvents: false, eventReminderDays: 3 }),
    db.insert(calendarFeeds).values({ userId: user.id, tokenHash: await sha256Hex(randomToken(32)), tokenNonce: randomToken(32), blocks: "mine" }),
    db.insert(passkeys).values({ id: randomToken(24), userId: user.id, publicKey: `pQECAyYgASFY${randomToken(24)}`, name: "Maya's iPhone", transports: ["internal"] }),
    db.insert(deviceSignIns).values({
      id: crypto.randomUUID(),
      userId: user.id,
      secretHash: await sha256Hex(randomToken(32)),
      previousSecretHash: await sha256Hex(randomToken(32)),
      name: "Event Flow app on iOS",
      platform: "ios",
      expiresAt: "2099-01-01T00:00:00.000Z",
    }),
    db.insert(authTokens).values({ id: crypto.randomUUID(), userId: user.id, tokenHash: await sha256Hex(randomToken(32)), purpose: "password_reset", expiresAt: "2099-01-01T00:00:00.000Z" }),
    db.insert(webauthnChallenges).values({ challenge: randomToken(32), purpose: "register", userId: user.id, expiresAt: "2099-01-01T00:00:00.000Z" }),
  ]);
  await insertClientLink(event.id, { canEditPeople: true, canEditTimeline: false, canEditShots: true, canEditVendors: false }, { createdBy: user.id });
  const endpoint = `https://fcm.googleapis.com/fcm/send/${randomToken(16)}`;
  const device = await storeDevice(user.id, { endpoint, json: { endpoint, expirationTime: null, keys: { p256dh: `BP${randomToken(32)}`, auth: randomToken(16) } } });
  await db.insert(nativePushTokens).values({ id: crypto.randomUUID(), userId: user.id, sessionHash: device.sessionHash, platform: "ios", token: randomToken(32), deviceLabel: "Event Flow app on iPhone" });
  return event.id;
}

/** A column whose values are secrets or hashes of them (or Stripe's handles, left out by choice). */
const SECRET_COLUMN = /hash|token|secret|endpoint|key|challenge|receipt|subscription_data|^stripe_.*_id$/;

/** Every string in a value, however deeply it sits in JSON. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") {
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === "object") return [value, ...stringsOf(parsed)];
    } catch {
      // Not JSON: the string itself.
    }
    return [value];
  }
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

/**
 * Every secret in D1, of every user, read from the schema (a new table's secret column is
 * checked with no change here): the secret columns' values, and the passkeys' credential ids.
 */
async function secretsInD1() {
  const found = new Set<string>();
  for (const table of Object.values(schema)) {
    if (!is(table, SQLiteTable)) continue;
    const columns = Object.values(getTableColumns(table)).filter((column) => SECRET_COLUMN.test(column.name) || (getTableName(table) === "passkeys" && column.name === "id"));
    for (const column of columns) {
      const rows = await db.all<{ value: unknown }>(sql`SELECT ${sql.identifier(column.name)} AS value FROM ${sql.identifier(getTableName(table))}`);
      for (const row of rows) for (const text of stringsOf(row.value)) if (text.length >= 8) found.add(text);
    }
  }
  return found;
}

/** Every key of a JSON value, however deep. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  return [];
}

beforeAll(async () => {
  me = await sessionFor({ firstName: "Maya", lastName: "Thompson" });
  ledEventId = await fillAccount(me);
  stranger = await sessionFor({ firstName: "Zed", lastName: "Stranger" });
  const theirEventId = await fillAccount(stranger);
  await db.batch([
    db.update(profiles).set({ businessName: "Stranger Things Studio" }).where(eq(profiles.userId, stranger.id)),
    db.update(events).set({ title: "Stranger Gala" }).where(eq(events.id, theirEventId)),
    db.update(shooterContacts).set({ firstName: "Ximena" }).where(eq(shooterContacts.userId, stranger.id)),
  ]);
  response = await me.client.post("/settings/data", { intent: "download-data" });
  fileText = await response.text();
  file = JSON.parse(fileText) as UserDataExport;
});

describe("download my data", () => {
  it("answers a JSON attachment named with today's UTC date, never cached", () => {
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="event-flow-data-${today()}.json"`);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(file).toMatchObject({ format: "Event Flow account data", version: 1 });
    expect(Date.now() - Date.parse(file.exportedAt)).toBeLessThan(60_000);
  });

  it("holds the account, profile, subscription, preferences, contacts, notifications and devices by label", () => {
    expect(file.account).toEqual({ email: me.email, emailConfirmedAt: "2026-01-02T03:04:05.000Z", createdAt: expect.any(String) });
    expect(file.profile).toMatchObject({ firstName: "Maya", lastName: "Thompson", businessName: "Golden Hour Studio", businessEmail: "studio@golden.example" });
    expect(file.organization).toMatchObject({ name: "Org" });
    expect(file.subscription).toEqual({
      status: "active",
      type: "business",
      billingInterval: "yearly",
      expiresAt: "2099-01-01T00:00:00.000Z",
      cancelAtPeriodEnd: false,
      billedByStripe: true,
      store: null,
    });
    expect(file.notificationPreferences).toMatchObject({ upcomingEvents: false, eventReminderDays: 3 });
    expect(file.calendarFeed).toEqual({ blocks: "mine", createdAt: expect.any(String) });
    expect(file.contacts).toEqual([expect.objectContaining({ firstName: "Priya", email: "priya@contacts.example", phoneNumber: "555-0142", shooterType: "second_shooter" })]);
    expect(file.notifications).toEqual([expect.objectContaining({ title: "New invitation", message: "You were invited to Patel Engagement", read: false, type: "event_invite" })]);
    expect(file.devices.pushBrowsers).toEqual([{ label: "Unknown browser", createdAt: expect.any(String) }]);
    expect(file.devices.pushApps).toEqual([{ label: "Event Flow app on iPhone", platform: "ios", createdAt: expect.any(String), lastSeenAt: expect.any(String) }]);
    expect(file.devices.passkeys).toEqual([{ name: "Maya's iPhone", createdAt: expect.any(String), lastUsedAt: null }]);
    expect(file.devices.appSignIns).toEqual([expect.objectContaining({ name: "Event Flow app on iOS", platform: "ios" })]);
    // The signed-in browser's session and the push device's.
    expect(file.devices.sessions).toHaveLength(2);
    expect(file.devices.sessions[0]).toEqual({ createdAt: expect.any(String), lastUsedAt: expect.any(String), expiresAt: "2099-01-01T00:00:00.000Z", persistent: true });
  });

  it("holds every event the user leads with its four lists, its team, invitations and client links", () => {
    expect(file.eventsYouLead).toHaveLength(1);
    const [event] = file.eventsYouLead;
    expect(event).toMatchObject({ id: ledEventId, title: "Rivera–Chen Wedding", coupleNames: "Ana & Wei", venue: "Old Mill", date: "2027-06-12", status: "upcoming" });
    expect(event!.timeline).toEqual([expect.objectContaining({ title: "Vows at the mill", startTime: "15:00", notes: "Bring the long lens" })]);
    expect(event!.shots).toEqual([expect.objectContaining({ title: "Grandma with the rings", category: "family_formals" })]);
    expect(event!.people).toEqual([expect.objectContaining({ firstName: "Lucia", lastName: "Rivera", role: "parent", notes: "Uses a wheelchair", pronunciation: "loo-CHEE-ah" })]);
    expect(event!.vendors).toEqual([expect.objectContaining({ vendorName: "Petal Co", vendorType: "florist", phoneNumber: "555-0199" })]);
    expect(event!.team.members).toEqual([expect.objectContaining({ firstName: "Sam", lastName: "Rivera", status: "accepted", shooterType: "second_shooter", coverageHours: 6 })]);
    expect(event!.team.members[0]!.email).toMatch(/@example\.com$/);
    expect(event!.team.invitations).toEqual([expect.objectContaining({ email: "jo@assoc.example", inviteeName: "Jo", inviteType: "associate_shooter", status: "pending" })]);
    expect(event!.clientLinks).toEqual([
      { clientEmail: "couple@example.com", canEditPeople: true, canEditTimeline: false, canEditShots: true, canEditVendors: false, createdAt: expect.any(String), expiresAt: "2099-01-01T00:00:00.000Z" },
    ]);
  });

  it("holds the events the user joined and the invitations sent to their address", () => {
    expect(file.eventsYouJoined).toEqual([
      expect.objectContaining({ eventTitle: "Okafor–Lund Wedding", eventDate: "2027-08-01", eventVenue: "Harbour Hall", leadPhotographer: "Okafor Photo", shooterType: "associate_shooter", status: "accepted", coverageHours: 4 }),
    ]);
    expect(file.invitationsToYou).toEqual([expect.objectContaining({ eventTitle: "Patel Engagement", inviteType: "second_shooter", status: "pending", startTime: "10:00", leadPhotographer: "Test User" })]);
  });

  it("holds no secret of anyone: no value of a secret column anywhere in D1, and no key that would name one", async () => {
    const secrets = await secretsInD1();
    // The fixture's own secrets are among those looked for (the check would catch them).
    expect(secrets.size).toBeGreaterThan(20);
    const [myRow] = await db.select().from(users).where(eq(users.id, me.id));
    expect(secrets).toContain(myRow!.passwordHash);
    for (const secret of secrets) expect(fileText.includes(secret), `a secret is in the file: ${secret.slice(0, 12)}…`).toBe(false);
    const forbidden = [
      "passwordHash",
      "tokenHash",
      "accessTokenHash",
      "secretHash",
      "previousSecretHash",
      "sessionHash",
      "endpoint",
      "subscriptionData",
      "keys",
      "p256dh",
      "auth",
      "publicKey",
      "counter",
      "token",
      "challenge",
      "appStoreReceipt",
      "stripeCustomerId",
      "stripeSubscriptionId",
      "passkeyId",
      "deviceSignInId",
    ];
    expect(keysOf(file).filter((key) => forbidden.includes(key))).toEqual([]);
  });

  it("holds nothing of another user's own", () => {
    for (const theirs of ["Stranger Things Studio", stranger.email, "Zed", "Stranger Gala", "Ximena"]) expect(fileText).not.toContain(theirs);
    expect(file.eventsYouLead.map((event) => event.id)).toEqual([ledEventId]);
  });

  it("reads everything in one D1 round trip", async () => {
    let trips = 0;
    const counting = new Proxy(env.DB, {
      get(target, name) {
        const value = Reflect.get(target, name) as unknown;
        if (name === "batch") return (statements: D1PreparedStatement[]) => (trips++, target.batch(statements));
        if (name === "prepare") return (query: string) => countingStatement(target.prepare(query), () => trips++);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const exported = await exportUserData(getDb({ DB: counting }), me.id);
    expect(exported?.eventsYouLead[0]?.timeline).toHaveLength(1);
    expect(trips).toBe(1);
  });
});

/** A prepared statement that counts when it runs alone (not inside a batch). */
function countingStatement(statement: D1PreparedStatement, count: () => void): D1PreparedStatement {
  return new Proxy(statement, {
    get(target, name) {
      const value = Reflect.get(target, name) as unknown;
      if (name === "bind") return (...values: unknown[]) => countingStatement(target.bind(...values), count);
      if (name === "first" || name === "run" || name === "all" || name === "raw") return (...args: unknown[]) => (count(), (value as (...a: unknown[]) => unknown).apply(target, args));
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe("who may download, and how often", () => {
  it("refuses a visitor: to sign in, and no file", async () => {
    const visitor = createClient();
    const refused = await visitor.post("/settings/data", { intent: "download-data" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/auth?returnTo=%2Fsettings");
    expect(refused.headers.get("Content-Disposition")).toBeNull();
  });

  it("answers a GET (a link, a prefetch) with 405 and no file, signed in or not", async () => {
    for (const client of [me.client, createClient()]) {
      const got = await client.get("/settings/data");
      expect(got.status).toBe(405);
      expect(got.headers.get("Allow")).toBe("POST");
      expect(got.headers.get("Content-Disposition")).toBeNull();
    }
  });

  it("refuses a post from another site", async () => {
    const forged = await me.client.post("/settings/data", { intent: "download-data" }, { Origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect(forged.headers.get("Content-Disposition")).toBeNull();
  });

  it(`allows ${LIMITS.dataExports.max} downloads an hour per user, then answers 429 with the reason and no file`, async () => {
    const { client } = await sessionFor();
    for (let i = 0; i < LIMITS.dataExports.max; i++) {
      const ok = await client.post("/settings/data", { intent: "download-data" });
      expect(ok.status).toBe(200);
      await ok.arrayBuffer();
    }
    const refused = await client.post("/settings/data", { intent: "download-data" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Content-Disposition")).toBeNull();
    expect(refused.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await refused.text()).toBe(DATA_EXPORT_LIMITED);
    // Another user's allowance is their own.
    const other = await sessionFor();
    expect((await other.client.post("/settings/data", { intent: "download-data" })).status).toBe(200);
  });
});

describe("settings page", () => {
  it("has 'Download my data' in the Account card, a form that posts to the file without JavaScript", async () => {
    const html = await (await me.client.get("/settings")).text();
    const form = /<form[^>]*action="\/settings\/data"[^>]*>([\s\S]*?)<\/form>/.exec(html);
    expect(form?.[0]).toMatch(/method="post"/);
    expect(form?.[1]).toMatch(/<button type="submit"[^>]*>Download my data<\/button>/);
  });
});


describe("privacy policy", () => {
  it("says how to download one's data, what deleting the account removes and what stays", async () => {
    const html = (await (await createClient().get("/privacy-policy")).text()).replaceAll("<!-- -->", "").replace(/&quot;/g, '"').replace(/&#x27;/g, "'");
    for (const text of [
      "Downloading Your Data",
      "Settings → Account → <strong>Download my data</strong>",
      "up to 5 times an hour",
      "Deleting Your Account",
      "Settings → Account → <strong>Delete account</strong>",
      "every event you lead, with its timeline, shot list, people, vendors, team, invitations and",
      "emails to your address waiting to be sent, and our record of those already sent",
      "cancel it in the store's",
      "Stripe's own records of your payments",
      "they hold no personal information",
      "sign up again with the same email address",
    ]) {
      expect(html).toContain(text);
    }
  });
});
