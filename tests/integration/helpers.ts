import { env, exports } from "cloudflare:workers";
import { and, asc, desc, eq } from "drizzle-orm";
import { vi } from "vitest";
import {
  emailOutbox,
  eventClientAccess,
  eventPeople,
  events,
  eventSecondShooters,
  eventVendors,
  profiles,
  pushSubscriptions,
  sessions,
  shotListItems,
  timelineBlocks,
  users,
} from "~/db/schema";
import type { ClientFlags } from "~/modules/event/permissions";
import type { JobMessage } from "~/utils/jobs";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { createEvent, createUser } from "../factories";

export const ORIGIN = "http://localhost";

/**
 * A browser-like client: keeps cookies, sends our Origin on posts, one IP per client.
 * The IP is drawn from the IPv6 documentation range, wide enough that two clients of
 * one test file never share a rate-limit bucket (250 IPv4 addresses did collide).
 */
export function createClient(ip = `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      if (/Max-Age=0/i.test(line) || value === "") jar.delete(name!.trim());
      else jar.set(name!.trim(), value);
    }
  };
  return {
    jar,
    ip,
    async get(path: string, headers: Record<string, string> = {}) {
      const response = await exports.default.fetch(`${ORIGIN}${path}`, {
        headers: { Cookie: cookieHeader(), "CF-Connecting-IP": ip, ...headers },
        redirect: "manual",
      });
      remember(response);
      return response;
    },
    async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
      const response = await exports.default.fetch(`${ORIGIN}${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: cookieHeader(), Origin: ORIGIN, "CF-Connecting-IP": ip, ...headers },
        redirect: "manual",
      });
      remember(response);
      return response;
    },
  };
}
export type Client = ReturnType<typeof createClient>;

export const uniqueEmail = (label = "user") => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;

export const VALID_SIGNUP = {
  intent: "signup",
  firstName: "Maya",
  lastName: "Thompson",
  businessName: "Golden Hour Studio",
  password: "Sunset2026",
};

export async function signUp(client: Client, email = uniqueEmail(), overrides: Record<string, string> = {}) {
  const response = await client.post("/auth", { ...VALID_SIGNUP, email, ...overrides });
  return { response, email, password: overrides.password ?? VALID_SIGNUP.password };
}

export async function signIn(client: Client, email: string, password: string, extra: Record<string, string> = {}) {
  return client.post("/auth", { intent: "signin", email, password, ...extra });
}

/** A new account, signed in, optionally with an active Pro subscription. */
export async function signedInUser({ pro }: { pro: boolean }) {
  const db = getDb(env);
  const client = createClient();
  const { email } = await signUp(client);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (pro) {
    await db
      .update(profiles)
      .set({ subscriptionStatus: "active", subscriptionType: "business", subscriptionExpiresAt: "2099-01-01T00:00:00.000Z" })
      .where(eq(profiles.userId, user!.id));
  }
  return { client, user: user!, id: user!.id, email };
}

/** Creating an event leads to its invite step (docs/product/screens.md#create-event): the id from /events/{id}/invite. */
export function eventIdFrom(response: Response) {
  const location = response.headers.get("Location") ?? "";
  const match = location.match(/^\/events\/([^/]+)\/invite$/);
  if (!match) throw new Error(`Expected the invite step of a new event, got ${response.status} ${location}`);
  return match[1]!;
}

/**
 * A new account with a session written straight into D1 (no sign-in form, so no
 * sign-in rate limit): a client that is signed in. `name` sets the profile's names.
 */
export async function sessionFor(name?: { firstName: string; lastName: string }) {
  const db = getDb(env);
  const user = await createUser(db);
  if (name) await db.update(profiles).set(name).where(eq(profiles.userId, user.id));
  const token = randomToken(32);
  await db.insert(sessions).values({ tokenHash: await sha256Hex(token), userId: user.id, persistent: true, expiresAt: "2099-01-01T00:00:00.000Z" });
  const client = createClient();
  client.jar.set("ef_session", token);
  return { client, user, id: user.id, email: user.email };
}

/**
 * A push device of `userId` stored as a signed-in browser stores it (decision 009): the row
 * belongs to a session of its own, and goes when that session ends (decision 009).
 */
