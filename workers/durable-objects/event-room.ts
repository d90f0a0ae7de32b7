import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import { type Change, ROOM_LOG_SIZE, type ServerMessage, toPortalChange } from "../../app/modules/live/protocol";
import { ClientMessageSchema, readMessage } from "../../app/modules/live/protocol.schema";

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
    /** The session it was opened under: ending the session closes it (issue 14 item 4). */
    sessionHash: z.string().min(1),
    /** When the viewer's access began (ms; 0 for the lead): nothing older is replayed (issue 14 item 2). */
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

/** Close code for a connection whose access ended (removed, revoked, deleted, signed out, expired). */
export const ACCESS_ENDED = 4003;

/**
 * Issue 14 item 11: the sockets one session may hold in one room, and one client link.
 * Over it a new handshake is refused (429); older sockets are never closed for it (a
 * tab stuck reconnecting would otherwise knock the others out, and they it).
 */
export const SOCKETS_PER_SESSION = 10;
export const SOCKETS_PER_CLIENT_LINK = 20;

type Attachment = { viewer: RoomViewer; hello: boolean };

const SEQ_KEY = "seq";
/** The publish time of the newest entry (ms), so that stamps never go backwards. */
const STAMP_KEY = "stamp";
const logKey = (seq: number) => `log:${String(seq).padStart(12, "0")}`;
/**
 * A log entry: the change and when it was published (ms). Entries stored before
 * issue 14 are bare changes, and count as published at 0.
 */
type LogEntry = { at: number; change: Change };
const readEntry = (value: LogEntry | Change | undefined): LogEntry | undefined =>
  value === undefined ? undefined : "at" in value && "change" in value ? value : { at: 0, change: value as Change };

/**
 * One instance per event (idFromName(eventId)): the event's live room (issue 7).
 * Every change committed to D1 is published here, stamped with the next number of a
 * gap-free per-event sequence kept in storage, logged (the last ROOM_LOG_SIZE), and
 * sent to every socket that has said hello. A device says hello with the last
 * sequence it applied and first gets what it missed (or 'reload' if the gap is larger
 * than the log), then 'live'. Storage operations hold the input gate, so a publish
 * never interleaves with a replay: nothing is missed or sent twice.
 *
 * Sockets use the hibernation API ("ping" is answered by the runtime), so an idle room
 * costs nothing and the sequence, being in storage, survives hibernation.
 */
