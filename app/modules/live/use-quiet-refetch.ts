import { useCallback, useContext, useEffect, useRef } from "react";
import { UNSAFE_DataRouterContext, type Navigation } from "react-router";

type DataRouter = NonNullable<React.ContextType<typeof UNSAFE_DataRouterContext>>["router"];

/**
 * Refetches the page's data after a live signal, but never by interrupting a page load:
 * while one is under way it waits until it has settled, then refetches once.
 *
 * Why (decision 006): an action that changes the team or deletes the event publishes to
 * the room and answers with a redirect whose toast rides in a cookie the root loader reads
 * and clears. When the room's signal reached the page while that redirect was loading (a
 * busy phone, a loaded machine), React Router's revalidate() aborted the load and
 * started another; the aborted request had already cleared the cookie on the server, so
 * the new one found no toast and 'Team member removed' was never shown.
 *
 * The router's own state decides, not the rendered `useNavigation()`: the router renders
 * its changes as transitions, so the page may still show "submitting" while the redirect
 * already loads. React Router exports its router's context only as UNSAFE_; it is the one
 * way to read the state a `revalidate()` acts on.
 *
 * A submission and the reload of its own page's loaders (no redirect) are joined at once
 * instead, as before: React Router then reruns the loaders after the action and keeps
 * the action's data (a form's errors and toast), which a later refetch would drop.
 */
export function useQuietRefetch(): () => void {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const stopWaiting = useRef<(() => void) | null>(null);
  useEffect(
    () => () => {
      stopWaiting.current?.();
      stopWaiting.current = null;
    },
    [],
  );

  return useCallback(() => {
    if (!router || stopWaiting.current) return;
    if (!mustWait(router.state.navigation)) return refetch(router);
    const { pathname } = router.state.location;
    const unsubscribe = router.subscribe((state) => {
      if (mustWait(state.navigation)) return;
      unsubscribe();
      stopWaiting.current = null;
      // A load that left this page brought the next page's data fresh already. Out of
      // the router's own update, which is still telling its subscribers.
      if (state.location.pathname === pathname) queueMicrotask(() => refetch(router));
    });
    stopWaiting.current = unsubscribe;
  }, [router]);
}

function mustWait(navigation: Navigation) {
  return navigation.state === "loading" && !isActionReload(navigation);
}

/** React Router's own test for loaders rerun after an action on the same page (not a redirect's). */
function isActionReload(navigation: Navigation) {
  const method = navigation.formMethod?.toUpperCase();
  const redirected = (navigation.location?.state as { _isRedirect?: boolean } | null)?._isRedirect === true;
  return method !== undefined && method !== "GET" && !redirected;
}

/**
 * A navigation that starts during the refetch aborts it (its promise rejects with an
 * AbortError); the navigation loads fresh data anyway, so that rejection is dropped.
 */
function refetch(router: DataRouter) {
  router.revalidate().catch((error: unknown) => {
    if (!(error instanceof Error && (error.name === "AbortError" || /aborted/i.test(error.message)))) throw error;
  });
}
