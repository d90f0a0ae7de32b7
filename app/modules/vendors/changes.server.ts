import { type Changes, rowChanges } from "~/modules/lists/plan.server";
import { LIST_TABLES } from "~/modules/lists/tables.server";
import { vendorList } from "./list";

// The vendors' changes, each as the statements of the mutation runner's batch
// (app/modules/lists/plan.server.ts): add, edit, delete.
export const vendorChanges = rowChanges(LIST_TABLES.vendor, vendorList.limit.max) satisfies Changes;
