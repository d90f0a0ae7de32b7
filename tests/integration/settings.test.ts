import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { notificationPreferences, profiles, shooterContacts, timelineBlocks, users } from "~/db/schema";
import { randomToken } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { PRO_FEATURES } from "~/modules/billing/plans";
import { CONTACTS_PER_USER_MAX } from "~/modules/contacts/schema";
import { createEvent, createUser } from "../factories";
import { type Client, createClient, sessionFor } from "./helpers";

// /settings, its forms and who may touch what.

const db = getDb(env);

async function textOf(response: Response) {
  return (await response.text()).replaceAll("<!-- -->", "").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");
}

const BUSINESS = { intent: "business-info", businessName: "Golden Hour Studio", firstName: "Maya", lastName: "Thompson", email: "Studio@Example.com" };
const CONTACT = { intent: "add-contact", shooterType: "associate_shooter", firstName: "Sam", lastName: "Rivera", email: "sam@example.com", phoneNumber: "555-0100", instagramHandle: "@samshoots", notes: "Great with kids" };

let me: { client: Client; user: Awaited<ReturnType<typeof createUser>> };
let other: typeof me;
beforeAll(async () => {
  me = await sessionFor();
  other = await sessionFor();
});

describe("settings page", () => {
  it("sends a visitor to sign in, for the page and for every form", async () => {
    const visitor = createClient();
    expect((await visitor.get("/settings")).headers.get("Location")).toBe("/auth?returnTo=%2Fsettings");
    const response = await visitor.post("/settings/contacts?tab=contacts", CONTACT);
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
    const { client, user } = await sessionFor();
    const response = await client.post("/settings/business", BUSINESS);
    // Post/redirect/get (decision 007): a reload of the page that follows sends nothing.
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/settings");
    const text = await textOf(await client.get(response.headers.get("Location")!));
    expect(text).toContain("Business information updated");
    expect(text).toContain("profile_updated");
    // The audit entry is handed over once.
    expect(await textOf(await client.get("/settings"))).not.toContain("profile_updated");
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
    { field: "timeFormat", value: "36h", message: "Please choose a time format" },
  ])("refuses $field = '$value' with '$message', changing nothing", async ({ field, value, message }) => {
    const { client, user } = await sessionFor();
    const [before] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
    const response = await client.post("/settings/business", { ...BUSINESS, [field]: value });
    expect(response.status).toBe(400);
    const text = await textOf(response);
    expect(text).toContain("Validation Error");
    expect(text).toContain(message);
    expect((await db.select().from(profiles).where(eq(profiles.userId, user.id)))[0]).toEqual(before);
  });
});

describe("time format", () => {
  it("saves 'Time format'; 'Automatic' is the browser's clock, kept for what is sent without one", async () => {
    const { client, user } = await sessionFor();
    expect(await textOf(await client.get("/settings"))).toContain("Time format");
    expect((await client.post("/settings/business", { ...BUSINESS, timeFormat: "24h" })).status).toBe(302);
    expect((await db.select().from(profiles).where(eq(profiles.userId, user.id)))[0]).toMatchObject({ timeFormat: "24h", autoHourCycle: "12h" });
    // Saved from a British browser: 'Automatic' remembers its 24-hour clock.
    expect((await client.post("/settings/business", { ...BUSINESS, timeFormat: "auto" }, { "Accept-Language": "en-GB,en;q=0.9" })).status).toBe(302);
    expect((await db.select().from(profiles).where(eq(profiles.userId, user.id)))[0]).toMatchObject({ timeFormat: "auto", autoHourCycle: "24h" });
  });

  it("shows the timeline on the viewer's clock: the setting, else the browser's locale (12-hour for en-US)", async () => {
    const { client, user } = await sessionFor();
    const event = await createEvent(db, user.id);
    await db.insert(timelineBlocks).values({ id: crypto.randomUUID(), eventId: event.id, title: "Getting Ready", blockType: "prep", startTime: "12:00", durationMinutes: 90, orderIndex: 0 });
    expect(await textOf(await client.get(`/events/${event.id}`, { "Accept-Language": "en-US,en;q=0.9" }))).toContain("12:00 PM – 1:30 PM · 1 h 30 min");
    expect(await textOf(await client.get(`/events/${event.id}`, { "Accept-Language": "de-DE" }))).toContain("12:00 – 13:30 · 1 h 30 min");
    expect(await textOf(await client.get(`/events/${event.id}`))).toContain("12:00 PM – 1:30 PM");
    expect((await client.post("/settings/business", { ...BUSINESS, timeFormat: "24h" })).status).toBe(302);
    expect(await textOf(await client.get(`/events/${event.id}`, { "Accept-Language": "en-US" }))).toContain("12:00 – 13:30 · 1 h 30 min");
    expect((await client.post("/settings/business", { ...BUSINESS, timeFormat: "12h" })).status).toBe(302);
    expect(await textOf(await client.get(`/events/${event.id}`, { "Accept-Language": "de-DE" }))).toContain("12:00 PM – 1:30 PM · 1 h 30 min");
  });
});

