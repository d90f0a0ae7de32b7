import type { SubmissionResult } from "@conform-to/react";
import type { Toast } from "~/utils/toast";
import { can, type EventAction, type EventRole } from "./permissions";

// What each form of the event dashboard asks to do, and the right of the roles table
// (decisions.md) it needs. The server enforces it (dashboard-actions.server.ts); the
// UI reads the same map to show only what the viewer may do. The `dialog` query
// parameter that opens a form is its intent.
export const INTENT_PERMISSIONS = {
  "toggle-block": "toggleDone",
  "toggle-shot": "toggleDone",
  "add-block": "editBlocks",
  "edit-block": "editBlocks",
  "move-block": "editBlocks",
  "delete-block": "deleteBlocksAndShots",
  "add-shot": "editShots",
  "edit-shot": "editShots",
  "delete-shot": "deleteBlocksAndShots",
  "add-person": "editPeople",
  "edit-person": "editPeople",
  "delete-person": "editPeople",
  "add-vendor": "editVendors",
  "edit-vendor": "editVendors",
  "delete-vendor": "editVendors",
  "edit-event": "manageEvent",
  "delete-event": "manageEvent",
  "invite-team": "manageEvent",
  "remove-team": "manageEvent",
  "leave-event": "leaveEvent",
} as const satisfies Record<string, EventAction>;
export type DashboardIntent = keyof typeof INTENT_PERMISSIONS;

export function isDashboardIntent(value: unknown): value is DashboardIntent {
  return typeof value === "string" && Object.hasOwn(INTENT_PERMISSIONS, value);
}

export function canDo(role: EventRole, intent: DashboardIntent) {
  return can(role, INTENT_PERMISSIONS[intent]);
}

/** What the dashboard's action answers when it does not redirect. */
export type DashboardActionData = {
  intent: DashboardIntent | null;
  result?: SubmissionResult<string[]>;
  toast: Toast | null;
  /** A client link just created: shown (and copyable) this once, never again. */
  clientLink?: { url: string; email: string; emailFailed: boolean };
};
