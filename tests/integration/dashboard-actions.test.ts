import { env } from "cloudflare:workers";
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  eventClientAccess,
  eventInvites,
  eventPeople,
  events,
  eventSecondShooters,
  eventVendors,
  notifications,
  organizations,
  shotListItems,
  timelineBlocks,
  users,
} from "~/db/schema";
import { canDo, type DashboardIntent, INTENT_PERMISSIONS } from "~/modules/event/intents";
import { getDb } from "~/utils/db.server";
import { shiftBasis } from "~/modules/timeline/shift";
import { createUser } from "../factories";
import { createClient, signedInUser, type Client } from "./helpers";

// The event dashboard's action (POST /events/:eventId, field `intent`) seen from the
// outside: what a user or an attacker gets back (status, Location, messages), and
// what D1 holds before and after. docs/product/roles.md#what-each-may-do.

const db = getDb(env);

const EVENT_TITLE = "Secret Vineyard Wedding";
const INTENTS = Object.keys(INTENT_PERMISSIONS) as DashboardIntent[];
const TEAM_INTENTS: DashboardIntent[] = ["toggle-block", "toggle-shot", "group-shot", "regroup-shot", "add-person", "edit-person", "delete-person", "leave-event"];
/** Only a team member may leave; an event always keeps its lead. */
const TEAM_ONLY_INTENTS: DashboardIntent[] = ["leave-event"];
const GONE = "It was deleted or belongs to another event.";

// ---------------------------------------------------------------- users and fixtures

type User = { client: Client; id: string; email: string };

// Sign-ups hash passwords (scrypt): one of each role for the whole file. Every test
// builds its own event, so the users' sessions are all that is shared.
let lead: User;
let member: User; // accepted team member
let stranger: User; // signed in, no role
let pending: User; // invited, has not answered
let declined: User; // invited, declined
let visitor: Client; // signed out

beforeAll(async () => {
  lead = await signedInUser({ pro: true });
  member = await signedInUser({ pro: false });
  stranger = await signedInUser({ pro: true });
  pending = await signedInUser({ pro: false });
  declined = await signedInUser({ pro: false });
  visitor = createClient();
});

// A success toast left unread by one test must not show up in the next.
beforeEach(() => {
  for (const client of [lead.client, member.client, stranger.client, pending.client, declined.client, visitor]) client.jar.delete("en_toast");
});

type Fixture = {
  eventId: string;
  blocks: [string, string, string];
  shots: [string, string];
  person: string;
  vendor: string;
  /** The accepted member's row (absent when seeded without a team). */
  memberRow: string;
  /** A client link of the event. */
  clientAccess: string;
};

/**
 * An event of the lead with three blocks, two shots, a person and a vendor, and its
 * team: the accepted member, the declined one, and a pending invitation.
 */
async function seedEvent(
  leadId = lead.id,
  // The last two blocks start at the same time, so they move among themselves.
  { blockOrder = [0, 1, 2], blockTimes = ["14:00", "16:00", "16:00"], team = true }: { blockOrder?: [number, number, number]; blockTimes?: [string, string, string]; team?: boolean } = {},
): Promise<Fixture> {
  const eventId = crypto.randomUUID();
  const blocks = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()] as Fixture["blocks"];
  const shots = [crypto.randomUUID(), crypto.randomUUID()] as Fixture["shots"];
  const person = crypto.randomUUID();
  const vendor = crypto.randomUUID();
  const memberRow = crypto.randomUUID();
  const clientAccess = crypto.randomUUID();
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
    db.insert(timelineBlocks).values([
      { id: blocks[0], eventId, title: "Getting Ready", blockType: "prep", startTime: blockTimes[0], durationMinutes: 120, orderIndex: blockOrder[0] },
      { id: blocks[1], eventId, title: "Ceremony", blockType: "ceremony", startTime: blockTimes[1], durationMinutes: 30, orderIndex: blockOrder[1] },
      { id: blocks[2], eventId, title: "Reception", blockType: "reception", startTime: blockTimes[2], durationMinutes: 240, orderIndex: blockOrder[2] },
    ]),
    db.insert(shotListItems).values([
      { id: shots[0], eventId, title: "Rings", category: "details", orderIndex: 0 },
      // A family formals grouping of Grace (regroup-shot's row).
      { id: shots[1], eventId, title: "First Dance", category: "reception", orderIndex: 1, personIds: JSON.stringify([person]) },
    ]),
    db.insert(eventPeople).values({ id: person, eventId, firstName: "Grace", lastName: "Lee", role: "grandparent" }),
    db.insert(eventVendors).values({ id: vendor, eventId, vendorName: "Petal Studio", vendorType: "florist" }),
    db.insert(eventClientAccess).values({
      id: clientAccess,
      eventId,
      clientEmail: "couple@example.com",
      accessTokenHash: crypto.randomUUID().replaceAll("-", "").repeat(2),
      expiresAt: "2027-07-12T23:59:59.999Z",
    }),
  ]);
  if (team) {
    await db.batch([
      db.insert(eventSecondShooters).values({ id: memberRow, eventId, userId: member.id, status: "accepted", shooterType: "second_shooter" }),
      db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId, userId: declined.id, status: "declined", shooterType: "second_shooter" }),
      db.insert(eventInvites).values({ id: crypto.randomUUID(), eventId, email: pending.email, inviteType: "second_shooter", invitedBy: leadId }),
    ]);
  }
  return { eventId, blocks, shots, person, vendor, memberRow, clientAccess };
}