describe("theme", () => {
  it("keeps this device's choice in a cookie the page renders with; a visitor is sent to sign in; anything else is refused", async () => {
    const { client } = await sessionFor();
    expect(await textOf(await client.get("/settings"))).toMatch(/<html lang="en">/);
    const saved = await client.post("/settings/theme", { intent: "theme", theme: "dark" });
    expect(saved.status).toBe(302);
    expect(saved.headers.getSetCookie().join("\n")).toMatch(/ef_theme=dark;.*Max-Age=31536000/);
    const page = await textOf(await client.get(saved.headers.get("Location")!));
    expect(page).toContain('<html lang="en" class="dark">');
    expect(page).toContain("Theme saved");
    const refused = await client.post("/settings/theme", { intent: "theme", theme: "neon" });
    expect(refused.status).toBe(400);
    expect(await textOf(refused)).toContain("Please choose a theme");
    expect(client.jar.get("ef_theme")).toBe("dark");
    // 'Automatic' clears it: the system decides again.
    await client.post("/settings/theme", { intent: "theme", theme: "auto" });
    expect(client.jar.has("ef_theme")).toBe(false);
    expect(await textOf(await client.get("/settings"))).toMatch(/<html lang="en">/);
    const visitor = await createClient().post("/settings/theme", { intent: "theme", theme: "dark" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/auth\?returnTo=/);
    expect(visitor.headers.getSetCookie().join("\n")).not.toContain("ef_theme");
  });
});

describe("saved contacts", () => {
  it("adds, edits and deletes a contact of one's own, with the spec's toasts", async () => {
    const { client, user } = await sessionFor();
    const added = await client.post("/settings/contacts?tab=contacts&dialog=add-contact", CONTACT);
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/settings?tab=contacts");
    expect(await textOf(await client.get("/settings?tab=contacts"))).toContain("Contact added");
    const [row] = await db.select().from(shooterContacts).where(eq(shooterContacts.userId, user.id));
    expect(row).toMatchObject({ shooterType: "associate_shooter", firstName: "Sam", lastName: "Rivera", email: "sam@example.com", instagramHandle: "samshoots", notes: "Great with kids" });

    const edited = await client.post(`/settings/contacts?tab=contacts&dialog=edit-contact&id=${row!.id}`, { ...CONTACT, intent: "edit-contact", id: row!.id, lastName: "", phoneNumber: "" });
    expect(edited.status).toBe(302);
    expect(await textOf(await client.get("/settings?tab=contacts"))).toContain("Contact updated");
    expect((await db.select().from(shooterContacts).where(eq(shooterContacts.id, row!.id)))[0]).toMatchObject({ lastName: null, phoneNumber: null });

    const deleted = await client.post("/settings/contacts/delete?tab=contacts", { intent: "delete-contact", id: row!.id });
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
    const { client, user } = await sessionFor();
    const response = await client.post("/settings/contacts?tab=contacts", { ...CONTACT, ...fields });
    expect(response.status).toBe(400);
    expect(await textOf(response)).toContain(message);
    expect(await db.select().from(shooterContacts).where(eq(shooterContacts.userId, user.id))).toEqual([]);
  });

  it("never reads, edits or deletes someone else's contact (404, unchanged), nor takes a malformed id (400)", async () => {
    await other.client.post("/settings/contacts?tab=contacts", CONTACT);
    const [theirs] = await db.select().from(shooterContacts).where(eq(shooterContacts.userId, other.user.id));
    expect(await textOf(await me.client.get(`/settings?tab=contacts&dialog=edit-contact&id=${theirs!.id}`))).not.toContain("sam@example.com");
    expect((await me.client.post("/settings/contacts?tab=contacts", { ...CONTACT, intent: "edit-contact", id: theirs!.id, firstName: "Hijacked" })).status).toBe(404);
    expect((await me.client.post("/settings/contacts/delete?tab=contacts", { intent: "delete-contact", id: theirs!.id })).status).toBe(404);
    expect((await me.client.post("/settings/contacts/delete?tab=contacts", { intent: "delete-contact", id: "'; DROP TABLE" })).status).toBe(400);
    expect((await db.select().from(shooterContacts).where(eq(shooterContacts.id, theirs!.id)))[0]).toEqual(theirs);
  });
});

describe("notification preferences", () => {
  it("saves the reminder toggle and days ('Notification preferences saved')", async () => {
    const { client, user } = await sessionFor();
    const response = await client.post("/settings/reminders?tab=notifications", { intent: "notification-preferences", eventReminderDays: "7" });
    expect(response.status).toBe(302);
    expect(await textOf(await client.get(response.headers.get("Location")!))).toContain("Notification preferences saved");
    expect((await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id)))[0]).toMatchObject({ upcomingEvents: false, eventReminderDays: 7 });
  });

  it("falls back to 1 day for a value that is not a number, and refuses 0 and 31", async () => {
    const { client, user } = await sessionFor();
    await client.post("/settings/reminders?tab=notifications", { intent: "notification-preferences", upcomingEvents: "on", eventReminderDays: "soon" });
    expect((await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id)))[0]).toMatchObject({ upcomingEvents: true, eventReminderDays: 1 });
    for (const days of ["0", "31", "2.5"]) {
      const response = await client.post("/settings/reminders?tab=notifications", { intent: "notification-preferences", eventReminderDays: days });
      expect(response.status, days).toBe(400);
    }
    expect((await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id)))[0]).toMatchObject({ eventReminderDays: 1 });
  });
});

