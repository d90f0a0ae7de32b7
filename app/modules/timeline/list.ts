import type { timelineBlocks } from "~/db/schema";
import type { ListDescriptor } from "~/modules/lists/descriptor";

// The timeline's blocks as a list (app/modules/lists/descriptor.ts says what each part is for).
type Block = typeof timelineBlocks.$inferSelect;

export const timelineList = {
  kind: "block",
  name: "blocks",
  // Only the lead shifts the day ('Running late', 'Back on time').
  rights: { add: "editBlocks", edit: "editBlocks", toggle: "toggleDone", move: "editBlocks", shift: "editBlocks", assign: "assignShooters", delete: "deleteBlocksAndShots" },
  // A client link never checks off, moves or deletes a block.
  clientRights: { add: "canEditTimeline", edit: "canEditTimeline" },
  // Not given to a client: who checked a block off (`doneBy`, a team member's id).
  portalFields: ["id", "eventId", "title", "blockType", "startTime", "durationMinutes", "location", "notes", "orderIndex", "isDone", "isSkipped", "doneAt", "createdAt", "updatedAt"],
  // The lead's plan for the day: a fixed time and a travel leg are the team's, not the couple's.
  // Who shoots it too ('Assign'), and what it is anchored to ('Anchor to'): a client sees the order only.
  teamFields: ["teamNotes", "fixedTime", "travelMinutes", "assignees", "anchor", "anchorOffsetMinutes"],
  // docs/product/screens.md#timeline: by start time (blocks with none last), blocks at the
  // same time by their order (order_index, moved up and down among themselves); rows added
  // at the same moment by creation.
  order: [{ field: "startTime", nullsLast: true }, { field: "orderIndex" }, { field: "createdAt" }, { field: "id" }],
  limit: { max: 200, noun: "timeline blocks" },
  failed: { addFailed: "Failed to add timeline block.", updateFailed: "Failed to update timeline block.", deleteFailed: "Failed to delete timeline block." },
  searchText: (block) => `${block.title} ${block.location ?? ""} ${block.notes ?? ""}`,
  subject: (block) => block.title,
  notices: { add: "timeline_added", edit: "timeline_updated", delete: "timeline_deleted", toggle: "timeline_updated", move: "timeline_updated" },
  clientChanges: {
    add: (title) => `added the timeline block "${title}"`,
    edit: (title) => `updated the timeline block "${title}"`,
  },
} as const satisfies ListDescriptor<"block", Block, Exclude<keyof Block, "doneBy" | "teamNotes" | "fixedTime" | "travelMinutes" | "assignees" | "anchor" | "anchorOffsetMinutes">, "teamNotes" | "fixedTime" | "travelMinutes" | "assignees" | "anchor" | "anchorOffsetMinutes">;
