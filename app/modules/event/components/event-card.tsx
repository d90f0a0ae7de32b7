import { Link } from "react-router";
import type { EventStatus } from "~/db/enums";
import { formatEventDate } from "~/modules/event/format";
import { StatusBadge } from "./status-badge";

export function EventCard({
  event,
}: {
  event: { id: string; title: string; coupleNames: string | null; date: string; venue: string | null; status: EventStatus };
}) {
  return (
    <Link
      to={`/events/${event.id}`}
      className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-500"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold text-slate-900">{event.title}</h3>
        <StatusBadge status={event.status} />
      </div>
      {event.coupleNames ? <p className="mt-1 text-sm text-slate-700">{event.coupleNames}</p> : null}
      <p className="mt-2 text-sm text-slate-600">
        <time dateTime={event.date}>{formatEventDate(event.date)}</time>
        {event.venue ? ` · ${event.venue}` : ""}
      </p>
    </Link>
  );
}
