import { redirect, useSearchParams } from "react-router";
import { AppFooter } from "~/components/page-shell";
import { greetingName, SignedInHeader } from "~/components/signed-in-header";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { LinkTabs } from "~/components/ui/link-tabs";
import { parseMonthParam, utcToday } from "~/modules/event/calendar";
import { EventCalendar } from "~/modules/event/components/event-calendar";
import { EventCard } from "~/modules/event/components/event-card";
import { listEvents } from "~/modules/event/service.server";
import { authAction } from "~/modules/account/auth-action.server";
import { AuthScreen } from "~/modules/account/components/auth-screen";
import { hasActivePro, NEEDS_PRO } from "~/modules/billing/entitlement";
import { dbFrom, getViewer } from "~/utils/auth.server";
import type { Route } from "./+types/home";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Event Flow" },
    { name: "description", content: "Timeline, shot list, people, vendors, team and client access for wedding and event photographers, live on every phone." },
  ];
}

/**
 * docs/product/screens.md#routes: without a session, / is the sign-in screen. A signed-in user needs
 * an active Pro subscription or an accepted invitation (else /subscription) and a
 * profile with a first name (else /profile-setup). `?eventId=` opens that event.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // First of all, signed in or not: the event route does its own sign-in (with
  // returnTo) and its own 404, so a link from a notification or an e-mail lands there.
  const eventId = new URL(request.url).searchParams.get("eventId");
  if (eventId) throw redirect(`/events/${encodeURIComponent(eventId)}`);
  const viewer = getViewer(context);
  if (!viewer) return { viewer: null };
  // One D1 round trip: the hired list doubles as the accepted-invitation check.
  const { mine, hired } = await listEvents(dbFrom(context), viewer.userId);
  // Issue 15: a lead whose subscription lapsed keeps their events (readable, editable);
  // only someone with nothing here and no Pro is sent to subscribe.
  if (!hasActivePro(viewer) && hired.length === 0 && mine.length === 0) throw redirect("/subscription");
  if (!viewer.firstName) throw redirect("/profile-setup");
  return {
    viewer: { greetingName: greetingName(viewer), firstName: viewer.firstName },
    canCreate: hasActivePro(viewer),
    mine,
    hired,
    today: utcToday(),
  };
}

type Tab = "mine" | "hired";
type View = "list" | "calendar";

/** Home's query string: the defaults (My Events, List) are left out. */
function homeHref({ tab, view, month }: { tab: Tab; view: View; month?: string | null }) {
  const query = new URLSearchParams();
  if (tab === "hired") query.set("tab", "hired");
  if (view === "calendar") query.set("view", "calendar");
  if (view === "calendar" && month) query.set("month", month);
  return `?${query}`;
}

export const action = authAction;

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  if (!loaderData.viewer) return <AuthScreen actionData={actionData} />;
  const { canCreate, mine, hired, today } = loaderData as Extract<typeof loaderData, { canCreate: boolean }>;
  const tab: Tab = params.get("tab") === "hired" ? "hired" : "mine";
  const view: View = params.get("view") === "calendar" ? "calendar" : "list";
  const month = parseMonthParam(params.get("month"), today);
  const list = tab === "hired" ? hired : mine;
  return (
    <>
      <SignedInHeader greetingName={loaderData.viewer.greetingName} />
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-6">
        <h1 className="sr-only">{tab === "hired" ? "Hired Events" : "My Events"}</h1>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <LinkTabs
            label="Events"
            tabs={[
              { id: "mine", label: "My Events" },
              { id: "hired", label: "Hired Events" },
            ]}
            current={tab}
            hrefFor={(t) => homeHref({ tab: t, view, month: params.get("month") })}
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
            hrefFor={(v) => homeHref({ tab, view: v })}
          />
        </div>

        {view === "calendar" ? (
          <EventCalendar month={month} today={today} events={list} hrefFor={(m) => homeHref({ tab, view, month: m })} />
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
