import { describe, expect, it } from "vitest";
import { calendarMonth, monthLabel, parseMonthParam, shiftMonth, utcToday, WEEKDAYS } from "~/modules/event/calendar";
import { formatEventDate } from "~/modules/event/format";

const TODAY = "2026-11-17";
const dates = (month: string) => calendarMonth(month, TODAY, []).weeks.map((week) => week.map((day) => day.date));

describe("the month grid (docs/product/screens.md#events-list: weeks start on Sunday)", () => {
  it("heads the columns Sun to Sat", () => {
    expect(WEEKDAYS.map((day) => day.short)).toEqual(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
  });

  it("fills a month that starts on Saturday with the days of its neighbours, in whole weeks", () => {
    const weeks = dates("2026-08"); // Aug 1, 2026 is a Saturday; Aug 31 a Monday.
    expect(weeks).toHaveLength(6);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0]).toEqual(["2026-07-26", "2026-07-27", "2026-07-28", "2026-07-29", "2026-07-30", "2026-07-31", "2026-08-01"]);
    expect(weeks[5]).toEqual(["2026-08-30", "2026-08-31", "2026-09-01", "2026-09-02", "2026-09-03", "2026-09-04", "2026-09-05"]);
  });

  it("includes February 29 in a leap year", () => {
    const grid = calendarMonth("2028-02", TODAY, []);
    const days = grid.weeks.flat();
    expect(grid.weeks).toHaveLength(5);
    expect(days[0]!.date).toBe("2028-01-30");
    expect(days.at(-1)!.date).toBe("2028-03-04");
    expect(days.filter((day) => day.inMonth).map((day) => day.dayOfMonth)).toEqual(Array.from({ length: 29 }, (_, i) => i + 1));
    expect(days.find((day) => day.date === "2028-02-29")).toMatchObject({ inMonth: true, dayOfMonth: 29 });
  });

  it("needs no neighbouring days for a 28-day February that starts on Sunday", () => {
    const grid = calendarMonth("2026-02", TODAY, []);
    expect(grid.weeks).toHaveLength(4);
    expect(grid.weeks.flat().every((day) => day.inMonth)).toBe(true);
  });

  it("marks the days of other months and today", () => {
    const days = calendarMonth("2026-11", TODAY, []).weeks.flat();
    expect(days.filter((day) => !day.inMonth).map((day) => day.date)).toEqual([
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
    ]);
    expect(days.filter((day) => day.isToday).map((day) => day.date)).toEqual(["2026-11-17"]);
    expect(calendarMonth("2026-10", TODAY, []).weeks.flat().some((day) => day.isToday)).toBe(false);
  });
});

describe("the ?month= parameter", () => {
  it.each(["2026-01", "2027-06", "2026-12", "1999-07"])("accepts %s", (month) => {
    expect(parseMonthParam(month, TODAY)).toBe(month);
  });

  it.each([null, undefined, "", "2026-13", "2026-00", "2026-6", "abc", "2026-06-01", "0999-01", "99999-01", " 2026-06", "2026-06".repeat(1000)])(
    "falls back to the month of today for %j",
    (value) => {
      expect(parseMonthParam(value, TODAY)).toBe("2026-11");
    },
  );

  it("takes today in UTC", () => {
    expect(utcToday(new Date("2026-12-31T23:30:00-05:00"))).toBe("2027-01-01");
    expect(utcToday(new Date("2027-01-01T00:30:00+02:00"))).toBe("2026-12-31");
  });
});

describe("moving between months", () => {
  it("goes back and forth across the year boundary", () => {
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-03", -1)).toBe("2026-02");
    expect(shiftMonth("2026-06", 1)).toBe("2026-07");
  });

  it("gives Previous, Today and Next their months and names the month", () => {
    expect(calendarMonth("2027-01", TODAY, [])).toMatchObject({
      month: "2027-01",
      label: "January 2027",
      previous: "2026-12",
      next: "2027-02",
      current: "2026-11",
    });
    expect(monthLabel("2026-11")).toBe("November 2026");
  });
});

describe("events in the grid", () => {
  const events = [
    { id: "a", title: "Ana & Luis", date: "2026-10-31" },
    { id: "b", title: "Emma & James", date: "2026-11-14" },
    { id: "c", title: "Rivera Engagement", date: "2026-11-14" },
    { id: "d", title: "Kim Wedding", date: "2026-11-29" },
    { id: "e", title: "New Year", date: "2027-01-01" },
  ];

  it("puts each event on its own day, in list order", () => {
    const days = calendarMonth("2026-11", TODAY, events).weeks.flat();
    const titlesOn = (date: string) => days.find((day) => day.date === date)!.events.map((event) => event.title);
    expect(titlesOn("2026-11-14")).toEqual(["Emma & James", "Rivera Engagement"]);
    expect(titlesOn("2026-11-29")).toEqual(["Kim Wedding"]);
    expect(titlesOn("2026-11-15")).toEqual([]);
    expect(days.flatMap((day) => day.events).map((event) => event.id)).toEqual(["b", "c", "d"]);
  });

  it("shows an event on a greyed neighbouring day but lists only the month's own events", () => {
    const grid = calendarMonth("2026-12", TODAY, events);
    const days = grid.weeks.flat();
    expect(days.find((day) => day.date === "2026-11-29")!.events.map((event) => event.id)).toEqual(["d"]);
    expect(days.find((day) => day.date === "2027-01-01")).toMatchObject({ inMonth: false, events: [events[4]] });
    expect(grid.events).toEqual([]);
    expect(calendarMonth("2026-11", TODAY, events).events.map((event) => event.id)).toEqual(["b", "c", "d"]);
  });
});

describe("formatEventDate (spec: MMM d, yyyy)", () => {
  it("shows the calendar day itself, whatever the device's time zone", () => {
    expect(formatEventDate("2027-09-18")).toBe("Sep 18, 2027");
    expect(formatEventDate("2026-01-01")).toBe("Jan 1, 2026");
    expect(formatEventDate("2026-12-31")).toBe("Dec 31, 2026");
  });
});
