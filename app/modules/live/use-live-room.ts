import { useEffect, useRef, useState } from "react";
import { type Change, ServerMessageSchema } from "./protocol";

// A device's connection to its event's live room (issue 7). It says hello with the
// last sequence it applied (its page's at first), applies changes strictly in order,
// and on any gap, drop, sleep or offline spell reconnects and lets the room replay.
// It reports 'live' only once caught up, so nothing made after 'live' can be lost.

export type LiveStatus = "connecting" | "live" | "reconnecting" | "offline";

type Options = {
  /** /live/events/{id}, or portalLivePath(accessId) */
  path: string;
  /** The room's sequence when the page's data was read. */
  seq: number;
  onChange: (change: Change) => void;
  /** The gap is larger than the room remembers, or access ended: fetch the page again. */
  onReload: () => void;
  onAccessEnded: () => void;
};

const PING_MS = 25_000;
const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 30_000;

export function useLiveRoom({ path, seq, onChange, onReload, onAccessEnded }: Options): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const handlers = useRef({ onChange, onReload, onAccessEnded });
  handlers.current = { onChange, onReload, onAccessEnded };
  const lastSeq = useRef(seq);
  const current = useRef<WebSocket | null>(null);
  // New page data (a navigation or a revalidation) is the new starting point: what the
  // room published after it was read is asked for again, and applied to the new data.
  useEffect(() => {
    if (lastSeq.current === seq) return;
    lastSeq.current = seq;
    const ws = current.current;
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "hello", since: seq }));
  }, [seq]);

  useEffect(() => {
    let socket: WebSocket | null = null;
    let attempts = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let pingTimer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;

    const connect = () => {
      clearTimeout(retryTimer);
      if (stopped || socket) return;
      if (!navigator.onLine) return setStatus("offline");
      const url = new URL(path, window.location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      const ws = new WebSocket(url);
      socket = ws;
      current.current = ws;
      ws.addEventListener("open", () => {
        ws.send(JSON.stringify({ type: "hello", since: lastSeq.current }));
        pingTimer = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send("ping"), PING_MS);
      });
      ws.addEventListener("message", (event) => {
        if (event.data === "pong") return;
        let parsed;
        try {
          parsed = ServerMessageSchema.safeParse(JSON.parse(String(event.data)));
        } catch {
          return;
        }
        if (!parsed.success) return;
        const message = parsed.data;
        switch (message.type) {
          case "change":
          case "skip":
            if (message.seq <= lastSeq.current) return; // already applied (a replay overlap)
            if (message.seq !== lastSeq.current + 1) return ws.close(4000, "gap"); // reconnect: the room replays
            lastSeq.current = message.seq;
            if (message.type === "change") handlers.current.onChange(message.change);
            return;
          case "live":
            attempts = 0;
            setStatus("live");
            return;
          case "reload":
            handlers.current.onReload();
            return;
        }
      });
      ws.addEventListener("close", (event) => {
        clearInterval(pingTimer);
        if (socket === ws) socket = null;
        if (current.current === ws) current.current = null;
        if (stopped) return;
        if (event.code === 4003) {
          stopped = true;
          handlers.current.onAccessEnded();
          return;
        }
        setStatus(navigator.onLine ? "reconnecting" : "offline");
        // Backoff with jitter, so a venue's phones do not all come back at once.
        const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempts) * (0.5 + Math.random() / 2);
        attempts++;
        retryTimer = setTimeout(connect, delay);
      });
    };

    const now = () => {
      if (socket) return;
      attempts = 0;
      connect();
    };
    const onOffline = () => {
      setStatus("offline");
      socket?.close(4001, "offline");
    };
    const onVisible = () => {
      if (document.visibilityState !== "visible") return;
      // A phone that slept may hold a dead socket: check it at once.
      if (socket?.readyState === WebSocket.OPEN) socket.send("ping");
      now();
    };
    window.addEventListener("online", now);
    window.addEventListener("offline", onOffline);
    document.addEventListener("visibilitychange", onVisible);
    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      window.removeEventListener("online", now);
      window.removeEventListener("offline", onOffline);
      document.removeEventListener("visibilitychange", onVisible);
      socket?.close(1000, "page left");
    };
  }, [path]);

  return status;
}

/** A list with the change applied: whole rows replace older ones (by updatedAt), deletes remove. */
export function applyToList<Row extends { id: string; updatedAt?: string }>(rows: Row[], change: Change, order: (a: Row, b: Row) => number): Row[] {
  if (change.op === "delete") {
    const gone = new Set(change.ids ?? []);
    return rows.filter((row) => !gone.has(row.id));
  }
  const next = [...rows];
  for (const incoming of (change.rows ?? []) as unknown as Row[]) {
    const at = next.findIndex((row) => row.id === incoming.id);
    if (at === -1) next.push(incoming);
    // Two saves racing to the room may arrive in the other order: the newer row wins.
    else if (!next[at]!.updatedAt || !incoming.updatedAt || incoming.updatedAt >= next[at]!.updatedAt!) next[at] = { ...next[at]!, ...incoming };
  }
  return next.sort(order);
}
