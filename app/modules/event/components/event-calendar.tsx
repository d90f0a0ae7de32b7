import { useId } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { EventStatus } from "~/db/enums";
import { calendarMonth, WEEKDAYS } from "~/modules/event/calendar";
import { StatusBadge } from "~/modules/event/components/status-badge";
import { formatEventDate } from "~/modules/event/format";

type CalendarEvent = { id: string; title: string; date: string; status: EventStatus };

/**
 * docs/product/screens.md#events-list, Calendar: a month grid (weeks start on Sunday) with Previous,
 * Today and Next. Everything is a link, so it works before JavaScript loads. Cells are
 * too narrow on a phone for whole titles, so the month's events are listed again under
 * the grid with their date and status, large enough to tap.
 */
export function EventCalendar({
  month,
  today,
  events,
  hrefFor,
}: {
  month: string;
  today: string;
  events: readonly CalendarEvent[];
  hrefFor: (month: string) => string;
}) {
  const calendar = calendarMonth(month, today, events);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {calendar.label}
        </h2>
        <nav aria-label="Month" className="flex gap-2">
          <Link to={hrefFor(calendar.previous)} preventScrollReset className={buttonClass("secondary")}>
            Previous
          </Link>
          <Link to={hrefFor(calendar.current)} preventScrollReset className={buttonClass("secondary")}>
            Today
          </Link>
          <Link to={hrefFor(calendar.next)} preventScrollReset className={buttonClass("secondary")}>
            Next
          </Link>
        </nav>
      </div>

      {/* table-fixed splits the width into seven equal columns, so the grid fits a
          412px phone whatever the titles; long titles are cut, not wrapped. */}
      <table aria-labelledby={headingId} className="mt-4 w-full table-fixed border-collapse bg-white text-sm">
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday.short} scope="col" className="border border-slate-200 py-2 text-xs font-semibold text-slate-600">
                <abbr title={weekday.long} className="no-underline">
                  {weekday.short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendar.weeks.map((week) => (
            <tr key={week[0]!.date}>
              {week.map((day) => (
                <td
                  key={day.date}
                  aria-current={day.isToday ? "date" : undefined}
                  className={`h-16 border border-slate-200 p-0.5 align-top sm:h-24 sm:p-1 ${
                    day.inMonth ? "bg-white text-slate-900" : "bg-slate-50 text-slate-500"
                  }`}
                >
                  <time
                    dateTime={day.date}
                    className={`flex size-6 items-center justify-center rounded-full text-xs ${
                      day.isToday ? "bg-brand-600 font-semibold text-white" : ""
                    }`}
                  >
                    {day.dayOfMonth}
                  </time>
                  {day.events.length > 0 ? (
                    <ul className="mt-0.5 space-y-0.5">
                      {day.events.map((event) => (
                        <li key={event.id}>
                          <Link
                            to={`/events/${event.id}`}
                            title={event.title}
                            className={`block truncate rounded px-0.5 text-[11px] leading-4 font-medium hover:underline sm:px-1 sm:text-xs ${
                              day.inMonth ? "bg-brand-100 text-brand-700" : "bg-slate-100 text-slate-500"
                            }`}
                          >
                            {event.title}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>

      <h3 className="mt-6 text-sm font-semibold text-slate-900">Events in {calendar.label}</h3>
      {calendar.events.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No events this month</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
          {calendar.events.map((event) => (
            <li key={event.id} className="relative flex items-center gap-3 px-4 py-3 hover:bg-slate-50">
              <div className="min-w-0 flex-1">
                <time dateTime={event.date} className="block text-xs text-slate-600">
                  {formatEventDate(event.date)}
                </time>
                {/* The link's box covers the whole row, so the tap target is the row while
                    its name stays the title. */}
                <Link
                  to={`/events/${event.id}`}
                  className="block font-semibold break-words text-slate-900 after:absolute after:inset-0 hover:text-brand-700"
                >
                  {event.title}
                </Link>
              </div>
              <StatusBadge status={event.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
