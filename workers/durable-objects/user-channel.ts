import { DurableObject } from "cloudflare:workers";
import { USER_CHANNEL_LOG_SIZE, type UserServerMessage } from "../../app/modules/live/protocol";
import { readMessage, UserHelloSchema } from "../../app/modules/live/protocol.schema";
import type { HeaderNotification } from "../../app/modules/notifications/header";
import { roomOf } from "../../app/modules/live/room.server";
import { ACCESS_ENDED } from "../../app/modules/live/access-ended";
import { CHANNEL_VIEWER_HEADER, ChannelViewerSchema, SOCKETS_PER_SESSION } from "../../app/modules/live/room-contract";
import { completeClose, openSockets } from "./event-room";

type Attachment = { hello: boolean };
const LOG_KEY = "recent";
/** The event rooms where the user opened a socket (decision 006): where ending a session must reach. */
const ROOMS_KEY = "rooms";

/**
 * One instance per user (idFromName(userId)): the live channel of the user's
 * notifications (decision 006). Every notification written for the user is sent
 * to each open tab; the last USER_CHANNEL_LOG_SIZE are kept so a tab that connects
 * after its page was read gets what arrived meanwhile (it says hello with the time
 * its list was read and skips what it already has). A tab that lost its socket
 * refetches its page data on reconnect, so nothing is missed either way.
 * Hibernation API: "ping" is answered by the runtime.
 */
export class UserChannel extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 426 });
    const viewer = readMessage(ChannelViewerSchema, request.headers.get(CHANNEL_VIEWER_HEADER));
    if (!viewer) return new Response("Forbidden", { status: 403 });
    // As in an event room, a session's sockets are capped; older ones stay.
    if (openSockets(this.ctx, `session:${viewer.sessionHash}`).length >= SOCKETS_PER_SESSION) return new Response("Too many connections", { status: 429 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [`session:${viewer.sessionHash}`]);
    server.serializeAttachment({ hello: false } satisfies Attachment);
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if ((typeof message === "string" ? message.length : message.byteLength) > 1024) return send(ws, { type: "error", message: "Message too large" });
    const hello = readMessage(UserHelloSchema, message);
    if (!hello) return send(ws, { type: "error", message: "Unsupported message" });
    // Storage calls hold the input gate: a notify() cannot slip between this read and 'ready'.
    const recent = await this.recent();
    const missed = recent.filter((item) => item.createdAt > hello.since);
    if (missed.length > 0) send(ws, { type: "notifications", items: missed });
    ws.serializeAttachment({ hello: true } satisfies Attachment);
    send(ws, { type: "ready" });
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    completeClose(ws, code, reason);
  }

  private async recent() {
    return (await this.ctx.storage.get<HeaderNotification[]>(LOG_KEY)) ?? [];
  }

  /** RPC: notifications just written for this user (oldest first). */
  async notify(items: HeaderNotification[]): Promise<number> {
    const recent = [...(await this.recent()), ...items].slice(-USER_CHANNEL_LOG_SIZE);
    await this.ctx.storage.put(LOG_KEY, recent);
    let sent = 0;
    for (const ws of this.ctx.getWebSockets()) {
      if ((ws.deserializeAttachment() as Attachment | null)?.hello) {
        send(ws, { type: "notifications", items });
        sent++;
      }
    }
    return sent;
  }

  /**
   * RPC: the Worker admitted one of the user's sockets to this event's room (told in
   * parallel with the room's handshake). Kept so that ending a session reaches every
   * room where it may hold a socket, and only those, not every event the user can see.
   */
  async joinedRoom(eventId: string): Promise<void> {
    // When the room was last joined: endSessions forgets only rooms joined before it began.
    await this.ctx.storage.put(ROOMS_KEY, { ...(await this.rooms()), [eventId]: Date.now() });
  }

  /** The rooms joined, each with when it was last joined (ms). */
  private async rooms(): Promise<Record<string, number>> {
    return (await this.ctx.storage.get<Record<string, number>>(ROOMS_KEY)) ?? {};
  }

  /**
   * RPC: sessions of this user ended (sign-out, password change or reset, 'sign out of
   * all other devices'): closes their sockets here and in every room they joined,
   * hello said or not. A room where the user has no socket left is forgotten. Throws if
   * a room could not be reached (that room is kept): the caller retries (idempotent).
   */
  async endSessions(userId: string, sessionHashes: string[]): Promise<void> {
    for (const hash of sessionHashes) for (const ws of this.ctx.getWebSockets(`session:${hash}`)) ws.close(ACCESS_ENDED, "Signed out");
    const started = Date.now();
    const rooms = Object.keys(await this.rooms());
    const results = await Promise.allSettled(rooms.map((eventId) => roomOf(this.env, eventId).endSessions(userId, sessionHashes)));
    const empty = rooms.filter((_, i) => results[i]!.status === "fulfilled" && (results[i] as PromiseFulfilledResult<number>).value === 0);
    if (empty.length > 0) {
      // Re-read: a room joined while the rooms were asked (its socket may be new) stays.
      const latest = await this.rooms();
      for (const eventId of empty) if ((latest[eventId] ?? started) < started) delete latest[eventId];
      await this.ctx.storage.put(ROOMS_KEY, latest);
    }
    const failed = results.filter((r) => r.status === "rejected").length;
    if (failed > 0) throw new Error(`Could not close the sockets of ended sessions in ${failed} room(s)`);
  }

  /**
   * RPC: the user's account was deleted. Their sessions' sockets close here and in every
   * room they joined, any socket left here closes, and the channel keeps nothing.
   */
  async forget(userId: string, sessionHashes: string[]): Promise<void> {
    await this.endSessions(userId, sessionHashes);
    for (const ws of this.ctx.getWebSockets()) ws.close(ACCESS_ENDED, "Account deleted");
    await this.ctx.storage.deleteAll();
  }

  /** RPC: how many tabs are connected. */
  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }
}

function send(ws: WebSocket, message: UserServerMessage) {
  try {
    ws.send(JSON.stringify(message));
  } catch {
    // Closed meanwhile: the tab refetches on reconnect.
  }
}
