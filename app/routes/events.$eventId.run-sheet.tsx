import { loadRunSheet } from "~/modules/event/run-sheet.server";
import { RunSheetPage } from "~/modules/event/components/run-sheet-page";
import type { Route } from "./+types/events.$eventId.run-sheet";

// The run sheet of an event for its lead and its team (docs/product/screens.md#run-sheet):
// the same access check as the dashboard, every list read in its batch.

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: loaderData ? `Run sheet: ${loaderData.sheet.title} | Event Flow` : "Run sheet | Event Flow" }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { sheet, paper, liveUrl, path, choices, forUserId } = await loadRunSheet(context, request, params.eventId);
  return { sheet, paper, liveUrl, path, choices, forUserId, backTo: `/events/${params.eventId}` };
}

export default function RunSheetRoute({ loaderData }: Route.ComponentProps) {
  return <RunSheetPage {...loaderData} />;
}
