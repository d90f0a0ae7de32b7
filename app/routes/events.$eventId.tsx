import { Link, useSearchParams } from "react-router";
import { AppFooter } from "~/components/page-shell";
import { useFlash } from "~/components/use-flash";
import { greetingName, SignedInHeader } from "~/modules/notifications/components/signed-in-header";
import { BackLink } from "~/components/ui/back-link";
import { SectionTabs } from "~/components/ui/section-tabs";
import { RowActionLink, RowMenuItems, useRowMenu } from "~/components/ui/row-actions";
import { runSheetPath } from "~/modules/event/run-sheet";
import { buttonClass } from "~/components/ui/button";
import { ActionToast } from "~/components/ui/toaster";
import { handleDashboardAction } from "~/modules/event/dashboard-actions.server";
import { StatusBadge } from "~/modules/event/components/status-badge";
import { formatEventDate } from "~/modules/event/format";
import { useDialogHrefs } from "~/modules/event/dialog-href";
import { canDo, type DashboardIntent, isDashboardIntent } from "~/modules/event/intents";
import { LIST_NAME } from "~/modules/lists/registry";
import { toDashboardEvent } from "~/modules/event/service.server";
import { callTimeOf, countsOf, mineOf } from "~/modules/team/assignees";
import { CallTime, MineToggle } from "~/modules/team/components/mine-toggle";
import { dashboardWindow, dashboardWindowReads, type EventRest, readDashboard } from "~/modules/event/dashboard-data.server";
import { dashboardView, tabsFor } from "~/modules/event/dashboard-view";
import { useRestOfPage } from "~/modules/event/use-rest-of-page";
import { type PartialWindow, PartialWindowProvider } from "~/components/ui/list-window";
import { LIST_TAB_CODE, PeopleTab, ShotsTab, TimelineTab, VendorsTab } from "~/modules/event/components/list-tabs";
import { revalidateUnlessViewChange } from "~/utils/revalidate";
import { lazy, Suspense, useEffect, useMemo } from "react";
import { LiveStatusBadge } from "~/modules/live/live-status";
import { type LiveLists, useLiveEvent } from "~/modules/live/use-live-event";
import { useLastSynced } from "~/modules/offline/last-synced";
import { useKeepPageOffline } from "~/modules/offline/page-cache";
import { ConflictNotice, OutboxProvider, PendingCount, PendingMark, useOutbox } from "~/modules/offline/use-outbox";
import { importRetrying, loadCodeFor } from "~/utils/load-after-hydration";
import { valueParser } from "~/modules/offline/value-parser";
import type { Route } from "./+types/events.$eventId";

// The dialogs (their forms, conform, zod) load when one opens, with what
// the outbox reads a saved form's values by; a dialog the URL opens is still in the HTML.
const DashboardDialog = lazy(() =>
  importRetrying(() => Promise.all([import("~/modules/event/components/dashboard-dialog"), valueParser.load()])).then(([module]) => ({ default: module.DashboardDialog })),
);

// The Team and Client tabs' code, and the dialog showing a client link just made, load when
// shown (decision 014), as the lists' tabs do (list-tabs.tsx).
const loadTeam = () => import("~/modules/team/components/team-tab");
const TeamTab = lazy(() => importRetrying(loadTeam).then((module) => ({ default: module.TeamTab })));
const ClientTab = lazy(() => importRetrying(loadTeam).then((module) => ({ default: module.ClientTab })));
const ClientLinkDialog = lazy(() => importRetrying(loadTeam).then((module) => ({ default: module.ClientLinkDialog })));
const TAB_CODE: Record<string, () => Promise<unknown>> = { ...LIST_TAB_CODE, team: loadTeam, client: loadTeam };

// Run mode: its own chunk, loaded when opened.
const loadRunDay = () => import("~/modules/timeline/components/run-day");
const RunDay = lazy(() => importRetrying(loadRunDay).then((module) => ({ default: module.RunDay })));

// The name caller: likewise.
const loadNameCaller = () => import("~/modules/shots/components/name-caller");
const NameCaller = lazy(() => importRetrying(loadNameCaller).then((module) => ({ default: module.NameCaller })));
const VIEW_CODE: Record<string, () => Promise<unknown>> = { run: loadRunDay, names: loadNameCaller };

/** A client navigation to another tab asks for its code beside its data. */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  loadCodeFor((url) => VIEW_CODE[url.searchParams.get("view") ?? ""] ?? TAB_CODE[url.searchParams.get("tab") ?? ""]),
];

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: loaderData ? `${loaderData.event.title} | Event Flow` : "Event not found | Event Flow" }];
}