/** Everything D1 holds for one event, in a stable order. */
async function snapshot(eventId: string) {
  const [event, blocks, shots, people, vendors, team, invites, clients] = await db.batch([
    db.select().from(events).where(eq(events.id, eventId)),
    db.select().from(timelineBlocks).where(eq(timelineBlocks.eventId, eventId)).orderBy(asc(timelineBlocks.orderIndex), asc(timelineBlocks.id)),
    db.select().from(shotListItems).where(eq(shotListItems.eventId, eventId)).orderBy(asc(shotListItems.orderIndex), asc(shotListItems.id)),
    db.select().from(eventPeople).where(eq(eventPeople.eventId, eventId)).orderBy(asc(eventPeople.id)),
    db.select().from(eventVendors).where(eq(eventVendors.eventId, eventId)).orderBy(asc(eventVendors.id)),
    db.select().from(eventSecondShooters).where(eq(eventSecondShooters.eventId, eventId)).orderBy(asc(eventSecondShooters.id)),
    db.select().from(eventInvites).where(eq(eventInvites.eventId, eventId)).orderBy(asc(eventInvites.id)),
    db.select().from(eventClientAccess).where(eq(eventClientAccess.eventId, eventId)).orderBy(asc(eventClientAccess.id)),
  ]);
  return { event: event[0] ?? null, blocks, shots, people, vendors, team, invites, clients };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** The page as a person reads it: HTML entities decoded. */
async function textOf(response: Response) {
  return (await response.text())
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

const pageOf = (fx: Fixture) => `/events/${fx.eventId}`;

// ---------------------------------------------------------------- valid form bodies per intent

type IntentCase = {
  fields: (fx: Fixture) => Record<string, string>;
  /** The success toast, or null when the action answers without one. */
  toast: string | null;
  /** What a permitted request changed in D1. */
  effect: (before: Snapshot, after: Snapshot, fx: Fixture, actorId: string) => void;
};

const byId = <T extends { id: string }>(rows: T[], id: string) => rows.find((row) => row.id === id);

const CASES: Record<DashboardIntent, IntentCase> = {
  "toggle-block": {
    fields: (fx) => ({ id: fx.blocks[0], done: "true" }),
    toast: null,
    effect: (_before, after, fx, actorId) => {
      expect(byId(after.blocks, fx.blocks[0])).toMatchObject({ isDone: true, doneBy: actorId });
    },
  },
  "toggle-shot": {
    fields: (fx) => ({ id: fx.shots[0], done: "true" }),
    toast: null,
    effect: (_before, after, fx, actorId) => {
      expect(byId(after.shots, fx.shots[0])).toMatchObject({ isDone: true, doneBy: actorId });
    },
  },
  "add-block": {
    fields: () => ({ title: "Sparkler Exit", blockType: "exit", startTime: "22:00", durationMinutes: "15", location: "", notes: "" }),
    toast: "Timeline block added",
    effect: (before, after) => {
      expect(after.blocks).toHaveLength(before.blocks.length + 1);
      expect(after.blocks.at(-1)).toMatchObject({ title: "Sparkler Exit", blockType: "exit", orderIndex: 3 });
    },
  },
  "edit-block": {
    fields: (fx) => ({ id: fx.blocks[0], title: "Bride Prep", blockType: "prep", startTime: "13:30", durationMinutes: "90" }),
    toast: "Timeline block updated",
    effect: (_before, after, fx) => {
      expect(byId(after.blocks, fx.blocks[0])).toMatchObject({ title: "Bride Prep", startTime: "13:30", durationMinutes: 90 });
    },
  },
  "move-block": {
    fields: (fx) => ({ id: fx.blocks[2], direction: "up" }),
    toast: null,
    effect: (_before, after, fx) => {
      expect(after.blocks.map((b) => [b.id, b.orderIndex])).toEqual([
        [fx.blocks[0], 0],
        [fx.blocks[2], 1],
        [fx.blocks[1], 2],
      ]);
    },
  },
  "shift-block": {
    // 'Running late' 30 min from the Ceremony: it and the block at its time move, Getting Ready stays.
    fields: (fx) => ({
      id: fx.blocks[1],
      minutes: "30",
      basis:
        shiftBasis(
          fx.blocks.map((id, i) => ({ id, startTime: ["14:00", "16:00", "16:00"][i]!, durationMinutes: 30, orderIndex: i, fixedTime: false, anchored: false, travelMinutes: null })),
          fx.blocks[1],
        ) ?? "",
    }),
    toast: "Timeline shifted",
    effect: (_before, after, fx) => {
      expect(after.blocks.map((b) => [b.id, b.startTime])).toEqual([
        [fx.blocks[0], "14:00"],
        [fx.blocks[1], "16:30"],
        [fx.blocks[2], "16:30"],
      ]);
    },
  },
  "assign-block": {
    // The form's checkboxes: one `userIds` per person ticked (the lead here).
    fields: (fx) => ({ id: fx.blocks[0], userIds: lead.id }),
    toast: "Assignments saved",
    effect: (_before, after, fx) => {
      expect(after.blocks.find((b) => b.id === fx.blocks[0])!.assignees).toEqual([lead.id]);
    },
  },
  "assign-shot": {
    fields: (fx) => ({ id: fx.shots[0], userIds: lead.id }),
    toast: "Assignments saved",
    effect: (_before, after, fx) => {
      expect(after.shots.find((s) => s.id === fx.shots[0])!.assignees).toEqual([lead.id]);
    },
  },
  "delete-block": {
    fields: (fx) => ({ id: fx.blocks[1] }),
    toast: "Timeline block deleted",
    effect: (_before, after, fx) => {
      expect(after.blocks.map((b) => b.id)).toEqual([fx.blocks[0], fx.blocks[2]]);
    },
  },
  "add-shot": {
    fields: () => ({ title: "Sparkler Send-off", category: "exit", description: "" }),
    toast: "Shot added",
    effect: (before, after) => {
      expect(after.shots).toHaveLength(before.shots.length + 1);
      expect(after.shots.at(-1)).toMatchObject({ title: "Sparkler Send-off", category: "exit", description: null, orderIndex: 2 });
    },
  },
  "edit-shot": {
    fields: (fx) => ({ id: fx.shots[0], title: "Rings on the bouquet", category: "details", description: "Macro lens" }),
    toast: "Shot updated",
    effect: (_before, after, fx) => {
      expect(byId(after.shots, fx.shots[0])).toMatchObject({ title: "Rings on the bouquet", description: "Macro lens" });
    },
  },
  "group-shot": {
    fields: (fx) => ({ title: "Couple + Grace", category: "family_formals", personIds: JSON.stringify([fx.person]) }),
    toast: "Grouping added",
    effect: (before, after, fx) => {
      expect(after.shots).toHaveLength(before.shots.length + 1);
      expect(after.shots.at(-1)).toMatchObject({ title: "Couple + Grace", category: "family_formals", personIds: JSON.stringify([fx.person]) });
    },
  },
  "regroup-shot": {
    fields: (fx) => ({ id: fx.shots[1], title: "Grace alone", category: "family_formals", personIds: JSON.stringify([fx.person]) }),
    toast: "Grouping updated",
    effect: (_before, after, fx) => {
      expect(byId(after.shots, fx.shots[1])).toMatchObject({ title: "Grace alone", category: "reception", personIds: JSON.stringify([fx.person]) });
    },
  },
  "delete-shot": {
    fields: (fx) => ({ id: fx.shots[0] }),
    toast: "Shot deleted",
    effect: (_before, after, fx) => {
      expect(after.shots.map((s) => s.id)).toEqual([fx.shots[1]]);
    },
  },
  "add-person": {
    fields: () => ({ firstName: "Rosa", lastName: "Diaz", role: "parent", pronunciation: "", notes: "" }),
    toast: "Person added",
    effect: (before, after) => {
      expect(after.people).toHaveLength(before.people.length + 1);
      expect(after.people.find((p) => p.firstName === "Rosa")).toMatchObject({ lastName: "Diaz", role: "parent", isVip: false });
    },
  },
  "edit-person": {
    fields: (fx) => ({ id: fx.person, firstName: "Gracie", lastName: "Lee", role: "grandparent", isVip: "on" }),
    toast: "Person updated",
    effect: (_before, after, fx) => {
      expect(byId(after.people, fx.person)).toMatchObject({ firstName: "Gracie", isVip: true });
    },
  },
  "delete-person": {
    fields: (fx) => ({ id: fx.person }),
    toast: "Person removed",
    effect: (_before, after) => {
      expect(after.people).toEqual([]);
    },
  },
  "add-vendor": {
    fields: () => ({ vendorName: "DJ Nova", vendorType: "dj", email: "", website: "" }),
    toast: "Vendor added",
    effect: (before, after) => {
      expect(after.vendors).toHaveLength(before.vendors.length + 1);
      expect(after.vendors.find((v) => v.vendorName === "DJ Nova")).toMatchObject({ vendorType: "dj", email: null, website: null });
    },
  },
  "edit-vendor": {
    fields: (fx) => ({ id: fx.vendor, vendorName: "Petal Studio", vendorType: "florist", phoneNumber: "555-0100" }),
    toast: "Vendor updated",
    effect: (_before, after, fx) => {
      expect(byId(after.vendors, fx.vendor)).toMatchObject({ phoneNumber: "555-0100" });
    },
  },
  "delete-vendor": {
    fields: (fx) => ({ id: fx.vendor }),
    toast: "Vendor deleted",
    effect: (_before, after) => {
      expect(after.vendors).toEqual([]);
    },
  },
  "edit-event": {
    fields: () => ({ title: "Renamed Wedding", coupleNames: "Emma & James", date: "2027-06-13", venue: "", timeZone: "Europe/Paris", status: "completed" }),
    toast: "Event updated successfully.",
    effect: (_before, after) => {
      expect(after.event).toMatchObject({ title: "Renamed Wedding", date: "2027-06-13", venue: null, timeZone: "Europe/Paris", statusOverride: "completed" });
    },
  },
  "delete-event": {
    fields: () => ({ confirmation: "delete" }),
    toast: "Event deleted successfully",
    effect: (_before, after) => {
      expect(after.event).toBeNull();
      expect(after.blocks).toEqual([]);
    },
  },
  "invite-team": {
    fields: () => ({ firstName: "Sam", email: "Sam.Rivera@Example.com", inviteType: "associate_shooter", coverageHours: "6.5", startTime: "14:00", endTime: "22:30" }),
    toast: "Invitation sent successfully",
    effect: (before, after) => {
      expect(after.invites).toHaveLength(before.invites.length + 1);
      expect(after.invites.find((i) => i.email === "sam.rivera@example.com")).toMatchObject({
        inviteeName: "Sam",
        inviteType: "associate_shooter",
        coverageHours: 6.5,
        startTime: "14:00",
        endTime: "22:30",
        status: "pending",
      });
    },
  },
  "remove-team": {
    fields: (fx) => ({ id: `member:${fx.memberRow}` }),
    toast: "Team member removed",
    effect: (_before, after, fx) => {
      expect(byId(after.team, fx.memberRow)).toBeUndefined();
      expect(after.team).toHaveLength(1);
    },
  },
  "create-client-access": {
    fields: () => ({ clientEmail: "Emma.Carter@Example.com", canEditPeople: "on", canEditTimeline: "on" }),
    toast: "Client access created",
    effect: (before, after) => {
      expect(after.clients).toHaveLength(before.clients.length + 1);
      expect(after.clients.find((c) => c.clientEmail === "emma.carter@example.com")).toMatchObject({
        canEditPeople: true,
        canEditTimeline: true,
        canEditShots: false,
        canEditVendors: false,
      });
    },
  },
  "revoke-client-access": {
    fields: (fx) => ({ id: fx.clientAccess }),
    toast: "Access revoked",
    effect: (_before, after) => {
      expect(after.clients).toEqual([]);
    },
  },
  "save-template": {
    fields: () => ({ name: "Summer wedding" }),
    toast: "Template saved",
    // The template is the lead's, not the event's (templates.test.ts reads it): the event is as it was.
    effect: (before, after) => {
      expect(after.blocks).toEqual(before.blocks);
      expect(after.shots).toEqual(before.shots);
    },
  },
  "leave-event": {
    fields: () => ({}),
    toast: "You left the event",
    effect: (_before, after, _fx, actorId) => {
      expect(after.team.find((m) => m.userId === actorId)).toBeUndefined();
      expect(after.team).toHaveLength(1);
    },
  },
};

/** Where a save sends the page: the dialog closed, or the page the intent leads to. */
function redirectOf(intent: DashboardIntent, fx: Fixture) {
  if (intent === "delete-event") return "/";
  if (intent === "leave-event") return "/?tab=hired";
  if (intent === "invite-team" || intent === "remove-team") return `${pageOf(fx)}?tab=team`;
  return `${pageOf(fx)}?tab=timeline`;
}

// ---------------------------------------------------------------- 1. the roles matrix

type Role = "lead" | "accepted member" | "stranger" | "pending member" | "declined member" | "signed out";
const ROLES: Role[] = ["lead", "accepted member", "stranger", "pending member", "declined member", "signed out"];

function clientOf(role: Role): { client: Client; id: string | null } {
  switch (role) {
    case "lead":
      return { client: lead.client, id: lead.id };
    case "accepted member":
      return { client: member.client, id: member.id };
    case "stranger":
      return { client: stranger.client, id: stranger.id };
    case "pending member":
      return { client: pending.client, id: pending.id };
    case "declined member":
      return { client: declined.client, id: declined.id };
    case "signed out":
      return { client: visitor, id: null };
  }
}

type Expected = "allowed" | 403 | 404 | "sign in";
function expected(role: Role, intent: DashboardIntent): Expected {
  if (role === "lead") return TEAM_ONLY_INTENTS.includes(intent) ? 403 : "allowed";
  if (role === "accepted member") return TEAM_INTENTS.includes(intent) ? "allowed" : 403;
  if (role === "signed out") return "sign in";
  return 404;
}

const MATRIX = ROLES.flatMap((role) => INTENTS.map((intent) => ({ role, intent, outcome: expected(role, intent) })));

describe("roles matrix: every intent × every role (docs/product/roles.md#what-each-may-do)", () => {
  it("covers every intent of INTENT_PERMISSIONS; the roles table gives the lead all and the team exactly check-off, groupings and people", () => {
    expect(Object.keys(CASES).sort()).toEqual([...INTENTS].sort());
    expect(INTENTS.filter((intent) => canDo("lead", intent))).toEqual(INTENTS.filter((intent) => !TEAM_ONLY_INTENTS.includes(intent)));
    expect(INTENTS.filter((intent) => canDo("team", intent)).sort()).toEqual([...TEAM_INTENTS].sort());
  });

  it.each(MATRIX)("$role → $intent: $outcome", async ({ role, intent, outcome }) => {
    const fx = await seedEvent();
    const { client, id: actorId } = clientOf(role);
    const fields = CASES[intent].fields(fx);
    // The form's own URL: its dialog (and row) in the query, which a save closes.
    const path = `${pageOf(fx)}?tab=timeline&dialog=${intent}${fields.id ? `&id=${encodeURIComponent(fields.id)}` : ""}`;
    const before = await snapshot(fx.eventId);
    const response = await client.post(path, { intent, ...fields });
    const after = await snapshot(fx.eventId);

    if (outcome === "allowed") {
      CASES[intent].effect(before, after, fx, actorId!);
      if (intent === "toggle-block" || intent === "toggle-shot") {
        expect(response.status).toBe(200);
        return;
      }
      if (intent === "create-client-access") {
        // Post/redirect/get (decision 007): the address no longer asks for the dialog;
        // the link is handed to the page that follows once, and a reload no longer has it.
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe(redirectOf(intent, fx));
        const page = await textOf(await client.get(response.headers.get("Location")!));
        expect(page).toContain(CASES[intent].toast!);
        expect(page).toMatch(/\/client\/[0-9a-f]{64}/);
        expect(await textOf(await client.get(response.headers.get("Location")!))).not.toMatch(/\/client\/[0-9a-f]{64}/);
        return;
      }
      expect(response.status).toBe(302);
      const to = redirectOf(intent, fx);
      expect(response.headers.get("Location")).toBe(to);
      expect(response.headers.get("X-Remix-Replace")).toBe("true");
      const toast = CASES[intent].toast;
      if (toast) {
        expect(response.headers.getSetCookie().some((c) => c.startsWith("en_toast="))).toBe(true);
        // Leaving the last hired event leads on to /subscription: follow where home sends.
        let next = await client.get(to);
        for (let hops = 0; next.status === 302 && hops < 3; hops++) next = await client.get(next.headers.get("Location")!);
        expect(next.status).toBe(200);
        expect(await textOf(next)).toContain(toast);
      }
      return;
    }

    // Refused: nothing changed in D1.
    expect(after).toEqual(before);
    if (outcome === "sign in") {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/auth?returnTo=${encodeURIComponent(path)}`);
      return;
    }
    expect(response.status).toBe(outcome);
    const body = await textOf(response);
    if (outcome === 403) expect(body).toContain("You do not have permission to do that.");
    // A 404 does not tell whether the event exists.
    if (outcome === 404) expect(body).not.toContain(EVENT_TITLE);
  });
});

describe("a team member's reach ends at the events they were hired for", () => {
  it("an accepted member of one event is a stranger to the lead's other event (404 for the page and every intent)", async () => {
    const other = await seedEvent(lead.id, { team: false });
    const before = await snapshot(other.eventId);
    expect((await member.client.get(pageOf(other))).status).toBe(404);
    for (const intent of INTENTS) {
      const response = await member.client.post(pageOf(other), { intent, ...CASES[intent].fields(other) });
      expect(response.status, intent).toBe(404);
    }
    expect(await snapshot(other.eventId)).toEqual(before);
  });

  it.each([
    { intent: "edit-person" as const, fields: (o: Fixture) => ({ id: o.person, firstName: "Hijacked", role: "guest" }) },
    { intent: "delete-person" as const, fields: (o: Fixture) => ({ id: o.person }) },
    { intent: "toggle-block" as const, fields: (o: Fixture) => ({ id: o.blocks[0], done: "true" }) },
    { intent: "toggle-shot" as const, fields: (o: Fixture) => ({ id: o.shots[0], done: "true" }) },
  ])("$intent on their own event with a row of an event they are not on → 404, that row unchanged", async ({ intent, fields }) => {
    const mine = await seedEvent();
    const other = await seedEvent(lead.id, { team: false });
    const [mineBefore, otherBefore] = [await snapshot(mine.eventId), await snapshot(other.eventId)];
    const response = await member.client.post(pageOf(mine), { intent, ...fields(other) });
    expect(response.status).toBe(404);
    expect(await textOf(response)).toContain(GONE);
    expect(await snapshot(other.eventId)).toEqual(otherBefore);
    expect(await snapshot(mine.eventId)).toEqual(mineBefore);
  });

  it("a member whose row says 'active' (the observed build's word for accepted) has the team's rights, no more", async () => {
    const fx = await seedEvent(lead.id, { team: false });
    await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId: fx.eventId, userId: declined.id, status: "active" });
    expect((await declined.client.get(pageOf(fx))).status).toBe(200);
    expect((await declined.client.post(pageOf(fx), { intent: "toggle-shot", id: fx.shots[0], done: "true" })).status).toBe(200);
    const before = await snapshot(fx.eventId);
    expect(before.shots[0]).toMatchObject({ isDone: true, doneBy: declined.id });
    const refused = await declined.client.post(pageOf(fx), { intent: "delete-shot", id: fx.shots[0] });
    expect(refused.status).toBe(403);
    expect(await snapshot(fx.eventId)).toEqual(before);
  });
});

// ---------------------------------------------------------------- 2. validation

const BLOCK = { title: "Sparkler Exit", blockType: "ceremony", startTime: "21:00", durationMinutes: "30" };
const VENDOR = { vendorName: "Bloom & Co", vendorType: "florist" };
const EVENT_FORM = { title: "Emma & James", coupleNames: "", date: "2027-06-12", venue: "", status: "auto" };

const INVALID: { name: string; intent: DashboardIntent; fields: (fx: Fixture) => Record<string, string>; message: string }[] = [
  { name: "empty block title", intent: "add-block", fields: () => ({ ...BLOCK, title: "" }), message: "Title is required" },
  { name: "blank block title", intent: "edit-block", fields: (fx) => ({ ...BLOCK, id: fx.blocks[0], title: "   " }), message: "Title is required" },
  { name: "duration 0", intent: "add-block", fields: () => ({ ...BLOCK, durationMinutes: "0" }), message: "Duration must be at least 1 minute" },
  { name: "duration -5", intent: "add-block", fields: () => ({ ...BLOCK, durationMinutes: "-5" }), message: "Duration must be at least 1 minute" },
  { name: "duration 'abc'", intent: "add-block", fields: () => ({ ...BLOCK, durationMinutes: "abc" }), message: "Duration must be at least 1 minute" },
  { name: "duration ''", intent: "add-block", fields: () => ({ ...BLOCK, durationMinutes: "" }), message: "Duration must be at least 1 minute" },
  { name: "duration 1.5", intent: "add-block", fields: () => ({ ...BLOCK, durationMinutes: "1.5" }), message: "Duration must be a whole number of minutes" },
  { name: "duration 0 on edit", intent: "edit-block", fields: (fx) => ({ ...BLOCK, id: fx.blocks[0], durationMinutes: "0" }), message: "Duration must be at least 1 minute" },
  { name: "duration 1441", intent: "add-block", fields: () => ({ ...BLOCK, durationMinutes: "1441" }), message: "Duration must be at most 1440 minutes" },
  { name: "block title of 201 characters", intent: "add-block", fields: () => ({ ...BLOCK, title: "T".repeat(201) }), message: "Title must be less than 200 characters" },
  { name: "start time 25:00", intent: "add-block", fields: () => ({ ...BLOCK, startTime: "25:00" }), message: "Please enter a valid time" },
  { name: "block type 'party'", intent: "add-block", fields: () => ({ ...BLOCK, blockType: "party" }), message: "Please choose a block type" },
  { name: "empty shot title", intent: "add-shot", fields: () => ({ title: "", category: "details" }), message: "Title is required" },
  { name: "empty shot title on edit", intent: "edit-shot", fields: (fx) => ({ id: fx.shots[0], title: "", category: "details" }), message: "Title is required" },
  { name: "empty first name", intent: "add-person", fields: () => ({ firstName: "", role: "guest" }), message: "First name is required" },
  { name: "first name of 101 characters", intent: "add-person", fields: () => ({ firstName: "A".repeat(101), role: "guest" }), message: "First name must be less than 100 characters" },
  { name: "empty first name on edit", intent: "edit-person", fields: (fx) => ({ id: fx.person, firstName: "", role: "guest" }), message: "First name is required" },
  { name: "empty vendor name", intent: "add-vendor", fields: () => ({ ...VENDOR, vendorName: "" }), message: "Vendor name is required" },
  { name: "missing vendor type", intent: "add-vendor", fields: () => ({ vendorName: "Bloom & Co" }), message: "Vendor type is required" },
  { name: "vendor email 'not-an-email'", intent: "add-vendor", fields: () => ({ ...VENDOR, email: "not-an-email" }), message: "Invalid email" },
  { name: "website 'javascript:alert(1)'", intent: "add-vendor", fields: () => ({ ...VENDOR, website: "javascript:alert(1)" }), message: "Invalid URL" },
  { name: "website 'not a url'", intent: "add-vendor", fields: () => ({ ...VENDOR, website: "not a url" }), message: "Invalid URL" },
  { name: "website 'javascript:alert(1)' on edit", intent: "edit-vendor", fields: (fx) => ({ ...VENDOR, id: fx.vendor, website: "javascript:alert(1)" }), message: "Invalid URL" },
  { name: "delete confirmation 'Delete'", intent: "delete-event", fields: () => ({ confirmation: "Delete" }), message: 'Please type "delete" to confirm' },
  { name: "delete confirmation ''", intent: "delete-event", fields: () => ({ confirmation: "" }), message: 'Please type "delete" to confirm' },
  { name: "no delete confirmation", intent: "delete-event", fields: () => ({}), message: 'Please type "delete" to confirm' },
  { name: "empty event title", intent: "edit-event", fields: () => ({ ...EVENT_FORM, title: "" }), message: "Event title is required" },
  { name: "time zone 'Mars/Olympus'", intent: "edit-event", fields: () => ({ ...EVENT_FORM, timeZone: "Mars/Olympus" }), message: "Please choose a valid time zone" },
];

describe("validation (docs/product/validation.md): 400, the message, and nothing written", () => {
  it.each(INVALID)("$name ($intent) → $message", async ({ intent, fields, message }) => {
    const fx = await seedEvent(lead.id, { team: false });
    const before = await snapshot(fx.eventId);
    const response = await lead.client.post(pageOf(fx), { intent, ...fields(fx) });
    expect(response.status).toBe(400);
    const body = await textOf(response);
    expect(body).toContain(message);
    expect(body).toContain("Validation Error");
    expect(await snapshot(fx.eventId)).toEqual(before);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("en_toast="))).toBe(false);
  });
});

// ---------------------------------------------------------------- 3. behaviour

describe("what the lead's changes store", () => {
  it("adds a block at max(order_index) + 1 with the type sent and empty optional fields as NULL", async () => {
    const fx = await seedEvent(lead.id, { blockOrder: [0, 1, 5], team: false });
    const response = await lead.client.post(`${pageOf(fx)}?dialog=add-block`, {
      intent: "add-block",
      title: "  Sparkler Exit  ",
      blockType: "ceremony",
      startTime: "",
      durationMinutes: "45",
      location: "",
      notes: "   ",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(pageOf(fx));
    const added = (await snapshot(fx.eventId)).blocks.find((b) => !fx.blocks.includes(b.id));
    expect(added).toMatchObject({
      title: "Sparkler Exit",
      blockType: "ceremony",
      startTime: null,
      durationMinutes: 45,
      location: null,
      notes: null,
      orderIndex: 6,
      isDone: false,
      doneBy: null,
    });
    expect(await textOf(await lead.client.get(pageOf(fx)))).toContain("Timeline block added");
  });

  it("offers ceremony as the block type in the Add Block form", async () => {
    const fx = await seedEvent(lead.id, { team: false });
    const html = await textOf(await lead.client.get(`${pageOf(fx)}?dialog=add-block`));
    expect(html).toMatch(/<option[^>]*value="ceremony"[^>]*selected|<option[^>]*selected[^>]*value="ceremony"/);
  });

  it("stores a start time as HH:mm", async () => {
    const fx = await seedEvent(lead.id, { team: false });
    await lead.client.post(pageOf(fx), { intent: "add-block", ...BLOCK, startTime: "09:05:30" });
    const added = (await snapshot(fx.eventId)).blocks.find((b) => !fx.blocks.includes(b.id));
    expect(added!.startTime).toBe("09:05");
  });

  it("normalises a vendor: https:// added to a bare website, @ dropped from handles, e-mail lower-cased, empties NULL", async () => {
    const fx = await seedEvent(lead.id, { team: false });
    const response = await lead.client.post(pageOf(fx), {
      intent: "add-vendor",
      vendorName: "Bloom & Co",
      vendorType: "florist",
      companyName: "",
      email: "  Hello@BloomAndCo.COM ",
      phoneNumber: "",
      website: "bloomandco.com",
      instagramHandle: "@flowers",
      facebookHandle: "",
      twitterHandle: "",
      tiktokHandle: "",
      notes: "",
    });
    expect(response.status).toBe(302);
    const [vendor] = await db.select().from(eventVendors).where(eq(eventVendors.vendorName, "Bloom & Co"));
    expect(vendor).toMatchObject({
      eventId: fx.eventId,
      vendorType: "florist",
      companyName: null,
      email: "hello@bloomandco.com",
      phoneNumber: null,
      website: "https://bloomandco.com",
      instagramHandle: "flowers",
      facebookHandle: null,
      twitterHandle: null,
      tiktokHandle: null,
      notes: null,
    });
    expect(await textOf(await lead.client.get(pageOf(fx)))).toContain("Vendor added");
  });

  it("keeps an http(s) website as typed", async () => {
    const fx = await seedEvent(lead.id, { team: false });
    await lead.client.post(pageOf(fx), { intent: "edit-vendor", id: fx.vendor, ...VENDOR, website: "http://bloom.example.com/shop" });
    const [vendor] = await db.select().from(eventVendors).where(eq(eventVendors.id, fx.vendor));
    expect(vendor!.website).toBe("http://bloom.example.com/shop");
  });

  it("edits a person's fields, and an unticked VIP box clears VIP", async () => {
    const fx = await seedEvent(lead.id, { team: false });
    const response = await lead.client.post(`${pageOf(fx)}?tab=people&dialog=edit-person&id=${fx.person}`, {
      intent: "edit-person",
      id: fx.person,
      firstName: "Margaret",
      lastName: "",
      role: "parent",
      isVip: "on",
      pronunciation: "MAR-grit",
      notes: "Uses a wheelchair",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${pageOf(fx)}?tab=people`);
    const [person] = await db.select().from(eventPeople).where(eq(eventPeople.id, fx.person));
    expect(person).toMatchObject({ firstName: "Margaret", lastName: null, role: "parent", isVip: true, pronunciation: "MAR-grit", notes: "Uses a wheelchair" });
    expect(await textOf(await lead.client.get(`${pageOf(fx)}?tab=people`))).toContain("Person updated");

    await lead.client.post(pageOf(fx), { intent: "edit-person", id: fx.person, firstName: "Margaret", role: "parent" });
    const [again] = await db.select().from(eventPeople).where(eq(eventPeople.id, fx.person));
    expect(again).toMatchObject({ isVip: false, pronunciation: null, notes: null });
  });

  it("moves a block up and down by swapping neighbours and renumbering 0..n-1", async () => {
    const fx = await seedEvent(lead.id, { blockOrder: [0, 3, 7], blockTimes: ["16:00", "16:00", "16:00"], team: false });
    const [a, b, c] = fx.blocks;
    const order = async () => (await snapshot(fx.eventId)).blocks.map((block) => [block.id, block.orderIndex]);

    const up = await lead.client.post(`${pageOf(fx)}?dialog=move-block&id=${c}`, { intent: "move-block", id: c, direction: "up" });
    expect(up.status).toBe(302);
    expect(up.headers.get("Location")).toBe(pageOf(fx));
    expect(up.headers.get("X-Remix-Replace")).toBe("true");
    expect(await order()).toEqual([
      [a, 0],
      [c, 1],
      [b, 2],
    ]);

    const down = await lead.client.post(pageOf(fx), { intent: "move-block", id: a, direction: "down" });
    expect(down.status).toBe(302);
    expect(await order()).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
  });

  it("moves a block only among the blocks at its own start time: past another time, nothing changes", async () => {
    const fx = await seedEvent(lead.id, { blockTimes: ["14:00", "16:00", "16:00"], team: false });
    const before = await snapshot(fx.eventId);
    expect((await lead.client.post(pageOf(fx), { intent: "move-block", id: fx.blocks[0], direction: "down" })).status).toBe(302);
    expect((await lead.client.post(pageOf(fx), { intent: "move-block", id: fx.blocks[1], direction: "up" })).status).toBe(302);
    expect(await snapshot(fx.eventId)).toEqual(before);
  });

  it("lists blocks by start time: one added at 13:30 comes first, one with no time last", async () => {
    const fx = await seedEvent(lead.id, { team: false });
    expect((await lead.client.post(pageOf(fx), { intent: "add-block", ...BLOCK, title: "First Look", startTime: "13:30" })).status).toBe(302);
    expect((await lead.client.post(pageOf(fx), { intent: "add-block", ...BLOCK, title: "Sparklers", startTime: "" })).status).toBe(302);
    // The rows as the page renders them (an element's text), before the page's data.
    const html = await textOf(await lead.client.get(pageOf(fx)));
    const titles = ["First Look", "Getting Ready", "Ceremony", "Reception", "Sparklers"].map((title) => html.indexOf(`>${title}<`));
    expect(titles.every((at) => at > 0)).toBe(true);
    expect([...titles].sort((a, b) => a - b)).toEqual(titles);
  });

  it("moving the first block up or the last block down changes nothing", async () => {
    const fx = await seedEvent(lead.id, { blockOrder: [0, 2, 4], team: false });
    const before = await snapshot(fx.eventId);
    expect((await lead.client.post(pageOf(fx), { intent: "move-block", id: fx.blocks[0], direction: "up" })).status).toBe(302);
    expect((await lead.client.post(pageOf(fx), { intent: "move-block", id: fx.blocks[2], direction: "down" })).status).toBe(302);
    expect(await snapshot(fx.eventId)).toEqual(before);
  });

  it.each([
    [{ direction: "sideways" }],
    [{ direction: "" }],
    [{}],
  ])("refuses a move with %j (400) and changes nothing", async (extra) => {
    const fx = await seedEvent(lead.id, { team: false });
    const before = await snapshot(fx.eventId);
    const response = await lead.client.post(pageOf(fx), { intent: "move-block", id: fx.blocks[1], ...extra });
    expect(response.status).toBe(400);
    expect(await snapshot(fx.eventId)).toEqual(before);
  });

  it("deletes a block, and only that block", async () => {
    const fx = await seedEvent(lead.id, { team: false });
    const before = await snapshot(fx.eventId);
    const response = await lead.client.post(`${pageOf(fx)}?dialog=delete-block&id=${fx.blocks[1]}`, { intent: "delete-block", id: fx.blocks[1] });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(pageOf(fx));
    const after = await snapshot(fx.eventId);
    expect(after.blocks.map((b) => b.id)).toEqual([fx.blocks[0], fx.blocks[2]]);
    // Besides the block, only the live room's number for the change.
    expect(after.event!.liveSeq).toBe(before.event!.liveSeq + 1);
    expect({ ...after, blocks: [], event: { ...after.event!, liveSeq: 0 } }).toEqual({ ...before, blocks: [], event: { ...before.event!, liveSeq: 0 } });
    expect(await textOf(await lead.client.get(pageOf(fx)))).toContain("Timeline block deleted");
  });

  it("edit-event sets the status by hand, and 'auto' hands it back to the date", async () => {
    const fx = await seedEvent(lead.id, { team: false });
    const response = await lead.client.post(`${pageOf(fx)}?dialog=edit-event`, { intent: "edit-event", ...EVENT_FORM, title: "Emma & James Forever", status: "completed" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(pageOf(fx));
    expect((await snapshot(fx.eventId)).event).toMatchObject({ title: "Emma & James Forever", statusOverride: "completed", coupleNames: null, venue: null });
    const page = await textOf(await lead.client.get(pageOf(fx)));
    expect(page).toContain("Event updated successfully.");
    expect(page).toContain("Emma & James Forever");

    await lead.client.post(pageOf(fx), { intent: "edit-event", ...EVENT_FORM, status: "auto" });
    expect((await snapshot(fx.eventId)).event!.statusOverride).toBeNull();
  });

  it("edit-event refuses a time zone the runtime does not know, and a status outside the list", async () => {
    const fx = await seedEvent(lead.id, { team: false });
    const before = await snapshot(fx.eventId);
    const zone = await lead.client.post(pageOf(fx), { intent: "edit-event", ...EVENT_FORM, timeZone: "Mars/Olympus" });
    expect(zone.status).toBe(400);
    expect(await textOf(zone)).toContain("Please choose a valid time zone");
    const status = await lead.client.post(pageOf(fx), { intent: "edit-event", ...EVENT_FORM, status: "cancelled" });
    expect(status.status).toBe(400);
    expect(await textOf(status)).toContain("Please choose a status");
    expect(await snapshot(fx.eventId)).toEqual(before);
  });
});

describe("ids from another event and rows deleted meanwhile", () => {
  const FOREIGN: { intent: DashboardIntent; fields: (other: Fixture) => Record<string, string>; title: string }[] = [
    { intent: "edit-block", fields: (other) => ({ id: other.blocks[0], ...BLOCK, title: "Hijacked" }), title: "Failed to update timeline block." },
    { intent: "delete-shot", fields: (other) => ({ id: other.shots[0] }), title: "Failed to delete shot item." },
    { intent: "edit-person", fields: (other) => ({ id: other.person, firstName: "Hijacked", role: "guest" }), title: "Error" },
    { intent: "delete-vendor", fields: (other) => ({ id: other.vendor }), title: "Error" },
    { intent: "move-block", fields: (other) => ({ id: other.blocks[1], direction: "up" }), title: "Failed to update timeline block." },
    { intent: "toggle-shot", fields: (other) => ({ id: other.shots[0], done: "true" }), title: "Failed to update shot item." },
    { intent: "delete-block", fields: (other) => ({ id: other.blocks[0] }), title: "Failed to delete timeline block." },
    { intent: "edit-shot", fields: (other) => ({ id: other.shots[0], title: "Hijacked", category: "other" }), title: "Failed to update shot item." },
    { intent: "delete-person", fields: (other) => ({ id: other.person }), title: "Error" },
    { intent: "edit-vendor", fields: (other) => ({ id: other.vendor, ...VENDOR, vendorName: "Hijacked" }), title: "Error" },
  ];

  it.each(FOREIGN)("$intent with a row of the lead's other event → 404 '$title', both events unchanged", async ({ intent, fields, title }) => {
    const mine = await seedEvent(lead.id, { team: false });
    const other = await seedEvent(lead.id, { team: false });
    const [mineBefore, otherBefore] = [await snapshot(mine.eventId), await snapshot(other.eventId)];
    const response = await lead.client.post(pageOf(mine), { intent, ...fields(other) });
    expect(response.status).toBe(404);
    const body = await textOf(response);
    expect(body).toContain(title);
    expect(body).toContain(GONE);
    expect(await snapshot(other.eventId)).toEqual(otherBefore);
    expect(await snapshot(mine.eventId)).toEqual(mineBefore);
  });

  it("a block deleted meanwhile, then checked off → 404 'Failed to update timeline block.'", async () => {
    const fx = await seedEvent();
    // The lead deletes it; the team member's screen still shows it.
    expect((await lead.client.post(pageOf(fx), { intent: "delete-block", id: fx.blocks[0] })).status).toBe(302);
    const before = await snapshot(fx.eventId);
    const response = await member.client.post(pageOf(fx), { intent: "toggle-block", id: fx.blocks[0], done: "true" });
    expect(response.status).toBe(404);
    const body = await textOf(response);
    expect(body).toContain("Failed to update timeline block.");
    expect(body).toContain(GONE);
    expect(await snapshot(fx.eventId)).toEqual(before);
  });

  it("a person deleted meanwhile, then edited by the team → 404, nothing recreated", async () => {
    const fx = await seedEvent();
    expect((await member.client.post(pageOf(fx), { intent: "delete-person", id: fx.person })).status).toBe(302);
    const response = await lead.client.post(pageOf(fx), { intent: "edit-person", id: fx.person, firstName: "Grace", role: "guest" });
    expect(response.status).toBe(404);
    expect(await textOf(response)).toContain(GONE);
    expect((await snapshot(fx.eventId)).people).toEqual([]);
  });
});

// ---------------------------------------------------------------- 4. delete event

describe("delete event", () => {
  it("removes the event and every row under it, leaves the lead's other event alone, and the page then says it was deleted", async () => {
    const fx = await seedEvent();
    const other = await seedEvent();
    const extraUser = await createUser(db);
    await db.batch([
      db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId: fx.eventId, userId: extraUser.id, status: "active" }),
      db.insert(eventInvites).values({ id: crypto.randomUUID(), eventId: fx.eventId, email: "client@example.com", inviteType: "client", invitedBy: lead.id }),
      db.insert(eventClientAccess).values({
        id: crypto.randomUUID(),
        eventId: fx.eventId,
        clientEmail: "couple@example.com",
        accessTokenHash: crypto.randomUUID(),
        createdBy: lead.id,
        expiresAt: "2027-07-12T00:00:00.000Z",
      }),
      db.insert(eventClientAccess).values({
        id: crypto.randomUUID(),
        eventId: other.eventId,
        clientEmail: "other-couple@example.com",
        accessTokenHash: crypto.randomUUID(),
        createdBy: lead.id,
        expiresAt: "2027-07-12T00:00:00.000Z",
      }),
      db.insert(notifications).values({ id: crypto.randomUUID(), userId: member.id, title: "Timeline updated", message: "x", eventId: fx.eventId }),
    ]);
    const before = await snapshot(fx.eventId);
    expect(before.team).toHaveLength(3);
    expect(before.invites).toHaveLength(2);
    // The fixture's client link and this one.
    expect(before.clients).toHaveLength(2);
    const otherBefore = await snapshot(other.eventId);

    const response = await lead.client.post(`${pageOf(fx)}?dialog=delete-event`, { intent: "delete-event", confirmation: "delete" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");

    expect(await snapshot(fx.eventId)).toEqual({ event: null, blocks: [], shots: [], people: [], vendors: [], team: [], invites: [], clients: [] });
    expect(await db.select().from(notifications).where(eq(notifications.eventId, fx.eventId))).toEqual([]);
    expect(await snapshot(other.eventId)).toEqual(otherBefore);
    // The users themselves stay.
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, extraUser.id))).toHaveLength(1);

    const home = await lead.client.get("/");
    expect(home.status).toBe(200);
    expect(await textOf(home)).toContain("Event deleted successfully");
    // Its lead and team are told it was deleted (decision 017); anyone else gets the plain 404.
    expect((await lead.client.get(pageOf(fx))).status).toBe(410);
    expect((await member.client.get(pageOf(fx))).status).toBe(410);
    expect((await stranger.client.get(pageOf(fx))).status).toBe(404);
    expect((await lead.client.get(pageOf(other))).status).toBe(200);
  });
});

// ---------------------------------------------------------------- 5. loader

describe("dashboard page (loader)", () => {
  async function eventWithTeamAndClient() {
    const fx = await seedEvent();
    const colleague = await createUser(db, { email: `colleague-${crypto.randomUUID().slice(0, 8)}@example.com` });
    await db.batch([
      db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId: fx.eventId, userId: colleague.id, status: "accepted", shooterType: "associate_shooter" }),
      db.insert(eventClientAccess).values({
        id: crypto.randomUUID(),
        eventId: fx.eventId,
        clientEmail: "couple@example.com",
        accessTokenHash: crypto.randomUUID(),
        createdBy: lead.id,
        expiresAt: "2027-07-12T00:00:00.000Z",
      }),
    ]);
    return { fx, colleague };
  }

  it("gives the lead the team's and the client's e-mail addresses", async () => {
    const { fx, colleague } = await eventWithTeamAndClient();
    const team = await textOf(await lead.client.get(`${pageOf(fx)}?tab=team`));
    expect(team).toContain(colleague.email);
    expect(team).toContain(member.email);
    expect(team).toContain(pending.email);
    const client = await textOf(await lead.client.get(`${pageOf(fx)}?tab=client`));
    expect(client).toContain("couple@example.com");
  });

  it("gives an accepted member neither the other members' nor the client's e-mail addresses, on any tab", async () => {
    const { fx, colleague } = await eventWithTeamAndClient();
    for (const tab of ["", "?tab=team", "?tab=client", "?tab=people", "?tab=vendors", "?tab=shots"]) {
      const response = await member.client.get(`${pageOf(fx)}${tab}`);
      expect(response.status).toBe(200);
      const html = await textOf(response);
      expect(html).toContain(EVENT_TITLE);
      expect(html).not.toContain(colleague.email);
      expect(html).not.toContain(pending.email);
      expect(html).not.toContain(declined.email);
      expect(html).not.toContain(lead.email);
      expect(html).not.toContain("couple@example.com");
    }
  });

  it("shows a member Add Person but no Add Block, Add Shot or Add Vendor; the lead all four", async () => {
    const fx = await seedEvent();
    const tabs = { "Add Block": "", "Add Shot": "?tab=shots", "Add Person": "?tab=people", "Add Vendor": "?tab=vendors" };
    for (const [label, tab] of Object.entries(tabs)) {
      expect(await textOf(await lead.client.get(`${pageOf(fx)}${tab}`)), `lead: ${label}`).toContain(label);
      const memberPage = await textOf(await member.client.get(`${pageOf(fx)}${tab}`));
      if (label === "Add Person") expect(memberPage, `member: ${label}`).toContain(label);
      else expect(memberPage, `member: ${label}`).not.toContain(label);
    }
  });

  it("does not open a dialog the member may not use, even by URL", async () => {
    const fx = await seedEvent();
    const url = `${pageOf(fx)}?dialog=edit-block&id=${fx.blocks[0]}`;
    expect(await textOf(await lead.client.get(url))).toContain("Save Block");
    const html = await textOf(await member.client.get(url));
    expect(html).not.toContain("Edit Block");
    expect(html).not.toContain("Save Block");
  });

  it("escapes what users typed: a block title with markup does not reach the page as markup", async () => {
    const fx = await seedEvent(lead.id, { team: false });
    const title = `<img src=x onerror=alert(1)></script><script>alert(2)</script>`;
    expect((await lead.client.post(pageOf(fx), { intent: "add-block", ...BLOCK, title })).status).toBe(302);
    const raw = await (await member.client.get(pageOf(fx))).text();
    expect(raw).not.toContain("<img src=x");
    expect(raw).not.toContain("<script>alert(2)");
    expect(await textOf(await lead.client.get(pageOf(fx)))).toContain(title);
  });
});

