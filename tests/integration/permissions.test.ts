import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TeamMemberStatus } from "~/db/enums";
import { eventClientAccess, eventSecondShooters } from "~/db/schema";
import { accessQuery } from "~/modules/event/access.server";
import { canDo, type DashboardIntent, INTENT_PERMISSIONS } from "~/modules/event/intents";
import type { ClientFlags, EventRole } from "~/modules/event/permissions";
import { sha256Hex } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { createEvent, createUser } from "../factories";

// Every mutation is written in the access check's own D1 batch, guarded by the access
// query's `permitted(intent)` (access.server.ts): the rules table (intents.ts, the right
// per role and the flag per link) as a SQL condition. It must say exactly what `canDo`
// says for every kind of viewer and every intent, or a write could pass where the page
// refuses (or the reverse). Decision 010 "One mutation layer".

const db = getDb(env);

/** docs/product/roles.md#what-each-may-do, as requireEventAccess reads them: lead; accepted (or older 'active') member; nobody. */
const VIEWERS: Array<{ label: string; status?: TeamMemberStatus; lead?: true; role: EventRole | null }> = [
  { label: "the lead", lead: true, role: "lead" },
  { label: "an accepted member", status: "accepted", role: "team" },
  { label: "an 'active' member (older data)", status: "active", role: "team" },
  { label: "a declined invitee", status: "declined", role: null },
  { label: "a stranger (or a pending invitee: invitations live elsewhere)", role: null },
];

let eventId: string;
const userOf = new Map<string, string>();

beforeAll(async () => {
  const lead = await createUser(db);
  eventId = (await createEvent(db, lead.id)).id;
  for (const viewer of VIEWERS) {
    const userId = viewer.lead ? lead.id : (await createUser(db)).id;
    userOf.set(viewer.label, userId);
    if (viewer.status) await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId, status: viewer.status });
  }
});

const INTENTS = Object.keys(INTENT_PERMISSIONS) as DashboardIntent[];

async function permittedFor(who: { userId: string } | { token: string; accessId: string }, event: string) {
  const query = (await accessQuery(db, who, event))!;
  const got: Record<string, boolean> = {};
  for (const intent of INTENTS) {
    const [row] = await db.all<{ ok: number }>(sql`SELECT ${query.permitted(intent)} AS ok`);
    got[intent] = row!.ok === 1;
  }
  return got;
}

describe("permitted(intent) says what canDo says", () => {
  it.each(VIEWERS)("$label: every intent", async (viewer) => {
    const expected = Object.fromEntries(INTENTS.map((intent) => [intent, viewer.role !== null && canDo(viewer.role, intent)]));
    expect(await permittedFor({ userId: userOf.get(viewer.label)! }, eventId)).toEqual(expected);
  });

  const FLAGS: ClientFlags[] = [
    { canEditPeople: false, canEditTimeline: false, canEditShots: false, canEditVendors: false },
    { canEditPeople: true, canEditTimeline: false, canEditShots: false, canEditVendors: false },
    { canEditPeople: false, canEditTimeline: true, canEditShots: false, canEditVendors: false },
    { canEditPeople: false, canEditTimeline: false, canEditShots: true, canEditVendors: false },
    { canEditPeople: false, canEditTimeline: false, canEditShots: false, canEditVendors: true },
    { canEditPeople: true, canEditTimeline: true, canEditShots: true, canEditVendors: true },
  ];
  it.each(FLAGS)("a client link with %j: every intent", async (flags) => {
    const token = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
    const accessId = crypto.randomUUID();
    await db.insert(eventClientAccess).values({ id: accessId, eventId, clientEmail: "c@example.com", accessTokenHash: await sha256Hex(token), expiresAt: "2099-01-01T00:00:00.000Z", ...flags });
    const expected = Object.fromEntries(INTENTS.map((intent) => [intent, canDo({ kind: "client", ...flags }, intent)]));
    expect(await permittedFor({ token, accessId }, eventId)).toEqual(expected);
    // Expired: nothing at all.
    await db.update(eventClientAccess).set({ expiresAt: "2020-01-01T00:00:00.000Z" }).where(sql`id = ${accessId}`);
    expect(Object.values(await permittedFor({ token, accessId }, eventId)).some(Boolean)).toBe(false);
  });

  it("another event's lead or member has no permission here", async () => {
    const otherLead = await createUser(db);
    await createEvent(db, otherLead.id);
    expect(Object.values(await permittedFor({ userId: otherLead.id }, eventId)).some(Boolean)).toBe(false);
  });
});
