import { Form, useLocation } from "react-router";
import { Badge } from "~/components/ui/badge";
import type { HeaderNotification, HeaderNotifications } from "../header";
import { timeAgo } from "../time-ago";

// The bell's popover content (docs/product/screens.md#header-and-notifications): the latest
// ten, 'Mark all read', each a form that marks it read and goes where it leads. The server
// renders it in every signed-in page; the browser loads its code when the bell is first
// opened (or pressed), not with the page (decision 014).

export function NotificationPanel({ notifications, onSubmit }: { notifications: HeaderNotifications; onSubmit: () => void }) {
  const location = useLocation();
  const { items, unreadCount, loadedAt } = notifications;
  return (
    <>
      <div className="flex min-h-12 items-center gap-2 border-b border-slate-200 px-4 py-2">
        <h2 id="notifications-title" className="font-semibold text-slate-900">
          Notifications
        </h2>
        {unreadCount > 0 ? <Badge tone="brand">{`${unreadCount} new`}</Badge> : null}
        {unreadCount > 0 ? (
          <Form method="post" action="/notifications/read-all" onSubmit={onSubmit} className="ml-auto">
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
              <NotificationItem notification={notification} loadedAt={loadedAt} onSubmit={onSubmit} />
            </li>
          ))}
        </ul>
      )}
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
