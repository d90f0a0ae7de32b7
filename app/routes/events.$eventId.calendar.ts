import { asc, eq } from "drizzle-orm";
import { timelineBlocks } from "~/db/schema";
import { eventIcsResponse } from "~/modules/calendar/ics";
import { accessQuery } from "~/modules/event/access.server";
import { ACCESS_ENDED } from "~/modules/event/mutations.server";
import { hourCycleForRequest } from "~/modules/timeline/span";
import { dbFrom, getViewer } from "~/utils/auth.server";
import { batchNamed } from "~/utils/db.server";
import type { Route } from "./+types/events.$eventId.calendar";

const refusal = (status: number) => new Response(ACCESS_ENDED, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * The event's 'Add to calendar' (docs/product/screens.md#calendar-feed): its day as one .ics
 * entry, for the lead and the team (docs/product/roles.md), the access check and the timeline
 * in one D1 batch. Signed out 401, anyone else 404; a client link has its own in the portal.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  if (!viewer) return refusal(401);
  const db = dbFrom(context);
  const access = await accessQuery(db, { userId: viewer.userId }, params.eventId);
  if (!access) return refusal(404);
  const results = await batchNamed(db, {
    access: access.statement,
    blocks: db.select().from(timelineBlocks).where(eq(timelineBlocks.eventId, params.eventId)).orderBy(asc(timelineBlocks.orderIndex)),
  });
  const role = access.decide(results.access);
  if (!role) return refusal(404);
  const origin = new URL(request.url).origin;
  return eventIcsResponse(role.event, results.blocks, {
    origin,
    eventUrl: (id) => `${origin}/events/${id}`,
    hourCycle: hourCycleForRequest(viewer.timeFormat, request),
    now: new Date(),
  });
}
