import { lazy, Suspense, useMemo } from "react";
import { data, Link, useSearchParams } from "react-router";
import { AppFooter, AppHeader } from "~/components/page-shell";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { LinkTabs } from "~/components/ui/link-tabs";
import { ActionToast } from "~/components/ui/toaster";
import { ACCESS_NOT_FOUND, handlePortalAction, loadPortalPage } from "~/modules/client-access/portal.server";
import { EVENT_DELETED, EVENT_DELETED_STATUS } from "~/modules/event/deleted-event";
import { formatEventDate } from "~/modules/event/format";
import { portalRunSheetPath } from "~/modules/event/run-sheet";
import { CLIENT_EDITS_LOCKED, clientEditsLocked } from "~/modules/event/client-lock";
import { canDo, isDashboardIntent } from "~/modules/event/intents";
import type { ClientGrant } from "~/modules/event/permissions";
import { LiveStatusBadge } from "~/modules/live/live-status";
import { portalLivePath, toPortalRow } from "~/modules/live/protocol";
import { useLiveEvent } from "~/modules/live/use-live-event";
import { useLastSynced } from "~/modules/offline/last-synced";
import { useKeepPageOffline } from "~/modules/offline/page-cache";
import { portalNotice } from "~/modules/offline/portal-notice";
import { OutboxProvider, PendingCount, useOutbox } from "~/modules/offline/use-outbox";
import { LIST_TAB_CODE, PeopleTab, ShotsTab, TimelineTab, VendorsTab } from "~/modules/event/components/list-tabs";
import { TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import { revalidateUnlessViewChange } from "~/utils/revalidate";
import type { Route } from "./+types/client.view.$accessId";
import { importRetrying, loadCodeFor } from "~/utils/load-after-hydration";
import { valueParser } from "~/modules/offline/value-parser";

// The portal's dialogs (their forms, conform, zod) load when one opens;
// a dialog the URL opens is still in the HTML.
const ListDialog = lazy(() =>
  importRetrying(() => Promise.all([import("~/modules/event/components/list-dialog"), valueParser.load()])).then(([module]) => ({ default: module.ListDialog })),
);

// The client portal (docs/product/screens.md#client-portal). Its URL carries no secret: the token
// lives in a cookie of this access (see client.$token.tsx).

export function headers(): HeadersInit {
  return { "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const title = loaderData && "event" in loaderData && loaderData.event ? `${loaderData.event.title} | Client View` : "Client View | Event Flow";
  return [{ title }, { name: "robots", content: "noindex, nofollow" }, { name: "referrer", content: "no-referrer" }];
}

/**
 * The event, the link's flags and the four lists: one round trip (with the guess limit
 * beside it), then the live room's sequence. Rows carry only what a client may see
 * (toPortalRow), the same fields the portal's socket is sent.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  // A copy kept offline says how old it is.
  const syncedAt = new Date().toISOString();
  const loaded = await loadPortalPage(context, request, params.accessId);
  if (loaded.refused) {
    if (loaded.deleted) return data({ refused: EVENT_DELETED, deleted: true }, { status: EVENT_DELETED_STATUS });
    return data({ refused: loaded.refused === 429 ? TOO_MANY_ATTEMPTS : ACCESS_NOT_FOUND, deleted: false }, { status: loaded.refused });
  }
  const { portal, grant, seq } = loaded;
  return data({
    refused: null,
    seq,
    syncedAt,
    event: toPortalRow("event", portal.event),
    grant,
    // Whether the lead's lock has come (the server refuses the link's writes from then on), and
    // the zone it is told in, for a lock the lead sets or moves while the page is open.
    locked: clientEditsLocked(portal.event),
    timeZone: portal.event.timeZone,
    blocks: portal.blocks.map((row) => toPortalRow("block", row)),
    shots: portal.shots.map((row) => toPortalRow("shot", row)),
    people: portal.people.map((row) => toPortalRow("person", row)),
    vendors: portal.vendors.map((row) => toPortalRow("vendor", row)),
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return handlePortalAction(context, request, params.accessId);
}

export const shouldRevalidate = revalidateUnlessViewChange;

// Shown only when the link is refused: not in a working portal's first JavaScript (decision 014).
const PortalError = lazy(() => importRetrying(() => import("~/modules/client-access/components/portal-error")).then((module) => ({ default: module.PortalError })));
const EventDeleted = lazy(() => importRetrying(() => import("~/modules/event/components/event-deleted")).then((module) => ({ default: module.EventDeleted })));

/** A client navigation to another tab asks for its code beside its data (list-tabs.tsx). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [loadCodeFor((url) => LIST_TAB_CODE[url.searchParams.get("tab") ?? ""])];

const TABS = [
  { id: "timeline", label: "Timeline" },
  { id: "shots", label: "Shot List" },
  { id: "people", label: "People" },
  { id: "vendors", label: "Vendors" },
] as const;
type Tab = (typeof TABS)[number]["id"];

/** docs/product/screens.md#client-portal: each tab's subtitle says whether editing is allowed or 'editing disabled'. */
function subtitle(tab: Tab, grant: ClientGrant) {
  switch (tab) {
    case "timeline":
      return grant.canEditTimeline ? "The day, hour by hour. You can add and edit blocks." : "The day, hour by hour (editing disabled)";
    case "shots":
      return grant.canEditShots ? "The photos planned for the day. You can add, edit and check off shots." : "The photos planned for the day (editing disabled)";
    case "people":
      return grant.canEditPeople ? "Family and friends your photographer should know. You can add and edit people." : "Family and friends your photographer should know (editing disabled)";
    case "vendors":
      return grant.canEditVendors ? "Everyone working on the day. You can add and edit vendors." : "Everyone working on the day (editing disabled)";
  }
}

export default function ClientPortal({ loaderData, actionData, params }: Route.ComponentProps) {
  if (loaderData.refused !== null)
    return (
      <Suspense fallback={null}>
        {/* A revoked or expired link keeps its own words; a deleted event says so (decision 017). */}
        {loaderData.deleted ? <EventDeleted homeLabel="Return to Home" /> : <PortalError message={loaderData.refused} />}
      </Suspense>
    );
  return <Portal data={loaderData} actionData={actionData} accessId={params.accessId} />;
}

type PortalData = Exclude<Route.ComponentProps["loaderData"], { refused: string }>;

/**
 * The portal, kept current by the event's live room (decision 006) like the dashboard. When
 * the link is revoked or the event deleted, the room closes the socket (4003) and the
 * page's data is fetched again: the loader refuses, and the page says so.
 */
function Portal({ data, actionData, accessId }: { data: PortalData; actionData: Route.ComponentProps["actionData"]; accessId: string }) {
  const [params] = useSearchParams();
  const confirmed = useLiveEvent({
    path: portalLivePath(accessId),
    seq: data.seq,
    lists: useMemo(() => ({ blocks: data.blocks, shots: data.shots, people: data.people, vendors: data.vendors }), [data]),
    event: data.event,
  });
  // The client's changes go through the device's outbox too.
  // Offline, its dialogs still open and live changes still apply from the code the service
  // worker keeps with the page (decision 014).
  const { shown, outbox } = useOutbox({ path: `/client/view/${accessId}`, owner: "link", live: confirmed, notice: portalNotice });
  const live = { ...shown.lists, event: shown.event, status: confirmed.status };
  const { event } = live;
  // Locked, the link only views: no edit controls, and the portal says why.
  const lockOn = event.clientEditsLockOn ?? null;
  const locked = lockOn === data.event.clientEditsLockOn ? data.locked : clientEditsLocked({ clientEditsLockOn: lockOn, timeZone: data.timeZone });
  const grant: ClientGrant = locked ? { kind: "client", canEditPeople: false, canEditTimeline: false, canEditShots: false, canEditVendors: false } : data.grant;
  const mayEdit = data.grant.canEditPeople || data.grant.canEditTimeline || data.grant.canEditShots || data.grant.canEditVendors;
  const syncedAt = useLastSynced(data.syncedAt, live.status, [live.blocks, live.shots, live.people, live.vendors, event]);
  useKeepPageOffline(data.syncedAt);
  const tab: Tab = TABS.find((t) => t.id === params.get("tab"))?.id ?? "timeline";
  const dialog = params.get("dialog");
  const viewOnly = !grant.canEditPeople && !grant.canEditTimeline && !grant.canEditShots && !grant.canEditVendors;
  return (
    <OutboxProvider value={outbox}>
      <AppHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-3">
        <header>
          <div className="flex items-start gap-2">
            <h1 className="min-w-0 flex-1 text-xl leading-7 font-bold break-words text-slate-900 sm:text-2xl">{event.title}</h1>
            <Badge tone="brand" className="mt-1 shrink-0">
              Client View
            </Badge>
          </div>
          {/* Date and venue on one line: a long venue is cut short on a phone. */}
          <p className="mt-0.5 flex min-w-0 items-center gap-1.5 text-sm text-slate-700">
            <time dateTime={event.date} className="shrink-0 font-medium">
              {formatEventDate(event.date)}
            </time>
            {event.venue ? (
              <>
                <span aria-hidden="true">·</span>
                <span className="min-w-0 truncate sm:whitespace-normal" title={event.venue}>
                  {event.venue}
                </span>
              </>
            ) : null}
          </p>
          <div className="mt-1 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <LiveStatusBadge status={live.status} syncedAt={syncedAt} />
            <PendingCount />
            {event.coupleNames ? <p className="min-w-0 flex-1 truncate text-sm text-slate-600">{event.coupleNames}</p> : null}
            <Link to={portalRunSheetPath(accessId)} className="-my-2 ml-auto inline-flex min-h-11 items-center px-1 text-sm font-semibold whitespace-nowrap text-brand-700 hover:underline">
              Run sheet
            </Link>
          </div>
          {/* docs/product/screens.md#calendar-feed: the event's day as a .ics, of what this portal shows. */}
          <p>
            <a href={`/client/view/${accessId}/calendar`} download className="-my-1 inline-flex min-h-9 items-center text-sm font-semibold text-brand-700 hover:underline">
              Add to calendar
            </a>
          </p>
        </header>
        {locked && mayEdit ? (
          <Card className="mt-3 !p-3">
            <p className="text-sm text-slate-700">{CLIENT_EDITS_LOCKED}</p>
          </Card>
        ) : viewOnly ? (
          <Card className="mt-3 !p-3">
            <p className="text-sm text-slate-700">You can view event details but don't have permission to make edits.</p>
          </Card>
        ) : lockOn ? (
          <p className="mt-2 text-sm text-slate-600">Changes lock on {formatEventDate(lockOn)}.</p>
        ) : null}
        <div className="scroll-cue mt-3">
          <LinkTabs label="Event sections" tabs={TABS} current={tab} hrefFor={(t) => (t === "timeline" ? "?" : `?tab=${t}`)} />
        </div>
        <section className="mt-3" aria-label={TABS.find((t) => t.id === tab)?.label}>
          {tab === "people" ? <h2 className="text-lg font-semibold text-slate-900">People &amp; Groups</h2> : null}
          {tab === "vendors" ? (
            <h2 className="text-lg font-semibold text-slate-900">
              {live.vendors.length} vendor(s)
            </h2>
          ) : null}
          <p className="mb-3 text-sm text-slate-600">{subtitle(tab, grant)}</p>
          {tab === "shots" && !grant.canEditShots ? (
            <p className="mb-3 rounded-lg bg-slate-100 p-3 text-sm text-slate-700">View-only: Contact your photographer to request changes</p>
          ) : null}
          {/* Stays mounted across tabs: a client navigation keeps the shown tab until the next one's code is there. */}
          <Suspense fallback={null}>
            {tab === "timeline" ? (
              <TimelineTab blocks={live.blocks} role={grant} event={{ date: event.date, timeZone: data.timeZone, venueLatitude: event.venueLatitude ?? null, venueLongitude: event.venueLongitude ?? null }} />
            ) : null}
            {tab === "shots" ? <ShotsTab shots={live.shots} people={live.people} role={grant} /> : null}
            {tab === "people" ? <PeopleTab people={live.people} role={grant} /> : null}
            {tab === "vendors" ? <VendorsTab vendors={live.vendors} role={grant} /> : null}
          </Suspense>
        </section>
      </main>
      <AppFooter />
      <Suspense fallback={null}>
        {isDashboardIntent(dialog) && canDo(grant, dialog) ? (
          // docs/product/limits.md#defaults-when-adding: in the portal a new block is 'other' and a new vendor a florist.
          <ListDialog dialog={dialog} id={params.get("id")} lists={live} defaults={{ blockType: "other", vendorType: "florist" }} forClient />
        ) : null}
      </Suspense>
      <ActionToast toast={actionData?.toast} />
    </OutboxProvider>
  );
}
