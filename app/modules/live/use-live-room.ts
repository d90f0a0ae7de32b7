import { startTransition, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { type Change, readServerFrame } from "./protocol";
import type { LiveStatus } from "./connection-status";
import { connectLive, type LiveSocket } from "./reconnecting-socket";

// A device's connection to its event's live room (decision 006). It says hello with the
// last sequence it applied (its page's at first), applies changes strictly in order,
// and on any gap, drop, sleep or offline spell reconnects and lets the room replay.
// It reports 'live' only once caught up, so nothing made after 'live' can be lost.

export type { LiveStatus } from "./connection-status";

type Options = {
  /** /live/events/{id}, or portalLivePath(accessId) */
  path: string;
  /** The room's sequence when the page's data was read. */
  seq: number;
  /** A change, with its sequence in the room (a page whose data comes in parts replays by it, use-live-event.ts). */
  onChange: (change: Change, seq: number) => void;
  /** The gap is larger than the room remembers, or access ended: fetch the page again. */
  onReload: () => void;
  onAccessEnded: () => void;
};

export function useLiveRoom({ path, seq, onChange, onReload, onAccessEnded }: Options): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>("connecting");
  // A transition: the page around the status renders again with it, in slices that leave
  // the phone free for a tap (a socket opening right after the page loads is the common case).
  const showStatus = (next: LiveStatus) => startTransition(() => setStatus(next));
  const handlers = useRef({ onChange, onReload, onAccessEnded });
  handlers.current = { onChange, onReload, onAccessEnded };
  const lastSeq = useRef(seq);
  const live = useRef<LiveSocket | null>(null);
  // New page data (a navigation or a revalidation) is the new starting point: what the
  // room published after it was read is asked for again, and applied to the new data.
  useEffect(() => {
    if (lastSeq.current === seq) return;
    lastSeq.current = seq;
    live.current?.current()?.send(JSON.stringify({ type: "hello", since: seq }));
  }, [seq]);

  useEffect(() => {
    const socket = connectLive(path, {
      onOpen: (ws) => ws.send(JSON.stringify({ type: "hello", since: lastSeq.current })),
      onStatus: showStatus,
      onAccessEnded: () => handlers.current.onAccessEnded(),
      onMessage: (data, ws) => {
        const message = readServerFrame(data);
        switch (message?.type) {
          case "change":
          case "skip":
            if (message.seq <= lastSeq.current) return; // already applied (a replay overlap)
            if (message.seq !== lastSeq.current + 1) return ws.close(4000, "gap"); // reconnect: the room replays
            lastSeq.current = message.seq;
            if (message.type === "change") handlers.current.onChange(message.change, message.seq);
            return;
          case "live":
            socket.resetBackoff();
            showStatus("live");
            return;
          case "reload":
            handlers.current.onReload();
            return;
        }
      },
    });
    live.current = socket;
    return () => {
      live.current = null;
      socket.stop();
    };
  }, [path]);

  return status;
}

/** A change to one list, its rows of the list's own type. */
export type ListUpdate<Row> = { op: "upsert"; rows: Row[] } | { op: "delete"; ids: string[] };

/**
 * A change as an update of the list `schema` describes (lists.schema.ts): its rows are read
 * with that schema, so a list only ever holds rows of its type. Null when a row is not
 * of that shape: the page then fetches its data again rather than show it.
 */
export function readListUpdate<S extends z.ZodType>(schema: S, change: Change): ListUpdate<z.output<S>> | null {
  if (change.op === "delete") return { op: "delete", ids: change.ids ?? [] };
  const rows: z.output<S>[] = [];
  for (const row of change.rows ?? []) {
    const read = schema.safeParse(row);
    if (!read.success) return null;
    rows.push(read.data);
  }
  return { op: "upsert", rows };
}

/** A list with the update applied: whole rows replace older ones (by updatedAt), deletes remove. */
export function applyToList<Row extends { id: string; updatedAt?: string }>(rows: Row[], update: ListUpdate<Row>, order: (a: Row, b: Row) => number): Row[] {
  if (update.op === "delete") {
    const gone = new Set(update.ids);
    return rows.filter((row) => !gone.has(row.id));
  }
  const next = [...rows];
  for (const incoming of update.rows) {
    const at = next.findIndex((row) => row.id === incoming.id);
    if (at === -1) next.push(incoming);
    // Two saves racing to the room may arrive in the other order: the newer row wins.
    else if (!next[at]!.updatedAt || !incoming.updatedAt || incoming.updatedAt >= next[at]!.updatedAt!) next[at] = { ...next[at]!, ...incoming };
  }
  return next.sort(order);
}
