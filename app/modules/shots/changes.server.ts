import { assignRow, type Changes, rowChanges, toggleDone } from "~/modules/lists/plan.server";
import { LIST_TABLES } from "~/modules/lists/tables.server";
import { shotList } from "./list";

// The shot list's changes, each as the statements of the mutation runner's batch
// (app/modules/lists/plan.server.ts): add, edit, check off, assign, delete.
export const shotChanges = {
  ...rowChanges(LIST_TABLES.shot, shotList.limit.max),
  toggle: (context, id, done, skipped) => (skipped ? null : toggleDone(context, LIST_TABLES.shot, id, done)),
  assign: (context, id, userIds) => assignRow(context, LIST_TABLES.shot, id, userIds),
} satisfies Changes;
