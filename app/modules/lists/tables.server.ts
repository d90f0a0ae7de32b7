import { eventPeople, eventVendors, shotListItems, timelineBlocks } from "~/db/schema";

// The server's half of the registry (registry.ts): each list's table, by kind, in one
// place (drizzle's tables stay out of a page's JavaScript). A list's changes and queries
// reach their table here.
export const LIST_TABLES = { block: timelineBlocks, shot: shotListItems, person: eventPeople, vendor: eventVendors } as const;
