import { useEffect } from "react";
import { useLocation } from "react-router";
import { countAll, deleteOutbox } from "./outbox";
import { signOutWithWaiting } from "./messages";
import { closeDialogHref } from "~/modules/event/dialog-href";

// The event pages this device keeps for offline reading (issue 17 item 2, decision 010
// 'Offline reading'). The service worker (public/sw.js) keeps them; the page only asks
// it to keep one it did not see load, reads whether it was served from the device, and
// forgets them all on sign out. Client-only.

/** The service worker's cache of kept pages (public/sw.js PAGE_CACHE). */
export const PAGE_CACHE = "event-flow-pages-v1";

/**
 * Asks the service worker to keep this page, once per page opened: it has a copy when
 * the document came through it; otherwise (the first visit, before it ran, or a page
 * reached by a link inside the app) it fetches one, with the hashed assets it names,
 * or a fresher one than it has (the worker compares `syncedAt` with its copy's age).
 */
export function useKeepPageOffline(syncedAt: string) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    // Kept under its tab, not with a dialog left open.
    const url = closeDialogHref(pathname, new URLSearchParams(window.location.search));
    void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: "keep-page", url, syncedAt }));
    // Once per page: a revalidation's newer data is not a reason to fetch the page again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}

/**
 * Whether this document was the device's kept copy (the worker marks what it serves
 * with a Server-Timing entry "offline"): the network failed or stayed silent.
 */
export function servedFromDevice() {
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return entry?.serverTiming?.some((timing) => timing.name === "offline") ?? false;
}

/**
 * Forgets what this device kept of the user's events: on sign out, with JavaScript
 * (the sign-out form), before the request leaves. The worker is told too, so a copy it
 * is fetching at that moment is not kept; without JavaScript the worker sees the
 * sign-out post go by and forgets as well, and the answer sends Clear-Site-Data.
 * Issue 17 item 3: the outbox too (the changes still waiting to sync; outbox.ts).
 */
export async function forgetThisDevice() {
  const work: Promise<unknown>[] = [];
  if ("serviceWorker" in navigator) {
    work.push(navigator.serviceWorker.getRegistration().then((registration) => registration?.active?.postMessage({ type: "forget" })));
  }
  if ("caches" in window) work.push(caches.delete(PAGE_CACHE));
  work.push(deleteOutbox());
  await Promise.allSettled(work);
}

/**
 * Whether to sign out (sign-out.ts): at once when no change made here waits to sync,
 * otherwise when the user says so (signing out deletes them; nothing a user saved is
 * lost without their say).
 */
export async function confirmSignOut() {
  const waiting = await countAll();
  return waiting === 0 || window.confirm(signOutWithWaiting(waiting));
}