export class EventRoom extends DurableObject<Env> {
  /**
   * The sockets that said hello, by what they are sent: what a publish sends to, without
   * decoding each socket's attachment (a room may hold hundreds). Memory only: after
   * hibernation it is rebuilt from the attachments, which stay the record.
   */
  private liveSockets: LiveSockets | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const viewer = readMessage(RoomViewerSchema, request.headers.get(ROOM_VIEWER_HEADER));
    if (!viewer) return new Response("Forbidden", { status: 403 });
    const [capTag, cap] = viewer.role === "client" ? [`client:${viewer.clientAccessId}`, SOCKETS_PER_CLIENT_LINK] : [`session:${viewer.sessionHash}`, SOCKETS_PER_SESSION];
    if (openSockets(this.ctx, capTag).length >= cap) return new Response("Too many connections", { status: 429 });

    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    const tags = [`role:${viewer.role}`, ...(viewer.role === "client" ? [`client:${viewer.clientAccessId}`] : [`user:${viewer.userId}`, `session:${viewer.sessionHash}`])];
    this.ctx.acceptWebSocket(server, tags);
    server.serializeAttachment({ viewer, hello: false } satisfies Attachment);
    if (viewer.role === "client") await this.armExpiry(viewer.expiresAt);
    send(server, { type: "welcome", role: viewer.role });
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const size = typeof message === "string" ? message.length : message.byteLength;
    if (size > 16_384) return send(ws, { type: "error", message: "Message too large" });
    const hello = readMessage(ClientMessageSchema, message);
    if (!hello) return send(ws, { type: "error", message: "Unsupported message" });
    await this.hello(ws, hello.since);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.forget(ws);
    completeClose(ws, code, reason);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.forget(ws);
  }

  /** Replays what the device missed since `since`, then marks it live. */
  private async hello(ws: WebSocket, since: number) {
    const attachment = ws.deserializeAttachment() as Attachment;
    const current = await this.currentSeq();
    if (since > current || current - since > ROOM_LOG_SIZE) {
      // A sequence from the future (another room's, a reset) or a gap past the log. The
      // socket stays out of the room: after refetching, the device says hello again.
      return send(ws, { type: "reload", seq: current });
    }
    if (since < current) {
      const missed = await this.ctx.storage.list<LogEntry | Change>({ start: logKey(since + 1), end: logKey(current + 1) });
      const entries = [...missed].map(([key, value]) => [Number(key.slice(4)), readEntry(value)!] as const);
      // Issue 14 item 2: a viewer is replayed only what was published after their
      // access began (a link created, a membership accepted): an older change may
      // hold what they were never shown (a note removed before the link existed).
      // Older than that, the device reads current state instead.
      if ((entries[0]?.[1].at ?? 0) < attachment.viewer.accessStart) return send(ws, { type: "reload", seq: current });
      for (const [seq, entry] of entries) send(ws, messageFor(attachment.viewer, seq, entry.change));
    }
    ws.serializeAttachment({ ...attachment, hello: true } satisfies Attachment);
    this.live()[audienceOf(attachment.viewer)].add(ws);
    send(ws, { type: "live", seq: current });
  }

  private live() {
    if (!this.liveSockets) {
      const live: LiveSockets = { team: new Set(), portal: new Set() };
      for (const ws of this.ctx.getWebSockets()) {
        const attachment = ws.deserializeAttachment() as Attachment | null;
        if (attachment?.hello) live[audienceOf(attachment.viewer)].add(ws);
      }
      this.liveSockets = live;
    }
    return this.liveSockets;
  }

  private forget(ws: WebSocket) {
    this.liveSockets?.team.delete(ws);
    this.liveSockets?.portal.delete(ws);
  }

  private async currentSeq() {
    return (await this.ctx.storage.get<number>(SEQ_KEY)) ?? 0;
  }

  /** RPC: a committed change. Returns its sequence number. */
  async publish(change: Change): Promise<number> {
    const stored = await this.ctx.storage.get<number>([SEQ_KEY, STAMP_KEY]);
    const seq = (stored.get(SEQ_KEY) ?? 0) + 1;
    // Stamps never go backwards (a clock step), so "published before" is one scan.
    const at = Math.max(stored.get(STAMP_KEY) ?? 0, Date.now());
    await this.ctx.storage.put<number | LogEntry>({ [SEQ_KEY]: seq, [STAMP_KEY]: at, [logKey(seq)]: { at, change } });
    // Issue 19 item 6: one frame per audience, encoded once, and the same string handed
    // to each of its sockets; the loop allocates nothing of its own per socket (a room
    // may hold hundreds; what is left per send is the runtime's own). Sent before the
    // log is trimmed: the frames wait for the put above (output gate), not for the
    // trim, and the input gate keeps a hello out until publish is done.
    const live = this.live();
    if (live.team.size > 0) broadcast(live.team, JSON.stringify({ type: "change", seq, change } satisfies ServerMessage));
    if (live.portal.size > 0) broadcast(live.portal, JSON.stringify(portalMessage(seq, change)));
    if (seq > ROOM_LOG_SIZE) await this.ctx.storage.delete(logKey(seq - ROOM_LOG_SIZE));
    return seq;
  }

  /** RPC: the current sequence. */
  async sequence(): Promise<number> {
    return this.currentSeq();
  }

  /**
   * RPC: the last sequence whose change was published before `instant` (ms). A page
   * asks it after its D1 reads, with an instant a little before them (issue 14 item
   * 7: no room is touched before access is checked): what was published since is
   * replayed to its socket, so nothing falls between its data and its socket (replays
   * are idempotent). Scans the log back from the newest entry, usually one step.
   */
  async sequenceAt(instant: number): Promise<number> {
    let seq = await this.currentSeq();
    while (seq > 0) {
      const page = await this.ctx.storage.list<LogEntry | Change>({ start: logKey(Math.max(1, seq - 63)), end: logKey(seq + 1), reverse: true });
      if (page.size === 0) return seq;
      for (const [key, value] of page) {
        if (readEntry(value)!.at < instant) return Number(key.slice(4));
        seq = Number(key.slice(4)) - 1;
      }
    }
    return seq;
  }

  /** RPC: closes the sockets whose access ended; returns how many. */
  async revoke(who: Revocation): Promise<number> {
    const tag = "userId" in who ? `user:${who.userId}` : "clientAccessId" in who ? `client:${who.clientAccessId}` : undefined;
    const sockets = this.ctx.getWebSockets(tag);
    for (const ws of sockets) {
      ws.close(ACCESS_ENDED, "Access ended");
      this.forget(ws);
    }
    return sockets.length;
  }

  /**
   * RPC: closes the sockets opened under sessions that ended (sign-out, password
   * change or reset, 'sign out of all other devices'), hello said or not. Returns how
   * many sockets of the user are left, so the user's channel can forget this room.
   */
  async endSessions(userId: string, sessionHashes: string[]): Promise<number> {
    for (const hash of sessionHashes) {
      for (const ws of this.ctx.getWebSockets(`session:${hash}`)) {
        ws.close(ACCESS_ENDED, "Signed out");
        this.forget(ws);
      }
    }
    return openSockets(this.ctx, `user:${userId}`).length;
  }

  /** Sets the alarm at `expiresAt` unless one is due sooner. */
  private async armExpiry(expiresAt: number) {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || expiresAt < current) await this.ctx.storage.setAlarm(expiresAt);
  }

  /**
   * A client link's access ends at its expiry even if nobody acts (issue 14 item 4):
   * closes the client sockets whose link has expired, then re-arms for the next.
   */
  override async alarm(): Promise<void> {
    const now = Date.now();
    let next: number | null = null;
    for (const ws of openSockets(this.ctx, "role:client")) {
      const viewer = (ws.deserializeAttachment() as Attachment | null)?.viewer;
      if (viewer?.role !== "client") continue;
      if (viewer.expiresAt <= now) {
        ws.close(ACCESS_ENDED, "Access expired");
        this.forget(ws);
      } else if (next === null || viewer.expiresAt < next) next = viewer.expiresAt;
    }
    if (next !== null) await this.ctx.storage.setAlarm(next);
  }

  /** RPC: how many devices are connected, optionally of one role. */
  async connectionCount(role?: RoomViewer["role"]): Promise<number> {
    return this.ctx.getWebSockets(role ? `role:${role}` : undefined).length;
  }
}

