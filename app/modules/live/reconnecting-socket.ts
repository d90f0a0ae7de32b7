import { ACCESS_ENDED } from "./access-ended";
import type { LiveStatus } from "./connection-status";

// A WebSocket to one of our live endpoints that stays connected (decision 006): backoff
// with jitter after a drop, an immediate retry on `online` and when the page becomes
// visible (a phone that slept may hold a dead socket), and a ping to keep NATs open.
// Client-only; used by the event rooms and the notification channel.

const PING_MS = 25_000;
const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 30_000;

export type LiveSocketHandlers = {
  /** Each time a socket opens (say hello here). */
  onOpen: (ws: WebSocket) => void;
  /** Each message but "pong". */
  onMessage: (data: string, ws: WebSocket) => void;
  /** Connection state changes other than 'live' (the caller decides when it is caught up). */
  onStatus: (status: Exclude<LiveStatus, "live">) => void;
  /** The server ended this viewer's access (4003): no more reconnecting. */
  onAccessEnded: () => void;
};

export type LiveSocket = {
  /** The open socket, if any. */
  current: () => WebSocket | null;
  /** Forget the backoff: the caller got what it needed from this connection. */
  resetBackoff: () => void;
  stop: () => void;
};

export function connectLive(path: string, handlers: LiveSocketHandlers): LiveSocket {
  let socket: WebSocket | null = null;
  let attempts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  // Handshakes in a row that never opened while online. A refused handshake (access
  // ended while the phone slept) looks like a network error to a browser, so after two
  // the device asks over plain HTTP whether it may still connect.
  let refusedInARow = 0;

  const endAccess = () => {
    stopped = true;
    clearTimeout(retryTimer);
    handlers.onAccessEnded();
  };
  const probe = () => {
    fetch(path, { credentials: "same-origin", cache: "no-store" })
      .then((response) => {
        // 401 signed out, 404 no longer on the event / link revoked; 204 means allowed.
        if (!stopped && (response.status === 401 || response.status === 404)) endAccess();
      })
      .catch(() => {}); // unreachable: keep retrying
  };

  const connect = () => {
    clearTimeout(retryTimer);
    if (stopped || socket) return;
    if (!navigator.onLine) return handlers.onStatus("offline");
    const url = new URL(path, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(url);
    socket = ws;
    let opened = false;
    ws.addEventListener("open", () => {
      opened = true;
      refusedInARow = 0;
      handlers.onOpen(ws);
      pingTimer = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send("ping"), PING_MS);
    });
    ws.addEventListener("message", (event) => {
      if (event.data === "pong" || socket !== ws) return;
      handlers.onMessage(String(event.data), ws);
    });
    ws.addEventListener("close", (event) => {
      clearInterval(pingTimer);
      if (socket === ws) socket = null;
      if (stopped) return;
      if (event.code === ACCESS_ENDED) return endAccess();
      if (!opened && navigator.onLine && ++refusedInARow === 2) probe();
      handlers.onStatus(navigator.onLine ? "reconnecting" : "offline");
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
    handlers.onStatus("offline");
    socket?.close(4001, "offline");
  };
  const onVisible = () => {
    if (document.visibilityState !== "visible") return;
    if (socket?.readyState === WebSocket.OPEN) socket.send("ping");
    now();
  };
  window.addEventListener("online", now);
  window.addEventListener("offline", onOffline);
  document.addEventListener("visibilitychange", onVisible);
  connect();

  return {
    current: () => (socket?.readyState === WebSocket.OPEN ? socket : null),
    resetBackoff: () => {
      attempts = 0;
    },
    stop: () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      window.removeEventListener("online", now);
      window.removeEventListener("offline", onOffline);
      document.removeEventListener("visibilitychange", onVisible);
      // A socket still connecting is closed once open: closing it earlier makes the
      // browser log "closed before the connection is established".
      const ws = socket;
      if (ws?.readyState === WebSocket.CONNECTING) ws.addEventListener("open", () => ws.close(1000, "page left"));
      else ws?.close(1000, "page left");
    },
  };
}