// ---------------------------------------------------------------- 6. limits

/** `count` blocks in one D1 batch (ten rows a statement: D1 binds at most 100 values each). */
async function insertBlocks(eventId: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({ id: crypto.randomUUID(), eventId, title: `Block ${i}`, orderIndex: i }));
  const inserts = Array.from({ length: Math.ceil(count / 10) }, (_, i) => db.insert(timelineBlocks).values(rows.slice(i * 10, i * 10 + 10)));
  await db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
}

describe("limits", () => {
  it("refuses a 201st timeline block (400) and the count stays 200", async () => {
    const fx = await seedEvent(lead.id, { team: false });
    await db.delete(timelineBlocks).where(eq(timelineBlocks.eventId, fx.eventId));
    await insertBlocks(fx.eventId, 200);
    expect(await db.$count(timelineBlocks, eq(timelineBlocks.eventId, fx.eventId))).toBe(200);

    const response = await lead.client.post(pageOf(fx), { intent: "add-block", ...BLOCK });
    expect(response.status).toBe(400);
    const body = await textOf(response);
    expect(body).toContain("An event can have at most 200 timeline blocks.");
    expect(body).toContain("Failed to add timeline block.");
    expect(await db.$count(timelineBlocks, eq(timelineBlocks.eventId, fx.eventId))).toBe(200);
  });
});

