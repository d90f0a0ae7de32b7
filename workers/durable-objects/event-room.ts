import { DurableObject } from "cloudflare:workers";
import { type Change, ROOM_LOG_SIZE, type ServerMessage, toPortalChange } from "../../app/modules/live/protocol";
import { ClientMessageSchema, readMessage } from "../../app/modules/live/protocol.schema";
import { ACCESS_ENDED } from "../../app/modules/live/access-ended";
import {
  type Revocation,
  ROOM_EVENT_HEADER,
  ROOM_VIEWER_HEADER,
  type RoomViewer,
  RoomViewerSchema,
  SOCKETS_PER_CLIENT_LINK,
  SOCKETS_PER_SESSION,
} from "../../app/modules/live/room-contract";

/**
 * `hello`: in the room (sent every change). `waitingFor`: said hello with a sequence the
 * room has not reached yet (its page read D1 after a change whose
 * publish is still on its way), held until the room gets there or closes the gap.
 */
type Attachment = { viewer: RoomViewer; hello: boolean; waitingFor?: number };

/** The last number published in order: every change up to it has been sent. */
const SEQ_KEY = "seq";
/** The publish time of the newest entry (ms), so that stamps never go backwards. */
const STAMP_KEY = "stamp";
const EVENT_KEY = "event";
/**
 * Left alone in an emptied room (close) and holding nothing of the event: a room whose
 * event was deleted, so a later instance refuses what a fresh room would take.
 */
const CLOSED_KEY = "closed";
/**
 * The log's write as a change goes out. Its frames do not wait for
 * the write to be confirmed (the output gate would hold them until it is on disk): the
 * numbers are D1's (decision 006), so the log is only what a device replays from. Were
 * the write lost, the room would restart behind the numbers its devices hold, and the
 * next change or hello opens a gap that closeGap settles against D1 (the devices
 * reload): nothing is lost or shown twice.
 */
const UNCONFIRMED = { allowUnconfirmed: true } as const;

/** When an open gap is closed if nothing fills it (ms). */
const GAP_KEY = "gap";
const LOG_PREFIX = "log:";
const logKey = (seq: number) => `${LOG_PREFIX}${String(seq).padStart(12, "0")}`;

/**
 * How long a gap in the numbers may stay open (a publish from another
 * Worker still on its way) before the room closes it (decision 006, "The sequence lives
 * in D1"): a number D1 gave that never arrived was lost (its Worker died after the
 * commit), and the devices in the room are told to reload.
 */
export const GAP_WAIT_MS = 3_000;

/** A log entry: the change and when it was published (ms). */
type LogEntry = { at: number; change: Change };

/**
 * What the room holds in memory, rebuilt from storage after hibernation. `held`: changes
 * numbered past a gap.
 */
type RoomState = { seq: number; stamp: number; eventId: string | null; gapAt: number | null; held: Map<number, LogEntry> };

