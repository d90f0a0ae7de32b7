import { lazy, Suspense } from "react";
import { hourCycleForRequest } from "~/modules/timeline/span";
import { readTheme } from "~/modules/account/theme.server";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { AppLogo } from "~/components/app-logo";
import { ButtonLink } from "~/components/ui/button";
import { AppHeader } from "~/components/page-shell";
import { Toaster } from "~/components/ui/toaster";
import { importRetrying } from "~/utils/load-after-hydration";
import { useNativePlatform } from "~/modules/native/platform";
import { cloudflareContext, headerNotificationsContext, sessionReadContext, viewerContext } from "~/context";
import type { NativePurchasesConfig } from "~/modules/native/purchases";
import { EVENT_DELETED_STATUS } from "~/modules/event/deleted-event";
import { loadHeaderNotifications } from "~/modules/notifications/service.server";
import { getDb } from "~/utils/db.server";
import { revalidateUnlessViewChange } from "~/utils/revalidate";
import { readSessionAlone, requestSession } from "~/modules/account/session.server";
import { leaveSessionToBatch, setSession, settleLeftSession } from "~/modules/account/session-batch.server";
import { useNonce } from "~/utils/nonce";
import { bringsToast, getToast, ONCE_HEADER } from "~/utils/toast.server";
import { randomToken } from "~/utils/crypto.server";
import { type RootData, useRootData } from "./root-data";
import type { Route } from "./+types/root";
import "./app.css";

export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/icons/icon-192.png", type: "image/png", sizes: "192x192" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Event Flow" },
    { name: "description", content: "Plan every event day with your team: timeline, shot list, people, vendors and client access, live on every phone." },
  ];
}

/**
 * The routes whose loader reads the session in its own D1 batch (one
 * round trip per page load), by pattern, with the route id a data request names in
 * `_routes` when it runs only some loaders.
 */
const SESSION_JOINING: Record<string, string> = {
  "events/:eventId": "routes/events.$eventId",
  "events/:eventId/lists": "routes/events.$eventId.lists",
  "events/:eventId/run-sheet": "routes/events.$eventId.run-sheet",
  "events/:eventId/run-sheet.pdf": "routes/events.$eventId.run-sheet-pdf",
  "events/:eventId/data": "routes/events.$eventId.data",
  "events/:eventId/export/:file": "routes/events.$eventId.export.$file",
  "events/:eventId/calendar": "routes/events.$eventId.calendar",
  "events/new": "routes/events.new",
};

/**
 * The routes whose action reads the session in the change's own D1 batch (a
 * check-off is one round trip): the dashboard's forms and the outbox.
 */
const SESSION_JOINING_ACTIONS: ReadonlySet<string> = new Set(["events/:eventId", "events/:eventId/mutations"]);

/** Whether this request runs a loader or action that joins the session to its batch (a GET of such a page, or of its data with that loader; a POST to such an action). */
function joinsSession(request: Request, pattern: string) {
  if (request.method === "POST") return SESSION_JOINING_ACTIONS.has(pattern);
  const routeId = SESSION_JOINING[pattern];
  if (!routeId || request.method !== "GET") return false;
  const routes = new URL(request.url).searchParams.get("_routes");
  return routes === null || routes.split(",").includes(routeId);
}

/**
 * Reads the session once per request and hands the viewer to every loader and action.
 * A GET (a page or its data) may render the header, so its notifications come in the
 * same D1 round trip; an action needs none. On a page that joins the session to its own
 * batch (SESSION_JOINING) the session's statements are left to that batch: the viewer is
 * set when it settles, and the root loader waits for it.
 */
const sessionMiddleware: Route.MiddlewareFunction = async ({ request, context, pattern }, next) => {
  const db = getDb(context.get(cloudflareContext).env);
  const session = await requestSession(db, request, { withNotifications: request.method === "GET" });
  const joined = session !== null && joinsSession(request, pattern);
  if (joined) leaveSessionToBatch(context, session);
  else setSession(context, session && (await readSessionAlone(db, session)));
  const response = await next();
  // Settled by the route's batch by now (read on its own if the route never got there).
  if (joined) await settleLeftSession(context, db);
  const read = await context.get(sessionReadContext).catch(() => null);
  if (read?.setCookie) response.headers.append("Set-Cookie", read.setCookie);
  // Whatever is answered to a signed-in request (a page, its `.data`,
  // a redirect) is that person's, so no shared or back-forward cache keeps it. A
  // capability page's own `no-store` is as strict and stays as it is.
  if (read?.viewer && !/no-store/i.test(response.headers.get("Cache-Control") ?? "")) {
    response.headers.set("Cache-Control", "private, no-store");
  }
  if (bringsToast(request)) response.headers.set(ONCE_HEADER, "toast");
  return response;
};

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