describe("two devices adding at the same moment", () => {
  it("gives concurrent new blocks distinct places at the end of the list", async () => {
    const fx = await seedEvent(lead.id, { team: false });
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) => lead.client.post(pageOf(fx), { intent: "add-block", ...BLOCK, title: `Parallel ${i}` })),
    );
    expect(responses.map((r) => r.status)).toEqual([302, 302, 302, 302, 302]);
    const blocks = (await snapshot(fx.eventId)).blocks;
    expect(blocks.map((b) => b.orderIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("does not pass the 200-block ceiling when the last free places are taken at once", async () => {
    const fx = await seedEvent(lead.id, { team: false });
    await db.delete(timelineBlocks).where(eq(timelineBlocks.eventId, fx.eventId));
    await insertBlocks(fx.eventId, 195);
    // Ten devices (or a script) add at once; five places are free.
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => lead.client.post(pageOf(fx), { intent: "add-block", ...BLOCK, title: `Last ${i}` })),
    );
    expect(await db.$count(timelineBlocks, eq(timelineBlocks.eventId, fx.eventId))).toBe(200);
    expect(responses.map((r) => r.status).sort()).toEqual([302, 302, 302, 302, 302, 400, 400, 400, 400, 400]);
  });
});

// ---------------------------------------------------------------- 7. malformed requests

