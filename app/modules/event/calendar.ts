// The month grid of the home screen's Calendar view. Client-safe: the server renders it
// and the browser hydrates the same markup.
//
// Every Date here is a yyyy-MM-dd string read as midnight UTC and written back in UTC,
// so the result does not depend on the time zone of the server or the phone. The only
// zone-dependent input is "today", which the server passes in. Plain Date and Intl, not
// date-fns: the home page is the landing page (bundle size).

/** docs/product/screens.md#events-list: weeks start on Sunday. */
export const WEEK_STARTS_ON = 0;
export const WEEKDAYS = [
  { short: "Sun", long: "Sunday" },
  { short: "Mon", long: "Monday" },
  { short: "Tue", long: "Tuesday" },
  { short: "Wed", long: "Wednesday" },
  { short: "Thu", long: "Thursday" },
  { short: "Fri", long: "Friday" },
  { short: "Sat", long: "Saturday" },
] as const;

// Four-digit years only: JavaScript reads years below 100 as 19xx, and a longer year
// would not survive a round trip through yyyy-MM.
const MONTH_PARAM = /^[1-9]\d{3}-(0[1-9]|1[0-2])$/;

/**
 * Today's date (yyyy-MM-dd) in UTC. The server does not know the viewer's time zone,
 * so it decides in UTC and hands the date to the page; the browser renders the same
 * value, which keeps hydration free of mismatches around midnight.
 */
export function utcToday(now = new Date()) {
  return now.toISOString().slice(0, 10);
}

/** The month (yyyy-MM) of `?month=`; the month of `today` when missing or malformed. */
export function parseMonthParam(value: string | null | undefined, today: string) {
  return value && MONTH_PARAM.test(value) ? value : today.slice(0, 7);
}

const DAY_MS = 86_400_000;
const isoDate = (day: Date) => day.toISOString().slice(0, 10);

/** The 1st of `month` (yyyy-MM), `delta` months on, at midnight UTC. */
function firstOfMonth(month: string, delta = 0) {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + delta, 1));
}

/** The month `delta` months away (yyyy-MM), across year boundaries. */
export function shiftMonth(month: string, delta: number) {
  return isoDate(firstOfMonth(month, delta)).slice(0, 7);
}

const monthName = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** "November 2026". */
export function monthLabel(month: string) {
  return monthName.format(firstOfMonth(month));
}

export type CalendarDay<E> = {
  /** yyyy-MM-dd */
  date: string;
  dayOfMonth: number;
  inMonth: boolean;
  isToday: boolean;
  events: E[];
};

export type CalendarMonth<E> = {
  month: string;
  label: string;
  previous: string;
  next: string;
  /** The month of today, where "Today" leads. */
  current: string;
  /** Whole weeks, Sunday to Saturday, covering the month. */
  weeks: CalendarDay<E>[][];
  /** The month's own events (not those of the neighbouring days shown greyed), in list order. */
  events: E[];
};

/**
 * The grid of `month` with each day's events. `events` is the list home already
 * loaded (ordered by date); days of the neighbouring months that fill the first and
 * last week show their events too, as a paper calendar would.
 */
export function calendarMonth<E extends { date: string }>(month: string, today: string, events: readonly E[]): CalendarMonth<E> {
  const byDate = new Map<string, E[]>();
  for (const event of events) {
    const day = byDate.get(event.date);
    if (day) day.push(event);
    else byDate.set(event.date, [event]);
  }

  const first = firstOfMonth(month);
  const lastOfMonth = new Date(firstOfMonth(month, 1).getTime() - DAY_MS);
  // From the week's first day on or before the 1st to its last day on or after the month's last.
  const start = first.getTime() - ((first.getUTCDay() - WEEK_STARTS_ON + 7) % 7) * DAY_MS;
  const end = lastOfMonth.getTime() + ((WEEK_STARTS_ON + 6 - lastOfMonth.getUTCDay()) % 7) * DAY_MS;
  const weeks: CalendarDay<E>[][] = [];
  for (let time = start; time <= end; time += DAY_MS) {
    const day = new Date(time);
    const date = isoDate(day);
    if (day.getUTCDay() === WEEK_STARTS_ON) weeks.push([]);
    weeks[weeks.length - 1]!.push({
      date,
      dayOfMonth: day.getUTCDate(),
      inMonth: date.startsWith(`${month}-`),
      isToday: date === today,
      events: byDate.get(date) ?? [],
    });
  }

  return {
    month,
    label: monthLabel(month),
    previous: shiftMonth(month, -1),
    next: shiftMonth(month, 1),
    current: today.slice(0, 7),
    weeks,
    events: events.filter((event) => event.date.startsWith(`${month}-`)),
  };
}
