import { BLOCKS_PER_EVENT_MAX } from "~/modules/timeline/schema";
import { SHOTS_PER_EVENT_MAX } from "~/modules/shots/schema";
import { PEOPLE_PER_EVENT_MAX } from "~/modules/people/schema";
import { VENDORS_PER_EVENT_MAX } from "~/modules/vendors/schema";

// The lists under an event (timeline blocks, shots, people, vendors). They are written
// by the mutation layer only (mutations.server.ts, decision 010), every statement
// scoped to the event, so an id from another event matches nothing (issue 4).

export type RowKind = "block" | "shot" | "person" | "vendor";

/** A ceiling per event, so no one can grow an event without bound. */
const ROW_LIMITS: Record<RowKind, { max: number; noun: string }> = {
  block: { max: BLOCKS_PER_EVENT_MAX, noun: "timeline blocks" },
  shot: { max: SHOTS_PER_EVENT_MAX, noun: "shots" },
  person: { max: PEOPLE_PER_EVENT_MAX, noun: "people" },
  vendor: { max: VENDORS_PER_EVENT_MAX, noun: "vendors" },
};

export function rowLimit(kind: RowKind) {
  return ROW_LIMITS[kind].max;
}

export function limitMessage(kind: RowKind) {
  return `An event can have at most ${ROW_LIMITS[kind].max} ${ROW_LIMITS[kind].noun}.`;
}
