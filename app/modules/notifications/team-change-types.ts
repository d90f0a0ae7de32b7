// The team-change notification types (docs/product/notifications.md#types), apart from
// their server code, so that a list's descriptor (client-safe) can name the ones its
// changes send.
export const TEAM_CHANGE_TYPES = [
  "timeline_added",
  "timeline_updated",
  "timeline_deleted",
  "shot_added",
  "shot_status_changed",
  "shot_deleted",
  "person_added",
  "person_updated",
  "person_deleted",
  "event_updated",
  "team_member_joined",
  "running_late",
  "assigned",
  "people_imported",
  "shots_imported",
] as const;
export type TeamChangeType = (typeof TEAM_CHANGE_TYPES)[number];