// ---------------------------------------------------------------- more of each form

/** The page as a person reads it, with the tags gone (text split by markup joins up). */
async function visibleText(response: Response) {
  return (await textOf(response)).replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, "");
}

async function profileOf(userId: string) {
  return (await db.select().from(profiles).where(eq(profiles.userId, userId)))[0];
}
async function contactsOf(userId: string) {
  return db.select().from(shooterContacts).where(eq(shooterContacts.userId, userId));
}

describe("business info: what the page shows and the limits", () => {
  it("prefills the form from the profile and shows the sign-in address apart from the business e-mail", async () => {
    const { client, user } = await sessionFor();
    await db.update(profiles).set({ businessName: "Harbor Light Films", email: "office@harborlight.example" }).where(eq(profiles.userId, user.id));
    const html = await textOf(await client.get("/settings"));
    expect(html).toMatch(/name="businessName"[^>]*value="Harbor Light Films"|value="Harbor Light Films"[^>]*name="businessName"/);
    expect(html).toMatch(/name="email"[^>]*value="office@harborlight.example"|value="office@harborlight.example"[^>]*name="email"/);
    expect(await visibleText(await client.get("/settings"))).toContain(`Signed in as ${user.email}`);
  });

  it("renders the page that answers the save (no JavaScript) with the new greeting and the sign-in address unchanged", async () => {
    const { client, user } = await sessionFor();
    const response = await client.post("/settings/business", { ...BUSINESS, businessName: "Northern Lights Studio", email: "desk@northern.example" });
    expect(response.status).toBe(302);
    const text = await visibleText(await client.get(response.headers.get("Location")!));
    expect(text).toContain("Hi, Northern Lights Studio");
    expect(text).toContain(`Signed in as ${user.email}`);
    expect(text).toContain("Business information updated");
    // The sign-in address still signs in; the business e-mail is only contact data.
    const [account] = await db.select().from(users).where(eq(users.id, user.id));
    expect(account!.email).toBe(user.email);
    expect(await profileOf(user.id)).toMatchObject({ email: "desk@northern.example" });
  });

  it("trims what was typed", async () => {
    const { client, user } = await sessionFor();
    await client.post("/settings/business", { ...BUSINESS, businessName: "  Golden Hour  ", firstName: " Maya ", email: "  HELLO@Example.com " });
    expect(await profileOf(user.id)).toMatchObject({ businessName: "Golden Hour", firstName: "Maya", email: "hello@example.com" });
  });

  it.each([
    { fields: { lastName: "x".repeat(101) }, message: "Last name must be less than 100 characters" },
    { fields: { email: `${"a".repeat(250)}@example.com` }, message: "Email must be less than 255 characters" },
    { fields: { email: "" }, message: "Invalid email address" },
    { fields: { email: "maya@" }, message: "Invalid email address" },
  ])("refuses $fields with '$message', changing nothing", async ({ fields, message }) => {
    const { client, user } = await sessionFor();
    const before = await profileOf(user.id);
    const response = await client.post("/settings/business", { ...BUSINESS, ...fields });
    expect(response.status).toBe(400);
    const text = await textOf(response);
    expect(text).toContain("Validation Error");
    expect(text).toContain(message);
    expect(await profileOf(user.id)).toEqual(before);
  });

  it("refuses a form with every field missing, naming the business name first (docs/product/validation.md#business-info order)", async () => {
    const { client, user } = await sessionFor();
    const before = await profileOf(user.id);
    const response = await client.post("/settings/business", { intent: "business-info" });
    expect(response.status).toBe(400);
    const text = await textOf(response);
    for (const message of ["Business name is required", "First name is required", "Last name is required", "Invalid email address"]) expect(text).toContain(message);
    expect(await profileOf(user.id)).toEqual(before);
  });

  it("answers 'Failed to update business information' (404) for an account without a profile row", async () => {
    const { client, user } = await sessionFor();
    await db.delete(profiles).where(eq(profiles.userId, user.id));
    const response = await client.post("/settings/business", BUSINESS);
    expect(response.status).toBe(404);
    expect(await textOf(response)).toContain("Failed to update business information");
    expect(await profileOf(user.id)).toBeUndefined();
  });
});

