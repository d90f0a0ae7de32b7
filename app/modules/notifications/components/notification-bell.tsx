import { Form, useLocation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { usePopover } from "~/components/ui/popover";
import { badgeCount, type HeaderNotification, type HeaderNotifications, timeAgo } from "../header";
import { useNotificationChannel } from "../use-notification-channel";

const EMPTY: HeaderNotifications = { items: [], unreadCount: 0, loadedAt: new Date(0).toISOString() };

/**
 * docs/product/screens.md#header-and-notifications: the bell with its unread badge and the popover
 * of the latest ten. A popover button (usePopover), so it opens without JavaScript and
 * is announced as a button with its state; each notification is a form that marks it
 * read and goes where it leads.
 */
export function NotificationBell({ notifications: loaded }: { notifications: HeaderNotifications | null }) {
  // Issue 7: new notifications arrive live (every open tab of the user), with the chime.
  const notifications = useNotificationChannel(loaded);
  const { buttonProps, panelProps, close } = usePopover();
  const location = useLocation();
  const { items, unreadCount, loadedAt } = notifications ?? EMPTY;

  return (
    <>
      <button
        {...buttonProps}
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
        <div className="flex min-h-12 items-center gap-2 border-b border-slate-200 px-4 py-2">
          <h2 id="notifications-title" className="font-semibold text-slate-900">
            Notifications
          </h2>
          {unreadCount > 0 ? <Badge tone="brand">{`${unreadCount} new`}</Badge> : null}
          {unreadCount > 0 ? (
            <Form method="post" action="/notifications/read-all" onSubmit={close} className="ml-auto">
              <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
              <button type="submit" className="min-h-11 rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50">
                Mark all read
              </button>
            </Form>
          ) : null}
        </div>
        {items.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-slate-600">No notifications yet</p>
        ) : (
          // docs/product/limits.md#counts: the list is 400px high at most, and scrolls.
          <ul className="max-h-[400px] divide-y divide-slate-100 overflow-y-auto overscroll-contain" aria-label="Latest notifications">
            {items.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} loadedAt={loadedAt} onSubmit={close} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function NotificationItem({
  notification,
  loadedAt,
  onSubmit,
}: {
  notification: HeaderNotification;
  loadedAt: string;
  onSubmit: () => void;
}) {
  const unread = !notification.read;
  return (
    <Form method="post" action={`/notifications/${encodeURIComponent(notification.id)}/read`} onSubmit={onSubmit}>
      <button
        type="submit"
        data-unread={unread ? "true" : undefined}
        className={`flex w-full gap-3 px-4 py-3 text-left hover:bg-slate-50 ${unread ? "bg-brand-50/60" : ""}`}
      >
        <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? "bg-brand-600" : ""}`} />
        <span className="min-w-0 flex-1">
          <span className={`block text-sm break-words ${unread ? "font-semibold text-slate-900" : "font-medium text-slate-700"}`}>
            {unread ? <span className="sr-only">Unread: </span> : null}
            {notification.title}
          </span>
          <span className="mt-0.5 block text-sm break-words text-slate-600">{notification.message}</span>
          <time dateTime={notification.createdAt} className="mt-1 block text-xs text-slate-500">
            {timeAgo(notification.createdAt, loadedAt)}
          </time>
        </span>
      </button>
    </Form>
  );
}
