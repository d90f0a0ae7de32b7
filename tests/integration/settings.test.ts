import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { notificationPreferences, profiles, sessions, shooterContacts, users } from "~/db/schema";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { createUser } from "../factories";
import { type Client, createClient } from "./helpers";

// Issue 5, item 7: /settings, its forms and who may touch what.

const db = getDb(env);

async function signedIn() {
  const user = await createUser(db);
  const token = randomToken(32);
  await db.insert(sessions).values({ tokenHash: await sha256Hex(token), userId: user.id, persistent: true, expiresAt: "2099-01-01T00:00:00.000Z" });
  const client = createClient();
  client.jar.set("ef_session", token);
  return { client, user };
}

async function textOf(response: Response) {
  return (await response.text()).replaceAll("<!-- -->", "").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");
}

const BUSINESS = { intent: "business-info", businessName: "Golden Hour Studio", firstName: "Maya", lastName: "Thompson", email: "Studio@Example.com" };
const CONTACT = { intent: "add-contact", shooterType: "associate_shooter", firstName: "Sam", lastName: "Rivera", email: "sam@example.com", phoneNumber: "555-0100", instagramHandle: "@samshoots", notes: "Great with kids" };

let me: { client: Client; user: Awaited<ReturnType<typeof createUser>> };
let other: typeof me;
beforeAll(async () => {
  me = await signedIn();
  other = await signedIn();
});

describe("settings page", () => {
  it("sends a visitor to sign in, for the page and for every form", async () => {
    const visitor = createClient();
    expect((await visitor.get("/settings")).headers.get("Location")).toBe("/auth?returnTo=%2Fsettings");
    const response = await visitor.post("/settings?tab=contacts", CONTACT);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth\?returnTo=/);
  });

  it("shows the four tabs and the help links", async () => {
    const text = await textOf(await me.client.get("/settings"));
    for (const label of ["Business", "Contacts", "Subscription", "Notifications", "Support", "Privacy Policy", "About", "Sign Out"]) expect(text).toContain(label);
  });

  it("answers an unknown intent with 400", async () => {
    expect((await me.client.post("/settings", { intent: "become-admin" })).status).toBe(400);
  });
});

describe("business info", () => {
  it("saves the names and the business e-mail; the sign-in address stays; the page asks the browser to log profile_updated", async () => {
    const { client, user } = await signedIn();
    const response = await client.post("/settings", BUSINESS);
    expect(response.status).toBe(200);
    const text = await textOf(response);
    expect(text).toContain("Business information updated");
    expect(text).toContain("profile_updated");
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile).toMatchObject({ businessName: "Golden Hour Studio", firstName: "Maya", lastName: "Thompson", email: "studio@example.com" });
    const [account] = await db.select().from(users).where(eq(users.id, user.id));
    expect(account!.email).toBe(user.email);
    // The greeting uses the business name.
    expect(await textOf(await client.get("/settings"))).toContain("Hi, Golden Hour Studio");
  });

  it.each([
    { field: "businessName", value: "", message: "Business name is required" },
    { field: "firstName", value: " ", message: "First name is required" },
    { field: "lastName", value: "", message: "Last name is required" },
    { field: "email", value: "nope", message: "Invalid email address" },
    { field: "businessName", value: "x".repeat(201), message: "Business name must be less than 200 characters" },
    { field: "firstName", value: "x".repeat(101), message: "First name must be less than 100 characters" },
  ])("refuses $field = '$value' with '$message', changing nothing", async ({ field, value, message }) => {
    const { client, user } = await signedIn();
    const [before] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
    const response = await client.post("/settings", { ...BUSINESS, [field]: value });
    expect(response.status).toBe(400);
    const text = await textOf(response);
    expect(text).toContain("Validation Error");
    expect(text).toContain(message);
    expect((await db.select().from(profiles).where(eq(profiles.userId, user.id)))[0]).toEqual(before);
  });
});