export async function storeDevice(userId: string, browser: { endpoint: string; json: unknown }, id: string = crypto.randomUUID()) {
  const db = getDb(env);
  const sessionHash = await sha256Hex(randomToken(32));
  await db.batch([
    db.insert(sessions).values({ tokenHash: sessionHash, userId, persistent: true, expiresAt: "2099-01-01T00:00:00.000Z" }),
    db.insert(pushSubscriptions).values({ id, userId, sessionHash, endpoint: browser.endpoint, subscriptionData: browser.json }),
  ]);
  return { id, sessionHash };
}

/** Waits (polling) until `condition` holds, for what arrives on sockets. */
export async function waitFor(condition: () => boolean, ms = 3000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * The newest e-mail of `kind` to `to` as delivered: secrets are filled in only at
 * delivery, and in tests the delivered row is the local mailbox, so
 * this waits until the queue has handled every such e-mail (about a second).
 */
export async function deliveredMail(to: string, kind: string, ms = 15_000) {
  const db = getDb(env);
  const deadline = Date.now() + ms;
  for (;;) {
    const rows = await db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind))).orderBy(desc(emailOutbox.createdAt));
    if (rows.length > 0 && rows.every((row) => row.status !== "queued")) return rows[0]!;
    if (Date.now() > deadline) throw new Error(`No ${kind} e-mail to ${to} was delivered`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Runs `run` with the queue held back: the e-mail jobs it sends are returned (with
 * their `fill`), not delivered, so their outbox rows stay as stored before delivery.
 */
export async function heldEmailJobs(run: () => Promise<unknown>) {
  const jobs: Array<Extract<JobMessage, { kind: "email" }>> = [];
  const spy = vi.spyOn(env.JOBS, "sendBatch").mockImplementation(async (messages) => {
    for (const { body } of messages) if ((body as JobMessage).kind === "email") jobs.push(body as Extract<JobMessage, { kind: "email" }>);
    return undefined as unknown as Awaited<ReturnType<typeof env.JOBS.sendBatch>>;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return jobs;
}

/** The event's row and its four lists, each by id: compare two to see whether anything changed. */
export async function eventLists(eventId: string) {
  const db = getDb(env);
  const [event, blocks, shots, people, vendors] = await db.batch([
    db.select().from(events).where(eq(events.id, eventId)),
    db.select().from(timelineBlocks).where(eq(timelineBlocks.eventId, eventId)).orderBy(asc(timelineBlocks.id)),
    db.select().from(shotListItems).where(eq(shotListItems.eventId, eventId)).orderBy(asc(shotListItems.id)),
    db.select().from(eventPeople).where(eq(eventPeople.eventId, eventId)).orderBy(asc(eventPeople.id)),
    db.select().from(eventVendors).where(eq(eventVendors.eventId, eventId)).orderBy(asc(eventVendors.id)),
  ]);
  return { event: event[0] ?? null, blocks, shots, people, vendors };
}

/** A client link written straight into D1, with its token (which the link would carry). */
export async function insertClientLink(eventId: string, flags: ClientFlags, { expiresAt = "2099-01-01T00:00:00.000Z", createdBy }: { expiresAt?: string; createdBy?: string } = {}) {
  // docs/product/limits.md#client-links: 32 bytes as hex, as createClientAccess makes them.
  const token = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const accessId = crypto.randomUUID();
  await getDb(env)
    .insert(eventClientAccess)
    .values({ id: accessId, eventId, clientEmail: "couple@example.com", accessTokenHash: await sha256Hex(token), expiresAt, ...flags, ...(createdBy ? { createdBy } : {}) });
  return { token, accessId };
}

/** React Router's `.data` answer (turbo-stream: a flat array of values and references), decoded: each route's data by route id. */
export function decodeRouteData(text: string): Record<string, { data: Record<string, unknown> }> {
  const flat = JSON.parse(text.split("\n")[0]!) as unknown[];
  const at = (i: number): unknown => {
    if (i < 0) return i === -5 ? null : undefined;
    const value = flat[i];
    if (Array.isArray(value)) return value.map((v) => at(v as number));
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [flat[Number(k.slice(1))] as string, at(v as number)]));
    return value;
  };
  return at(0) as Record<string, { data: Record<string, unknown> }>;
}

/** env.DB, counting its round trips: each batch, and each statement run outside one. */
export function countingDb(real: D1Database) {
  const trips: string[] = [];
  const unwrap = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const wrapped = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values), sql),
      first: (column?: string) => (trips.push(sql), column === undefined ? statement.first() : statement.first(column)),
      run: () => (trips.push(sql), statement.run()),
      all: () => (trips.push(sql), statement.all()),
      raw: (options?: { columnNames?: boolean }) => (trips.push(sql), statement.raw(options as { columnNames: true })),
    } as unknown as D1PreparedStatement;
    unwrap.set(wrapped, statement);
    return wrapped;
  };
  const binding = {
    prepare: (sql: string) => wrap(real.prepare(sql), sql),
    batch: (statements: D1PreparedStatement[]) => (trips.push(`batch of ${statements.length}`), real.batch(statements.map((s) => unwrap.get(s) ?? s))),
    exec: (sql: string) => (trips.push(sql), real.exec(sql)),
    dump: () => real.dump(),
    withSession: () => {
      throw new Error("not counted");
    },
  } as unknown as D1Database;
  return { binding, trips };
}

