import { loadPortalRunSheet } from "~/modules/event/run-sheet.server";
import { RunSheetPage } from "~/modules/event/components/run-sheet-page";
import type { Route } from "./+types/client.view.$accessId.run-sheet";

// A client link's run sheet: what its portal shows (no team notes, assignments or team).

export function headers(): HeadersInit {
  return { "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: loaderData ? `Run sheet: ${loaderData.sheet.title} | Client View` : "Run sheet | Client View" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { sheet, paper, liveUrl, path, choices, forUserId } = await loadPortalRunSheet(context, request, params.accessId);
  return { sheet, paper, liveUrl, path, choices, forUserId, backTo: `/client/view/${params.accessId}` };
}

export default function PortalRunSheetRoute({ loaderData }: Route.ComponentProps) {
  return <RunSheetPage {...loaderData} />;
}
