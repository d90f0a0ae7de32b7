import { describe, expect, it } from "vitest";
import { type CalendarBlock, type CalendarEvent, calendarOf, icsFileName } from "~/modules/calendar/ics";
import { instantOf } from "~/modules/calendar/zone";

// The calendar files (decision 019): what a calendar app reads from them.

const event: CalendarEvent = {
  id: "00000000-0000-4000-8000-0000000000e1",
  title: "Smith, Jones; Wedding",
  coupleNames: "Ann & Bo",
  date: "2026-06-20",
  venue: "The Barn, Hudson",
  timeZone: "America/New_York",
  liveSeq: 7,
};

const block = (over: Partial<CalendarBlock>): CalendarBlock => ({
  id: "00000000-0000-4000-8000-0000000000b1",
  eventId: event.id,
  title: "Ceremony",
  startTime: "16:00",
  durationMinutes: 30,
  location: null,
  notes: null,
  ...over,
});

const options = {
  name: "Event Flow",
  origin: "https://eventflow.test",
  eventUrl: (id: string) => `https://eventflow.test/events/${id}`,
  hourCycle: "24h" as const,
  now: new Date("2026-05-01T12:00:00Z"),
};

/** The content lines, unfolded (RFC 5545 3.1: CRLF then one space or tab continues a line). */
function unfolded(ics: string) {
  return ics.replace(/\r\n[ \t]/g, "").split("\r\n");
}

/** The VEVENT whose UID starts with `uid`, as its content lines. */
function entry(ics: string, uid: string) {
  const lines = unfolded(ics);
  const events: string[][] = [];
  let current: string[] | null = null;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") current = [];
    else if (line === "END:VEVENT") {
      events.push(current!);
      current = null;
    } else current?.push(line);
  }
  const found = events.find((lines) => lines.some((line) => line.startsWith(`UID:${uid}`)));
  if (!found) throw new Error(`No entry ${uid}`);
  return found;
}

const prop = (lines: string[], name: string) => lines.find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));