/**
 * The event and what the URL shows: the shown list's window, the
 * header's figures, the team data where shown, in the same D1 batch as the access
 * check. The rest comes from the lists route once the page is hydrated.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const { event, role, viewer, reads, seq, syncedAt } = await readDashboard(context, request, params.eventId, dashboardWindowReads(searchParams));
  return {
    greetingName: greetingName(viewer),
    // Whose changes this page's outbox holds (use-outbox.tsx): the viewer's own id.
    viewerId: viewer.userId,
    seq,
    syncedAt,
    // The moment the data was read: run mode's first render (server and hydration alike) tells the time by it.
    servedAt: Date.now(),
    role,
    event: toDashboardEvent(event),
    ...dashboardWindow(searchParams, role, reads),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return handleDashboardAction(context, request, params.eventId);
}

export const shouldRevalidate = revalidateUnlessViewChange;

type LoaderData = Route.ComponentProps["loaderData"];

function percent(done: number, total: number) {
  return total === 0 ? 0 : Math.round((done / total) * 100);
}

/** Done and total of a list: counted on the whole list, or (its window only here yet) the server's count with the window's check-offs since. */
function progress<R extends { id: string; isDone: boolean }>(rows: R[], served: { done: number; total: number } | null, servedRows: R[]) {
  if (!served) return { done: rows.filter((row) => row.isDone).length, total: rows.length };
  const before = new Map(servedRows.map((row) => [row.id, row.isDone]));
  const flipped = rows.reduce((sum, row) => (before.has(row.id) && before.get(row.id) !== row.isDone ? sum + (row.isDone ? 1 : -1) : sum), 0);
  return { done: served.done + flipped, total: served.total };
}

