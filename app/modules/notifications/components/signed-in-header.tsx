import { Link } from "react-router";
import { AppLogo } from "~/components/app-logo";
import { useRootData } from "~/root-data";
import { NotificationBell } from "./notification-bell";

/**
 * docs/product/screens.md#header-and-notifications: app icon, the tagline 'Event Flow', a greeting, the notification
 * bell and settings. The notifications come from the root loader (read with the
 * session), so no page has to load or pass them.
 */
export function SignedInHeader({ greetingName }: { greetingName: string }) {
  const notifications = useRootData()?.notifications ?? null;
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="relative mx-auto flex h-16 max-w-5xl items-center gap-1 px-4">
        <Link to="/" className="mr-auto flex min-w-0 items-center gap-2">
          <AppLogo className="size-9" />
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="font-semibold text-slate-900">Event Flow</span>
            <span className="truncate text-xs text-slate-600">Hi, {greetingName}</span>
          </span>
        </Link>
        <NotificationBell notifications={notifications} />
        <Link
          to="/settings"
          aria-label="Settings"
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
        >
          <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z" />
            <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
          </svg>
        </Link>
      </div>
    </header>
  );
}

export function greetingName(viewer: { businessName: string | null; firstName: string | null; email: string }) {
  return viewer.businessName || viewer.firstName || viewer.email;
}