/** Every edit flag of a client link on. */
export const ALL_CLIENT_FLAGS: ClientFlags = { canEditPeople: true, canEditTimeline: true, canEditShots: true, canEditVendors: true };

type Session = Awaited<ReturnType<typeof sessionFor>>;
type Name = { firstName: string; lastName: string };
/** A list's rows as a test writes them: the event is filled in, and an id where none is given. */
type Rows<Insert> = Array<Omit<Insert, "id" | "eventId"> & { id?: string }>;
type TeamEventPlan = {
  /** The event's own fields (title, date, venue…). */
  event?: Partial<typeof events.$inferInsert>;
  blocks?: Rows<typeof timelineBlocks.$inferInsert>;
  shots?: Rows<typeof shotListItems.$inferInsert>;
  people?: Rows<typeof eventPeople.$inferInsert>;
  vendors?: Rows<typeof eventVendors.$inferInsert>;
  /** The member's shooter type on the team (none by default). */
  shooterType?: (typeof eventSecondShooters.$inferInsert)["shooterType"];
};

/** Seeds an event's plan: a lead and an accepted team member signed in, the lead's event with the rows given (ids in their order), and `clientLink(flags)`, a signed-in client link to it. */
export async function seedTeamEvent(
  plan: TeamEventPlan | ((team: { lead: Session; member: Session }) => TeamEventPlan) = {},
  { lead: leadName = { firstName: "Maya", lastName: "Lead" }, member: memberName = { firstName: "Alex", lastName: "Second" } }: { lead?: Name; member?: Name } = {},
) {
  const db = getDb(env);
  const lead = await sessionFor(leadName);
  const member = await sessionFor(memberName);
  const { event: fields, blocks = [], shots = [], people = [], vendors = [], shooterType } = typeof plan === "function" ? plan({ lead, member }) : plan;
  const event = await createEvent(db, lead.id, fields);
  const withIds = <Row extends { id?: string }>(rows: Row[]) => rows.map((row) => ({ ...row, id: row.id ?? crypto.randomUUID(), eventId: event.id }));
  const rows = { blocks: withIds(blocks), shots: withIds(shots), people: withIds(people), vendors: withIds(vendors) };
  await db.batch([
    db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId: event.id, userId: member.id, status: "accepted", shooterType }),
    ...(rows.blocks.length > 0 ? [db.insert(timelineBlocks).values(rows.blocks)] : []),
    ...(rows.shots.length > 0 ? [db.insert(shotListItems).values(rows.shots)] : []),
    ...(rows.people.length > 0 ? [db.insert(eventPeople).values(rows.people)] : []),
    ...(rows.vendors.length > 0 ? [db.insert(eventVendors).values(rows.vendors)] : []),
  ]);
  const ids = (list: Array<{ id: string }>) => list.map((row) => row.id);
  return {
    lead,
    member,
    event,
    eventId: event.id,
    /** The lead's and the team's outbox. */
    path: `/events/${event.id}/mutations`,
    blocks: ids(rows.blocks),
    shots: ids(rows.shots),
    people: ids(rows.people),
    vendors: ids(rows.vendors),
    /** A client link to the event with `flags`, and a client carrying its cookie, as the link's exchange leaves it. */
    async clientLink(flags: ClientFlags = ALL_CLIENT_FLAGS) {
      const { token, accessId } = await insertClientLink(event.id, flags);
      const client = createClient();
      client.jar.set(`ef_client_${accessId}`, token);
      return { client, accessId, path: `/client/view/${accessId}/mutations` };
    },
  };
}
