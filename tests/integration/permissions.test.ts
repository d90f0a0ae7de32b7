import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TeamMemberStatus } from "~/db/enums";
import { eventSecondShooters } from "~/db/schema";
import { can, EVENT_ACTIONS, type EventRole } from "~/modules/event/permissions";
import { permittedSql } from "~/modules/event/service.server";
import { getDb } from "~/utils/db.server";
import { createEvent, createUser } from "../factories";

// A check-off is written in the access check's own D1 batch, guarded by permittedSql:
// the permission table (permissions.ts) as a SQL condition. It must say exactly what
// requireEventAccess says for every kind of viewer and every action, or a write could
// pass where the page refuses (or the reverse).

const db = getDb(env);

/** decisions.md roles, as requireEventAccess reads them: lead; accepted (or older 'active') member; nobody. */
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

describe("permittedSql says what requireEventAccess says", () => {
  it.each(VIEWERS)("$label: every action", async (viewer) => {
    const userId = userOf.get(viewer.label)!;
    const got: Record<string, boolean> = {};
    for (const action of EVENT_ACTIONS) {
      const [row] = await db.all<{ ok: number }>(sql`SELECT ${permittedSql(userId, eventId, action)} AS ok`);
      got[action] = row!.ok === 1;
    }
    const expected = Object.fromEntries(EVENT_ACTIONS.map((action) => [action, viewer.role !== null && can(viewer.role, action)]));
    expect(got).toEqual(expected);
  });

  it("another event's lead or member has no permission here", async () => {
    const otherLead = await createUser(db);
    await createEvent(db, otherLead.id);
    const [row] = await db.all<{ ok: number }>(sql`SELECT ${permittedSql(otherLead.id, eventId, "view")} AS ok`);
    expect(row!.ok).toBe(0);
  });
});