describe("malformed requests", () => {
  it.each(["edit-block", "delete-block", "toggle-block", "move-block", "delete-shot", "edit-person", "delete-vendor"] as DashboardIntent[])(
    "%s with a 65-character row id → 400, nothing changes",
    async (intent) => {
      const fx = await seedEvent(lead.id, { team: false });
      const before = await snapshot(fx.eventId);
      const id = "b".repeat(65);
      const response = await lead.client.post(pageOf(fx), { intent, ...CASES[intent].fields(fx), id });
      expect([400, 404]).toContain(response.status);
      expect(await snapshot(fx.eventId)).toEqual(before);
    },
  );

  it("a 65-character event id in the URL → 404, nothing changes", async () => {
    const fx = await seedEvent(lead.id, { team: false });
    const before = await snapshot(fx.eventId);
    const response = await lead.client.post(`/events/${fx.eventId}${"x".repeat(65 - fx.eventId.length)}`, { intent: "toggle-block", id: fx.blocks[0], done: "true" });
    expect(response.status).toBe(404);
    expect(await snapshot(fx.eventId)).toEqual(before);
  });

  it.each(["__proto__", "constructor", "toString", "hasOwnProperty", "", "ADD-BLOCK"])("intent=%j → 400, nothing changes", async (intent) => {
    const fx = await seedEvent(lead.id, { team: false });
    const before = await snapshot(fx.eventId);
    const response = await lead.client.post(pageOf(fx), { intent, ...BLOCK, id: fx.blocks[0] });
    expect(response.status).toBe(400);
    expect(await textOf(response)).toContain("That request was not understood.");
    expect(await snapshot(fx.eventId)).toEqual(before);
  });

  it("no intent at all → 400", async () => {
    const fx = await seedEvent(lead.id, { team: false });
    const before = await snapshot(fx.eventId);
    const response = await lead.client.post(pageOf(fx), { title: "x" });
    expect(response.status).toBe(400);
    expect(await snapshot(fx.eventId)).toEqual(before);
  });

  it("a toggle with done other than true/false → 400, nothing changes", async () => {
    const fx = await seedEvent(lead.id, { team: false });
    const before = await snapshot(fx.eventId);
    const response = await lead.client.post(pageOf(fx), { intent: "toggle-shot", id: fx.shots[0], done: "1" });
    expect(response.status).toBe(400);
    expect(await snapshot(fx.eventId)).toEqual(before);
  });
});
