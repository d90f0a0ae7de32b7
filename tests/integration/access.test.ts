import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { cloudflareContext, viewerContext } from "~/context";
import { eventClientAccess, eventSecondShooters } from "~/db/schema";
import { accessOf, type Who } from "~/modules/event/access.server";
import type { ClientFlags } from "~/modules/event/permissions";
import { removeTeamRow } from "~/modules/team/service.server";
import { loader as portalLoader } from "~/routes/client.view.$accessId";
import { loader as dashboardLoader } from "~/routes/events.$eventId";
import { sha256Hex } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { countOf, LIMITS } from "~/utils/rate-limit.server";
import { readSession } from "~/modules/account/session.server";
import { createEvent } from "../factories";
import { type Client, createClient, ORIGIN, sessionFor } from "./helpers";

// Decision 010, "One access function": one function, accessOf,
// decides who may look at an event (lead, accepted member, client link with its flags,
// nobody). Every entry point (page load, portal load, socket upgrade) goes through it,
// so for every kind of visitor they must agree: all admit with the same role and flags,
// or all refuse, each with its own answer (as before: 404, the sign-in redirect, 401,
// 400 for a malformed link).

const db = getDb(env);

const NONE: ClientFlags = { canEditPeople: false, canEditTimeline: false, canEditShots: false, canEditVendors: false };
const FUTURE = "2099-01-01T00:00:00.000Z";

let eventId: string;
let lead: Awaited<ReturnType<typeof sessionFor>>;

beforeAll(async () => {
  lead = await sessionFor();
  eventId = (await createEvent(db, lead.id)).id;
});

const newToken = () => [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");

/** A member of the event with this status (accepted, declined), or one removed by the lead. */
async function member(status: "accepted" | "declined" | "removed") {
  const user = await sessionFor();
  const id = crypto.randomUUID();
  await db.insert(eventSecondShooters).values({ id, eventId, userId: user.id, status: status === "declined" ? "declined" : "accepted" });
  if (status === "removed") expect(await removeTeamRow(db, eventId, "member", id)).toBeTruthy();
  return user;
}

/** A client link and a browser holding its cookie (as opening the link leaves it). */
async function link(flags: ClientFlags, state: "valid" | "expired" | "revoked" = "valid") {
  const token = newToken();
  const accessId = crypto.randomUUID();
  const expiresAt = state === "expired" ? "2020-01-01T00:00:00.000Z" : FUTURE;
  await db.insert(eventClientAccess).values({ id: accessId, eventId, clientEmail: "couple@example.com", accessTokenHash: await sha256Hex(token), expiresAt, ...flags });
  if (state === "revoked") expect(await removeTeamRow(db, eventId, "client", accessId)).toBe(true);
  const browser = createClient();
  browser.jar.set(`ef_client_${accessId}`, token);
  return { token, accessId, browser };
}

type Outcome = { role: "lead" | "team" | "client" | null; flags: ClientFlags | null };

/** What the dashboard's page load admits: its role (from the loader), or its refusal status. */
async function dashboardLoad(browser: Client) {
  const response = await browser.get(`/events/${eventId}`);
  if (response.status !== 200) return { status: response.status, role: null };
  const request = new Request(`${ORIGIN}/events/${eventId}`, { headers: { Cookie: `ef_session=${browser.jar.get("ef_session")}` } });
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env, ctx: createExecutionContext() });
  context.set(viewerContext, (await readSession(db, request))?.viewer ?? null);
  const loaded = await dashboardLoader({ request, context, params: { eventId } } as unknown as Parameters<typeof dashboardLoader>[0]);
  return { status: 200, role: loaded.role };
}

