import { useCallback, useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";

/**
 * Refetches the page's data after a live signal, but never by interrupting a page load:
 * while one is under way it waits until it has settled, then refetches once.
 *
 * Why (decision 006): an action that changes the team publishes to the room and
 * answers with a redirect whose toast rides in a cookie the root loader reads and
 * clears. When the room's signal reached the page while that redirect was loading (a
 * busy phone, a loaded machine), React Router's revalidate() aborted the load and
 * started another; the aborted request had already cleared the cookie on the server, so
 * the new one found no toast and 'Team member removed' was never shown.
 *
 * A submission and the reload of its own page's loaders (no redirect) are joined at once
 * instead, as before: React Router then reruns the loaders after the action and keeps
 * the action's data (a form's errors and toast), which a later refetch would drop.
 */
export function useQuietRefetch(): () => void {
  const { revalidate } = useRevalidator();
  const navigation = useNavigation();
  const mustWait = navigation.state === "loading" && !isActionReload(navigation);
  const latest = useRef({ revalidate, mustWait });
  latest.current = { revalidate, mustWait };
  const pending = useRef(false);

  useEffect(() => {
    if (mustWait || !pending.current) return;
    pending.current = false;
    refetch(revalidate);
  }, [mustWait, revalidate]);

  return useCallback(() => {
    if (latest.current.mustWait) pending.current = true;
    else refetch(latest.current.revalidate);
  }, []);
}

/** React Router's own test for loaders rerun after an action on the same page (not a redirect's). */
function isActionReload(navigation: ReturnType<typeof useNavigation>) {
  const method = navigation.formMethod?.toUpperCase();
  const redirected = (navigation.location?.state as { _isRedirect?: boolean } | null)?._isRedirect === true;
  return method !== undefined && method !== "GET" && !redirected;
}

/**
 * A navigation that starts during the refetch aborts it (its promise rejects with an
 * AbortError); the navigation loads fresh data anyway, so that rejection is dropped.
 */
function refetch(revalidate: () => Promise<void>) {
  revalidate().catch((error: unknown) => {
    if (!(error instanceof Error && (error.name === "AbortError" || /aborted/i.test(error.message)))) throw error;
  });
}