describe("calendar files", () => {
  it("escapes commas, semicolons, backslashes and newlines in text", () => {
    const ics = calendarOf([{ event, timeline: [], blockEntries: [block({ notes: "Line one\nLine two, then; a \\ slash" })] }], options);
    const day = entry(ics, "event-");
    expect(prop(day, "SUMMARY")).toBe("SUMMARY:Smith\\, Jones\\; Wedding");
    expect(prop(day, "LOCATION")).toBe("LOCATION:The Barn\\, Hudson");
    const ceremony = entry(ics, "block-");
    expect(prop(ceremony, "DESCRIPTION")).toContain("Line one\\nLine two\\, then\\; a \\\\ slash");
    // No raw newline inside a value: every line is a property, BEGIN/END or a continuation.
    for (const line of unfolded(ics)) if (line) expect(line).toMatch(/^[A-Z-]+[:;]/);
  });

  it("folds lines at 75 octets, without splitting a character", () => {
    const long = "Ünïcödé — ".repeat(30);
    const ics = calendarOf([{ event: { ...event, title: long }, timeline: [], blockEntries: [] }], options);
    const encoder = new TextEncoder();
    for (const line of ics.split("\r\n")) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    expect(ics).toContain("\r\n ");
    // Unfolded, the text is whole again.
    expect(prop(entry(ics, "event-"), "SUMMARY")).toBe(`SUMMARY:${long}`);
    expect(ics.endsWith("\r\n")).toBe(true);
  });

  it("writes a block's times as UTC instants from the event's zone", () => {
    const ics = calendarOf([{ event, timeline: [], blockEntries: [block({})] }], options);
    const ceremony = entry(ics, "block-");
    // 16:00 in New York in June is 20:00 UTC (EDT, UTC-4).
    expect(prop(ceremony, "DTSTART")).toBe("DTSTART:20260620T200000Z");
    expect(prop(ceremony, "DTEND")).toBe("DTEND:20260620T203000Z");
    expect(ics).not.toContain("TZID");
  });

  it("puts a block running past midnight on the next day, and an evening one on the next UTC day", () => {
    const ics = calendarOf(
      [{ event, timeline: [], blockEntries: [block({ id: "late", title: "Afterparty", startTime: "23:30", durationMinutes: 90 }), block({ id: "dinner", startTime: "21:00", durationMinutes: 60 })] }],
      options,
    );
    const late = entry(ics, "block-late");
    expect(prop(late, "DTSTART")).toBe("DTSTART:20260621T033000Z");
    // 01:00 EDT on the 21st.
    expect(prop(late, "DTEND")).toBe("DTEND:20260621T050000Z");
    expect(prop(entry(ics, "block-dinner"), "DTSTART")).toBe("DTSTART:20260621T010000Z");
  });

  it("keeps durations across a clock change and reads skipped and repeated times as a clock does", () => {
    // New York falls back at 02:00 EDT on Nov 1, 2026: 00:30 EDT plus 3 hours is 02:30 EST.
    const fall = { ...event, date: "2026-11-01" };
    const ics = calendarOf([{ event: fall, timeline: [], blockEntries: [block({ startTime: "00:30", durationMinutes: 180 })] }], options);
    expect(prop(entry(ics, "block-"), "DTSTART")).toBe("DTSTART:20261101T043000Z");
    expect(prop(entry(ics, "block-"), "DTEND")).toBe("DTEND:20261101T073000Z");
    // 01:30 happens twice that night: the first (EDT).
    expect(instantOf("2026-11-01", 90, "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
    // Spring forward on Mar 8, 2026: 02:30 does not exist and reads as 03:30 EDT.
    expect(instantOf("2026-03-08", 150, "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    // Southern hemisphere and a half-hour zone.
    expect(instantOf("2026-01-10", 18 * 60, "Australia/Adelaide").toISOString()).toBe("2026-01-10T07:30:00.000Z");
    // An unknown zone reads as UTC.
    expect(instantOf("2026-06-20", 60, "Mars/Olympus").toISOString()).toBe("2026-06-20T01:00:00.000Z");
  });

  it("makes the event's day an all-day entry with its timeline in the text", () => {
    const ics = calendarOf([{ event, timeline: [block({ location: "Chapel" }), block({ id: "x", title: "Toasts", startTime: null })], blockEntries: [] }], options);
    const day = entry(ics, "event-");
    expect(prop(day, "DTSTART")).toBe("DTSTART;VALUE=DATE:20260620");
    expect(prop(day, "DTEND")).toBe("DTEND;VALUE=DATE:20260621");
    expect(prop(day, "DESCRIPTION")).toBe(`DESCRIPTION:Ann & Bo\\n\\n16:00–16:30 Ceremony (Chapel)\\nToasts\\n\\nhttps://eventflow.test/events/${event.id}`);
  });

  it("keeps each entry's UID across updates and raises SEQUENCE with the event's change number", () => {
    const before = calendarOf([{ event, timeline: [], blockEntries: [block({})] }], options);
    const moved = calendarOf([{ event: { ...event, liveSeq: 8 }, timeline: [], blockEntries: [block({ startTime: "16:30" })] }], { ...options, now: new Date("2026-05-02T12:00:00Z") });
    const uid = (ics: string, prefix: string) => prop(entry(ics, prefix), "UID");
    expect(uid(before, "block-")).toBe(`UID:block-${block({}).id}@eventflow.test`);
    expect(uid(moved, "block-")).toBe(uid(before, "block-"));
    expect(uid(moved, "event-")).toBe(`UID:event-${event.id}@eventflow.test`);
    expect(prop(entry(before, "block-"), "SEQUENCE")).toBe("SEQUENCE:7");
    expect(prop(entry(moved, "block-"), "SEQUENCE")).toBe("SEQUENCE:8");
    expect(prop(entry(moved, "block-"), "DTSTART")).toBe("DTSTART:20260620T203000Z");
  });

  it("skips a block with no start time and says how often to refresh", () => {
    const ics = calendarOf([{ event, timeline: [], blockEntries: [block({ startTime: null })] }], options);
    expect(ics).not.toContain("UID:block-");
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(ics).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT30M");
    expect(ics).toContain("X-WR-CALNAME:Event Flow");
  });

  it("names a download after the event", () => {
    expect(icsFileName("Smith & Jones Wedding")).toBe("Smith-Jones-Wedding.ics");
    expect(icsFileName("Zoë's Wedding!")).toBe("Zoe-s-Wedding.ics");
    expect(icsFileName("🎉")).toBe("event.ics");
  });
});
