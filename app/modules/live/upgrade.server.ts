import { and, eq, gt } from "drizzle-orm";
import { sessions } from "~/db/schema";
import { readPortalCookie } from "~/modules/client-access/service.server";
import { decideEventAccess, isEventId } from "~/modules/event/service.server";
import { getDb } from "~/utils/db.server";
import { accessOf, guardedLinkLookup } from "~/modules/event/access.server";
import { readSession } from "~/modules/account/session.server";
import { CHANNEL_VIEWER_HEADER, type ChannelViewer, ROOM_EVENT_HEADER, ROOM_VIEWER_HEADER, type RoomViewer } from "./room-contract";
import { channelOf, endLiveSessions, joinedRoom } from "~/modules/notifications/live.server";
import { revokeLive, roomOf } from "./room.server";

// WebSocket admission to an event's live room (decision 006): the same authorization as
// the event's pages, decided here in the Worker; the room trusts the viewer header
// only because nothing but this Worker can reach it.

const EVENT_LIVE = /^\/live\/events\/([^/]{1,64})$/;
// portalLivePath: under /client/view, the only path the portal's cookie is sent to.
const PORTAL_LIVE = /^\/client\/view\/([0-9a-f-]{36})\/live$/;
/** The signed-in user's own notification channel. */
export const USER_LIVE = "/live/me";

export function isLiveRequest(url: URL) {
  return EVENT_LIVE.test(url.pathname) || PORTAL_LIVE.test(url.pathname) || url.pathname === USER_LIVE;
}

/**
 * The socket's signed-in viewer: the upgrade does not pass through React Router, so it reads
 * the session with the root middleware's own reader (requestSession, through readSession), once per handshake.
 */
const signedIn = async (env: Env, request: Request) => (await readSession(getDb(env), request))?.viewer ?? null;

const refuse = (status: number, message: string) => new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function handleLiveUpgrade(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const url = new URL(request.url);
  // A plain GET is a device asking whether it may still connect (a refused handshake
  // looks the same as a network error to a browser): the same authorization answers,
  // 204 meaning yes (a success, so the browser's console shows no failed request). It
  // carries no data, so it needs no Origin.
  const upgrade = request.headers.get("Upgrade")?.toLowerCase() === "websocket";
  // Browsers always send Origin on a WebSocket handshake: only our own pages may open one.
  if (upgrade && request.headers.get("Origin") !== url.origin) return refuse(403, "Forbidden");
  const admitted = (open: () => Promise<Response>) => (upgrade ? open() : Promise.resolve(new Response(null, { status: 204 })));

  if (url.pathname === USER_LIVE) {
    const user = await signedIn(env, request);
    if (!user) return refuse(401, "Not signed in");
    const headers = new Headers(request.headers);
    headers.set(CHANNEL_VIEWER_HEADER, JSON.stringify({ userId: user.userId, sessionHash: user.sessionHash } satisfies ChannelViewer));
    return admitted(async () => {
      const response = await channelOf(env, user.userId).fetch(new Request(request, { headers }));
      recheckAfterAdmission(env, ctx, { userId: user.userId, sessionHash: user.sessionHash });
      return response;
    });
  }

  const eventMatch = url.pathname.match(EVENT_LIVE);
  let eventId: string;
  let viewer: RoomViewer;
  // A link's socket: its token, for the check after admission.
  let linkToken = "";
  if (eventMatch) {
    eventId = decodeURIComponent(eventMatch[1]!);
    // A malformed id is refused before any look-up.
    if (!isEventId(eventId)) return refuse(404, "Not allowed");
    // The pages' authorization (decideEventAccess), answered with its status.
    const user = await signedIn(env, request);
    if (!user) return refuse(401, "Not allowed");
    const decided = decideEventAccess(await accessOf(getDb(env), { userId: user.userId }, eventId), "view");
    if ("error" in decided) return refuse(decided.error.status, "Not allowed");
    viewer = { role: decided.granted.role, userId: user.userId, sessionHash: user.sessionHash, accessStart: decided.granted.accessStart };
  } else {
    const accessId = url.pathname.match(PORTAL_LIVE)![1]!;
    const token = await readPortalCookie(request, accessId);
    const db = getDb(env);
    // Token guesses over a socket count as over a page (docs/product/limits.md#rate-limits: the per-IP limit);
    // a good link's reconnects do not use up its holder's allowance.
    const { refused, found: access } = await guardedLinkLookup(db, request, async () => (token ? accessOf(db, { token, accessId }, null) : null));
    if (refused === 429) return refuse(429, "Too many attempts");
    if (refused) return refuse(404, "Not allowed");
    eventId = access.event.id;
    linkToken = token!;
    viewer = { role: "client", clientAccessId: accessId, accessStart: access.accessStart, expiresAt: Date.parse(access.link.expiresAt) };
  }
  const headers = new Headers(request.headers);
  headers.set(ROOM_VIEWER_HEADER, JSON.stringify(viewer));
  // The room asks D1 about a gap in its numbers by the event's id.
  headers.set(ROOM_EVENT_HEADER, eventId);
  return admitted(async () => {
    const opened = roomOf(env, eventId).fetch(new Request(request, { headers }));
    if (viewer.role === "client") {
      const response = await opened;
      recheckAfterAdmission(env, ctx, { eventId, clientAccessId: viewer.clientAccessId, token: linkToken });
      return response;
    }
    // The user's channel learns the room, for ending the session there later
    // (decision 006). Unrecorded, the socket could outlive its session: it is not kept, and the
    // device retries (a refused handshake reconnects with backoff).
    const [response, recorded] = await Promise.all([opened, joinedRoom(env, viewer.userId, eventId)]);
    if (recorded || !response.webSocket) {
      recheckAfterAdmission(env, ctx, { userId: viewer.userId, sessionHash: viewer.sessionHash, eventId });
      return response;
    }
    response.webSocket.accept();
    response.webSocket.close(1011, "Try again");
    return refuse(503, "Try again");
  });
}

type Admitted = { userId: string; sessionHash: string; eventId?: string } | { eventId: string; clientAccessId: string; token: string };

/**
 * A session or link that ended while its socket was being admitted (checked, then the
 * room or channel accepted it) would miss the closing of ended access, which looks for
 * sockets that exist. So once the socket is in (and the channel knows its room), D1 is
 * asked again: gone, the socket is closed as the ending would have. Whichever of the two
 * comes last closes it. In the background: the handshake does not wait.
 */
function recheckAfterAdmission(env: Env, ctx: ExecutionContext, admitted: Admitted) {
  const db = getDb(env);
  const now = new Date().toISOString();
  ctx.waitUntil(
    (async () => {
      if ("clientAccessId" in admitted) {
        // The same check as the admission's (accessOf): revoked or expired, it is gone.
        if (!(await accessOf(db, { token: admitted.token, accessId: admitted.clientAccessId }, admitted.eventId))) await revokeLive(env, admitted.eventId, { clientAccessId: admitted.clientAccessId });
        return;
      }
      const [still] = await db.select({ hash: sessions.tokenHash }).from(sessions).where(and(eq(sessions.tokenHash, admitted.sessionHash), gt(sessions.expiresAt, now)));
      if (!still) await endLiveSessions(env, admitted.userId, [admitted.sessionHash]);
    })().catch((error: unknown) => console.warn("Could not re-check a socket's access after its admission", error instanceof Error ? error.message : error)),
  );
}
