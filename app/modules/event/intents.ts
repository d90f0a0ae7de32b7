import type { Answer } from "~/utils/result";
import { CHANGE_RIGHTS, CLIENT_CHANGE_FLAGS } from "~/modules/lists/registry";
import { can, type ClientFlags, type EventAction, type Grant } from "./permissions";

// What each form of the event dashboard asks to do, and the right of the roles table
// (docs/product/roles.md#what-each-may-do) it needs. The server enforces it (dashboard-actions.server.ts); the
// UI reads the same map to show only what the viewer may do. The `dialog` query
// parameter that opens a form is its intent.
export const INTENT_PERMISSIONS = {
  // Each change to a list or the event, with the right its descriptor names.
  ...CHANGE_RIGHTS,
  "invite-team": "manageEvent",
  "remove-team": "manageEvent",
  "leave-event": "leaveEvent",
  "create-client-access": "manageEvent",
  "revoke-client-access": "manageEvent",
  // 'Save as template': the lead's own copy of the timeline and shots (docs/product/roles.md).
  "save-template": "manageEvent",
} as const satisfies Record<string, EventAction>;
export type DashboardIntent = keyof typeof INTENT_PERMISSIONS;

export function isDashboardIntent(value: unknown): value is DashboardIntent {
  return typeof value === "string" && Object.hasOwn(INTENT_PERMISSIONS, value);
}

/**
 * docs/product/roles.md#client-links: what a client link may do, and the flag it needs
 * (each descriptor's clientRights). Clients never delete, never move blocks and never
 * check off blocks; anything not listed is refused.
 */
export const CLIENT_INTENT_FLAGS = CLIENT_CHANGE_FLAGS satisfies Partial<Record<DashboardIntent, keyof ClientFlags>>;
export type ClientIntent = keyof typeof CLIENT_INTENT_FLAGS;

export function isClientIntent(value: unknown): value is ClientIntent {
  return typeof value === "string" && Object.hasOwn(CLIENT_INTENT_FLAGS, value);
}

export function canDo(grant: Grant, intent: DashboardIntent) {
  if (typeof grant === "object") return isClientIntent(intent) && grant[CLIENT_INTENT_FLAGS[intent]];
  return can(grant, INTENT_PERMISSIONS[intent]);
}

/** What the dashboard's action answers when it does not redirect. */
export type DashboardActionData = Answer<{ intent: DashboardIntent | null }>;
