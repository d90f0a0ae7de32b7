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
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate || actionStatus === 404;
  if (currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search) return defaultShouldRevalidate;
  const closesDialog = currentUrl.searchParams.has("dialog") && !nextUrl.searchParams.has("dialog");
  return closesDialog && defaultShouldRevalidate;
}
