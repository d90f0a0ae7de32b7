import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import { readMessage, USER_CHANNEL_LOG_SIZE, UserHelloSchema, type UserServerMessage } from "../../app/modules/live/protocol";
import type { HeaderNotification } from "../../app/modules/notifications/header";
import { ACCESS_ENDED, completeClose } from "./event-room";

/** Set by the Worker after it has checked the session (see upgrade.server.ts). */
export const CHANNEL_VIEWER_HEADER = "X-Event-Flow-Channel";
const ChannelViewerSchema = z.object({ userId: z.string().min(1), sessionHash: z.string().min(1) });
export type ChannelViewer = z.infer<typeof ChannelViewerSchema>;

type Attachment = { hello: boolean };
const LOG_KEY = "recent";

/**
 * One instance per user (idFromName(userId)): the live channel of the user's
 * notifications (issue 7 item 5). Every notification written for the user is sent
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

  /** RPC: closes the sockets of a session that signed out. */
  async revoke(sessionHash: string): Promise<number> {
    const sockets = this.ctx.getWebSockets(`session:${sessionHash}`);
    for (const ws of sockets) ws.close(ACCESS_ENDED, "Signed out");
    return sockets.length;
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
