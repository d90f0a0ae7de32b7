import { useSearchParams } from "react-router";
import { AppFooter } from "~/components/page-shell";
import { SignedInHeader } from "~/modules/notifications/components/signed-in-header";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { LinkTabs } from "~/components/ui/link-tabs";
import { NEEDS_PRO } from "~/modules/billing/entitlement";
import { parseMonthParam } from "~/modules/event/calendar";
import { EventCalendar } from "~/modules/event/components/event-calendar";
import { EventCard } from "~/modules/event/components/event-card";
import { formatEventDate } from "~/modules/event/format";
import { formatBlockStart } from "~/modules/timeline/span";
import { useHourCycle } from "~/root-data";

// docs/product/screens.md#events-list: a signed-in person's events (My Events, Hired Events;
// list or calendar). Its own chunk: a visitor's landing page (the sign-in screen) never
// loads it (decision 014).

type HomeEvent = Parameters<typeof EventCard>[0]["event"];

export type EventsHomeProps = {
  greetingName: string;
  canCreate: boolean;
  mine: readonly HomeEvent[];
  hired: readonly HomeEvent[];
  /** The event happening today, else the next one, with its first block's start time. */
  featured: { when: "today" | "next"; event: HomeEvent; firstStart: string | null } | null;
  today: string;
};

type Tab = "mine" | "hired";
type View = "list" | "calendar";

/** Home's query string: List is left out, and My Events unless the landing tab is another. */
function homeHref({ tab, view, month, landing }: { tab: Tab; view: View; month?: string | null; landing: Tab }) {
  const query = new URLSearchParams();
  if (tab === "hired" || landing !== "mine") query.set("tab", tab);
  if (view === "calendar") query.set("view", "calendar");
  if (view === "calendar" && month) query.set("month", month);
  return `?${query}`;
}

/** The signed-in home: its tabs and view come from the query string. */
export function EventsHome({ greetingName, canCreate, mine, hired, featured, today }: EventsHomeProps) {
  const [params] = useSearchParams();
  // Someone who only works others' events lands on them.
  const landing: Tab = mine.length === 0 && hired.length > 0 ? "hired" : "mine";
  const asked = params.get("tab");
  const tab: Tab = asked === "hired" || asked === "mine" ? asked : landing;
  const view: View = params.get("view") === "calendar" ? "calendar" : "list";
  const month = parseMonthParam(params.get("month"), today);
  const list = tab === "hired" ? hired : mine;
  return (
    <>
      <SignedInHeader greetingName={greetingName} />
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-6">
        <h1 className="sr-only">{tab === "hired" ? "Hired Events" : "My Events"}</h1>
        {featured ? <FeaturedEvent {...featured} /> : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <LinkTabs
            label="Events"
            tabs={[
              { id: "mine", label: "My Events" },
              { id: "hired", label: "Hired Events" },
            ]}
            current={tab}
            hrefFor={(t) => homeHref({ tab: t, view, month: params.get("month"), landing })}
          />
          {canCreate ? (
            <ButtonLink to="/events/new">New Event</ButtonLink>
          ) : (
            <div className="flex flex-col items-end">
              <Button disabled aria-describedby="new-event-hint">New Event</Button>
              <p id="new-event-hint" className="mt-1 text-xs text-slate-500">
                {NEEDS_PRO}
              </p>
            </div>
          )}
        </div>
        <div className="mt-3 flex">
          <LinkTabs
            label="View"
            tabs={[
              { id: "list", label: "List" },
              { id: "calendar", label: "Calendar" },
            ]}
            current={view}
            hrefFor={(v) => homeHref({ tab, view: v, landing })}
          />
        </div>

        {view === "calendar" ? (
          <EventCalendar month={month} today={today} events={list} hrefFor={(m) => homeHref({ tab, view, month: m, landing })} />
        ) : list.length === 0 ? (
          <Card className="mt-6 text-center">
            {tab === "mine" ? (
              <>
                <h2 className="text-lg font-semibold text-slate-900">No events yet</h2>
                {canCreate ? (
                  <ButtonLink to="/events/new" className="mt-4">
                    Create Your First Event
                  </ButtonLink>
                ) : (
                  <p className="mt-2 text-sm text-slate-600">{NEEDS_PRO}</p>
                )}
              </>
            ) : (
              <>
                <h2 className="text-lg font-semibold text-slate-900">No hired events</h2>
                <p className="mt-2 text-sm text-slate-600">
                  When a photographer invites you to an event as a second or associate shooter and you accept, it
                  appears here. Hired events are free.
                </p>
              </>
            )}
          </Card>
        ) : (
          <ul className="mt-6 grid gap-3 sm:grid-cols-2">
            {list.map((event) => (
              <li key={event.id}>
                <EventCard event={event} />
              </li>
            ))}
          </ul>
        )}
      </main>
      <AppFooter />
    </>
  );
}

/** The event happening today ('Today'), else the next one ('Next up'): when it starts, and the way in. */
function FeaturedEvent({ when, event, firstStart }: NonNullable<EventsHomeProps["featured"]>) {
  const label = when === "today" ? "Today" : "Next up";
  const cycle = useHourCycle();
  return (
    <section aria-labelledby="featured-event" className="mb-4 rounded-xl border border-brand-100 bg-brand-50 p-4">
      <p id="featured-event" className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
        {label}
      </p>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold text-slate-900">{event.title}</h2>
          <p className="text-sm text-slate-700">
            {when === "next" ? <time dateTime={event.date}>{formatEventDate(event.date)}</time> : null}
            {when === "next" && firstStart ? " · " : null}
            {firstStart ? `First block ${formatBlockStart(firstStart, cycle)}` : null}
            {event.venue ? `${when === "next" || firstStart ? " · " : ""}${event.venue}` : null}
          </p>
        </div>
        <ButtonLink to={`/events/${event.id}`}>Open event</ButtonLink>
      </div>
    </section>
  );
}
