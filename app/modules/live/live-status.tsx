import { lastSyncedLabel } from "~/modules/offline/last-synced";
import { useHourCycle } from "~/root-data";
import type { LiveStatus } from "./use-live-room";

const LABEL: Record<LiveStatus, string> = { connecting: "Connecting…", live: "Live", reconnecting: "Reconnecting…", offline: "Offline" };
const DOT: Record<LiveStatus, string> = { connecting: "bg-slate-400", live: "bg-green-500", reconnecting: "bg-amber-500", offline: "bg-red-500" };

/**
 * The connection state, unobtrusive (decision 006): a dot and a word; while not live, when
 * the page's data was last synced (useLastSynced), in the same words.
 */
export function LiveStatusBadge({ status, syncedAt = null }: { status: LiveStatus; syncedAt?: string | null }) {
  const cycle = useHourCycle();
  return (
    <span role="status" aria-live="polite" data-live-status={status} className="inline-flex items-center gap-1.5 text-xs text-slate-600">
      <span className={`size-2 rounded-full ${DOT[status]}`} aria-hidden="true" />
      {/* The label keeps the width of 'Connecting…', the server-rendered state, so that
          'Connecting…' → 'Live' after hydration moves nothing after it (CLS 0,
          decision 014). Reserved by a pseudo-element: not in the text, not read out. */}
      <span data-reserve={LABEL.connecting} className="inline-grid after:invisible after:col-start-1 after:row-start-1 after:content-[attr(data-reserve)]">
        <span className="col-start-1 row-start-1">{LABEL[status]}</span>
      </span>
      {syncedAt ? <span data-testid="last-synced">· {lastSyncedLabel(syncedAt, cycle)}</span> : null}
    </span>
  );
}
