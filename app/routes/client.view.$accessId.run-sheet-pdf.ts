import { loadPortalRunSheet } from "~/modules/event/run-sheet.server";
import { pdfResponse } from "~/modules/event/run-sheet-pdf.server";
import type { Route } from "./+types/client.view.$accessId.run-sheet-pdf";

/** A client link's run sheet as a PDF. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { sheet, paper, liveUrl } = await loadPortalRunSheet(context, request, params.accessId);
  return pdfResponse(sheet, liveUrl, paper, { "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex, nofollow" });
}
