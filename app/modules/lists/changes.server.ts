import { eventChanges } from "~/modules/event/changes.server";
import { peopleChanges } from "~/modules/people/changes.server";
import { shotChanges } from "~/modules/shots/changes.server";
import { timelineChanges } from "~/modules/timeline/changes.server";
import { vendorChanges } from "~/modules/vendors/changes.server";
import type { FormValues } from "~/modules/event/mutations";
import type { Changes } from "./plan.server";
import type { ChangeableKind } from "./registry";

// The server's half of the registry (registry.ts): each kind's changes, by the kind a
// mutation's name ends with. The mutation runner looks a change up here.
/** Each kind's changes, typed by its form's values (a mapped type, so a lookup by a generic kind keeps them together). */
export type ChangesByKind = { readonly [K in ChangeableKind]: Changes<FormValues[K]> };
export const CHANGES: ChangesByKind = {
  block: timelineChanges,
  shot: shotChanges,
  person: peopleChanges,
  vendor: vendorChanges,
  event: eventChanges,
};
