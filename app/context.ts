import { createContext } from "react-router";
import type { HeaderNotifications } from "~/modules/notifications/header";
import type { SessionInBatch, SessionRead, Viewer } from "~/modules/account/session.server";

// The one way request context reaches loaders, actions and middleware
// (docs/conventions.md#5-request-context-through-typed-keys): typed keys on React Router's RouterContextProvider.
export type CloudflareContext = { env: Env; ctx: ExecutionContext };
export const cloudflareContext = createContext<CloudflareContext>();

/** Per-request CSP nonce for the inline scripts React Router renders. */
export const nonceContext = createContext<string>("");

/** The signed-in viewer of this request (null for a visitor), set by the root middleware. */
export const viewerContext = createContext<Viewer | null>(null);

/**
 * The header's notifications, read by the root middleware in the session's own D1
 * batch on GET requests; null for a visitor and for other methods.
 */
export const headerNotificationsContext = createContext<HeaderNotifications | null>(null);

/**
 * The session left to the route's first D1 batch (root.tsx, SESSION_JOINING): its
 * statements and the viewer's id as SQL, plain data the route's loader or action takes
 * (account/session-batch.server.ts); null when the middleware read the session already,
 * or once a batch took it.
 */
export const sessionInBatchContext = createContext<SessionInBatch | null>(null);

/** The session as read, once known: on a route whose batch reads it, the root loader and the middleware wait for that batch. */
export const sessionReadContext = createContext<Promise<SessionRead | null>>(Promise.resolve(null));
