import { z } from "zod";

// The contract between the Worker and the live Durable Objects (the event room, the
// user's notification channel): the headers the Worker sets after it has checked access,
// what it may revoke and the sockets' caps. It lives here, in the app, so
// that both sides import it and workers/ stays the only layer that imports the other.
// The sockets' close code, which the browser reads too, is in access-ended.ts (no zod
// on a page's first load).

/**
 * Who a connection belongs to. The Worker sets this header after it has checked the
 * viewer's access to the event (the one authorization function); the Durable Object
 * is reachable only through the Worker's binding, never from the internet.
 */
export const ROOM_VIEWER_HEADER = "X-Event-Flow-Viewer";
export const RoomViewerSchema = z.discriminatedUnion("role", [
  z.object({
    role: z.enum(["lead", "team"]),
    userId: z.string().min(1),
    /** The session it was opened under: ending the session closes it. */
    sessionHash: z.string().min(1),
    /** When the viewer's access began (ms; 0 for the lead): nothing older is replayed. */
    accessStart: z.number().int().min(0).default(0),
  }),
  z.object({
    role: z.literal("client"),
    clientAccessId: z.string().min(1),
    /** The link's creation (ms): nothing older is replayed. */
    accessStart: z.number().int().min(0),
    /** The link's expiry (ms): the room closes the socket then, even if nobody acts. */
    expiresAt: z.number().int().min(0),
  }),
]);
export type RoomViewer = z.infer<typeof RoomViewerSchema>;

/** Who to disconnect: a user, a client link, or everyone (the event was deleted). */
export type Revocation = { userId: string } | { clientAccessId: string } | { everyone: true };

/**
 * The sockets one session may hold in one room, and one client link.
 * Over it a new handshake is refused (429); older sockets are never closed for it (a
 * tab stuck reconnecting would otherwise knock the others out, and they it).
 */
export const SOCKETS_PER_SESSION = 10;
export const SOCKETS_PER_CLIENT_LINK = 20;

/** The event a room is for, sent by the Worker with a socket (publishes name it too): what the room asks D1 about a gap. */
export const ROOM_EVENT_HEADER = "X-Event-Flow-Event";

/** Set by the Worker after it has checked the session (see upgrade.server.ts). */
export const CHANNEL_VIEWER_HEADER = "X-Event-Flow-Channel";
export const ChannelViewerSchema = z.object({ userId: z.string().min(1), sessionHash: z.string().min(1) });
export type ChannelViewer = z.infer<typeof ChannelViewerSchema>;