export default function EventDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { role } = loaderData;
  // The document has the shown list's window; the rest follows.
  const { rest, fresh, need, failed } = useRestOfPage<EventRest>(`/events/${loaderData.event.id}/lists`, loaderData);
  const base = rest ?? loaderData;
  const confirmed = useLiveEvent({
    path: `/live/events/${loaderData.event.id}`,
    seq: loaderData.seq,
    listsSeq: rest ? rest.seq : loaderData.seq,
    lists: useMemo(() => ({ blocks: base.blocks, shots: base.shots, people: base.people, vendors: base.vendors }), [base]),
    event: loaderData.event,
  });
  // What is shown is the confirmed state with this device's pending changes on top.
  // Offline, its dialogs still open and live changes still apply from the code the service
  // worker keeps with the page (decision 014).
  const { shown, outbox } = useOutbox({ path: `/events/${loaderData.event.id}`, owner: `user:${loaderData.viewerId}`, live: confirmed });
  const live = { ...shown.lists, event: shown.event, status: confirmed.status };
  const [params] = useSearchParams();
  const { event } = live;
  // 'Mine' (docs/product/screens.md#who-shoots-what): the viewer's blocks and shots only, in the lists and in run mode.
  const mine = params.get("mine") === "1";
  const blocks = mine ? mineOf(live.blocks, loaderData.viewerId) : live.blocks;
  const shots = mine ? mineOf(live.shots, loaderData.viewerId) : live.shots;
  const roster = loaderData.roster;
  // The lists' 'All' / 'Mine', with their counts, in each list's header; Mine's call time above its rows.
  const whose = (rows: readonly { assignees?: readonly string[] }[], noun: [string, string]) => (
    <MineToggle mine={mine} all={rows.length} own={mineOf(rows, loaderData.viewerId).length} noun={noun} />
  );
  const callTime = mine ? <CallTime callTime={callTimeOf(live.blocks, loaderData.viewerId)} /> : null;
  const syncedAt = useLastSynced(loaderData.syncedAt, live.status, [live.blocks, live.shots, live.people, live.vendors, event]);
  useKeepPageOffline(loaderData.syncedAt);
  const dialogs = useDialogHrefs();
  const eventMenu = useRowMenu();
  const lead = canDo(role, "edit-event");
  const view = dashboardView(params, role);
  // The team data: the rest's when read after the page's data, else the page's where it has it.
  const teamData = <K extends "members" | "invites" | "clientAccess" | "contacts">(key: K) => (fresh ? rest![key] : (loaderData[key] ?? rest?.[key] ?? null));
  const members = teamData("members");
  const invites = teamData("invites");
  const clientAccess = teamData("clientAccess");
  // Made into the Team tab's rows where they show (its tab, its dialogs), with their code.
  const team = { members: members ?? [], invites: invites ?? [], clientAccess: clientAccess ?? [] };
  const tabs = tabsFor(role);
  const tab = view.tab;
  // Until the rest is here, a list tab shows the server's window if it is this view's (the same list and filter).
  const served = loaderData.window;
  const windowFits = rest === null && view.list !== null && served !== null && served.list === view.list && served.category === view.category;
  // 'Mine' filters the rows the page holds: the server's window (a whole list of up to one
  // window's rows, as without JavaScript) until the rest is here, not a window of all rows.
  const partial = useMemo<PartialWindow | null>(
    () => (windowFits && !mine ? { offset: served!.offset, count: served!.count, matching: served!.matching, q: served!.q, need } : null),
    [windowFits, mine, served, need],
  );
  const ready = rest !== null || (view.list ? windowFits : tab === "team" ? members !== null && invites !== null && clientAccess !== null : clientAccess !== null);
  // Needed now; or tried without network before and the live room is back (so is the network).
  useEffect(() => {
    if (!ready || (failed && live.status === "live")) need();
  }, [ready, failed, live.status, need]);
  const dialog = params.get("dialog");
  // A client link just created: shown (and copyable) this once, until dismissed.
  const clientLink = useFlash("clientLink");
  // The whole day's progress, also in 'Mine'.
  const blocksProgress = progress(live.blocks, rest ? null : loaderData.counts.blocks, loaderData.blocks);
  const shotsProgress = progress(live.shots, rest ? null : loaderData.counts.shots, loaderData.shots);
  // A row dialog opened by URL has its row from the server even when it is not in the window.
  const dialogLists = { ...live };
  if (loaderData.dialogRow && !rest) {
    const name = LIST_NAME[loaderData.dialogRow.list];
    const rows = dialogLists[name] as { id: string }[];
    if (!rows.some((row) => row.id === loaderData.dialogRow!.row.id)) Object.assign(dialogLists, { [name]: [...rows, loaderData.dialogRow.row] });
  }

  if (view.run) {
    return (
      <OutboxProvider value={outbox}>
        <Suspense fallback={null}>
          <RunDay event={event} blocks={blocks} shots={shots} role={role} servedAt={loaderData.servedAt} status={live.status}
            closeTo={withView(params, null)}
            whose={
              <>
                {whose(live.blocks, ["block", "blocks"])}
                {callTime}
              </>
            }
          />
        </Suspense>
        <Suspense fallback={null}>
          {dialog === "shift-block" && canDo(role, dialog) ? <DashboardDialog dialog={dialog} id={params.get("id")} data={{ ...dialogLists, roster, clientAccess: [], contacts: [] }} team={team} /> : null}
        </Suspense>
      </OutboxProvider>
    );
  }

  if (view.names) {
    return (
      <OutboxProvider value={outbox}>
        <Suspense fallback={null}>
          <NameCaller event={event} shots={live.shots} people={live.people} role={role} status={live.status} closeTo={withView(params, null)} />
        </Suspense>
      </OutboxProvider>
    );
  }

  const runTo = canDo(role, "toggle-block") ? withView(params, "run") : null;
  // On the event's date, running the day is the first thing offered.
  const onTheDay = event.status === "active";

  return (
    <OutboxProvider value={outbox}>
      <SignedInHeader greetingName={loaderData.greetingName} />
      {/* Phones: a compact header, then the tabs. Desktop: the event's summary beside its lists. */}
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 pt-2 pb-4 lg:grid lg:max-w-5xl lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start lg:gap-x-8 lg:pt-4">
        <header className="flex flex-wrap items-start gap-x-2 lg:sticky lg:top-20">
          {/* A phone: an arrow before the title (the title's line, not one of its own). */}
          <BackLink fallback="/" aria-label="Back to Events" className="-my-2 -ml-3 w-11 shrink-0 justify-center text-xl lg:hidden">
            <span aria-hidden="true">←</span>
          </BackLink>
          <div className="hidden basis-full lg:block">
            <BackLink fallback="/">← Back to Events</BackLink>
          </div>
          <h1 className="min-w-0 flex-1 text-xl leading-7 font-bold break-words text-slate-900 lg:text-2xl">
            {event.title}
            <PendingMark id="event" />
          </h1>
          {/* A phone keeps the title on one line: Edit, the run sheet and Delete are in its "⋯" menu. */}
          <div className="-my-2 -mr-3 lg:hidden">
            {eventMenu.button("event", event.title, () => (
              <RowMenuItems
                editTo={lead ? dialogs.open("edit-event") : null}
                editLabel="Edit event"
                deleteTo={lead ? dialogs.open("delete-event") : null}
                deleteLabel="Delete event"
              >
                <RowActionLink to={runSheetPath(event.id)}>Run sheet</RowActionLink>
                {lead ? <RowActionLink to={dialogs.open("save-template")}>Save as template</RowActionLink> : null}
              </RowMenuItems>
            ))}
            {eventMenu.form}
          </div>
          <div className="order-last mt-4 hidden basis-full flex-wrap gap-2 whitespace-nowrap lg:flex">
            {lead ? (
              <Link to={dialogs.open("edit-event")} replace preventScrollReset aria-label="Edit event" className={buttonClass("secondary", "min-h-10 px-3")}>
                Edit
              </Link>
            ) : null}
            <Link to={runSheetPath(event.id)} className={buttonClass("secondary", "min-h-10 px-3 whitespace-nowrap")}>
              Run sheet
            </Link>
            {lead ? (
              <Link to={dialogs.open("save-template")} replace preventScrollReset className={buttonClass("secondary", "min-h-10 px-3")}>
                Save as template
              </Link>
            ) : null}
            {lead ? (
              <Link to={dialogs.open("delete-event")} replace preventScrollReset aria-label="Delete event" className={buttonClass("secondary", "min-h-10 px-3 text-red-700")}>
                Delete
              </Link>
            ) : null}
          </div>
          {/* Date and venue on one line: a long venue is cut short on a phone, whole on a desktop. */}
          <p className="mt-0.5 flex min-w-0 basis-full items-center gap-1.5 text-sm text-slate-700 lg:flex-col lg:items-start lg:gap-0.5">
            <time dateTime={event.date} className="shrink-0 font-medium">
              {formatEventDate(event.date)}
            </time>
            {event.venue ? (
              <>
                <span aria-hidden="true" className="lg:hidden">
                  ·
                </span>
                <span className="min-w-0 truncate lg:whitespace-normal" title={event.venue}>
                  {event.venue}
                </span>
              </>
            ) : null}
            {/* A phone: 'Add to calendar' as an icon at the line's end, so the list keeps its place. */}
            <a
              href={`/events/${event.id}/calendar`}
              download
              aria-label="Add to calendar"
              title="Add to calendar"
              className="-my-3 ml-auto inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center text-brand-700 lg:hidden"
            >
              <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
                <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
                <path d="M3.5 10h17M8 3v4M16 3v4M12 13v5M9.5 15.5h5" strokeLinecap="round" />
              </svg>
            </a>
          </p>
          <div className="mt-1 flex min-w-0 basis-full items-center gap-x-2 gap-y-1 lg:flex-wrap">
            <StatusBadge status={event.status} className="shrink-0" />
            <LiveStatusBadge status={live.status} syncedAt={syncedAt} />
            <PendingCount />
            {event.coupleNames ? <p className="min-w-0 flex-1 truncate text-sm text-slate-600 lg:basis-full lg:whitespace-normal">{event.coupleNames}</p> : null}
            {/* Before and after the day, at the end of this line: the list keeps its place. The
                couple's names take only the room left (no basis of their own); only a line
                crowded by the sync state (offline: 'Last synced…' and changes waiting) shortens
                the link, rather than widen the page. */}
            {runTo && !onTheDay ? (
              <Link to={runTo} className="-my-2 ml-auto inline-flex min-h-11 min-w-12 items-center px-1 text-sm font-semibold whitespace-nowrap text-brand-700 hover:underline lg:order-first lg:my-0 lg:ml-0 lg:basis-full lg:px-0">
                <span className="truncate">Run the day</span>
              </Link>
            ) : null}
          </div>
          {/* docs/product/screens.md#calendar-feed: the event's day as a .ics download (a phone has it at the end of the date line). */}
          <p className="order-last mt-2 hidden basis-full lg:block">
            <a href={`/events/${event.id}/calendar`} download className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline">
              Add to calendar
            </a>
          </p>
          <div data-conflict-home className="basis-full">
            <ConflictNotice rowId="event" />
          </div>
          {/* On the event's date, the first thing offered: a wide button under the title. */}
          {runTo && onTheDay ? (
            <Link to={runTo} className={buttonClass("primary", "mt-2 min-h-12 basis-full text-base")}>
              Run the day
            </Link>
          ) : null}
          {/* Desktop: the progress as bars (a phone has it in the tabs' labels). */}
          <div className="mt-4 hidden basis-full space-y-3 lg:block">
            <Progress label="Timeline" done={blocksProgress.done} total={blocksProgress.total} />
            <Progress label="Shots" done={shotsProgress.done} total={shotsProgress.total} />
          </div>
        </header>

        <div className="min-w-0">
        <nav aria-label="Event sections" className="sticky top-16 z-30 -mx-4 mt-1 bg-slate-50 px-4 py-1 lg:mx-0 lg:mt-0 lg:px-0">
          <SectionTabs
            tabs={tabs.map((t) => ({
              id: t.id,
              label: t.label,
              // The lists' progress, in their tabs (one text node: a live count must not shift its neighbours).
              count: t.id === "timeline" ? `${blocksProgress.done}/${blocksProgress.total}` : t.id === "shots" ? `${shotsProgress.done}/${shotsProgress.total}` : null,
            }))}
            current={tab}
            keep={mine ? { mine: "1" } : {}}
          />
        </nav>

        <section className="mt-2" aria-label={tabs.find((t) => t.id === tab)?.label}>
          {!ready ? (
            <p role="status" className="text-slate-600">
              {/* Offline, and this device kept only the tab its page was opened on. */}
              {failed ? "This tab is not available offline. It will show once you are back online." : "Loading…"}
            </p>
          ) : (
            // Stays mounted across tabs: a client navigation keeps the shown tab until the
            // next one's code is there (React keeps revealed content during a transition).
            <Suspense fallback={null}>
              <PartialWindowProvider value={partial}>
                {tab === "timeline" ? <TimelineTab blocks={blocks} roster={roster} summary={whose(live.blocks, ["block", "blocks"])} intro={callTime} role={role} event={{ date: event.date, timeZone: event.timeZone, venueLatitude: event.venueLatitude, venueLongitude: event.venueLongitude, servedAt: loaderData.servedAt }} /> : null}
                {tab === "shots" ? <ShotsTab shots={shots} people={live.people} roster={roster} summary={whose(live.shots, ["shot", "shots"])} intro={callTime} role={role} categories={rest ? undefined : loaderData.shotCategories} /> : null}
                {tab === "people" ? <PeopleTab people={live.people} role={role} /> : null}
                {tab === "team" ? <TeamTab team={team} role={role} assigned={countsOf(live.blocks, live.shots)} /> : null}
                {tab === "vendors" ? <VendorsTab vendors={live.vendors} role={role} /> : null}
                {tab === "client" ? <ClientTab accesses={clientAccess ?? []} /> : null}
              </PartialWindowProvider>
            </Suspense>
          )}
        </section>
        {/* The event's files and a CSV import (docs/product/screens.md#import-and-export), under every tab. */}
        <p className="mt-6 text-sm">
          <Link to={`/events/${event.id}/data${tab === "people" || tab === "shots" ? `?list=${tab}` : ""}`} className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline">
            Import and export
          </Link>
        </p>
        </div>
      </main>
      <AppFooter />
      <Suspense fallback={null}>
        {clientLink ? (
          <ClientLinkDialog link={clientLink} />
        ) : isDashboardIntent(dialog) && canDo(role, dialog) ? (
          <DashboardDialog dialog={dialog} id={params.get("id")} data={{ ...dialogLists, roster, clientAccess: clientAccess ?? [], contacts: teamData("contacts") ?? [] }} team={team} />
        ) : null}
      </Suspense>
      <ActionToast toast={actionData?.toast} />
    </OutboxProvider>
  );
}

/** This page's URL with run mode open (`view`) or closed (null), without a dialog (nor the name caller's group). */
function withView(params: URLSearchParams, view: "run" | null) {
  const next = new URLSearchParams(params);
  next.delete("dialog");
  next.delete("id");
  next.delete("group");
  if (view) next.set("view", view);
  else next.delete("view");
  return `?${next}`;
}

function Progress({ label, done, total }: { label: string; done: number; total: number }) {
  const value = percent(done, total);
  return (
    <div>
      <p className="flex justify-between text-sm text-slate-700">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums">{`${done} of ${total} done`}</span>
      </p>
      <div className="mt-1 h-1.5 rounded-full bg-slate-200" role="progressbar" aria-label={`${label} progress`} aria-valuenow={value} aria-valuemin={0} aria-valuemax={100}>
        <div className="h-1.5 rounded-full bg-brand-600" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
