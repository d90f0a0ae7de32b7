import { and, eq, sql } from "drizzle-orm";
import { shotListItems } from "~/db/schema";
import { type Changes, type PlanContext, rowChanges } from "~/modules/lists/plan.server";
import { LIST_TABLES } from "~/modules/lists/tables.server";
import { peopleList } from "./list";

// The people list's changes, each as the statements of the mutation runner's batch
// (app/modules/lists/plan.server.ts): add, edit, delete.

const rows = rowChanges(LIST_TABLES.person, peopleList.limit.max);

export const peopleChanges = {
  ...rows,
  /**
   * A person removed, and out of every family formals grouping in the same batch
   * (docs/product/screens.md#family-formals): the groupings first, while the person is
   * still there to be found (the same guard, so a sender without the right changes neither).
   */
  delete: (context: PlanContext, id: string | null) => {
    const removal = rows.delete(context, id);
    const personId = id ?? "";
    const shots = shotListItems;
    const remaining = sql`(SELECT json_group_array(value) FROM (SELECT value FROM json_each(${shots.personIds}) WHERE value <> ${personId} ORDER BY key))`;
    const inPerson = sql`EXISTS (SELECT 1 FROM json_each(${shots.personIds}) WHERE value = ${personId})`;
    const stillThere = sql`EXISTS (SELECT 1 FROM ${LIST_TABLES.person} WHERE id = ${personId} AND event_id = ${context.eventId})`;
    const ungroup = context.db
      .update(shots)
      .set({ personIds: remaining, updatedAt: context.now })
      .where(and(eq(shots.eventId, context.eventId), inPerson, stillThere, context.guard));
    return { ...removal, statements: [ungroup, ...removal.statements], read: (results: readonly unknown[]) => removal.read(results.slice(1)) };
  },
} satisfies Changes;
