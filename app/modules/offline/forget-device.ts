import { countAll, deleteOutbox } from "./outbox";
import { PAGE_CACHE } from "./page-cache";

// Signing out forgets what this device keeps (decision 010): loaded when a
// sign-out button is pressed (sign-out.ts), not with a page (decision 014). Client-only.

/**
 * Forgets what this device kept of the user's events: on sign out, with JavaScript
 * (the sign-out form), before the request leaves. The worker is told too, so a copy it
 * is fetching at that moment is not kept; without JavaScript the worker sees the
 * sign-out post go by and forgets as well, and the answer sends Clear-Site-Data.
 * The outbox too (the changes still waiting to sync; outbox.ts).
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

/** Signing out with changes still waiting: they would be deleted with what this device keeps. */
export function signOutWithWaiting(count: number) {
  const what = count === 1 ? "1 change" : `${count} changes`;
  return `${what} made on this device ${count === 1 ? "is" : "are"} still waiting to sync. Signing out now deletes ${count === 1 ? "it" : "them"}. Sign out anyway?`;
}
