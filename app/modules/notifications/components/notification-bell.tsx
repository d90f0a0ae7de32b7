import { lazy, useCallback, useEffect, useState } from "react";
import { usePopover } from "~/components/ui/popover";
import { importRetrying } from "~/utils/load-after-hydration";
import { badgeCount, type HeaderNotifications } from "../header";
import { useNotificationChannel } from "../use-notification-channel";

const EMPTY: HeaderNotifications = { items: [], unreadCount: 0, loadedAt: new Date(0).toISOString() };

/** The popover's content: its code loads when the bell is first pressed, focused or opened (decision 014). */
let panelCode: Promise<typeof import("./notification-panel")> | undefined;
const loadPanel = () => (panelCode ??= importRetrying(() => import("./notification-panel")));
const NotificationPanel = lazy(() => loadPanel().then((module) => ({ default: module.NotificationPanel })));
let panelLoaded = false;

/**
 * docs/product/screens.md#header-and-notifications: the bell with its unread badge and the popover
 * of the latest ten. A popover button (usePopover), so it opens without JavaScript and
 * is announced as a button with its state; each notification is a form that marks it
 * read and goes where it leads (notification-panel.tsx).
 *
 * The server renders the panel in the page. In the browser its code is not in the page's
 * JavaScript: until it is asked for, the panel keeps the server's HTML as it is (React
 * leaves an element with `dangerouslySetInnerHTML` alone when hydrating), whose forms
 * work as they do without JavaScript; once loaded, React renders it, current.
 */
export function NotificationBell({ notifications: loaded }: { notifications: HeaderNotifications | null }) {
  // New notifications arrive live (every open tab of the user), with the chime.
  const notifications = useNotificationChannel(loaded);
  const { buttonProps, panelProps, close, open } = usePopover();
  const { unreadCount } = notifications ?? EMPTY;
  const [panelReady, setPanelReady] = useState(() => panelLoaded);
  const wantPanel = useCallback(() => {
    void loadPanel().then(() => {
      panelLoaded = true;
      setPanelReady(true);
    });
  }, []);
  useEffect(() => {
    if (open) wantPanel();
  }, [open, wantPanel]);

  return (
    <>
      <button
        {...buttonProps}
        onPointerDown={wantPanel}
        onFocus={wantPanel}
        aria-label={unreadCount > 0 ? `Notifications, ${unreadCount} unread` : "Notifications"}
        className="popover-anchor relative flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 aria-expanded:bg-slate-100"
      >
        <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unreadCount > 0 ? (
          <span
            data-testid="notification-badge"
            aria-hidden="true"
            className="absolute top-1 right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-semibold leading-none text-white ring-2 ring-white"
          >
            {badgeCount(unreadCount)}
          </span>
        ) : null}
      </button>
      <section
        {...panelProps}
        aria-labelledby="notifications-title"
        className="popover-panel popover-wide overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl"
      >
        {import.meta.env.SSR || panelReady ? (
          <div key="panel">
            <NotificationPanel notifications={notifications ?? EMPTY} onSubmit={close} />
          </div>
        ) : (
          // The server's panel, kept as it rendered it until the panel's code is here.
          <div key="server" dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
        )}
      </section>
    </>
  );
}
