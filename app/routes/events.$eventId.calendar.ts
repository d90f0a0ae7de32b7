import { asc, eq } from "drizzle-orm";
import { timelineBlocks } from "~/db/schema";
import { eventIcsResponse } from "~/modules/calendar/ics";
import { ACCESS_ENDED } from "~/modules/event/mutations.server";
import { decideEventAccess, readEventAccess } from "~/modules/event/service.server";
import { hourCycleForRequest } from "~/modules/timeline/span";
import { getViewer } from "~/utils/auth.server";
import type { Route } from "./+types/events.$eventId.calendar";

const refusal = (status: number) => new Response(ACCESS_ENDED, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * The event's 'Add to calendar' (docs/product/screens.md#calendar-feed): its day as one .ics
 * entry, for the lead and the team (docs/product/roles.md), the session, the access check
 * and the timeline in one D1 batch. Signed out 401, anyone else 404; a client link has its
 * own in the portal.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const read = await readEventAccess(context, params.eventId, (db, eventId) => ({
    blocks: db.select().from(timelineBlocks).where(eq(timelineBlocks.eventId, eventId)).orderBy(asc(timelineBlocks.orderIndex)),
  }));
  const viewer = getViewer(context);
  if (!viewer) return refusal(401);
  const decided = read ? decideEventAccess(read.access, "view") : null;
  if (!read || !decided || "error" in decided) return refusal(404);
  const origin = new URL(request.url).origin;
  return eventIcsResponse(decided.granted.event, read.reads.blocks, {
    origin,
    eventUrl: (id) => `${origin}/events/${id}`,
    hourCycle: hourCycleForRequest(viewer.timeFormat, request),
    now: new Date(),
  });
}
