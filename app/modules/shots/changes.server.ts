import { and, sql } from "drizzle-orm";
import { eventPeople } from "~/db/schema";
import { assignRow, toggleDone, type Base, type Changes, type FormValue, type Outcome, type Plan, type PlanContext, rowChanges } from "~/modules/lists/plan.server";
import { LIST_TABLES } from "~/modules/lists/tables.server";
import { batchPart } from "~/utils/db.server";
import { GROUPING_CATEGORY, namingPeople } from "./groupings";
import { shotList } from "./list";

// The shot list's changes, each as the statements of the mutation runner's batch
// (app/modules/lists/plan.server.ts): add, edit, check off, assign, delete.

const rows = rowChanges(LIST_TABLES.shot, shotList.limit.max);

/** docs/product/validation.md#grouping: the words of a grouping naming someone not among the event's people. */
export const NOT_EVENT_PEOPLE = "Please choose people from this event";

/**
 * A grouping's add or edit (a shot with `personIds`): written only if every person it
 * names is one of this event's people as stored when the batch runs (an unknown id, or
 * another event's person, is refused with nothing written); a shot's own form sends no
 * people and is planned as any row's.
 */
function withPeople(context: PlanContext, value: FormValue, plan: (context: PlanContext) => Plan | Promise<Plan>): Plan | Promise<Plan> {
  const personIds = "personIds" in value && typeof value.personIds === "string" ? value.personIds : null;
  if (personIds === null) return plan(context);
  const strangers = sql`SELECT 1 FROM json_each(${personIds}) WHERE value NOT IN (SELECT ${eventPeople.id} FROM ${eventPeople} WHERE ${eventPeople.eventId} = ${context.eventId})`;
  const count = context.db.select({ count: sql<number>`count(*)` }).from(sql`(${strangers})`);
  return Promise.resolve(plan({ ...context, guard: and(context.guard, sql`NOT EXISTS (${strangers})`)! })).then((inner) => ({
    ...inner,
    ...batchPart([count, ...inner.statements], ([[counted], ...rest]): Outcome<Plan["table"]["$inferSelect"]> =>
      (counted?.count ?? 0) > 0 ? { refused: { code: 400, message: NOT_EVENT_PEOPLE } } : inner.read(rest),
    ),
  }));
}

/** What a grouping's form writes: its name and people, a shot of the family formals category. */
function groupingValue(value: FormValue, withCategory: boolean): FormValue | null {
  const fields = new Map<string, unknown>(Object.entries(value));
  const personIds = fields.get("personIds");
  if (typeof personIds !== "string") return null;
  return namingPeople({ title: fields.get("title"), personIds, ...(withCategory ? { category: GROUPING_CATEGORY } : {}) });
}

/** docs/product/validation.md#grouping: a grouping names at least one person. */
export const NO_PEOPLE = "Please choose at least one person";
// Refused with nothing written: its one statement changes no row, so the runner keeps no record of it.
const noPeople = (context: PlanContext): Plan => ({
  statements: [context.db.update(LIST_TABLES.shot).set({ updatedAt: context.now }).where(sql`0`)],
  read: () => ({ refused: { code: 400, message: NO_PEOPLE } }),
  table: LIST_TABLES.shot,
  rowId: null,
});

export const shotChanges = {
  ...rows,
  add: (context: PlanContext, id: string, value: FormValue) => withPeople(context, value, (guarded) => rows.add(guarded, id, value)),
  edit: (context: PlanContext, id: string | null, value: FormValue, base: Base | undefined) => {
    const named = namingPeople(value);
    return withPeople(context, named, (guarded) => rows.edit(guarded, id, named, base));
  },
  toggle: (context, id, done, skipped) => (skipped ? null : toggleDone(context, LIST_TABLES.shot, id, done)),
  assign: (context, id, userIds) => assignRow(context, LIST_TABLES.shot, id, userIds),
  // 'Add grouping': a family formals shot with its name and people, nothing else.
  group: (context: PlanContext, id: string, value: FormValue) => {
    const grouping = groupingValue(value, true);
    return grouping ? withPeople(context, grouping, (guarded) => rows.add(guarded, id, grouping)) : noPeople(context);
  },
  // A grouping's name and people, and only a grouping's or a family formals shot's (its
  // people named at last): any other shot is the lead's to edit (edit-shot).
  regroup: (context: PlanContext, id: string, value: FormValue, base: Base | undefined) => {
    const grouping = groupingValue(value, false);
    if (!grouping) return noPeople(context);
    const shot = LIST_TABLES.shot;
    const isGrouping = sql`(${shot.personIds} <> '[]' OR ${shot.personRoles} <> '[]' OR ${shot.category} = ${GROUPING_CATEGORY})`;
    return withPeople(context, grouping, (guarded) => rows.edit({ ...guarded, guard: and(guarded.guard, isGrouping)! }, id, grouping, base));
  },
} satisfies Changes;
