import { ICalCalendar } from "ical-generator";
import { formatClock, type HourCycle, minutesOf } from "~/modules/timeline/span";
import { instantOf } from "./zone";

// The calendar files (docs/product/screens.md#calendar-feed, decision 019): a user's feed and
// an event's 'Add to calendar' download, written by ical-generator (RFC 5545: text escaped,
// lines folded at 75 octets, CRLF). A plain module of rows in, text out.
//
// Times are UTC instants (DTSTART:…Z), computed from the event's date, a block's start and
// its zone: exact for every client without a VTIMEZONE, which workerd has no rules to write
// (decision 019). An event's day is an all-day entry (VALUE=DATE), which has no zone.
//
// UIDs are the row's id under the site's host, so an entry stays the same entry as the plan
// changes. SEQUENCE is the event's change number (events.live_seq), which every change to the
// event or its lists raises: an entry that changed always has a higher one, read with no write.

export type CalendarEvent = {
  id: string;
  title: string;
  coupleNames: string | null;
  date: string;
  venue: string | null;
  timeZone: string;
  liveSeq: number;
};

export type CalendarBlock = {
  id: string;
  eventId: string;
  title: string;
  startTime: string | null;
  durationMinutes: number;
  location: string | null;
  notes: string | null;
  /** The team's only: absent for a client link (docs/product/roles.md#client-links). */
  teamNotes?: string | null;
};

export type CalendarOptions = {
  /** The calendar's name (X-WR-CALNAME). */
  name: string;
  /** The site's origin, for each entry's link and its UIDs' host. */
  origin: string;
  /** Where an event's entry links to: the dashboard, or a client link's portal. */
  eventUrl: (eventId: string) => string;
  hourCycle: HourCycle;
  now: Date;
};

/** How often a subscribed calendar is asked to fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 30 * 60;

const PRODUCT_ID = { company: "Event Flow", product: "Event Flow", language: "EN" };

export const dayUid = (eventId: string, host: string) => `event-${eventId}@${host}`;
export const blockUid = (blockId: string, host: string) => `block-${blockId}@${host}`;

/** A block's start and end as instants, or null for a block with no start time. */
export function blockSpan(event: Pick<CalendarEvent, "date" | "timeZone">, block: Pick<CalendarBlock, "startTime" | "durationMinutes">) {
  const start = block.startTime === null ? null : minutesOf(block.startTime);
  if (start === null) return null;
  const from = instantOf(event.date, start, event.timeZone);
  // A duration is time that passes: across midnight or a clock change, the end is that many minutes on.
  return { start: from, end: new Date(from.getTime() + block.durationMinutes * 60_000) };
}

/** The next day's date (yyyy-MM-dd): an all-day entry ends, exclusive, on it. */
function nextDay(date: string) {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1));
}

function dayOf(date: string) {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/**
 * The event's day entry's text: the couple, then the timeline, one block a line, in the
 * event's own clock, with a block's team notes where its rows carry them (never a client link's).
 */
function dayDescription(event: CalendarEvent, blocks: readonly CalendarBlock[], options: CalendarOptions) {
  const lines: string[] = [];
  if (event.coupleNames) lines.push(event.coupleNames);
  const timeline = blocks.map((block) => {
    const start = block.startTime === null ? null : minutesOf(block.startTime);
    const when = start === null ? "" : `${formatClock(start, options.hourCycle)}–${formatClock(start + block.durationMinutes, options.hourCycle)} `;
    const teamNotes = block.teamNotes ? ` · Team notes: ${block.teamNotes}` : "";
    return `${when}${block.title}${block.location ? ` (${block.location})` : ""}${teamNotes}`;
  });
  if (timeline.length) lines.push("", ...timeline);
  lines.push("", options.eventUrl(event.id));
  return lines.join("\n");
}

function blockDescription(event: CalendarEvent, block: CalendarBlock, options: CalendarOptions) {
  const lines = [event.title];
  if (block.notes) lines.push("", block.notes);
  if (block.teamNotes) lines.push("", `Team notes: ${block.teamNotes}`);
  lines.push("", options.eventUrl(event.id));
  return lines.join("\n");
}

/**
 * The calendar: for each event its day entry (with the whole timeline it is given in its
 * text), and an entry of each block in `blockEntries` that has a start time.
 */
export function calendarOf(
  entries: ReadonlyArray<{ event: CalendarEvent; timeline: readonly CalendarBlock[]; blockEntries: readonly CalendarBlock[] }>,
  options: CalendarOptions,
) {
  const host = new URL(options.origin).hostname;
  const calendar = new ICalCalendar({ name: options.name, prodId: PRODUCT_ID, ttl: FEED_REFRESH_SECONDS });
  for (const { event, timeline, blockEntries } of entries) {
    calendar.createEvent({
      id: dayUid(event.id, host),
      sequence: event.liveSeq,
      stamp: options.now,
      allDay: true,
      start: dayOf(event.date),
      end: nextDay(event.date),
      summary: event.title,
      location: event.venue,
      description: dayDescription(event, timeline, options),
      url: options.eventUrl(event.id),
    });
    for (const block of blockEntries) {
      const span = blockSpan(event, block);
      if (!span) continue;
      calendar.createEvent({
        id: blockUid(block.id, host),
        sequence: event.liveSeq,
        stamp: options.now,
        start: span.start,
        end: span.end,
        summary: `${block.title} · ${event.title}`,
        location: block.location ?? event.venue,
        description: blockDescription(event, block, options),
        url: options.eventUrl(event.id),
      });
    }
  }
  // RFC 5545 3.4 ends the object with a CRLF too, which ical-generator leaves off.
  const text = calendar.toString();
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}

/** A file name for an event's .ics: its title's letters and digits, dashed. */
export function icsFileName(title: string) {
  const base = title
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${base || "event"}.ics`;
}

/** 'Add to calendar': the event's day as one entry, its timeline in the text, as a download. */
export function eventIcsResponse(event: CalendarEvent, timeline: readonly CalendarBlock[], options: Omit<CalendarOptions, "name">) {
  const body = calendarOf([{ event, timeline, blockEntries: [] }], { ...options, name: event.title });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${icsFileName(event.title)}"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
