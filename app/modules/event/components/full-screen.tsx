import { type ReactNode, useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ActionToast } from "~/components/ui/toaster";
import type { DashboardActionData } from "~/modules/event/intents";
import { LiveStatusBadge } from "~/modules/live/live-status";
import type { LiveStatus } from "~/modules/live/connection-status";
import { PendingCount, useOutboxContext } from "~/modules/offline/use-outbox";

// What the dashboard's full-screen views for the day share (run mode, the name caller):
// the screen kept awake, their header, and a check-off that is one big button.

/**
 * The screen stays on while the view is open (Screen Wake Lock, where the browser has it).
 * The browser drops the lock when the page is hidden: it is asked for again on return.
 */
export function useWakeLock() {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: { request(type: "screen"): Promise<{ release(): Promise<void> }> } }).wakeLock;
    if (!wakeLock) return;
    let lock: { release(): Promise<void> } | null = null;
    let closed = false;
    const request = () => {
      if (document.visibilityState !== "visible") return;
      wakeLock
        .request("screen")
        .then((granted) => {
          if (closed) void granted.release();
          else lock = granted;
        })
        // Refused (battery saver, no user gesture yet): the screen sleeps as usual.
        .catch(() => {});
    };
    request();
    document.addEventListener("visibilitychange", request);
    return () => {
      closed = true;
      document.removeEventListener("visibilitychange", request);
      void lock?.release().catch(() => {});
    };
  }, []);
}

/** A full-screen view's header: '×' back to the dashboard, its name and the event's, and whether it is live. */
export function FullScreenHeader({ title, subtitle, closeTo, closeLabel, status }: { title: string; subtitle: string; closeTo: string; closeLabel: string; status: LiveStatus }) {
  return (
    <header className="sticky top-0 z-10 flex items-center gap-2 border-b border-slate-200 bg-white px-2 py-1">
      <Link to={closeTo} replace aria-label={closeLabel} className="inline-flex min-h-12 min-w-12 items-center justify-center rounded-lg text-2xl text-slate-700 hover:bg-slate-100">
        <span aria-hidden="true">×</span>
      </Link>
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base leading-6 font-bold text-slate-900">{title}</h1>
        <p className="truncate text-sm leading-5 text-slate-600">{subtitle}</p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-0.5">
        <LiveStatusBadge status={status} />
        <PendingCount />
      </div>
    </header>
  );
}

/**
 * A check-off as one big button: a real form (it works before JavaScript), queued in the
 * outbox once there is one, so it is live to every phone and kept on the device offline.
 * `done`: the state it sets (never a flip, so a repeat cannot undo).
 */
export function CheckOffButton({
  intent,
  id,
  done = true,
  skipped = false,
  variant = "primary",
  children,
}: {
  intent: "toggle-block" | "toggle-shot";
  id: string;
  done?: boolean;
  skipped?: boolean;
  variant?: "primary" | "secondary";
  children: ReactNode;
}) {
  const fetcher = useFetcher<DashboardActionData>();
  const outbox = useOutboxContext();
  return (
    <fetcher.Form
      method="post"
      preventScrollReset
      onSubmit={
        outbox
          ? (event) => {
              event.preventDefault();
              outbox.queue({ name: intent, args: { id, done, ...(skipped ? { skipped: true } : {}) } });
            }
          : undefined
      }
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="done" value={String(done)} />
      {skipped ? <input type="hidden" name="skipped" value="true" /> : null}
      <button type="submit" className={buttonClass(variant, "min-h-14 w-full text-lg")}>
        {children}
      </button>
      <ActionToast toast={fetcher.data?.toast} />
    </fetcher.Form>
  );
}
