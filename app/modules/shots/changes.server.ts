import { shotListItems } from "~/db/schema";
import { addRow, type Changes, deleteListRow, editListRow, toggleDone } from "~/modules/lists/plan.server";
import { shotList } from "./list";

// The shot list's changes, each as the statements of the mutation runner's batch
// (app/modules/lists/plan.server.ts): add, edit, check off, delete.
export const shotChanges = {
  table: shotListItems,
  fields: null,
  add: (context, id, value) => addRow(context, shotListItems, shotList.limit.max, id, value),
  edit: (context, id, value, base) => editListRow(context, shotListItems, id ?? "", value, base),
  toggle: (context, id, done) => toggleDone(context, shotListItems, id, done),
  delete: (context, id) => deleteListRow(context, shotListItems, id ?? ""),
} satisfies Changes;
