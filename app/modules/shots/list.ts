import type { shotListItems } from "~/db/schema";
import type { ListDescriptor } from "~/modules/lists/descriptor";

// The shot list as a list (app/modules/lists/descriptor.ts says what each part is for).
type Shot = typeof shotListItems.$inferSelect;

export const shotList = {
  kind: "shot",
  name: "shots",
  // A family formals grouping ('Add grouping', docs/product/screens.md#family-formals): added
  // (`group`) and edited (`regroup`, its name and people) by the lead and the team.
  rights: { add: "editShots", edit: "editShots", toggle: "toggleDone", assign: "assignShooters", delete: "deleteBlocksAndShots", group: "editGroupings", regroup: "editGroupings" },
  clientRights: { add: "canEditShots", edit: "canEditShots", toggle: "canEditShots", group: "canEditShots", regroup: "canEditShots" },
  // Not given to a client: who checked a shot off (`doneBy`, a team member's id).
  portalFields: ["id", "eventId", "title", "category", "description", "personIds", "personRoles", "orderIndex", "isDone", "doneAt", "createdAt", "updatedAt"],
  // Team notes, and who shoots it ('Assign').
  teamFields: ["teamNotes", "assignees"],
  // docs/product/screens.md#timeline: by order_index; rows added at the same moment by creation.
  order: [{ field: "orderIndex" }, { field: "createdAt" }, { field: "id" }],
  limit: { max: 500, noun: "shots" },
  failed: { addFailed: "Failed to add shot item.", updateFailed: "Failed to update shot item.", deleteFailed: "Failed to delete shot item." },
  searchText: (shot) => `${shot.title} ${shot.description ?? ""}`,
  subject: (shot) => shot.title,
  // docs/product/notifications.md#types: a shot's edit notifies no one.
  notices: { add: "shot_added", group: "shot_added", delete: "shot_deleted", toggle: "shot_status_changed" },
  clientChanges: {
    add: (title) => `added the shot "${title}"`,
    edit: (title) => `updated the shot "${title}"`,
    group: (title) => `added the grouping "${title}"`,
    regroup: (title) => `updated the grouping "${title}"`,
    toggle: () => "checked off a shot",
  },
} as const satisfies ListDescriptor<"shot", Shot, Exclude<keyof Shot, "doneBy" | "teamNotes" | "assignees">, "teamNotes" | "assignees">;
