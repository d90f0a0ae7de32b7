import { readDashboard, restOfDashboard } from "~/modules/event/dashboard-data.server";
import { dashboardReads } from "~/modules/event/service.server";
import type { Route } from "./+types/events.$eventId.lists";

/**
 * The rest of the dashboard: every list whole and the team, which the
 * document leaves out beyond what its URL shows. The page fetches it once hydrated; the
 * service worker keeps it with the page for offline reading (decision 010). The same
 * access rules as the page (requireEventAccess: signed out to sign in, no role 404), in
 * one D1 batch, with the page's sequence (what the room published after it, the socket
 * brings).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { role, reads, seq, syncedAt } = await readDashboard(context, request, params.eventId, dashboardReads);
  return Response.json(restOfDashboard(role, seq, syncedAt, reads));
}
