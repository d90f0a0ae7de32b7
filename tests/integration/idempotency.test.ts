import { env } from "cloudflare:workers";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appliedMutations, emailOutbox, eventClientAccess, eventInvites, eventPeople, events, notifications, shooterContacts } from "~/db/schema";
import { getDb } from "~/utils/db.server";
import { runHousekeeping } from "~/utils/housekeeping.server";
import { FORM_CLAIM } from "~/utils/idempotency.server";
import { type Client, createClient, eventIdFrom, signedInUser, uniqueEmail } from "./helpers";

// Double submits created duplicates (two parallel create-event posts
// made two events; add-person and create-client-access too, with two e-mails). Every
// creating form carries a key from the page that rendered it; the second submit of the
// same form answers with the first one's result and changes nothing.

const db = getDb(env);
let lead: Awaited<ReturnType<typeof signedInUser>>;
let eventId: string;

const key = () => crypto.randomUUID().replaceAll("-", "");
const html = async (response: Response) => (await response.text()).replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");

beforeAll(async () => {
  lead = await signedInUser({ pro: true });
  eventId = eventIdFrom(await lead.client.post("/events/new", { title: "Idempotent Wedding", date: "2027-08-14" }));
});

/** The page an answer redirects to, seen with that answer's own flash cookie (each answer of a double tap has one). */
function follow(answer: Response) {
  const client = createClient();
  client.jar.set("ef_session", lead.client.jar.get("ef_session")!);
  const toast = answer.headers.getSetCookie().find((line) => line.startsWith("en_toast="))!;
  client.jar.set("en_toast", toast.split(";")[0]!.slice("en_toast=".length));
  return client.get(answer.headers.get("Location")!);
}

/** The same form sent twice at once, as a double tap does. */
function twice(client: Client, path: string, fields: Record<string, string>) {
  return Promise.all([client.post(path, fields), client.post(path, fields)]);
}

