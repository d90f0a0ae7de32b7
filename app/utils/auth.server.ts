import { redirect, type RouterContextProvider } from "react-router";
import { cloudflareContext, viewerContext } from "~/context";
import { getDb } from "./db.server";

// The viewer's type is viewerContext's: the account module defines it, and utils import no module.
export function getViewer(context: Readonly<RouterContextProvider>) {
  return context.get(viewerContext);
}

/** The signed-in viewer, or a redirect to /auth that comes back here afterwards. */
export function requireViewer(context: Readonly<RouterContextProvider>, request: Request) {
  const viewer = getViewer(context);
  if (viewer) return viewer;
  const url = new URL(request.url);
  throw redirect(`/auth?returnTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}

export function dbFrom(context: Readonly<RouterContextProvider>) {
  return getDb(context.get(cloudflareContext).env);
}