/** What the portal's page load admits: its flags (from the loader), or its refusal status. */
async function portalLoad(browser: Client, accessId: string) {
  const response = await browser.get(`/client/view/${accessId}`);
  if (response.status !== 200) return { status: response.status, flags: null };
  const request = new Request(`${ORIGIN}/client/view/${accessId}`, { headers: { Cookie: `ef_client_${accessId}=${browser.jar.get(`ef_client_${accessId}`)}` } });
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env, ctx: createExecutionContext() });
  context.set(viewerContext, null);
  const loaded = (await portalLoader({ request, context, params: { accessId } } as unknown as Parameters<typeof portalLoader>[0])) as { data: { grant?: ClientFlags & { kind: string } } };
  const { kind, ...flags } = loaded.data.grant!;
  expect(kind).toBe("client");
  return { status: 200, flags };
}

const upgrade = async (browser: Client, path: string) => (await browser.get(path, { Upgrade: "websocket", Origin: ORIGIN })).status;

const outcomeOf = (access: Awaited<ReturnType<typeof accessOf>>): Outcome => (access ? { role: access.role, flags: access.flags } : { role: null, flags: null });

describe("signed-in viewers: accessOf, the dashboard's page load and the event socket agree", () => {
  const cases: Array<{ label: string; who: () => Promise<{ client: Client; id: string } | null>; expected: Outcome; page: number; socket: number }> = [
    { label: "the lead", who: async () => lead, expected: { role: "lead", flags: null }, page: 200, socket: 101 },
    { label: "an accepted member", who: () => member("accepted"), expected: { role: "team", flags: null }, page: 200, socket: 101 },
    { label: "a declined member", who: () => member("declined"), expected: { role: null, flags: null }, page: 404, socket: 404 },
    { label: "a removed member", who: () => member("removed"), expected: { role: null, flags: null }, page: 404, socket: 404 },
    { label: "a stranger", who: () => sessionFor(), expected: { role: null, flags: null }, page: 404, socket: 404 },
    // Signed out: the page sends to sign-in (302), the socket says 401; accessOf is never asked.
    { label: "a signed-out visitor", who: async () => null, expected: { role: null, flags: null }, page: 302, socket: 401 },
  ];

  it.each(cases)("$label", async ({ who, expected, page, socket }) => {
    const user = await who();
    const browser = user?.client ?? createClient();
    if (user) expect(outcomeOf(await accessOf(db, { userId: user.id }, eventId))).toEqual(expected);
    const loaded = await dashboardLoad(browser);
    expect(loaded).toEqual({ status: page, role: expected.role });
    if (page === 302) expect((await browser.get(`/events/${eventId}`)).headers.get("Location")).toMatch(/^\/auth\?returnTo=/);
    expect(await upgrade(browser, `/live/events/${eventId}`)).toBe(socket);
    // A user holds no client link: no portal of this event opens for a session.
    const { accessId } = await link(NONE);
    expect((await browser.get(`/client/view/${accessId}`)).status).toBe(404);
  });
});