/**
 * One instance per event (idFromName(eventId)): the event's live room (decision 006).
 * Every change committed to D1 is published here with the number its own batch gave it
 * (events.live_seq), logged (the last ROOM_LOG_SIZE), and sent in
 * number order to every socket that has said hello: a number that arrives early (two
 * Workers publishing at once) is held until the ones before it arrive, and a gap that
 * stays open GAP_WAIT_MS is closed (the devices reload). A device says hello with the
 * last sequence it applied (its page's, read from D1 with its data) and first gets what
 * it missed (or 'reload' if the log cannot give it all), then 'live'. Storage operations
 * hold the input gate, so a publish never interleaves with a replay: nothing is missed
 * or sent twice.
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
  /** The sockets waiting for the room to reach their hello's sequence (their attachments' waitingFor). */
  private waitingSockets: Set<WebSocket> | null = null;
  private state: RoomState | null = null;
  /**
   * The event was deleted and the room emptied (close), or this instance found the
   * room's tombstone (CLOSED_KEY) in storage: it takes no socket, hello or publish, so a
   * late one cannot write the event's data back.
   */
  private closed = false;

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
    await this.load();
    if (this.closed) return new Response("Event not found", { status: 404 });
    const [capTag, cap] = viewer.role === "client" ? [`client:${viewer.clientAccessId}`, SOCKETS_PER_CLIENT_LINK] : [`session:${viewer.sessionHash}`, SOCKETS_PER_SESSION];
    if (openSockets(this.ctx, capTag).length >= cap) return new Response("Too many connections", { status: 429 });
    await this.knowEvent(request.headers.get(ROOM_EVENT_HEADER));

    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    const tags = [`role:${viewer.role}`, ...(viewer.role === "client" ? [`client:${viewer.clientAccessId}`] : [`user:${viewer.userId}`, `session:${viewer.sessionHash}`])];
    this.ctx.acceptWebSocket(server, tags);
    server.serializeAttachment({ viewer, hello: false } satisfies Attachment);
    if (viewer.role === "client") await this.armAlarm(viewer.expiresAt);
    send(server, { type: "welcome", role: viewer.role });
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const size = typeof message === "string" ? message.length : message.byteLength;
    if (size > 16_384) return send(ws, { type: "error", message: "Message too large" });
    const hello = readMessage(ClientMessageSchema, message);
    if (!hello) return send(ws, { type: "error", message: "Unsupported message" });
    if (this.closed) return;
    await this.hello(ws, hello.since);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.forget(ws);
    completeClose(ws, code, reason);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.forget(ws);
  }

  /** Replays what the device missed since `since`, then marks it live; a sequence the room has not reached yet waits for it. */
  private async hello(ws: WebSocket, since: number) {
    const attachment = ws.deserializeAttachment() as Attachment;
    const state = await this.load();
    this.forget(ws);
    if (since > state.seq) {
      // Its page read D1 after a change the room has not been told yet: held until the
      // number arrives, or the gap is closed (closeGap: then D1 says whether it exists).
      ws.serializeAttachment({ viewer: attachment.viewer, hello: false, waitingFor: since } satisfies Attachment);
      this.waiting().add(ws);
      await this.armGap(state);
      return;
    }
    await this.serve(ws, attachment.viewer, since, state.seq);
  }

  /** A device at `since` (≤ the room's `current`): what it missed, then 'live'; 'reload' when the log cannot give it all. */
  private async serve(ws: WebSocket, viewer: RoomViewer, since: number, current: number) {
    const reload = () => {
      ws.serializeAttachment({ viewer, hello: false } satisfies Attachment);
      send(ws, { type: "reload", seq: current });
    };
    // A gap past the log: the socket stays out of the room; after refetching, the device says hello again.
    if (current - since > ROOM_LOG_SIZE) return reload();
    if (since < current) {
      const missed = await this.ctx.storage.list<LogEntry>({ start: logKey(since + 1), end: logKey(current + 1) });
      const entries = [...missed].map(([key, entry]) => [Number(key.slice(LOG_PREFIX.length)), entry] as const);
      // A number whose change never reached the room (its gap was closed): read current state instead.
      if (entries.length !== current - since) return reload();
      // A viewer is replayed only what was published after their
      // access began (a link created, a membership accepted): an older change may
      // hold what they were never shown (a note removed before the link existed).
      // Older than that, the device reads current state instead.
      if ((entries[0]?.[1].at ?? 0) < viewer.accessStart) return reload();
      for (const [seq, entry] of entries) send(ws, messageFor(viewer, seq, entry.change));
    }
    ws.serializeAttachment({ viewer, hello: true } satisfies Attachment);
    this.live()[audienceOf(viewer)].add(ws);
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

  private waiting() {
    if (!this.waitingSockets) {
      this.waitingSockets = new Set(this.ctx.getWebSockets().filter((ws) => (ws.deserializeAttachment() as Attachment | null)?.waitingFor !== undefined));
    }
    return this.waitingSockets;
  }

  private forget(ws: WebSocket) {
    this.liveSockets?.team.delete(ws);
    this.liveSockets?.portal.delete(ws);
    this.waitingSockets?.delete(ws);
  }

  /** The room's state, from storage after hibernation. */
  private async load(): Promise<RoomState> {
    if (this.state) return this.state;
    const stored = await this.ctx.storage.get<unknown>([SEQ_KEY, STAMP_KEY, EVENT_KEY, GAP_KEY, CLOSED_KEY]);
    if (stored.has(CLOSED_KEY)) this.closed = true;
    const seq = (stored.get(SEQ_KEY) as number | undefined) ?? 0;
    const held = new Map<number, LogEntry>();
    for (const [key, entry] of await this.ctx.storage.list<LogEntry>({ start: logKey(seq + 1), prefix: LOG_PREFIX })) {
      held.set(Number(key.slice(LOG_PREFIX.length)), entry);
    }
    this.state ??= {
      seq,
      stamp: (stored.get(STAMP_KEY) as number | undefined) ?? 0,
      eventId: (stored.get(EVENT_KEY) as string | undefined) ?? null,
      gapAt: (stored.get(GAP_KEY) as number | undefined) ?? null,
      held,
    };
    return this.state;
  }

  private async knowEvent(eventId: string | null) {
    if (!eventId) return;
    const state = await this.load();
    if (state.eventId === eventId) return;
    state.eventId = eventId;
    void this.ctx.storage.put(EVENT_KEY, eventId);
  }

  /**
   * RPC: a change D1 committed, with the number its batch gave it (nextLiveSeq).
   * Returns that number. One that arrives before the numbers under it waits for them.
   */
  async publish(eventId: string, seq: number, change: Change): Promise<number> {
    // A room that starts empty was never used, or its event was deleted (its tombstone makes
    // load() set `closed`): a publish from before the deletion may arrive after the room
    // was closed and evicted, and brings nothing back.
    const state = await this.load();
    if (this.closed) return seq;
    await this.knowEvent(eventId);
    // Stamps never go backwards (a clock step), so "published before" is one scan.
    const entry: LogEntry = { at: (state.stamp = Math.max(state.stamp, Date.now())), change };
    if (seq <= state.seq) {
      // Late (its gap was closed, the devices reloaded) or a repeat: it only fills its
      // place in the log, so a later replay over it needs no reload.
      if (seq > state.seq - ROOM_LOG_SIZE && (await this.ctx.storage.get(logKey(seq))) === undefined) void this.ctx.storage.put(logKey(seq), entry);
      return seq;
    }
    if (state.held.has(seq)) return seq;
    state.held.set(seq, entry);
    // The next number (the usual case) is logged in the same write as the sequence it
    // moves (advance), which the frames do not wait for; an early one on its own, not
    // awaited (it is held, not sent, until the numbers under it arrive).
    if (seq === state.seq + 1) await this.advance(state, { [logKey(seq)]: entry });
    else {
      void this.ctx.storage.put(logKey(seq), entry);
      await this.advance(state);
    }
    return seq;
  }

  /**
   * Sends, in order, every held change that follows the last one sent, then serves the
   * devices waiting for a sequence now reached, and (re)arms the gap's timer.
   */
  private async advance(state: RoomState, logged: Record<string, LogEntry> = {}) {
    let entry = state.held.get(state.seq + 1);
    if (entry) {
      const live = this.live();
      while (entry) {
        const seq = ++state.seq;
        state.held.delete(seq);
        // One frame per audience, encoded once, and the same string handed
        // to each of its sockets; the loop allocates nothing of its own per socket (a room
        // may hold hundreds; what is left per send is the runtime's own). The frames do
        // not wait for the log's write (UNCONFIRMED); the trim is written with it.
        if (live.team.size > 0) broadcast(live.team, JSON.stringify({ type: "change", seq, change: entry.change } satisfies ServerMessage));
        if (live.portal.size > 0) broadcast(live.portal, JSON.stringify(portalMessage(seq, entry.change)));
        if (seq > ROOM_LOG_SIZE) void this.ctx.storage.delete(logKey(seq - ROOM_LOG_SIZE), UNCONFIRMED);
        entry = state.held.get(state.seq + 1);
      }
      void this.ctx.storage.put<number | LogEntry>({ ...logged, [SEQ_KEY]: state.seq, [STAMP_KEY]: state.stamp }, UNCONFIRMED);
    }
    if (this.waiting().size > 0) {
      for (const ws of [...this.waiting()]) {
        const attachment = ws.deserializeAttachment() as Attachment;
        if ((attachment.waitingFor ?? 0) > state.seq) continue;
        this.waiting().delete(ws);
        await this.serve(ws, attachment.viewer, attachment.waitingFor ?? 0, state.seq);
      }
    }
    await this.armGap(state);
  }

  /** The gap's timer: set when a number is missing (a held change, a waiting device), cleared when none is. */
  private async armGap(state: RoomState) {
    const open = state.held.size > 0 || [...this.waiting()].some((ws) => ((ws.deserializeAttachment() as Attachment).waitingFor ?? 0) > state.seq);
    if (open && state.gapAt === null) {
      state.gapAt = Date.now() + GAP_WAIT_MS;
      void this.ctx.storage.put(GAP_KEY, state.gapAt);
      await this.armAlarm(state.gapAt);
    } else if (!open && state.gapAt !== null) {
      state.gapAt = null;
      void this.ctx.storage.delete(GAP_KEY);
    }
  }

  /**
   * A gap open for GAP_WAIT_MS: D1 says which numbers it gave (the event's live_seq).
   * Every held change is within them (the Worker numbered it); a waiting device's
   * sequence counts only as far as D1's (a hello is the device's word). A number among
   * them that never arrived was lost: the devices in the room reload (their page reads
   * D1 again), and the room carries on after it.
   */
  private async closeGap(state: RoomState) {
    const waitingFor = Math.max(0, ...[...this.waiting()].map((ws) => (ws.deserializeAttachment() as Attachment).waitingFor ?? 0));
    const given = waitingFor > state.seq ? await this.committedSeq(state.eventId) : 0;
    const target = Math.max(state.seq, ...state.held.keys(), Math.min(waitingFor, given));
    if (target > state.seq) {
      const lost = Array.from({ length: target - state.seq }, (_, i) => state.seq + 1 + i).some((seq) => !state.held.has(seq));
      if (lost) this.dropLive(target);
      const from = state.seq;
      for (let seq = from + 1; seq <= target; seq++) state.held.delete(seq);
      state.seq = target;
      void this.ctx.storage.put({ [SEQ_KEY]: state.seq, [STAMP_KEY]: state.stamp });
      await this.trimLog(target - ROOM_LOG_SIZE + 1);
    }
    state.gapAt = null;
    void this.ctx.storage.delete(GAP_KEY);
    // A device waiting for a number D1 never gave (another room's, a reset): it reads current state.
    for (const ws of [...this.waiting()]) {
      const attachment = ws.deserializeAttachment() as Attachment;
      if ((attachment.waitingFor ?? 0) <= state.seq) continue;
      this.waiting().delete(ws);
      ws.serializeAttachment({ viewer: attachment.viewer, hello: false } satisfies Attachment);
      send(ws, { type: "reload", seq: state.seq });
    }
    await this.advance(state);
  }

  /** The event's live_seq in D1; 0 when the room's event is unknown or gone. */
  private async committedSeq(eventId: string | null) {
    if (!eventId) return 0;
    const row = await this.env.DB.prepare("SELECT live_seq AS seq FROM events WHERE id = ?").bind(eventId).first<{ seq: number }>();
    return row?.seq ?? 0;
  }

  /** Every device in the room is told to reload (what it holds can no longer be completed by sends) and leaves it until its next hello. */
  private dropLive(seq: number) {
    const live = this.live();
    const frame = JSON.stringify({ type: "reload", seq } satisfies ServerMessage);
    for (const ws of [...live.team, ...live.portal]) {
      const attachment = ws.deserializeAttachment() as Attachment;
      ws.serializeAttachment({ viewer: attachment.viewer, hello: false } satisfies Attachment);
      sendText(ws, frame);
    }
    live.team.clear();
    live.portal.clear();
  }

  /** Deletes the log's entries before `first`. */
  private async trimLog(first: number) {
    if (first <= 1) return;
    for (;;) {
      const old = [...(await this.ctx.storage.list({ prefix: LOG_PREFIX, end: logKey(Math.min(first, 1e12 - 1)), limit: 128 })).keys()];
      if (old.length === 0) return;
      await this.ctx.storage.delete(old);
    }
  }

  /** RPC: the last number sent in order (every change up to it has been). */
  async sequence(): Promise<number> {
    return (await this.load()).seq;
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

  /**
   * RPC: the event was deleted. Closes every socket (ACCESS_ENDED), deletes the alarm and
   * all storage (the log holds the event's rows: names, notes, phone numbers), and takes no
   * more sockets or publishes: not while this instance lives (`closed`), nor in a later
   * one, which finds the tombstone left in the emptied storage (CLOSED_KEY). Safe to
   * repeat, and on a room that never existed. Returns how many sockets were closed.
   */
  async close(): Promise<number> {
    this.closed = true;
    const sockets = this.ctx.getWebSockets();
    for (const ws of sockets) {
      try {
        ws.close(ACCESS_ENDED, "Event deleted");
      } catch {
        // Already closed.
      }
    }
    this.liveSockets = null;
    this.waitingSockets = null;
    this.state = null;
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    await this.ctx.storage.put(CLOSED_KEY, true);
    return sockets.length;
  }

  /** Sets the alarm at `at` unless one is due sooner. */
  private async armAlarm(at: number) {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || at < current) await this.ctx.storage.setAlarm(at);
  }

  /**
   * A client link's access ends at its expiry even if nobody acts (decision 006):
   * closes the client sockets whose link has expired. A gap open too long is closed
   * too. Then re-arms for the next of either.
   */
  override async alarm(): Promise<void> {
    if (this.closed) return;
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
    const state = await this.load();
    if (state.gapAt !== null && state.gapAt <= now) await this.closeGap(state);
    if (state.gapAt !== null && (next === null || state.gapAt < next)) next = state.gapAt;
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
