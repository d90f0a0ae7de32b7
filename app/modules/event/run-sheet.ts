import { BLOCK_TYPE_LABELS, PERSON_ROLE_LABELS, SHOT_CATEGORIES, SHOT_CATEGORY_LABELS, type ShotCategory, VENDOR_TYPE_LABELS } from "~/db/enums";
import type { ListRow } from "~/modules/lists/registry";
import { assignedText, isAssigned, type RosterEntry } from "~/modules/team/assignees";
import { lightMarkers, lightOf } from "~/modules/timeline/light-rows";
import { formatBlockSpan, formatClock, formatDuration, type HourCycle } from "~/modules/timeline/span";
import { nameOf, namesOf } from "~/modules/shots/groupings";
import { formatEventDate } from "./format";

// The run sheet (docs/product/screens.md#run-sheet): the plan as one printable page, the
// same model for the HTML page and its PDF. A client link's sheet is built from the rows
// its portal is sent (no team notes, no assignments) and has no team section. Pure: the
// server builds it, tests read it.

export type RunSheetEvent = {
  readonly title: string;
  readonly date: string;
  readonly venue: string | null;
  readonly coupleNames: string | null;
  readonly timeZone: string;
  readonly venueLatitude?: number | null;
  readonly venueLongitude?: number | null;
};

type Block = Pick<ListRow<"block">, "title" | "blockType" | "startTime" | "durationMinutes" | "location" | "notes" | "fixedTime" | "travelMinutes"> & {
  readonly teamNotes?: string | null;
  readonly assignees?: readonly string[] | null;
};
type Shot = Pick<ListRow<"shot">, "id" | "title" | "category" | "description" | "isDone" | "personIds"> & Partial<Pick<ListRow<"shot">, "personRoles">> & {
  readonly teamNotes?: string | null;
  readonly assignees?: readonly string[] | null;
};
type Person = Pick<ListRow<"person">, "id" | "firstName" | "lastName" | "role" | "isVip" | "pronunciation" | "notes"> & { readonly teamNotes?: string | null };
type Vendor = Pick<ListRow<"vendor">, "vendorName" | "companyName" | "vendorType" | "phoneNumber" | "email">;
/** A member of the team as the sheet lists them: the lead first, phone numbers from the lead's contacts. */
export type RunSheetMember = RosterEntry & { readonly role: string; readonly phoneNumber: string | null };

export type RunSheetInput = {
  readonly event: RunSheetEvent;
  readonly blocks: readonly Block[];
  readonly shots: readonly Shot[];
  readonly people: readonly Person[];
  readonly vendors: readonly Vendor[];
  /** The team (lead and accepted members); null for a client link, whose sheet has none. */
  readonly team: readonly RunSheetMember[] | null;
  /** One member's sheet ('Mine'): only their blocks and shots. */
  readonly forUserId: string | null;
  /** The event's change number the data is at, and when the sheet was made (ms). */
  readonly seq: number;
  readonly madeAt: number;
  readonly hourCycle: HourCycle;
};

export type RunSheetLine = {
  readonly time: string;
  readonly title: string;
  readonly details: readonly string[];
  readonly notes: readonly string[];
  /** The light's rows among the blocks. */
  readonly marker?: boolean;
  /** A shot's box to tick on paper, ticked when it is done. */
  readonly box?: "open" | "done";
};
export type RunSheet = {
  readonly title: string;
  readonly subtitle: string;
  /** "Version 42 · made Jan 12, 2027, 9:05 PM": which copy this is, in the event's time zone. */
  readonly version: string;
  /** Whose sheet this is, when one member's. */
  readonly whose: string | null;
  readonly timeline: readonly RunSheetLine[];
  readonly shots: readonly { readonly label: string; readonly items: readonly RunSheetLine[] }[];
  readonly people: readonly RunSheetLine[];
  readonly vendors: readonly RunSheetLine[];
  readonly team: readonly RunSheetLine[] | null;
};

const present = (values: readonly (string | null | undefined | false)[]) => values.filter((value): value is string => typeof value === "string" && value.trim() !== "");

/** The moment a sheet was made, on the reader's clock, in the event's time zone. */
export function madeAtText(madeAt: number, timeZone: string, cycle: HourCycle) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(madeAt))
      .map((part) => [part.type, part.value]),
  );
  return `${formatEventDate(`${parts.year}-${parts.month}-${parts.day}`)}, ${formatClock(Number(parts.hour) * 60 + Number(parts.minute), cycle)}`;
}

