import { startTransition, useEffect, useRef, useState } from "react";
import type { LiveStatus } from "~/modules/live/use-live-room";
import { formatLocalDate, formatLocalTime } from "~/modules/event/format";
import type { HourCycle } from "~/modules/timeline/span";
import { servedFromDevice } from "./page-cache";

// 'Last synced' beside an event page's live status (decision 010
// 'Offline reading'): when the page is not live, how old what it shows is.

/** "Last synced 2:32 PM" today, else with the date (docs/product/limits.md#calendar-and-dates), in local time on the viewer's clock. */
export function lastSyncedLabel(syncedAt: string, cycle: HourCycle, now: Date = new Date()) {
  const at = new Date(syncedAt);
  const sameDay = at.toDateString() === now.toDateString();
  return `Last synced ${sameDay ? formatLocalTime(at, cycle) : `${formatLocalDate(at)}, ${formatLocalTime(at, cycle)}`}`;
}

/**
 * When the page's data was last known current, or null while it is (live). It starts
 * at the loader's read (`syncedAt`, server time), and advances while the live room is
 * 'live' (each applied change, and the moment the connection is lost). Shown while
 * offline or reconnecting, and on a copy the device served (network failed or silent).
 */
export function useLastSynced(syncedAt: string, status: LiveStatus, applied: readonly unknown[]) {
  const [at, setAt] = useState(syncedAt);
  const [fromDevice, setFromDevice] = useState(false);
  const wasLive = useRef(false);
  useEffect(() => setAt(syncedAt), [syncedAt]);
  // After hydration: the server cannot know (and the time is local).
  useEffect(() => setFromDevice(servedFromDevice()), []);
  useEffect(() => {
    // A transition: the time shows only when the page is stale, and a render of the whole
    // page for it need not hold the phone up.
    if (status === "live" || wasLive.current) startTransition(() => setAt(new Date().toISOString()));
    wasLive.current = status === "live";
    // `applied`: the page's lists, whose identities change with each change the room applies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, ...applied]);
  const stale = status === "offline" || status === "reconnecting" || (fromDevice && status !== "live");
  return stale ? at : null;
}
