import { and, eq } from "drizzle-orm";
import { events } from "~/db/schema";
import { batchPart } from "~/utils/db.server";
import { type Changes, editRow, type Outcome } from "~/modules/lists/plan.server";
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
    return editRow(context, events, and(eq(events.id, context.eventId), context.guard), context.eventId, eventDescriptor.formColumns, given, base);
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
