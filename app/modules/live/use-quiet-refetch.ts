import { useCallback, useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";

/**
 * Refetches the page's data after a live signal, but never in the middle of a
 * navigation: it waits until the navigation has settled, then refetches once.
 *
 * Why (issue 14 item 13): an action that changes the team publishes to the room and
 * answers with a redirect whose toast rides in a cookie the root loader reads and
 * clears. When the room's signal reaches the page while that redirect is loading (a
 * busy phone, a loaded machine), React Router's revalidate() aborts the load and starts
 * another; the aborted request had already cleared the cookie on the server, so the new
 * one found no toast and 'Team member removed' was never shown. Loads already under way
 * read after the change was committed, so waiting for them loses nothing.
 */
export function useQuietRefetch(): () => void {
  const { revalidate } = useRevalidator();
  const navigating = useNavigation().state !== "idle";
  const latest = useRef({ revalidate, navigating });
  latest.current = { revalidate, navigating };
  const pending = useRef(false);

  useEffect(() => {
    if (navigating || !pending.current) return;
    pending.current = false;
    refetch(revalidate);
  }, [navigating, revalidate]);

  return useCallback(() => {
    if (latest.current.navigating) pending.current = true;
    else refetch(latest.current.revalidate);
  }, []);
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
