import { eventVendors } from "~/db/schema";
import { addRow, type Changes, deleteListRow, editListRow } from "~/modules/lists/plan.server";
import { vendorList } from "./list";

// The vendors' changes, each as the statements of the mutation runner's batch
// (app/modules/lists/plan.server.ts): add, edit, delete.
export const vendorChanges = {
  table: eventVendors,
  fields: null,
  add: (context, id, value) => addRow(context, eventVendors, vendorList.limit.max, id, value),
  edit: (context, id, value, base) => editListRow(context, eventVendors, id ?? "", value, base),
  delete: (context, id) => deleteListRow(context, eventVendors, id ?? ""),
} satisfies Changes;
