import type { RouterContextProvider } from "react-router";
import { headerNotificationsContext, sessionInBatchContext, sessionReadContext, viewerContext } from "~/context";
import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { requireViewer } from "~/utils/auth.server";
import { batchNamed, type Db, type NamedResults } from "~/utils/db.server";
import { readSessionAlone, type SessionInBatch, sessionFromBatch, type SessionRead } from "./session.server";

// A page load or a check-off is one D1 round trip (docs/architecture.md#the-session): on
// the routes that ask for it (root.tsx, SESSION_JOINING), the root middleware reads the
// session cookie but leaves the session's statements to the route's first batch. The
// route's loader or action takes them (takeSessionForBatch), adds them to its batch with
// the viewer's id as SQL, and settles the viewer from the results (settleSession). The
// services that build that batch take a plain user id (`string | SQL<string>`) and never
// see the session.

type Context = Readonly<RouterContextProvider>;
type Settler = { resolve: (read: SessionRead | null) => void; reject: (error: unknown) => void };

/** How each session left to a batch settles the promise the root loader and the middleware await. */
const settlers = new WeakMap<SessionInBatch, Settler>();

/** The session as read: the viewer and the header's notifications for every loader and action. */
export function setSession(context: Context, read: SessionRead | null) {
  context.set(viewerContext, read?.viewer ?? null);
  context.set(headerNotificationsContext, read?.notifications ?? null);
  context.set(sessionReadContext, Promise.resolve(read));
}

/** The root middleware leaves the session to the route's first batch; sessionReadContext settles with it. */
export function leaveSessionToBatch(context: Context, session: SessionInBatch) {
  const read = new Promise<SessionRead | null>((resolve, reject) => settlers.set(session, { resolve, reject }));
  // The middleware awaits it too; a rejection is reported there, not as unhandled.
  read.catch(() => undefined);
  context.set(sessionInBatchContext, session);
  context.set(sessionReadContext, read);
}

/** Sessions a batch took: later callers read the settled viewer instead. */
const taken = new WeakSet<SessionInBatch>();

/**
 * The session's statements and the viewer's id as SQL, for the route's batch; null when the
 * session was read already (viewerContext holds the viewer) or there is none. Taken once:
 * whoever takes it settles it (settleSession, or sessionBatchFailed); one the route leaves
 * unsettled (an error between) is read on its own by the middleware (settleLeftSession).
 */
export function takeSessionForBatch(context: Context): SessionInBatch | null {
  const session = context.get(sessionInBatchContext);
  if (!session || taken.has(session) || !settlers.has(session)) return null;
  taken.add(session);
  return session;
}

/**
 * Settles the viewer from the results of the batch that carried the session's statements;
 * without results (the route answers before any batch ran) they are read on their own.
 * Returns the viewer (null: signed out, or the session expired or was revoked).
 */
export async function settleSession(context: Context, db: Db, session: SessionInBatch, results?: object) {
  const settler = settlers.get(session);
  settlers.delete(session);
  let read: SessionRead | null;
  try {
    read = results ? sessionFromBatch(session, results) : await readSessionAlone(db, session);
  } catch (error) {
    settler?.reject(error);
    throw error;
  }
  context.set(viewerContext, read?.viewer ?? null);
  context.set(headerNotificationsContext, read?.notifications ?? null);
  settler?.resolve(read);
  return read?.viewer ?? null;
}

/** The batch that carried the session's statements failed: nothing was read, and the request answers with the error. */
export function sessionBatchFailed(session: SessionInBatch, error: unknown) {
  settlers.get(session)?.reject(error);
  settlers.delete(session);
}

/**
 * The viewer, once known: a session still left to a batch is read on its own (a route
 * that answers, or reads the viewer, before its batch).
 */
export async function settledViewer(context: Context, db: Db) {
  const session = takeSessionForBatch(context);
  return session ? settleSession(context, db, session) : context.get(viewerContext);
}

/**
 * The root middleware, once the route answered: a session that no batch settled (the
 * route answered before its batch, or failed between taking and settling it) is read on
 * its own, so the session as read (its refreshed cookie) is always known.
 */
export async function settleLeftSession(context: Context, db: Db) {
  const session = context.get(sessionInBatchContext);
  if (session && settlers.has(session)) await settleSession(context, db, session).catch(() => null);
}

/**
 * A signed-in page's own reads with the session's statements in one batch, where the route
 * joins it (SESSION_JOINING), else after the session was read: the viewer (signed out: to
 * sign in, as requireViewer) and the reads' results. `reads` names the viewer by id as SQL
 * or as a string, so the same queries serve both.
 */
export async function viewerWithReads<R extends Record<string, BatchItem<"sqlite">>>(
  context: Context,
  request: Request,
  db: Db,
  reads: (userId: string | SQL<string>) => R,
) {
  const session = takeSessionForBatch(context);
  if (!session) {
    const viewer = requireViewer(context, request);
    return { viewer, results: await batchNamed(db, reads(viewer.userId)) };
  }
  let results;
  try {
    results = await batchNamed(db, { ...session.statements, ...reads(session.userId) });
  } catch (error) {
    sessionBatchFailed(session, error);
    throw error;
  }
  await settleSession(context, db, session, results);
  return { viewer: requireViewer(context, request), results: results as NamedResults<R> };
}