describe("saved contacts", () => {
  it("adds, edits and deletes a contact of one's own, with the spec's toasts", async () => {
    const { client, user } = await signedIn();
    const added = await client.post("/settings?tab=contacts&dialog=add-contact", CONTACT);
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/settings?tab=contacts");
    expect(await textOf(await client.get("/settings?tab=contacts"))).toContain("Contact added");
    const [row] = await db.select().from(shooterContacts).where(eq(shooterContacts.userId, user.id));
    expect(row).toMatchObject({ shooterType: "associate_shooter", firstName: "Sam", lastName: "Rivera", email: "sam@example.com", instagramHandle: "samshoots", notes: "Great with kids" });

    const edited = await client.post(`/settings?tab=contacts&dialog=edit-contact&id=${row!.id}`, { ...CONTACT, intent: "edit-contact", id: row!.id, lastName: "", phoneNumber: "" });
    expect(edited.status).toBe(302);
    expect(await textOf(await client.get("/settings?tab=contacts"))).toContain("Contact updated");
    expect((await db.select().from(shooterContacts).where(eq(shooterContacts.id, row!.id)))[0]).toMatchObject({ lastName: null, phoneNumber: null });

    const deleted = await client.post("/settings?tab=contacts", { intent: "delete-contact", id: row!.id });
    expect(deleted.status).toBe(302);
    expect(await textOf(await client.get("/settings?tab=contacts"))).toContain("Contact deleted");
    expect(await db.select().from(shooterContacts).where(eq(shooterContacts.userId, user.id))).toEqual([]);
  });

  it.each([
    { fields: { firstName: "" }, message: "First name is required" },
    { fields: { email: "" }, message: "Invalid email address" },
    { fields: { email: "sam@" }, message: "Invalid email address" },
    { fields: { shooterType: "client" }, message: "Please choose a shooter type" },
    { fields: { notes: "x".repeat(2001) }, message: "Notes must be less than 2000 characters" },
  ])("refuses a contact with $fields: '$message'", async ({ fields, message }) => {
    const { client, user } = await signedIn();
    const response = await client.post("/settings?tab=contacts", { ...CONTACT, ...fields });
    expect(response.status).toBe(400);
    expect(await textOf(response)).toContain(message);
    expect(await db.select().from(shooterContacts).where(eq(shooterContacts.userId, user.id))).toEqual([]);
  });

  it("never reads, edits or deletes someone else's contact (404, unchanged), nor takes a malformed id (400)", async () => {
    await other.client.post("/settings?tab=contacts", CONTACT);
    const [theirs] = await db.select().from(shooterContacts).where(eq(shooterContacts.userId, other.user.id));
    expect(await textOf(await me.client.get(`/settings?tab=contacts&dialog=edit-contact&id=${theirs!.id}`))).not.toContain("sam@example.com");
    expect((await me.client.post("/settings?tab=contacts", { ...CONTACT, intent: "edit-contact", id: theirs!.id, firstName: "Hijacked" })).status).toBe(404);
    expect((await me.client.post("/settings?tab=contacts", { intent: "delete-contact", id: theirs!.id })).status).toBe(404);
    expect((await me.client.post("/settings?tab=contacts", { intent: "delete-contact", id: "'; DROP TABLE" })).status).toBe(400);
    expect((await db.select().from(shooterContacts).where(eq(shooterContacts.id, theirs!.id)))[0]).toEqual(theirs);
  });
});

describe("notification preferences", () => {
  it("saves the reminder toggle and days ('Notification preferences saved')", async () => {
    const { client, user } = await signedIn();
    const response = await client.post("/settings?tab=notifications", { intent: "notification-preferences", eventReminderDays: "7" });
    expect(response.status).toBe(200);
    expect(await textOf(response)).toContain("Notification preferences saved");
    expect((await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id)))[0]).toMatchObject({ upcomingEvents: false, eventReminderDays: 7 });
  });

  it("falls back to 1 day for a value that is not a number, and refuses 0 and 31", async () => {
    const { client, user } = await signedIn();
    await client.post("/settings?tab=notifications", { intent: "notification-preferences", upcomingEvents: "on", eventReminderDays: "soon" });
    expect((await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id)))[0]).toMatchObject({ upcomingEvents: true, eventReminderDays: 1 });
    for (const days of ["0", "31", "2.5"]) {
      const response = await client.post("/settings?tab=notifications", { intent: "notification-preferences", eventReminderDays: days });
      expect(response.status, days).toBe(400);
    }
    expect((await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id)))[0]).toMatchObject({ eventReminderDays: 1 });
  });
});
