import { eventPeople } from "~/db/schema";
import { addRow, type Changes, deleteListRow, editListRow } from "~/modules/lists/plan.server";
import { peopleList } from "./list";

// The people list's changes, each as the statements of the mutation runner's batch
// (app/modules/lists/plan.server.ts): add, edit, delete.
export const peopleChanges = {
  table: eventPeople,
  fields: null,
  add: (context, id, value) => addRow(context, eventPeople, peopleList.limit.max, id, value),
  edit: (context, id, value, base) => editListRow(context, eventPeople, id ?? "", value, base),
  delete: (context, id) => deleteListRow(context, eventPeople, id ?? ""),
} satisfies Changes;
