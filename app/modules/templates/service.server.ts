import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { PersonRole } from "~/db/enums";
import { eventPeople, events, eventTemplates, shotListItems, timelineBlocks } from "~/db/schema";
import { GROUPING_CATEGORY, isGrouping, peopleOf, personRolesOf } from "~/modules/shots/groupings";
import { batchNamed, batchWithRaw, type Db } from "~/utils/db.server";
import { type Claim, claimStatement, once } from "~/utils/idempotency.server";
import { firstStartOf, offsetsOf, startsFrom, TEMPLATE_BODY_MAX, TEMPLATES_PER_USER_MAX, type TemplateBody } from "./template";

// Templates are their owner's alone: every statement is scoped to the user, so another
// user's template id matches nothing (and is answered as unknown).

export type SaveOutcome = { ok: true; id: string } | { ok: false; reason: "not-lead" | "too-many" | "too-large" };

/** The user's templates for Settings and New Event, newest first. */
export function listTemplatesQuery(db: Db, userId: string | SQL<string>) {
  return db
    .select({ id: eventTemplates.id, name: eventTemplates.name, blockCount: eventTemplates.blockCount, shotCount: eventTemplates.shotCount, firstStart: sql<string | null>`json_extract(${eventTemplates.body}, '$.firstStart')` })
    .from(eventTemplates)
    .where(eq(eventTemplates.userId, userId))
    .orderBy(desc(eventTemplates.createdAt), desc(sql`rowid`));
}

type SavedShot = Omit<TemplateBody["shots"][number], "roles"> & { id: string; personIds: string; personRoles: string };

/**
 * A grouping's people as roles, in order, each once ('Couple + grandparents': bride, groom,
 * grandparent); a grouping by role keeps its roles, whether or not anyone has them yet.
 */
function rolesOf(shot: SavedShot, people: readonly { id: string; role: PersonRole }[]): PersonRole[] {
  const byRole = personRolesOf(shot);
  return byRole.length > 0 ? byRole : [...new Set(peopleOf(shot, people).map((person) => person.role))];
}

/**
 * The event's timeline and shot list as a template body (no assignments, no done marks). A
 * family grouping keeps its people's roles, as another wedding has other people in them.
 */
export function bodyOf(
  blocks: readonly (Omit<TemplateBody["blocks"][number], "offsetMinutes"> & { startTime: string | null })[],
  shots: readonly SavedShot[],
  people: readonly { id: string; role: PersonRole }[],
): TemplateBody {
  const offsets = offsetsOf(blocks);
  return {
    firstStart: firstStartOf(blocks),
    blocks: blocks.map((block, index) => ({
      title: block.title,
      blockType: block.blockType,
      offsetMinutes: offsets[index]!,
      durationMinutes: block.durationMinutes,
      location: block.location,
      notes: block.notes,
      teamNotes: block.teamNotes,
      fixedTime: block.fixedTime,
      travelMinutes: block.travelMinutes,
      anchor: block.anchor,
      anchorOffsetMinutes: block.anchorOffsetMinutes,
    })),
    shots: shots.map((shot) => {
      const roles = isGrouping(shot) ? rolesOf(shot, people) : [];
      return { title: shot.title, category: shot.category, description: shot.description, teamNotes: shot.teamNotes, ...(roles.length ? { roles } : {}) };
    }),
  };
}

/**
 * 'Save as template': only the event's lead. The event is read (with the lead check), then
 * the template is written only if the user is still its lead and under the limit, with
 * the claim (a second submit of the same form writes nothing and answers as the first).
 */
