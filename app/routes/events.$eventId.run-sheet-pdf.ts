import { loadRunSheet } from "~/modules/event/run-sheet.server";
import { pdfResponse } from "~/modules/event/run-sheet-pdf.server";
import type { Route } from "./+types/events.$eventId.run-sheet-pdf";

/** The run sheet as a PDF: the page's data and checks, drawn in the Worker. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { sheet, paper, liveUrl } = await loadRunSheet(context, request, params.eventId);
  return pdfResponse(sheet, liveUrl, paper);
}
