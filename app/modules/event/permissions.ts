// docs/product/roles.md#what-each-may-do: one table, read by the server (which
// enforces it) and by the UI (which hides what a role may not do). Client links are
// governed by their flags, intent by intent (intents.ts).

export type EventRole = "lead" | "team";

/** What a client link allows (docs/product/roles.md#client-links): its four flags. */
export type ClientFlags = { canEditPeople: boolean; canEditTimeline: boolean; canEditShots: boolean; canEditVendors: boolean };
export type ClientGrant = { kind: "client" } & ClientFlags;

/** A link's four flags, read off its row (or anything carrying them), and nothing else. */
export function clientFlagsOf(link: ClientFlags): ClientFlags {
  return { canEditPeople: link.canEditPeople, canEditTimeline: link.canEditTimeline, canEditShots: link.canEditShots, canEditVendors: link.canEditVendors };
}

/** Whoever looks at an event: the lead, an accepted team member, or a client link. */
export type Grant = EventRole | ClientGrant;

export const EVENT_ACTIONS = [
  "view",
  "toggleDone",
  "editBlocks",
  "editShots",
  "deleteBlocksAndShots",
  "editPeople",
  "editVendors",
  "manageEvent",
  // 'Assign': who shoots which block and shot.
  "assignShooters",
  // Family formals groupings ('Add grouping'): the lead and the team.
  "editGroupings",
  "leaveEvent",
] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

const PERMISSIONS: Record<EventRole, ReadonlySet<EventAction>> = {
  // The lead may do everything but leave: an event always has its lead.
  lead: new Set(EVENT_ACTIONS.filter((action) => action !== "leaveEvent")),
  // Accepted second/associate shooters: view, check off blocks and shots, and keep the
  // people list up to date (the spec's observed behaviour, confirmed by docs/product/roles.md#what-each-may-do).
  // A guest can leave an event.
  // And build the family formals groupings (docs/product/roles.md#what-each-may-do).
  team: new Set<EventAction>(["view", "toggleDone", "editPeople", "editGroupings", "leaveEvent"]),
};

export function can(role: EventRole, action: EventAction): boolean {
  return PERMISSIONS[role].has(action);
}

/** The roles that may do `action`. */
export function rolesThatCan(action: EventAction): EventRole[] {
  return (Object.keys(PERMISSIONS) as EventRole[]).filter((role) => can(role, action));
}