/** Each form's route under /settings. */
const FORM_ROUTES: Record<string, string> = {
  "business-info": "business",
  "add-contact": "contacts",
  "edit-contact": "contacts",
  "delete-contact": "contacts/delete",
  "notification-preferences": "reminders",
  "change-password": "password",
  "sign-out-others": "sign-out-others",
  "confirm-password": "password/confirm",
};
const FORMS: Record<string, string>[] = [
  BUSINESS,
  CONTACT,
  { ...CONTACT, intent: "edit-contact", id: crypto.randomUUID() },
  { intent: "delete-contact", id: crypto.randomUUID() },
  { intent: "notification-preferences", upcomingEvents: "on", eventReminderDays: "5" },
  { intent: "change-password", currentPassword: "x", password: "Sunset2026", confirmPassword: "Sunset2026" },
  { intent: "sign-out-others" },
  { intent: "confirm-password", password: "Sunset2026" },
];

describe("every form needs a signed-in user", () => {
  it.each(FORMS)("signed out, '$intent' → sign in, nothing written", async (fields) => {
    const visitor = createClient();
    const contactsBefore = await db.$count(shooterContacts);
    const response = await visitor.post(`/settings/${FORM_ROUTES[fields.intent!]}?tab=contacts`, fields);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/auth?returnTo=${encodeURIComponent("/settings?tab=contacts")}`);
    expect(await db.$count(shooterContacts)).toBe(contactsBefore);
  });

  it("a session cookie that matches no session is signed out too", async () => {
    const forged = createClient();
    forged.jar.set("ef_session", randomToken(32));
    const response = await forged.post("/settings/business", BUSINESS);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth\?returnTo=/);
  });

  it.each(["", "BUSINESS-INFO", "delete-contacts", "x".repeat(10_000)])("intent %j → 400 'Unknown action'", async (intent) => {
    const response = await me.client.post("/settings", { intent });
    expect(response.status).toBe(400);
    expect(await textOf(response)).toContain("Unknown action");
  });

  it("a form with no intent at all → 400", async () => {
    expect((await me.client.post("/settings", { businessName: "Studio" })).status).toBe(400);
  });
});

describe("saved contacts: storage, validation and limits", () => {
  it("stores empty optional fields as NULL, the handle without @ and the e-mail lower-cased", async () => {
    const { client, user } = await sessionFor();
    const response = await client.post("/settings/contacts?tab=contacts&dialog=add-contact", {
      intent: "add-contact",
      shooterType: "second_shooter",
      firstName: "  Ines ",
      lastName: "",
      email: " Ines@Example.COM ",
      phoneNumber: "",
      instagramHandle: "@@ines.shoots",
      notes: "   ",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("X-Remix-Replace")).toBe("true");
    expect(await contactsOf(user.id)).toEqual([
      expect.objectContaining({ shooterType: "second_shooter", firstName: "Ines", lastName: null, email: "ines@example.com", phoneNumber: null, instagramHandle: "ines.shoots", notes: null }),
    ]);
  });

  it("lists the contacts newest first with type, e-mail, phone, Instagram and notes", async () => {
    const { client } = await sessionFor();
    // Saved first, and first in the alphabet: newest first puts it last.
    await client.post("/settings/contacts?tab=contacts", { ...CONTACT, firstName: "Ava", email: "older@example.com", notes: "First one saved" });
    await client.post("/settings/contacts?tab=contacts", { ...CONTACT, firstName: "Zoe", shooterType: "second_shooter", email: "newer@example.com" });
    const text = await visibleText(await client.get("/settings?tab=contacts"));
    expect(text.indexOf("Zoe Rivera")).toBeGreaterThan(-1);
    expect(text.indexOf("Zoe Rivera")).toBeLessThan(text.indexOf("Ava Rivera"));
    for (const shown of ["Second Shooter", "Associate Shooter", "older@example.com", "555-0100", "@samshoots", "First one saved"]) expect(text).toContain(shown);
  });

  it.each([
    { fields: { shooterType: "" }, message: "Please choose a shooter type" },
    { fields: { firstName: "x".repeat(101) }, message: "First name must be less than 100 characters" },
    { fields: { lastName: "x".repeat(101) }, message: "Last name must be less than 100 characters" },
    { fields: { email: `${"a".repeat(250)}@example.com` }, message: "Email must be less than 255 characters" },
    { fields: { phoneNumber: "5".repeat(51) }, message: "Phone number must be less than 50 characters" },
    { fields: { instagramHandle: "sam shoots!" }, message: "Instagram handle can only contain letters, numbers, dots, dashes and underscores" },
    { fields: { instagramHandle: "s".repeat(101) }, message: "Instagram handle must be less than 100 characters" },
  ])("refuses a contact with $fields: '$message'", async ({ fields, message }) => {
    const { client, user } = await sessionFor();
    const response = await client.post("/settings/contacts?tab=contacts", { ...CONTACT, ...fields });
    expect(response.status).toBe(400);
    const text = await textOf(response);
    expect(text).toContain("Validation Error");
    expect(text).toContain(message);
    expect(await contactsOf(user.id)).toEqual([]);
  });

  it("an edit that does not validate changes nothing; one of a contact deleted meanwhile answers 404", async () => {
    const { client, user } = await sessionFor();
    await client.post("/settings/contacts?tab=contacts", CONTACT);
    const [row] = await contactsOf(user.id);
    const refused = await client.post("/settings/contacts?tab=contacts", { ...CONTACT, intent: "edit-contact", id: row!.id, firstName: "", email: "nope" });
    expect(refused.status).toBe(400);
    expect(await textOf(refused)).toContain("First name is required");
    expect(await contactsOf(user.id)).toEqual([row]);

    await client.post("/settings/contacts/delete?tab=contacts", { intent: "delete-contact", id: row!.id });
    const gone = await client.post("/settings/contacts?tab=contacts", { ...CONTACT, intent: "edit-contact", id: row!.id });
    expect(gone.status).toBe(404);
    expect(await contactsOf(user.id)).toEqual([]);
  });

  it.each([
    { name: "no id", id: undefined },
    { name: "an empty id", id: "" },
    { name: "a 37-character id", id: `${crypto.randomUUID()}0` },
    { name: "an id with markup", id: "<script>alert(1)</script>" },
  ])("edit and delete with $name → 400, nothing changes", async ({ id }) => {
    const { client, user } = await sessionFor();
    await client.post("/settings/contacts?tab=contacts", CONTACT);
    const before = await contactsOf(user.id);
    const withId: Record<string, string> = id === undefined ? {} : { id };
    expect((await client.post("/settings/contacts?tab=contacts", { ...CONTACT, intent: "edit-contact", ...withId, firstName: "Changed" })).status).toBe(400);
    expect((await client.post("/settings/contacts/delete?tab=contacts", { intent: "delete-contact", ...withId })).status).toBe(400);
    expect(await contactsOf(user.id)).toEqual(before);
  });

  it("does not open the edit or delete dialog of someone else's contact, nor list it", async () => {
    const { client: theirClient, user: them } = await sessionFor();
    await theirClient.post("/settings/contacts?tab=contacts", { ...CONTACT, email: "private-contact@example.com" });
    const [theirs] = await contactsOf(them.id);
    for (const dialog of ["edit-contact", "delete-contact"]) {
      const text = await visibleText(await me.client.get(`/settings?tab=contacts&dialog=${dialog}&id=${theirs!.id}`));
      expect(text).not.toContain("private-contact@example.com");
      expect(text).not.toContain("Sam Rivera");
      expect(text).not.toContain("Save Contact");
      expect(text).not.toContain("Delete Contact");
    }
  });

  it(`refuses a ${CONTACTS_PER_USER_MAX + 1}st contact (400) and the count stays ${CONTACTS_PER_USER_MAX}`, async () => {
    const { client, user } = await sessionFor();
    await insertContacts(user.id, CONTACTS_PER_USER_MAX);
    const response = await client.post("/settings/contacts?tab=contacts", CONTACT);
    expect(response.status).toBe(400);
    expect(await textOf(response)).toContain(`You can save at most ${CONTACTS_PER_USER_MAX} contacts.`);
    expect(await db.$count(shooterContacts, eq(shooterContacts.userId, user.id))).toBe(CONTACTS_PER_USER_MAX);
    // The limit is per user: someone else still adds.
    const { client: other } = await sessionFor();
    expect((await other.post("/settings/contacts?tab=contacts", CONTACT)).status).toBe(302);
  });

  it("does not pass the limit when the last free places are taken at once", async () => {
    const { client, user } = await sessionFor();
    await insertContacts(user.id, CONTACTS_PER_USER_MAX - 3);
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => client.post("/settings/contacts?tab=contacts", { ...CONTACT, firstName: `Parallel ${i}` })));
    expect(responses.map((r) => r.status).sort()).toEqual([302, 302, 302, 400, 400, 400, 400, 400]);
    expect(await db.$count(shooterContacts, eq(shooterContacts.userId, user.id))).toBe(CONTACTS_PER_USER_MAX);
  });
});

/** `count` contacts of `userId` in one D1 batch (ten rows a statement: D1 binds at most 100 values each). */
async function insertContacts(userId: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({ id: crypto.randomUUID(), userId, shooterType: "second_shooter" as const, firstName: `Contact ${i}`, email: `c${i}@example.com` }));
  const inserts = Array.from({ length: Math.ceil(count / 10) }, (_, i) => db.insert(shooterContacts).values(rows.slice(i * 10, i * 10 + 10)));
  await db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
}

describe("subscription tab (docs/product/screens.md#subscription-tab)", () => {
  async function withSubscription(set: Partial<typeof profiles.$inferInsert>) {
    const { client, user } = await sessionFor();
    if (Object.keys(set).length > 0) await db.update(profiles).set(set).where(eq(profiles.userId, user.id));
    const html = await textOf(await client.get("/settings?tab=subscription"));
    return { html, text: await visibleText(new Response(html)) };
  }
  const PRO = { subscriptionStatus: "active", subscriptionType: "business", subscriptionExpiresAt: "2099-01-01T00:00:00.000Z" } as const;

  it("shows an active monthly Pro plan with its features and what cancelling means", async () => {
    const { text } = await withSubscription({ ...PRO, billingInterval: "monthly" });
    expect(text).toContain("Pro Plan");
    expect(text).toContain("Billed monthly: $9.99/month");
    for (const feature of PRO_FEATURES) expect(text).toContain(feature);
    expect(text).toContain("Cancelling keeps access until the end of the billing period.");
    expect(text).not.toContain("Free Guest Access");
  });

  it("shows a yearly plan, and a trial as such", async () => {
    expect((await withSubscription({ ...PRO, billingInterval: "yearly" })).text).toContain("Billed yearly: $99.99/year");
    expect((await withSubscription({ ...PRO, subscriptionStatus: "trialing", billingInterval: "monthly" })).text).toContain("Billed monthly: $9.99/month (free trial)");
  });

  it.each([
    { name: "a free account", set: {} },
    { name: "an expired Pro plan", set: { ...PRO, subscriptionExpiresAt: "2020-01-01T00:00:00.000Z" } },
    { name: "a cancelled Pro plan", set: { ...PRO, subscriptionStatus: "canceled" as const } },
  ])("shows $name the free guest access message and a link to /subscription", async ({ set }) => {
    const { html, text } = await withSubscription(set);
    expect(text).toContain("Free Guest Access");
    expect(html).toMatch(/<a[^>]*href="\/subscription"/);
    expect(text).not.toContain("Pro Plan");
  });

  it("shows a past-due plan the guest access message, and the way back is the billing portal, not a second subscription", async () => {
    const { html, text } = await withSubscription({ ...PRO, subscriptionStatus: "past_due" });
    expect(text).toContain("Free Guest Access");
    expect(text).not.toContain("Pro Plan");
    expect(html).not.toMatch(/<a[^>]*href="\/subscription"/);
  });

  it("offers the billing portal (a new tab) to a customer Stripe bills, and nothing dead to tap to anyone else (decision 008)", async () => {
    // No customer, or a customer who only ever abandoned a checkout: nothing in the portal.
    for (const set of [{ ...PRO, billingInterval: "monthly" as const }, {}, { stripeCustomerId: `cus_${crypto.randomUUID().slice(0, 8)}` }]) {
      const { html, text } = await withSubscription(set);
      expect(text).not.toContain("Manage Billing");
      expect(html).not.toContain('action="/billing/portal"');
    }
    for (const set of [
      { ...PRO, billingInterval: "monthly" as const, stripeCustomerId: `cus_${crypto.randomUUID().slice(0, 8)}`, stripeSubscriptionId: "sub_1" },
      { ...PRO, subscriptionStatus: "past_due" as const, stripeCustomerId: `cus_${crypto.randomUUID().slice(0, 8)}`, stripeSubscriptionId: "sub_2" },
    ]) {
      const { html, text } = await withSubscription(set);
      expect(text).toContain("Manage Billing");
      expect(html).toContain(`<form action="/billing/portal" method="post" target="_blank">`);
    }
  });

  it("says when a plan renews, when a trial ends, when a cancelled plan ends, and when a payment failed", async () => {
    const at = "2031-03-15T12:00:00.000Z";
    expect((await withSubscription({ ...PRO, billingInterval: "monthly", subscriptionExpiresAt: at })).text).toContain("Renews on March 15, 2031");
    expect((await withSubscription({ ...PRO, subscriptionStatus: "trialing", subscriptionExpiresAt: at })).text).toContain(
      "Free trial until March 15, 2031, then renews",
    );
    expect((await withSubscription({ ...PRO, subscriptionExpiresAt: at, subscriptionCancelAtPeriodEnd: true })).text).toContain(
      "Cancelled: Pro ends on March 15, 2031",
    );
    expect((await withSubscription({ ...PRO, subscriptionStatus: "past_due" })).text).toContain(
      "Your last payment failed. Update your payment method in the billing portal to get Pro back.",
    );
  });
});

describe("notification preferences: defaults and bounds", () => {
  const reminderInput = (html: string) => html.match(/<input[^>]*name="eventReminderDays"[^>]*>/)?.[0] ?? "";
  const toggleInput = (html: string) => html.match(/<input[^>]*name="upcomingEvents"[^>]*>/)?.[0] ?? "";

  it("shows the defaults (reminders on, 1 day) for an account without a preferences row", async () => {
    const { client, user } = await sessionFor();
    expect(await db.$count(notificationPreferences, eq(notificationPreferences.userId, user.id))).toBe(0);
    const html = await textOf(await client.get("/settings?tab=notifications"));
    expect(html).toContain("Upcoming event reminders");
    expect(toggleInput(html)).toMatch(/checked/);
    expect(reminderInput(html)).toMatch(/value="1"/);
  });

  it("updates the same row on the next save and shows what was saved", async () => {
    const { client, user } = await sessionFor();
    await client.post("/settings/reminders?tab=notifications", { intent: "notification-preferences", upcomingEvents: "on", eventReminderDays: "30" });
    await client.post("/settings/reminders?tab=notifications", { intent: "notification-preferences", eventReminderDays: "1" });
    expect(await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id))).toEqual([
      expect.objectContaining({ upcomingEvents: false, eventReminderDays: 1 }),
    ]);
    await client.post("/settings/reminders?tab=notifications", { intent: "notification-preferences", upcomingEvents: "on", eventReminderDays: "14" });
    const html = await textOf(await client.get("/settings?tab=notifications"));
    expect(toggleInput(html)).toMatch(/checked/);
    expect(reminderInput(html)).toMatch(/value="14"/);
  });

  it.each([
    { days: "", stored: 1 },
    { days: "  ", stored: 1 },
    { days: "abc", stored: 1 },
    { days: " 7 ", stored: 7 },
    { days: "30", stored: 30 },
  ])("reminder days '$days' → stored $stored", async ({ days, stored }) => {
    const { client, user } = await sessionFor();
    const response = await client.post("/settings/reminders?tab=notifications", { intent: "notification-preferences", upcomingEvents: "on", eventReminderDays: days });
    expect(response.status).toBe(302);
    expect((await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id)))[0]).toMatchObject({ eventReminderDays: stored });
  });

  it.each([
    { days: "0", message: "Reminder days must be between 1 and 30" },
    { days: "-3", message: "Reminder days must be between 1 and 30" },
    { days: "31", message: "Reminder days must be between 1 and 30" },
    { days: "1e9", message: "Reminder days must be between 1 and 30" },
    { days: "2.5", message: "Reminder days must be a whole number" },
  ])("refuses reminder days '$days' with '$message' and writes nothing", async ({ days, message }) => {
    const { client, user } = await sessionFor();
    const response = await client.post("/settings/reminders?tab=notifications", { intent: "notification-preferences", eventReminderDays: days });
    expect(response.status).toBe(400);
    const text = await textOf(response);
    expect(text).toContain("Validation Error");
    expect(text).toContain(message);
    expect(await db.$count(notificationPreferences, eq(notificationPreferences.userId, user.id))).toBe(0);
  });
});

describe("tabs", () => {
  it.each([
    { query: "", selected: "Business" },
    { query: "?tab=business", selected: "Business" },
    { query: "?tab=contacts", selected: "Contacts" },
    { query: "?tab=subscription", selected: "Subscription" },
    { query: "?tab=notifications", selected: "Notifications" },
    { query: "?tab=admin", selected: "Business" },
  ])("'$query' opens $selected, with Back, the help links and Sign Out", async ({ query, selected }) => {
    const html = await textOf(await me.client.get(`/settings${query}`));
    // Link tabs are navigation links: the open one is aria-current.
    expect(html).toMatch(new RegExp(`aria-current="page"[^>]*>${selected}<`));
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).not.toContain('role="tab"');
    for (const href of ["/", "/support", "/privacy-policy", "/about"]) expect(html).toMatch(new RegExp(`<a[^>]*href="${href}"`));
    expect(html).toMatch(/<form[^>]*action="\/logout"/);
    expect(await visibleText(new Response(html))).toContain("Sign Out");
  });
});