describe("a creating form sent twice", () => {
  it("the page gives its forms a key, new with every load", async () => {
    const first = await html(await lead.client.get(`/events/${eventId}?dialog=add-person`));
    const second = await html(await lead.client.get(`/events/${eventId}?dialog=add-person`));
    const keyOf = (page: string) => page.match(/name="idempotencyKey" value="([A-Za-z0-9_-]+)"/)?.[1];
    expect(keyOf(first)).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(keyOf(second)).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(keyOf(first)).not.toBe(keyOf(second));
  });

  it("create event: one event, and both answers lead to it", async () => {
    const title = `Twice ${crypto.randomUUID().slice(0, 6)}`;
    const answers = await twice(lead.client, "/events/new", { title, date: "2027-09-01", idempotencyKey: key() });
    expect(answers.map((r) => r.status)).toEqual([302, 302]);
    expect(answers[0]!.headers.get("Location")).toBe(answers[1]!.headers.get("Location"));
    expect(await db.select().from(events).where(eq(events.title, title))).toHaveLength(1);
  });

  it("add person: one person, both answered 'Person added'", async () => {
    const firstName = `Rosa${crypto.randomUUID().slice(0, 4)}`;
    const answers = await twice(lead.client, `/events/${eventId}?dialog=add-person`, { intent: "add-person", firstName, role: "guest", idempotencyKey: key() });
    expect(answers.map((r) => r.status)).toEqual([302, 302]);
    for (const answer of answers) expect(answer.headers.get("Location")).toBe(`/events/${eventId}`);
    expect(await db.select().from(eventPeople).where(and(eq(eventPeople.eventId, eventId), eq(eventPeople.firstName, firstName)))).toHaveLength(1);
  });

  it("the same key with other fields is a new submission, never answered with the first one's result", async () => {
    const shared = key();
    const names = [`Ana${crypto.randomUUID().slice(0, 4)}`, `Ben${crypto.randomUUID().slice(0, 4)}`];
    for (const firstName of names) {
      expect((await lead.client.post(`/events/${eventId}`, { intent: "add-person", firstName, role: "guest", idempotencyKey: shared })).status).toBe(302);
    }
    for (const firstName of names) {
      expect(await db.select().from(eventPeople).where(and(eq(eventPeople.eventId, eventId), eq(eventPeople.firstName, firstName)))).toHaveLength(1);
    }
  });

  it("create client access: one link, one e-mail, and both answers show the same link once", async () => {
    const clientEmail = uniqueEmail("couple");
    const answers = await twice(lead.client, `/events/${eventId}?tab=client&dialog=create-client-access`, {
      intent: "create-client-access",
      clientEmail,
      canEditPeople: "on",
      idempotencyKey: key(),
    });
    expect(answers.map((r) => r.status)).toEqual([302, 302]);
    expect(await db.select().from(eventClientAccess).where(eq(eventClientAccess.clientEmail, clientEmail))).toHaveLength(1);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, clientEmail))).toHaveLength(1);
    // Each answer hands the page that follows the same once-shown link.
    const links: string[] = [];
    for (const answer of answers) {
      expect(answer.headers.get("Location")).toBe(`/events/${eventId}?tab=client`);
      const page = await html(await follow(answer));
      expect(page).toContain("Client link created");
      links.push(page.match(/http:\/\/localhost\/client\/[0-9a-f]{64}/)![0]);
    }
    expect(links[0]).toBe(links[1]);
  });

  it("invite a shooter: one invitation e-mail", async () => {
    const email = uniqueEmail("shooter");
    const answers = await twice(lead.client, `/events/${eventId}?tab=team&dialog=invite-team`, {
      intent: "invite-team",
      firstName: "Sam",
      email,
      inviteType: "second_shooter",
      idempotencyKey: key(),
    });
    expect(answers.map((r) => r.status)).toEqual([302, 302]);
    expect(await db.select().from(eventInvites).where(eq(eventInvites.email, email))).toHaveLength(1);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toHaveLength(1);
  });

  it("send the invite step's list: each invitation once", async () => {
    const shooter = uniqueEmail("step");
    const couple = uniqueEmail("step-couple");
    const fields = {
      intent: "send",
      "entries[0].email": shooter,
      "entries[0].inviteType": "second_shooter",
      "entries[1].email": couple,
      "entries[1].inviteType": "client",
      idempotencyKey: key(),
    };
    const answers = await twice(lead.client, `/events/${eventId}/invite`, fields);
    // Post/redirect/get: the links ride to the step's page once (the flash cookie).
    expect(answers.map((r) => r.status)).toEqual([302, 302]);
    const links = await Promise.all(answers.map(async (answer) => (await html(await follow(answer))).match(/http:\/\/localhost\/client\/[0-9a-f]{64}/)?.[0]));
    expect(links[0]).toBeDefined();
    expect(links[0]).toBe(links[1]);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, shooter))).toHaveLength(1);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, couple))).toHaveLength(1);
    expect(await db.select().from(eventClientAccess).where(eq(eventClientAccess.clientEmail, couple))).toHaveLength(1);
  });

  it("add a saved contact: one contact", async () => {
    const email = uniqueEmail("contact");
    const answers = await twice(lead.client, "/settings/contacts?tab=contacts&dialog=add-contact", {
      intent: "add-contact",
      shooterType: "second_shooter",
      firstName: "Lee",
      email,
      idempotencyKey: key(),
    });
    expect(answers.map((r) => r.status)).toEqual([302, 302]);
    expect(await db.select().from(shooterContacts).where(eq(shooterContacts.email, email))).toHaveLength(1);
  });

  it("a client link adds a person once, and the photographer is told once", async () => {
    const clientEmail = uniqueEmail("portal");
    const created = await lead.client.post(`/events/${eventId}?tab=client`, { intent: "create-client-access", clientEmail, canEditPeople: "on" });
    const page = await html(await lead.client.get(created.headers.get("Location")!));
    const token = page.match(/\/client\/([0-9a-f]{64})/)![1]!;
    const couple = createClient();
    const opened = await couple.get(`/client/${token}`);
    const portal = opened.headers.get("Location")!;
    const firstName = `Nana${crypto.randomUUID().slice(0, 4)}`;
    const before = (await db.select().from(notifications).where(eq(notifications.userId, lead.id))).length;
    const answers = await twice(couple, `${portal}?dialog=add-person`, { intent: "add-person", firstName, role: "guest", idempotencyKey: key() });
    expect(answers.map((r) => r.status)).toEqual([302, 302]);
    expect(await db.select().from(eventPeople).where(and(eq(eventPeople.eventId, eventId), eq(eventPeople.firstName, firstName)))).toHaveLength(1);
    const told = await db.select().from(notifications).where(and(eq(notifications.userId, lead.id), like(notifications.message, `%${firstName}%`)));
    expect(told).toHaveLength(1);
    expect((await db.select().from(notifications).where(eq(notifications.userId, lead.id))).length).toBe(before + 1);
  });

  it("an invitation picked from a saved contact carries the key too (the form holds the contact's id)", async () => {
    const email = uniqueEmail("picked");
    await lead.client.post("/settings/contacts?tab=contacts", { intent: "add-contact", shooterType: "second_shooter", firstName: "Pat", email });
    const [contact] = await db.select().from(shooterContacts).where(eq(shooterContacts.email, email));
    const page = await html(await lead.client.get(`/events/${eventId}?tab=team&dialog=invite-team&id=${contact!.id}`));
    expect(page).toContain(email);
    expect(page).toMatch(/name="idempotencyKey" value="[A-Za-z0-9_-]{24}"/);
  });

  it("a key sent to another event's form is a new submission there", async () => {
    const other = eventIdFrom(await lead.client.post("/events/new", { title: "Other Wedding", date: "2027-09-02" }));
    const shared = key();
    const firstName = `Kit${crypto.randomUUID().slice(0, 4)}`;
    for (const event of [eventId, other]) {
      expect((await lead.client.post(`/events/${event}`, { intent: "add-person", firstName, role: "guest", idempotencyKey: shared })).status).toBe(302);
    }
    for (const event of [eventId, other]) {
      expect(await db.select().from(eventPeople).where(and(eq(eventPeople.eventId, event), eq(eventPeople.firstName, firstName)))).toHaveLength(1);
    }
  });

  it("a malformed key is refused (400) and creates nothing", async () => {
    const firstName = `Bad${crypto.randomUUID().slice(0, 4)}`;
    for (const bad of ["short", "has spaces in it here", "x".repeat(65)]) {
      const response = await lead.client.post(`/events/${eventId}`, { intent: "add-person", firstName, role: "guest", idempotencyKey: bad });
      expect(response.status, bad).toBe(400);
    }
    expect(await db.select().from(eventPeople).where(eq(eventPeople.firstName, firstName))).toEqual([]);
  });

  it("claims are kept a day, then housekeeping removes them (a list mutation's record of the same age stays)", async () => {
    const dayOld = new Date(Date.now() - 25 * 3600_000).toISOString();
    await db.insert(appliedMutations).values([
      { key: `old-${key()}`, name: FORM_CLAIM, result: { id: "x" }, createdAt: dayOld },
      { key: `new-${key()}`, name: FORM_CLAIM, result: { id: "y" } },
      { key: `mutation-${key()}`, eventId, name: "toggle-shot", result: { id: "z" }, createdAt: dayOld },
    ]);
    const result = await runHousekeeping(db, env);
    expect(result.formClaims).toBeGreaterThanOrEqual(1);
    const left = await db.select().from(appliedMutations);
    expect(left.some((row) => row.key.startsWith("old-"))).toBe(false);
    expect(left.some((row) => row.key.startsWith("new-"))).toBe(true);
    expect(left.some((row) => row.key.startsWith("mutation-"))).toBe(true);
  });
});
