import { createExecutionContext, listDurableObjectIds } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { asc, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import {
  eventClientAccess,
  eventPeople,
  events,
  eventSecondShooters,
  eventVendors,
  notifications,
  organizations,
  shotListItems,
  timelineBlocks,
} from "~/db/schema";
import { cloudflareContext } from "~/context";
import { CLIENT_INTENT_FLAGS, type ClientIntent, INTENT_PERMISSIONS, type DashboardIntent } from "~/modules/event/intents";
import type { ClientFlags } from "~/modules/event/permissions";
import { sha256Hex } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { publishCommitted } from "~/modules/live/room.server";
import { createUser } from "../factories";
import { loader as portalLoader } from "~/routes/client.view.$accessId";
import { createClient, type Client, eventLists, ORIGIN } from "./helpers";

// A client link does exactly what its four flags allow, on the server.

const db = getDb(env);
const EVENT_TITLE = "Willow Creek Wedding";
let leadId: string;
let memberId: string;

beforeAll(async () => {
  leadId = (await createUser(db)).id;
  memberId = (await createUser(db)).id;
});

type Fixture = { eventId: string; block: string; shot: string; person: string; vendor: string };

async function seedEvent(): Promise<Fixture> {
  const eventId = crypto.randomUUID();
  const fx = { eventId, block: crypto.randomUUID(), shot: crypto.randomUUID(), person: crypto.randomUUID(), vendor: crypto.randomUUID() };
  await db.batch([
    db.insert(organizations).values({ id: crypto.randomUUID(), name: "Org", ownerId: leadId }).onConflictDoNothing(),
    db.insert(events).values({
      id: eventId,
      title: EVENT_TITLE,
      coupleNames: "Emma & James",
      date: "2027-06-12",
      venue: "Willow Creek Barn",
      organizationId: sql`(SELECT id FROM organizations WHERE owner_id = ${leadId})`,
      leadPhotographerId: leadId,
    }),
    db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: memberId, status: "accepted" }),
    db.insert(timelineBlocks).values({ id: fx.block, eventId, title: "Ceremony", blockType: "ceremony", startTime: "16:00", durationMinutes: 30, orderIndex: 0 }),
    // A family formals grouping of Grace, so a grouping's edit (regroup-shot) has its row too.
    db.insert(shotListItems).values({ id: fx.shot, eventId, title: "Rings", category: "details", orderIndex: 0, personIds: JSON.stringify([fx.person]) }),
    db.insert(eventPeople).values({ id: fx.person, eventId, firstName: "Grace", lastName: "Lee", role: "grandparent" }),
    db.insert(eventVendors).values({ id: fx.vendor, eventId, vendorName: "Petal Studio", vendorType: "florist" }),
  ]);
  return fx;
}

const ALL_ON: ClientFlags = { canEditPeople: true, canEditTimeline: true, canEditShots: true, canEditVendors: true };

/** A client link of the event with these flags; its token is returned (as only the e-mail would carry it). */
async function createAccess(eventId: string, flags: ClientFlags = ALL_ON, expiresAt = "2099-01-01T00:00:00.000Z") {
  const token = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const id = crypto.randomUUID();
  await db.insert(eventClientAccess).values({ id, eventId, clientEmail: "couple@example.com", accessTokenHash: await sha256Hex(token), expiresAt, ...flags });
  return { id, token };
}

/** Opens the link like a browser: the token becomes a cookie and the URL loses it. */
async function openLink(token: string, client: Client = createClient()) {
  const response = await client.get(`/client/${token}`);
  return { client, response };
}

async function portalOf(eventId: string, flags: ClientFlags = ALL_ON) {
  const access = await createAccess(eventId, flags);
  const { client, response } = await openLink(access.token);
  expect(response.status).toBe(302);
  return { client, path: response.headers.get("Location")!, access };
}

const snapshot = eventLists;

async function textOf(response: Response) {
  return (await response.text()).replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");
}

