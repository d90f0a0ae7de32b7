import type { events } from "~/db/schema";
import type { EventDescriptor } from "~/modules/lists/descriptor";

// The event itself as the mutation runner and the outbox's immediate apply change it
// (app/modules/lists/descriptor.ts): edited and deleted, one per event.
type Event = typeof events.$inferSelect;

export const eventDescriptor = {
  kind: "event",
  rights: { edit: "manageEvent", delete: "manageEvent" },
  clientRights: {},
  // What the portal shows: title, couple, date and venue (not its status, time zone, organization or lead).
  // And the date its changes lock on (the portal says when, and stops offering edits from then).
  // And the venue's point: the couple's timeline shows the day's light too.
  portalFields: ["id", "title", "coupleNames", "date", "venue", "clientEditsLockOn", "venueLatitude", "venueLongitude", "updatedAt"],
  // The status field is the override: "auto" (null) hands the status back to the date.
  formColumns: { title: "title", coupleNames: "coupleNames", date: "date", venue: "venue", timeZone: "timeZone", status: "statusOverride", clientEditsLockOn: "clientEditsLockOn", venueLatitude: "venueLatitude", venueLongitude: "venueLongitude" },
  // There is no adding an event through a mutation (events.new creates one).
  failed: { addFailed: "", updateFailed: "Failed to update event.", deleteFailed: "Failed to delete event" },
  notices: { edit: "event_updated" },
} as const satisfies EventDescriptor<Event, keyof Event, string>;