/**
 * A portal socket gets only what the portal shows (docs/product/roles.md#client-links): the
 * portal's entities, their rows cut to the fields its loader gives, no actor; anything
 * else is a numbered 'skip', so its sequence stays gap-free.
 */
function messageFor(viewer: RoomViewer, seq: number, change: Change): ServerMessage {
  return audienceOf(viewer) === "portal" ? portalMessage(seq, change) : { type: "change", seq, change };
}

function portalMessage(seq: number, change: Change): ServerMessage {
  const visible = toPortalChange(change);
  return visible ? { type: "change", seq, change: visible } : { type: "skip", seq };
}

/** Who is sent what: the lead and the team the change as it is, a client link's portal its cut view. */
type Audience = "team" | "portal";
type LiveSockets = Record<Audience, Set<WebSocket>>;
const audienceOf = (viewer: RoomViewer): Audience => (viewer.role === "client" ? "portal" : "team");

/** The same frame to every socket of an audience; a socket found closed leaves it (its device replays on reconnect). */
function broadcast(sockets: Set<WebSocket>, text: string) {
  for (const ws of sockets) if (!sendText(ws, text)) sockets.delete(ws);
}

/** The sockets of a tag that are still open (a socket we closed is listed until its device answers). */
export function openSockets(ctx: DurableObjectState, tag: string) {
  return ctx.getWebSockets(tag).filter((ws) => ws.readyState === WebSocket.OPEN);
}

function send(ws: WebSocket, message: ServerMessage) {
  sendText(ws, JSON.stringify(message));
}

/** Sends; false when the socket has closed (its device will replay on reconnect). */
function sendText(ws: WebSocket, text: string) {
  try {
    ws.send(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Answers a device's close (the closing handshake). 1005 (no status) and 1006
 * (dropped) describe a close but may not be sent in one.
 */
export function completeClose(ws: WebSocket, code: number, reason: string) {
  try {
    ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
  } catch {
    // Already closed.
  }
}
