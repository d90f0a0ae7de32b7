import { type Changes, rowChanges } from "~/modules/lists/plan.server";
import { LIST_TABLES } from "~/modules/lists/tables.server";
import { peopleList } from "./list";

// The people list's changes, each as the statements of the mutation runner's batch
// (app/modules/lists/plan.server.ts): add, edit, delete.
export const peopleChanges = rowChanges(LIST_TABLES.person, peopleList.limit.max) satisfies Changes;
