import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * Switching a tab, a filter or opening a dialog only changes the query string: the
 * page already has everything, so nothing is fetched (instant on a phone with bad
 * signal). Closing a dialog (after a save or a cancel), actions, reloads and other
 * pages revalidate as usual; a 404 from an action (a row deleted meanwhile) refreshes
 * the lists too.
 */
export function revalidateUnlessViewChange(args: ShouldRevalidateFunctionArgs) {
  const { currentUrl, nextUrl, formMethod, actionStatus, defaultShouldRevalidate } = args;
  if (closingAfterQueue && closingAfterQueue.until > Date.now() && `${nextUrl.pathname}${nextUrl.search}` === closingAfterQueue.href) return false;
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate || actionStatus === 404;
  if (currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search) return defaultShouldRevalidate;
  const closesDialog = currentUrl.searchParams.has("dialog") && !nextUrl.searchParams.has("dialog");
  return closesDialog && defaultShouldRevalidate;
}

let closingAfterQueue: { href: string; until: number } | null = null;

/**
 * The navigation about to close a dialog (to `href`) follows a change that went to the
 * page's outbox (decision 010): no loader (the page's, the root's) is run for it. The
 * outbox shows the change and its answer joins the page's data; a refetch would add
 * nothing, and without signal it would fail the page.
 */
export function closeWithoutRefetch(href: string) {
  const url = new URL(href, window.location.href);
  closingAfterQueue = { href: `${url.pathname}${url.search}`, until: Date.now() + 1_000 };
}
