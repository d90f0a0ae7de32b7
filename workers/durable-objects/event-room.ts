import { DurableObject } from "cloudflare:workers";
import { z } from "zod";

/**
 * Who a connection belongs to. The Worker sets this header after it has checked the
 * viewer's access to the event (the one authorization function); the Durable Object
 * is reachable only through the Worker's binding, never from the internet.
 */
export const ROOM_VIEWER_HEADER = "X-Event-Flow-Viewer";
export const RoomViewerSchema = z.discriminatedUnion("role", [
  z.object({ role: z.enum(["lead", "team"]), userId: z.string().min(1) }),
  z.object({ role: z.literal("client"), clientAccessId: z.string().min(1) }),
]);
export type RoomViewer = z.infer<typeof RoomViewerSchema>;

/**
 * One instance per event (idFromName(eventId)): the event's live room. Connections
 * use the hibernation API, so an idle room costs nothing; "ping" is answered by the
 * runtime without waking the object. Broadcasting changes arrives with the live-rooms
 * issue.
 */
export class EventRoom extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const viewer = parseViewer(request.headers.get(ROOM_VIEWER_HEADER));
    if (!viewer) return new Response("Forbidden", { status: 403 });

    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [`role:${viewer.role}`]);
    server.serializeAttachment(viewer);
    server.send(JSON.stringify({ type: "welcome", role: viewer.role }));
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // The room's message set arrives with the live-rooms issue; until then every
    // message other than the auto-answered "ping" is refused, clearly.
    const size = typeof message === "string" ? message.length : message.byteLength;
    ws.send(JSON.stringify({ type: "error", message: size > 16_384 ? "Message too large" : "Unsupported message" }));
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    ws.close(code, reason);
  }

  /** RPC: how many devices are connected, optionally of one role. */
  async connectionCount(role?: RoomViewer["role"]): Promise<number> {
    return this.ctx.getWebSockets(role ? `role:${role}` : undefined).length;
  }
}

function parseViewer(header: string | null): RoomViewer | null {
  if (!header) return null;
  try {
    const parsed = RoomViewerSchema.safeParse(JSON.parse(header));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
