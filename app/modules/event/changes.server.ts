import { and, eq, sql } from "drizzle-orm";
import { SUN_ANCHORS } from "~/db/enums";
import { appliedMutations, events, timelineBlocks } from "~/db/schema";
import { lightOf } from "~/modules/timeline/light-rows";
import { anchorMinutes } from "~/modules/timeline/sun";
import { batchPart } from "~/utils/db.server";
import { type Changes, editRow, type Outcome, type PlanContext } from "~/modules/lists/plan.server";
import { deletedEventNotices } from "./deleted-events.server";
import { eventDescriptor } from "./descriptor";

// The event's own changes, each as the statements of the mutation runner's batch
// (app/modules/lists/plan.server.ts): its edit and its deletion.
export const eventChanges = {
  table: events,
  fields: eventDescriptor.formColumns,
  edit: (context, _id, value, base) => {
    // An empty time zone keeps the event's (the form sends none when the browser gave none).
    const given = Object.fromEntries(Object.entries(value).filter(([field, v]) => field !== "timeZone" || v));
    const plan = editRow(context, events, and(eq(events.id, context.eventId), context.guard), context.eventId, eventDescriptor.formColumns, given, base);
    const moves = anchoredMoves(context, given);
    // The blocks first: the runner reads whether the change took effect from the last write's changes().
    return { ...plan, statements: [...moves, ...plan.statements], read: (results) => plan.read(results.slice(moves.length)) };
  },
  delete: ({ db, eventId, guard, now }) => {
    const which = and(eq(events.id, eventId), guard)!;
    // The notices first, while the event's team and links are still there; the delete
    // last, as the runner reads whether the change took effect from its changes().
    const { lead, members, links } = deletedEventNotices(db, which, now);
    const write = db.delete(events).where(which).returning({ id: events.id });
    return { ...batchPart([lead, members, links, write], ([, , , rows]): Outcome<never> => (rows.length ? { row: null } : { gone: true })), table: events, rowId: null };
  },
} satisfies Changes;

/**
 * 'Anchor to' (docs/product/screens.md#the-light): the event's anchored blocks moved to the
 * sun of its new date and place, in the edit's own batch (only once its record stands), one
 * statement per anchor, each block by its own minutes before or after. Computed from the
 * edit's values, so nothing is read first. Without a location (or a zone) the blocks keep
 * their times; a block whose time would leave the event's day keeps its time too.
 */
function anchoredMoves({ db, eventId, guard, now, key }: PlanContext, value: Record<string, unknown>) {
  const { date, timeZone, venueLatitude, venueLongitude } = value;
  if (typeof date !== "string" || typeof timeZone !== "string" || typeof venueLatitude !== "number" || typeof venueLongitude !== "number") return [];
  const light = lightOf({ date, timeZone, venueLatitude, venueLongitude });
  const recorded = sql`EXISTS (SELECT 1 FROM ${appliedMutations} WHERE ${appliedMutations.key} = ${key})`;
  return SUN_ANCHORS.flatMap((anchor) => {
    const minutes = anchorMinutes(light, anchor);
    if (minutes === null) return [];
    const at = sql`(${minutes} + ${timelineBlocks.anchorOffsetMinutes})`;
    const clock = sql`printf('%02d:%02d', ${at} / 60, ${at} % 60)`;
    return [
      db
        .update(timelineBlocks)
        .set({ startTime: clock, updatedAt: now })
        .where(and(eq(timelineBlocks.eventId, eventId), eq(timelineBlocks.anchor, anchor), sql`${at} BETWEEN 0 AND 1439`, sql`${timelineBlocks.startTime} IS NOT ${clock}`, guard, recorded)),
    ];
  });
}
