/** A device's connection to a live endpoint, as the socket and the pages that show it see it. */
export type LiveStatus = "connecting" | "live" | "reconnecting" | "offline";