export function runSheetOf(input: RunSheetInput): RunSheet {
  const { event, team, forUserId, hourCycle } = input;
  const assigned = (row: { readonly assignees?: readonly string[] | null }) => (team ? assignedText(row.assignees, team) : null);
  const mine = <R extends { readonly assignees?: readonly string[] | null }>(rows: readonly R[]) => (forUserId ? rows.filter((row) => isAssigned(row, forUserId)) : rows);
  const teamNote = (row: { readonly teamNotes?: string | null }) => (team && row.teamNotes ? `Team: ${row.teamNotes}` : null);

  const blocks: (RunSheetLine & { at: number | null })[] = mine(input.blocks).map((block) => {
    const [hours, minutes] = (block.startTime ?? "").split(":").map(Number);
    return {
      at: block.startTime ? hours! * 60 + minutes! : null,
      time: block.startTime ? formatBlockSpan(block.startTime, block.durationMinutes, hourCycle) : formatDuration(block.durationMinutes),
      title: block.title,
      details: present([block.fixedTime && "Fixed time", BLOCK_TYPE_LABELS[block.blockType], block.location, assigned(block), block.travelMinutes ? `Then travel ${block.travelMinutes} min` : null]),
      notes: present([block.notes, teamNote(block)]),
    };
  });
  // The light's markers among the blocks, as the timeline shows them (blocks come in time order).
  const markers = lightMarkers(lightOf({ date: event.date, timeZone: event.timeZone, venueLatitude: event.venueLatitude ?? null, venueLongitude: event.venueLongitude ?? null }));
  const timeline: RunSheetLine[] = [];
  let next = 0;
  for (const block of blocks) {
    while (next < markers.length && block.at !== null && markers[next]!.start <= block.at) timeline.push(markerLine(markers[next++]!, hourCycle));
    const { at: _at, ...line } = block;
    timeline.push(line);
  }
  while (next < markers.length && blocks.some((block) => block.at !== null)) timeline.push(markerLine(markers[next++]!, hourCycle));

  const byCategory = new Map<ShotCategory, RunSheetLine[]>();
  for (const shot of mine(input.shots)) {
    // A family formals grouping lists who is in it, by the people list's names now.
    const line: RunSheetLine = { time: "", box: shot.isDone ? "done" : "open", title: shot.title, details: present([namesOf(shot, input.people), assigned(shot)]), notes: present([shot.description, teamNote(shot)]) };
    byCategory.set(shot.category, [...(byCategory.get(shot.category) ?? []), line]);
  }
  const shots = SHOT_CATEGORIES.filter((category) => byCategory.has(category)).map((category) => ({ label: SHOT_CATEGORY_LABELS[category], items: byCategory.get(category)! }));

  const people = input.people.map((person) => ({
    time: person.isVip ? "VIP" : "",
    title: nameOf(person),
    details: present([PERSON_ROLE_LABELS[person.role], person.pronunciation && `Say: ${person.pronunciation}`]),
    notes: present([person.notes, teamNote(person)]),
  }));
  const vendors = input.vendors.map((vendor) => ({
    time: VENDOR_TYPE_LABELS[vendor.vendorType],
    title: vendor.vendorName,
    details: present([vendor.companyName, vendor.phoneNumber, vendor.email]),
    notes: [],
  }));
  const whose = forUserId ? (team?.find((member) => member.userId === forUserId) ?? null) : null;
  return {
    title: event.title,
    subtitle: present([formatEventDate(event.date), event.venue, event.coupleNames]).join(" · "),
    version: `Version ${input.seq} · made ${madeAtText(input.madeAt, event.timeZone, hourCycle)}`,
    whose: whose ? nameOf(whose) : null,
    timeline,
    shots,
    people,
    vendors,
    team: team ? team.map((member) => ({ time: member.role, title: nameOf(member), details: present([member.phoneNumber]), notes: [] })) : null,
  };
}

function markerLine(marker: ReturnType<typeof lightMarkers>[number], cycle: HourCycle): RunSheetLine {
  const time = marker.end === null ? formatClock(marker.start, cycle) : `${formatClock(marker.start, cycle)} – ${formatClock(marker.end, cycle)}`;
  return { time, title: marker.label, details: [], notes: [], marker: true };
}

/** The run sheet's page for the lead and the team, and a client link's. */
export const runSheetPath = (eventId: string) => `/events/${eventId}/run-sheet`;
export const portalRunSheetPath = (accessId: string) => `/client/view/${accessId}/run-sheet`;