describe("client links: accessOf, opening the link, the portal's page load and its socket agree", () => {
  const flagCases: ClientFlags[] = [
    NONE,
    { ...NONE, canEditTimeline: true },
    { ...NONE, canEditShots: true },
    { ...NONE, canEditPeople: true },
    { ...NONE, canEditVendors: true },
    { canEditPeople: true, canEditTimeline: true, canEditShots: true, canEditVendors: true },
  ];

  it.each(flagCases)("a valid link with %o: the same flags everywhere", async (flags) => {
    const { token, accessId, browser } = await link(flags);
    const expected: Outcome = { role: "client", flags };
    expect(outcomeOf(await accessOf(db, { token }, null))).toEqual(expected);
    expect(outcomeOf(await accessOf(db, { token, accessId }, null))).toEqual(expected);
    expect(outcomeOf(await accessOf(db, { token }, eventId))).toEqual(expected);
    // Opening the link: its cookie and the portal's address.
    const opened = await createClient().get(`/client/${token}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe(`/client/view/${accessId}`);
    expect(await portalLoad(browser, accessId)).toEqual({ status: 200, flags });
    expect(await upgrade(browser, `/client/view/${accessId}/live`)).toBe(101);
    // A link opens its portal only: not the dashboard, nor the signed-in event socket.
    expect((await browser.get(`/events/${eventId}`)).status).toBe(302);
    expect(await upgrade(browser, `/live/events/${eventId}`)).toBe(401);
    // Nor another event, named or not.
    expect(await accessOf(db, { token }, crypto.randomUUID())).toBeNull();
    expect(await accessOf(db, { token, accessId: crypto.randomUUID() }, null)).toBeNull();
  });

  const refused: Array<{ label: string; make: () => Promise<{ token: string; accessId: string; browser: Client }>; open: number }> = [
    { label: "an expired link", make: () => link(NONE, "expired"), open: 404 },
    { label: "a revoked link", make: () => link({ ...NONE, canEditShots: true }, "revoked"), open: 404 },
    { label: "an unknown token", make: async () => ({ ...(await link(NONE)), token: newToken() }), open: 404 },
    { label: "a malformed token", make: async () => ({ ...(await link(NONE)), token: "not-a-token" }), open: 400 },
  ];

  it.each(refused)("$label: refused everywhere, each failure counted once as a guess", async ({ make, open }) => {
    const { token, accessId } = await make();
    // The browser holds this (bad) token as its cookie, as after opening it.
    const browser = createClient();
    browser.jar.set(`ef_client_${accessId}`, token);
    const guesses = () => countOf(db, LIMITS.clientLinkPerIp, browser.ip);
    expect(await accessOf(db, { token }, null)).toBeNull();
    expect(await accessOf(db, { token, accessId }, null)).toBeNull();
    expect(await accessOf(db, { token }, eventId)).toBeNull();
    expect((await browser.get(`/client/${token}`)).status).toBe(open);
    expect(await guesses()).toBe(1);
    expect(await portalLoad(browser, accessId)).toEqual({ status: 404, flags: null });
    expect(await guesses()).toBe(2);
    expect(await upgrade(browser, `/client/view/${accessId}/live`)).toBe(404);
    expect(await guesses()).toBe(3);
  });

  it("a good link's loads and reconnects count no guess; over the guess limit every entry point answers 429, even to a good link", async () => {
    const { token, accessId, browser } = await link(NONE);
    await browser.get(`/client/${token}`);
    await portalLoad(browser, accessId);
    await upgrade(browser, `/client/view/${accessId}/live`);
    expect(await countOf(db, LIMITS.clientLinkPerIp, browser.ip)).toBe(0);
    const bad = newToken();
    for (let i = 0; i < LIMITS.clientLinkPerIp.max; i++) await browser.get(`/client/${bad}`);
    expect((await browser.get(`/client/${token}`)).status).toBe(429);
    expect((await browser.get(`/client/view/${accessId}`)).status).toBe(429);
    expect(await upgrade(browser, `/client/view/${accessId}/live`)).toBe(429);
  });

  it("a link revoked after its portal opened: the next page load and socket are refused (no cached admission)", async () => {
    const { accessId, browser } = await link({ ...NONE, canEditPeople: true });
    expect((await portalLoad(browser, accessId)).status).toBe(200);
    await db.delete(eventClientAccess).where(eq(eventClientAccess.id, accessId));
    expect((await portalLoad(browser, accessId)).status).toBe(404);
    expect(await upgrade(browser, `/client/view/${accessId}/live`)).toBe(404);
  });
});

describe("accessOf refuses what is not a visitor of this event", () => {
  it("a user without an event, an event that does not exist", async () => {
    expect(await accessOf(db, { userId: lead.id }, null)).toBeNull();
    expect(await accessOf(db, { userId: lead.id }, crypto.randomUUID())).toBeNull();
  });

  it("a malformed access id is not looked up", async () => {
    const { token } = await link(NONE);
    const who: Who = { token, accessId: "../../etc" };
    expect(await accessOf(db, who, null)).toBeNull();
  });
});