export async function saveTemplate(db: Db, userId: string, eventId: string, name: string, claim: Claim | null = null): Promise<SaveOutcome> {
  const { lead, blocks, shots, people } = await batchNamed(db, {
    lead: db.select({ id: events.id }).from(events).where(and(eq(events.id, eventId), eq(events.leadPhotographerId, userId))),
    blocks: db
      .select({
        title: timelineBlocks.title,
        blockType: timelineBlocks.blockType,
        startTime: timelineBlocks.startTime,
        durationMinutes: timelineBlocks.durationMinutes,
        location: timelineBlocks.location,
        notes: timelineBlocks.notes,
        teamNotes: timelineBlocks.teamNotes,
        fixedTime: timelineBlocks.fixedTime,
        travelMinutes: timelineBlocks.travelMinutes,
        anchor: timelineBlocks.anchor,
        anchorOffsetMinutes: timelineBlocks.anchorOffsetMinutes,
      })
      .from(timelineBlocks)
      .innerJoin(events, and(eq(events.id, timelineBlocks.eventId), eq(events.leadPhotographerId, userId)))
      .where(eq(timelineBlocks.eventId, eventId))
      .orderBy(asc(timelineBlocks.orderIndex)),
    shots: db
      .select({
        id: shotListItems.id,
        title: shotListItems.title,
        category: shotListItems.category,
        description: shotListItems.description,
        teamNotes: shotListItems.teamNotes,
        personIds: shotListItems.personIds,
        personRoles: shotListItems.personRoles,
      })
      .from(shotListItems)
      .innerJoin(events, and(eq(events.id, shotListItems.eventId), eq(events.leadPhotographerId, userId)))
      .where(eq(shotListItems.eventId, eventId))
      .orderBy(asc(shotListItems.orderIndex)),
    // The groupings' people's roles.
    people: db
      .select({ id: eventPeople.id, role: eventPeople.role })
      .from(eventPeople)
      .innerJoin(events, and(eq(events.id, eventPeople.eventId), eq(events.leadPhotographerId, userId)))
      .where(eq(eventPeople.eventId, eventId)),
  });
  if (lead.length === 0) return { ok: false, reason: "not-lead" };
  const body = JSON.stringify(bodyOf(blocks, shots, people));
  if (body.length > TEMPLATE_BODY_MAX) return { ok: false, reason: "too-large" };
  const id: string = crypto.randomUUID();
  const insert = sql`INSERT INTO ${eventTemplates} (id, user_id, name, body, block_count, shot_count)
    SELECT ${id}, ${userId}, ${name}, ${body}, ${blocks.length}, ${shots.length}
    WHERE EXISTS (SELECT 1 FROM ${events} WHERE id = ${eventId} AND lead_photographer_id = ${userId})
      AND (SELECT COUNT(*) FROM ${eventTemplates} WHERE user_id = ${userId}) < ${TEMPLATES_PER_USER_MAX}`;
  const created = sql`EXISTS (SELECT 1 FROM ${eventTemplates} WHERE id = ${id})`;
  return once<SaveOutcome>(
    db,
    claim,
    async () => {
      const [inserted] = await batchWithRaw(db, claim ? [insert, claimStatement(claim, { id }, { onlyIf: created })] : [insert]);
      return inserted!.meta.changes > 0 ? { ok: true, id } : { ok: false, reason: "too-many" };
    },
    (result) => ({ ok: true, id: String(result.id) }),
  );
}

export async function renameTemplate(db: Db, userId: string, id: string, name: string) {
  const rows = await db
    .update(eventTemplates)
    .set({ name })
    .where(and(eq(eventTemplates.id, id), eq(eventTemplates.userId, userId)))
    .returning({ id: eventTemplates.id });
  return rows.length > 0;
}

export async function deleteTemplate(db: Db, userId: string, id: string) {
  const rows = await db
    .delete(eventTemplates)
    .where(and(eq(eventTemplates.id, id), eq(eventTemplates.userId, userId)))
    .returning({ id: eventTemplates.id });
  return rows.length > 0;
}

/** The user's own template's body; null for an unknown id or another user's. */
export async function templateBody(db: Db, userId: string, id: string) {
  const [row] = await db
    .select({ body: eventTemplates.body })
    .from(eventTemplates)
    .where(and(eq(eventTemplates.id, id), eq(eventTemplates.userId, userId)));
  return row?.body ?? null;
}

/**
 * A template's rows for a new event: blocks laid from `firstStart` (the template's own first
 * start by default); a grouping kept by role is a grouping by role, of the family formals
 * category, whose people are the new event's of those roles as they are added.
 */
export function rowsFromTemplate(body: TemplateBody, firstStart: string | null) {
  const offsets = body.blocks.map((block) => block.offsetMinutes);
  const from = firstStart ?? body.firstStart;
  const starts = from ? startsFrom(offsets, from) : offsets.map(() => null);
  return {
    blocks: body.blocks.map(({ offsetMinutes: _offset, ...block }, index) => ({ ...block, startTime: starts[index]! })),
    shots: body.shots.map(({ roles, ...shot }) => ({ ...shot, ...(roles?.length ? { category: GROUPING_CATEGORY, personRoles: JSON.stringify(roles) } : {}) })),
  };
}
