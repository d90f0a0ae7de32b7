import { shotListItems } from "~/db/schema";
import { type Changes, rowChanges, toggleDone } from "~/modules/lists/plan.server";
import { shotList } from "./list";

// The shot list's changes, each as the statements of the mutation runner's batch
// (app/modules/lists/plan.server.ts): add, edit, check off, delete.
export const shotChanges = {
  ...rowChanges(shotListItems, shotList.limit.max),
  toggle: (context, id, done) => toggleDone(context, shotListItems, id, done),
} satisfies Changes;
