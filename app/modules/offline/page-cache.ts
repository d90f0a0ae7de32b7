import { useEffect } from "react";
import { useLocation } from "react-router";
import { closeDialogHref } from "~/modules/event/dialog-href";

// The event pages this device keeps for offline reading (decision 010
// 'Offline reading'). The service worker (public/sw.js) keeps them; the page only asks
// it to keep one it did not see load, reads whether it was served from the device, and
// forgets them all on sign out (forget-device.ts). Client-only.

export { PAGE_CACHE } from "./page-cache-name";

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
