import { useEffect, useRef, useState } from "react";
import { readUserFrame } from "~/modules/live/frames";
import { connectLive } from "~/modules/live/reconnecting-socket";
import { useQuietRefetch } from "~/modules/live/use-quiet-refetch";
import { playChime, unlockChimeOnFirstGesture } from "./chime";
import type { HeaderNotification, HeaderNotifications } from "./header";
import { mergeNotifications } from "./header";

// The bell kept current by the user's notification channel (decision 006): new
// notifications arrive in every open tab without navigation, with the chime. The
// first connection asks for what arrived since the page's list was read; after a
// dropped connection the page data is refetched, so nothing is missed either way.

export function useNotificationChannel(initial: HeaderNotifications | null): HeaderNotifications | null {
  const [state, setState] = useState(initial);
  const latest = useRef(initial);
  // Fresh page data (navigation, revalidation) replaces what the socket added.
  useEffect(() => {
    latest.current = initial;
    setState(initial);
  }, [initial]);
  const since = useRef(initial?.loadedAt);
  since.current = initial?.loadedAt;
  const refetch = useQuietRefetch();
  const signedIn = initial !== null;

  useEffect(() => {
    if (!signedIn) return;
    unlockChimeOnFirstGesture();
    let opened = 0;
    // The header is on every page: its frames are read without zod (protocol.ts).
    const socket = connectLive("/live/me", {
      onOpen: (ws) => {
        opened++;
        // The list's read time, a few seconds early for clock skew: duplicates are skipped by id.
        const from = new Date(Date.parse(since.current ?? new Date().toISOString()) - 5_000).toISOString();
        ws.send(JSON.stringify({ type: "hello", since: from }));
        // A reconnect: what arrived while the socket was down is in the page data.
        if (opened > 1) refetch();
      },
      onStatus: () => {},
      onAccessEnded: () => refetch(),
      onMessage: (data) => {
        const message = readUserFrame(data);
        if (message?.type === "ready") return socket.resetBackoff();
        if (message?.type !== "notifications") return;
        const incoming: HeaderNotification[] = message.items;
        const current = latest.current;
        if (!current) return;
        const merged = mergeNotifications(current, incoming);
        if (merged === current) return; // all already shown
        latest.current = merged;
        setState(merged);
        if (merged.unreadCount > current.unreadCount) playChime();
      },
    });
    return () => socket.stop();
  }, [signedIn, refetch]);

  return state;
}
