import { createContext } from "react-router";
import type { HeaderNotifications } from "~/modules/notifications/header";
import type { SessionJoin, Viewer } from "~/modules/account/session.server";

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
 * The session read left to the route's own D1 batch, on a request
 * whose route joins it (root.tsx, SESSION_JOINING); null otherwise, or once settled
 * (viewerContext then holds the viewer).
 */
export const sessionJoinContext = createContext<SessionJoin | null>(null);
