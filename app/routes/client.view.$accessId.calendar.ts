import { eventIcsResponse } from "~/modules/calendar/ics";
import { ACCESS_NOT_FOUND, loadPortalPage } from "~/modules/client-access/portal.server";
import { toPortalRow } from "~/modules/live/protocol";
import { hourCycleForRequest } from "~/modules/timeline/span";
import { TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import type { Route } from "./+types/client.view.$accessId.calendar";

/**
 * The portal's 'Add to calendar' (docs/product/screens.md#calendar-feed): what the portal shows
 * and nothing more, the blocks cut to their portal fields (no team notes, no assignments),
 * read with the link's guess limit in the portal's own one batch.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const loaded = await loadPortalPage(context, request, params.accessId);
  if (loaded.refused) {
    return new Response(loaded.refused === 429 ? TOO_MANY_ATTEMPTS : ACCESS_NOT_FOUND, {
      status: loaded.refused,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
    });
  }
  const { portal } = loaded;
  const origin = new URL(request.url).origin;
  return eventIcsResponse(
    portal.event,
    portal.blocks.map((row) => toPortalRow("block", row)),
    { origin, eventUrl: () => `${origin}/client/view/${params.accessId}`, hourCycle: hourCycleForRequest("auto", request), now: new Date() },
  );
}