export const shouldRevalidate = revalidateUnlessViewChange;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  // On a page that reads the session in its own batch, the viewer is known once that batch is back.
  await context.get(sessionReadContext);
  const viewer = context.get(viewerContext);
  // Only a page rendered in answer to a form post without JavaScript lacks them.
  const notifications = viewer
    ? (context.get(headerNotificationsContext) ?? (await loadHeaderNotifications(getDb(env), viewer.userId)))
    : null;
  const { toast, flash, headers } = await getToast(env, request);
  // The key creating forms carry (IdempotencyField): new with every load, so a second
  // submit of the same form is recognised, and a form after a save is a new one.
  const formKey = randomToken(18);
  // The native shell's purchase store (decision 013 (in-app purchases)): RevenueCat's public SDK
  // keys (configuration, not secrets) and the app user id it is configured with, ours.
  const store: { REVENUECAT_IOS_KEY?: string; REVENUECAT_ANDROID_KEY?: string } = env;
  const nativePurchases: NativePurchasesConfig = {
    keys: { ios: store.REVENUECAT_IOS_KEY ?? "", android: store.REVENUECAT_ANDROID_KEY ?? "" },
    userId: viewer?.userId ?? null,
  };
  const hourCycle = hourCycleForRequest(viewer?.timeFormat ?? "auto", request);
  const theme = await readTheme(request);
  return data({ toast, flash, notifications, formKey, nativePurchases, hourCycle, theme } satisfies RootData, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const theme = useRootData()?.theme ?? "auto";
  return (
    <html lang="en" className={theme === "auto" ? undefined : theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#6d28d9" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <Meta />
        {/* Stylesheets and module preloads need no nonce under our CSP ('self'); an
            empty one keeps server and client markup equal (browsers hide only the
            nonce of scripts, so a real one here would differ after hydration). */}
        <Links nonce="" />
      </head>
      <body className="flex min-h-dvh flex-col">
        <div className="app-splash fixed inset-0 z-[100] flex-col items-center justify-center gap-4 bg-white" aria-hidden="true">
          <AppLogo className="size-20" />
          <p className="text-xl font-semibold text-slate-900">Event Flow</p>
        </div>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

// The 404 page's own part loads only where it shows (the server renders it at once).
const NotFound = lazy(() => importRetrying(() => import("~/components/not-found")).then((module) => ({ default: module.NotFound })));
// A deleted event's page (decision 017), likewise only where it shows.
const EventDeleted = lazy(() => importRetrying(() => import("~/modules/event/components/event-deleted")).then((module) => ({ default: module.EventDeleted })));
// Inside the native shell only (decision 013): a browser does not load this code.
const NativeStart = lazy(() => importRetrying(() => import("~/modules/native/use-native-start")).then((module) => ({ default: module.NativeStart })));

export default function App({ loaderData }: Route.ComponentProps) {
  const native = useNativePlatform();
  return (
    <>
      <Suspense fallback={null}>{native ? <NativeStart config={loaderData.nativePurchases} /> : null}</Suspense>
      <Outlet />
      <Toaster serverToast={loaderData.toast} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    );
  if (isRouteErrorResponse(error) && error.status === EVENT_DELETED_STATUS)
    return (
      <Suspense fallback={null}>
        <EventDeleted />
      </Suspense>
    );

  let title = "Something went wrong";
  let detail = "An unexpected error occurred. Please try again.";
  if (isRouteErrorResponse(error)) {
    title = `${error.status} ${error.statusText || "Error"}`;
    if (typeof error.data === "string" && error.data) detail = error.data;
  } else if (import.meta.env.DEV && error instanceof Error) {
    detail = error.message;
  }
  return (
    <>
      <AppHeader />
      <main className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-600">{detail}</p>
        <ButtonLink to="/" className="mt-8">
          Return to Home
        </ButtonLink>
      </main>
      <Toaster serverToast={rootData?.toast ?? null} />
    </>
  );
}