const BODIES: Record<ClientIntent, (fx: Fixture) => Record<string, string>> = {
  "add-block": () => ({ title: "Sparkler Exit", blockType: "exit", durationMinutes: "15" }),
  "edit-block": (fx) => ({ id: fx.block, title: "Vows", blockType: "ceremony", durationMinutes: "45" }),
  "add-shot": () => ({ title: "Grandma's ring", category: "details" }),
  "edit-shot": (fx) => ({ id: fx.shot, title: "Both rings", category: "details" }),
  "toggle-shot": (fx) => ({ id: fx.shot, done: "true" }),
  "group-shot": (fx) => ({ title: "Grace and the couple", category: "family_formals", personIds: JSON.stringify([fx.person]) }),
  "regroup-shot": (fx) => ({ id: fx.shot, title: "Grace alone", category: "family_formals", personIds: JSON.stringify([fx.person]) }),
  "add-person": () => ({ firstName: "Rosa", lastName: "Diaz", role: "parent" }),
  "edit-person": (fx) => ({ id: fx.person, firstName: "Gracie", role: "grandparent" }),
  "add-vendor": () => ({ vendorName: "DJ Nova", vendorType: "dj" }),
  "edit-vendor": (fx) => ({ id: fx.vendor, vendorName: "Petal & Stem", vendorType: "florist" }),
};
const CLIENT_INTENTS = Object.keys(CLIENT_INTENT_FLAGS) as ClientIntent[];
const FLAG_NAMES = ["canEditPeople", "canEditTimeline", "canEditShots", "canEditVendors"] as const;
const COMBINATIONS: ClientFlags[] = Array.from({ length: 16 }, (_, n) => ({
  canEditPeople: Boolean(n & 1),
  canEditTimeline: Boolean(n & 2),
  canEditShots: Boolean(n & 4),
  canEditVendors: Boolean(n & 8),
}));
const label = (flags: ClientFlags) => FLAG_NAMES.filter((f) => flags[f]).join("+") || "view only";

