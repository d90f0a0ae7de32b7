import { createContext } from "react-router";

// The one way request context reaches loaders, actions and middleware
// (conventions.md habit 5): typed keys on React Router's RouterContextProvider.
export type CloudflareContext = { env: Env; ctx: ExecutionContext };
export const cloudflareContext = createContext<CloudflareContext>();

/** Per-request CSP nonce for the inline scripts React Router renders. */
export const nonceContext = createContext<string>("");