describe("opening a client link", () => {
  it("exchanges the token for a cookie of its access and moves to a URL without it", async () => {
    const fx = await seedEvent();
    const access = await createAccess(fx.eventId);
    const { client, response } = await openLink(access.token);
    expect(response.headers.get("Location")).toBe(`/client/view/${access.id}`);
    expect(response.headers.get("Location")).not.toContain(access.token);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`ef_client_${access.id}=`))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Path=/client/view");
    expect(cookie).toContain("SameSite=Lax");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");

    const page = await client.get(`/client/view/${access.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(page.headers.get("X-Robots-Tag")).toContain("noindex");
    const text = await textOf(page);
    for (const fact of [EVENT_TITLE, "Emma & James", "Client View", "Jun 12, 2027", "Willow Creek Barn", "Ceremony"]) expect(text).toContain(fact);
    expect(text).not.toContain(access.token);
  });

  it("/client-access?token=… leads to /client/{token}", async () => {
    const response = await createClient().get(`/client-access?token=${"ab".repeat(32)}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/client/${"ab".repeat(32)}`);
  });

  it.each([
    { name: "an unknown token", token: () => "cd".repeat(32), status: 404, message: "Access not found or expired" },
    { name: "a malformed token", token: () => "not-a-token", status: 400, message: "Invalid access link" },
  ])("answers $name with $status '$message' and no cookie", async ({ token, status, message }) => {
    const response = await createClient().get(`/client/${token()}`);
    expect(response.status).toBe(status);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("ef_client_"))).toBe(false);
    expect(await textOf(response)).toContain(message);
  });

  it("refuses an expired link", async () => {
    const fx = await seedEvent();
    const access = await createAccess(fx.eventId, ALL_ON, "2020-01-01T00:00:00.000Z");
    const { response } = await openLink(access.token);
    expect(response.status).toBe(404);
  });

  it("stops on the next request once revoked (page and actions), and after it expires", async () => {
    const fx = await seedEvent();
    const { client, path, access } = await portalOf(fx.eventId);
    expect((await client.get(path)).status).toBe(200);
    await db.delete(eventClientAccess).where(eq(eventClientAccess.id, access.id));
    const page = await client.get(path);
    expect(page.status).toBe(404);
    expect(await textOf(page)).toContain("Access not found or expired");
    const before = await snapshot(fx.eventId);
    expect((await client.post(path, { intent: "add-person", firstName: "Late", role: "guest" })).status).toBe(404);
    expect(await snapshot(fx.eventId)).toEqual(before);

    const second = await portalOf(fx.eventId);
    await db.update(eventClientAccess).set({ expiresAt: "2020-01-01T00:00:00.000Z" }).where(eq(eventClientAccess.id, second.access.id));
    expect((await second.client.get(second.path)).status).toBe(404);
  });

  it("a cookie is good only for its own access: another access's page, or a forged cookie, is refused", async () => {
    const fx = await seedEvent();
    const mine = await portalOf(fx.eventId);
    const other = await createAccess(fx.eventId);
    expect((await mine.client.get(`/client/view/${other.id}`)).status).toBe(404);
    const forged = createClient();
    forged.jar.set(`ef_client_${other.id}`, "ab".repeat(32));
    expect((await forged.get(`/client/view/${other.id}`)).status).toBe(404);
  });

  it("limits guesses per IP: the 30th unknown token is answered, the 31st refused (429), before looking the token up", async () => {
    const fx = await seedEvent();
    const access = await createAccess(fx.eventId);
    const guesser = createClient();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await guesser.get(`/client/${i.toString(16).padStart(64, "0")}`)).status);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Even the right token is not looked up for this IP now.
    expect((await guesser.get(`/client/${access.token}`)).status).toBe(429);
    // Another IP is unaffected.
    expect((await openLink(access.token)).response.status).toBe(302);
  });

  it("malformed tokens count as guesses too", async () => {
    const guesser = createClient();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await guesser.get(`/client/not-a-token-${i}`)).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("a valid link used 100 times from one IP (one venue's Wi-Fi) is never refused, and uses up no guesses (decision 005)", async () => {
    const fx = await seedEvent();
    const access = await createAccess(fx.eventId);
    const ip = createClient().ip;
    const client = createClient(ip);
    const path = `/client/view/${access.id}`;
    for (let i = 0; i < 100; i++) {
      if (i % 2 === 0) expect((await client.get(`/client/${access.token}`)).status, `opening ${i}`).toBe(302);
      else expect((await client.get(path)).status, `page ${i}`).toBe(200);
    }
    // A portal action is a use of the link too.
    expect((await client.post(path, { intent: "toggle-shot", id: fx.shot, done: "true" })).status).toBe(200);
    // Guesses from the same IP still have their whole allowance.
    const guesser = createClient(ip);
    for (let i = 0; i < 30; i++) expect((await guesser.get(`/client/${i.toString(16).padStart(64, "f")}`)).status).toBe(404);
  });
});

describe("every portal operation under every combination of the four flags", () => {
  const cases = COMBINATIONS.flatMap((flags) => CLIENT_INTENTS.map((intent) => ({ flags, intent, name: label(flags), allowed: flags[CLIENT_INTENT_FLAGS[intent]] })));

  it.each(cases)("$name → $intent: allowed $allowed", async ({ flags, intent, allowed }) => {
    const fx = await seedEvent();
    const { client, path } = await portalOf(fx.eventId, flags);
    const before = await snapshot(fx.eventId);
    const notesBefore = await db.select().from(notifications).where(eq(notifications.userId, leadId));
    const response = await client.post(`${path}?dialog=${intent}`, { intent, ...BODIES[intent](fx) });
    const after = await snapshot(fx.eventId);
    if (!allowed) {
      expect(response.status).toBe(403);
      expect(after).toEqual(before);
      expect(await db.select().from(notifications).where(eq(notifications.userId, leadId))).toHaveLength(notesBefore.length);
      return;
    }
    expect(after).not.toEqual(before);
    expect(response.status).toBe(intent === "toggle-shot" ? 200 : 302);
    // The photographer is told, with the event and what changed.
    const notes = await db.select().from(notifications).where(eq(notifications.userId, leadId)).orderBy(asc(notifications.createdAt));
    expect(notes).toHaveLength(notesBefore.length + 1);
    expect(notes.at(-1)).toMatchObject({ title: "Client Update", eventId: fx.eventId, data: { type: "client_change", event_id: fx.eventId } });
    expect(notes.at(-1)!.message).toContain(EVENT_TITLE);
    expect(notes.at(-1)!.message).toContain("couple@example.com");
  });
});

describe("what a client can never do", () => {
  const NEVER = (Object.keys(INTENT_PERMISSIONS) as DashboardIntent[]).filter((intent) => !(intent in CLIENT_INTENT_FLAGS));

  it.each(NEVER)("%s → 403, nothing changes (all four flags on)", async (intent) => {
    const fx = await seedEvent();
    const { client, path } = await portalOf(fx.eventId);
    const before = await snapshot(fx.eventId);
    const fields = { id: fx.person, confirmation: "delete", title: "Hijacked", date: "2027-01-01", direction: "up", done: "true", firstName: "X", email: "x@example.com", inviteType: "second_shooter", clientEmail: "x@example.com" };
    const response = await client.post(path, { intent, ...fields });
    expect(response.status).toBe(403);
    expect(await snapshot(fx.eventId)).toEqual(before);
    expect((await db.select().from(eventClientAccess).where(eq(eventClientAccess.eventId, fx.eventId))).length).toBe(1);
  });

  it("toggles no timeline block (clients check off shots only)", async () => {
    const fx = await seedEvent();
    const { client, path } = await portalOf(fx.eventId);
    expect((await client.post(path, { intent: "toggle-block", id: fx.block, done: "true" })).status).toBe(403);
  });

  it("cannot touch rows of another event (404, both events unchanged)", async () => {
    const fx = await seedEvent();
    const other = await seedEvent();
    const { client, path } = await portalOf(fx.eventId);
    const before = [await snapshot(fx.eventId), await snapshot(other.eventId)];
    for (const intent of ["edit-block", "edit-shot", "toggle-shot", "edit-person", "edit-vendor"] as const) {
      const response = await client.post(path, { intent, ...BODIES[intent](other) });
      expect(response.status, intent).toBe(404);
    }
    expect([await snapshot(fx.eventId), await snapshot(other.eventId)]).toEqual(before);
  });

  it("answers malformed and oversized bodies with 400, changing nothing", async () => {
    const fx = await seedEvent();
    const { client, path } = await portalOf(fx.eventId);
    const before = await snapshot(fx.eventId);
    const bad: Record<string, string>[] = [
      { intent: "nonsense" },
      {},
      { intent: "add-person", firstName: "", role: "guest" },
      { intent: "add-person", firstName: "x".repeat(5000), role: "guest" },
      { intent: "add-block", title: "X", blockType: "rocket", durationMinutes: "10" },
      { intent: "add-block", title: "X", blockType: "other", durationMinutes: "-4" },
      { intent: "edit-person", id: "", firstName: "X", role: "guest" },
      { intent: "toggle-shot", id: fx.shot, done: "maybe" },
      { intent: "add-vendor", vendorName: "Y", vendorType: "florist", website: "javascript:alert(1)" },
    ];
    for (const body of bad) {
      const response = await client.post(path, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await snapshot(fx.eventId)).toEqual(before);
  });

  it("sees no team, no e-mails of the team, no other event", async () => {
    const fx = await seedEvent();
    const { client, path } = await portalOf(fx.eventId);
    const text = await textOf(await client.get(path));
    expect(text).not.toMatch(/@example\.com/);
    expect(text).not.toContain("Team");
  });

  it("shows the view-only card and no add button when no flag is on", async () => {
    const fx = await seedEvent();
    const { client, path } = await portalOf(fx.eventId, { canEditPeople: false, canEditTimeline: false, canEditShots: false, canEditVendors: false });
    const timeline = await textOf(await client.get(path));
    expect(timeline).toContain("You can view event details but don't have permission to make edits.");
    expect(timeline).toContain("(editing disabled)");
    expect(timeline).not.toContain("Add Block");
    const shots = await textOf(await client.get(`${path}?tab=shots`));
    expect(shots).toContain("View-only: Contact your photographer to request changes");
    expect(shots).not.toContain("Add Shot");
    // A dialog asked for in the URL is not shown either.
    expect(await textOf(await client.get(`${path}?tab=people&dialog=add-person`))).not.toContain("First Name");
  });

  it("with people editing only: people can be added, nothing else offers an add button", async () => {
    const fx = await seedEvent();
    const { client, path } = await portalOf(fx.eventId, { canEditPeople: true, canEditTimeline: false, canEditShots: false, canEditVendors: false });
    expect(await textOf(await client.get(`${path}?tab=people`))).toContain("Add Person");
    for (const [tab, button] of [["", "Add Block"], ["?tab=shots", "Add Shot"], ["?tab=vendors", "Add Vendor"]] as const) {
      expect(await textOf(await client.get(`${path}${tab}`))).not.toContain(button);
    }
    const saved = await client.post(`${path}?tab=people&dialog=add-person`, { intent: "add-person", firstName: "Rosa", role: "parent" });
    expect(saved.status).toBe(302);
    const next = await textOf(await client.get(saved.headers.get("Location")!));
    expect(next).toContain("Person added");
    expect(next).toContain("The photographer has been notified of your changes.");
  });
});

describe("the portal's data and its live room (decision 006)", () => {
  const publishSome = async (eventId: string, count: number) => {
    for (let n = 0; n < count; n++) await publishCommitted(db, env, eventId, { entity: "team", op: "upsert", actor: null });
  };

  type PortalData = { refused: null; seq: number; event: Record<string, unknown>; shots: Array<Record<string, unknown>>; blocks: Array<Record<string, unknown>> };
  /** The portal route's loader, as React Router calls it for this browser's request. */
  async function loadPage(client: Client, accessId: string) {
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx: createExecutionContext() });
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const request = new Request(`${ORIGIN}/client/view/${accessId}`, { headers: { Cookie: cookie, "CF-Connecting-IP": client.ip } });
    const result = (await portalLoader({ request, context, params: { accessId } } as unknown as Parameters<typeof portalLoader>[0])) as unknown as {
      data: PortalData;
      init?: { status?: number; headers?: Record<string, string> };
    };
    const setCookie = result.init?.headers?.["Set-Cookie"] ?? null;
    return { data: result.data, status: result.init?.status ?? 200, setCookie };
  }

  it("the exchange leaves only the token's cookie: the portal needs no event-id hint any more", async () => {
    const fx = await seedEvent();
    const access = await createAccess(fx.eventId);
    const { response } = await openLink(access.token);
    const cookies = response.headers.getSetCookie();
    expect(cookies.map((c) => c.split("=")[0])).toEqual([`ef_client_${access.id}`]);
  });

  it("the page's data carries the sequence its lists are at, read in their D1 batch: what is numbered after is replayed to its socket, and no room is asked", async () => {
    const fx = await seedEvent();
    const { client, access } = await portalOf(fx.eventId);
    expect((await loadPage(client, access.id)).data.seq).toBe(0);
    await publishSome(fx.eventId, 3);
    const loaded = await loadPage(client, access.id);
    expect(loaded.status).toBe(200);
    expect(loaded.data.seq).toBe(3);
    expect(loaded.setCookie).toBeNull();
    await publishSome(fx.eventId, 2);
    expect((await loadPage(client, access.id)).data.seq).toBe(5);
    // The loads themselves made no room: a room exists only because of the publishes.
    const quiet = await seedEvent();
    const other = await portalOf(quiet.eventId);
    expect((await loadPage(other.client, other.access.id)).data.seq).toBe(0);
    const wanted = env.EVENT_ROOM.idFromName(quiet.eventId);
    expect((await listDurableObjectIds(env.EVENT_ROOM)).some((id) => id.equals(wanted))).toBe(false);
  });

  it("the sequence is the access's own event's, whatever event-id cookie a browser still sends", async () => {
    const fx = await seedEvent();
    const other = await seedEvent();
    const { client, access } = await portalOf(fx.eventId);
    await db.update(eventClientAccess).set({ createdAt: new Date(Date.now() - 60_000).toISOString() }).where(eq(eventClientAccess.id, access.id));
    await publishSome(fx.eventId, 2);
    await publishSome(other.eventId, 5);
    client.jar.set(`ef_client_event_${access.id}`, other.eventId);
    const loaded = await loadPage(client, access.id);
    expect(loaded.data.seq).toBe(2);
    expect(loaded.setCookie).toBeNull();
  });

  it("a wrong token touches no room, whatever event a cookie names", async () => {
    const fx = await seedEvent();
    const access = await createAccess(fx.eventId);
    const guesser = createClient();
    guesser.jar.set(`ef_client_${access.id}`, "ab".repeat(32));
    guesser.jar.set(`ef_client_event_${access.id}`, fx.eventId);
    expect((await guesser.get(`/client/view/${access.id}`)).status).toBe(404);
    const wanted = env.EVENT_ROOM.idFromName(fx.eventId);
    expect((await listDurableObjectIds(env.EVENT_ROOM)).some((id) => id.equals(wanted))).toBe(false);
  });

  it("the event cookie opens nothing by itself: no token, or a revoked link, is refused as before", async () => {
    const fx = await seedEvent();
    const { client, access } = await portalOf(fx.eventId);
    const eventOnly = createClient();
    eventOnly.jar.set(`ef_client_event_${access.id}`, fx.eventId);
    expect((await eventOnly.get(`/client/view/${access.id}`)).status).toBe(404);
    await db.delete(eventClientAccess).where(eq(eventClientAccess.id, access.id));
    const refused = await loadPage(client, access.id);
    expect(refused.status).toBe(404);
    expect(refused.data).toEqual({ refused: "Access not found or expired", deleted: false });
  });

  it("gives the couple the event's title, couple, date, venue, its location and the date client edits lock on, and the lists, but not who checked a shot or block off", async () => {
    const fx = await seedEvent();
    await db.update(shotListItems).set({ isDone: true, doneBy: memberId, doneAt: "2027-06-12T16:00:00.000Z" }).where(eq(shotListItems.id, fx.shot));
    await db.update(timelineBlocks).set({ isDone: true, doneBy: leadId, doneAt: "2027-06-12T16:30:00.000Z" }).where(eq(timelineBlocks.id, fx.block));
    const { client, path, access } = await portalOf(fx.eventId);
    const { data } = await loadPage(client, access.id);
    expect(Object.keys(data.event).sort()).toEqual(["clientEditsLockOn", "coupleNames", "date", "id", "title", "updatedAt", "venue", "venueLatitude", "venueLongitude"]);
    expect(data.shots[0]).toMatchObject({ id: fx.shot, isDone: true });
    expect(data.shots[0]).not.toHaveProperty("doneBy");
    expect(data.blocks[0]).not.toHaveProperty("doneBy");
    // Nor anywhere in the page a browser receives.
    const html = await textOf(await client.get(`${path}?tab=shots`));
    expect(html).not.toContain(memberId);
    expect(html).not.toContain(leadId);
  });
});
