import { data } from "react-router";
import { requireEventAccess } from "~/modules/event/service.server";
import { isExportList } from "~/modules/import-export/columns";
import { exportCsv, exportFileName, exportJson, exportReads } from "~/modules/import-export/export.server";
import type { Route } from "./+types/events.$eventId.export.$file";

/**
 * An event's files (docs/product/screens.md#import-and-export): `event.json`, the whole
 * event, and `timeline.csv`, `shots.csv`, `people.csv`, `vendors.csv`. For the lead and
 * the team (the right to see the event, whose team notes and assignments they see too);
 * anyone else is answered as for the event's page (sign-in, or 404). Plain links, so they
 * download before JavaScript loads; the access check and every read are one D1 batch.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const match = /^(event\.json|(\w+)\.csv)$/.exec(params.file ?? "");
  const list = match?.[2];
  if (!match || (list !== undefined && !isExportList(list))) throw data("Not found", { status: 404 });
  const { event, reads } = await requireEventAccess(context, request, params.eventId, "view", (db, eventId) => exportReads(db, eventId));
  const headers = (type: string, name: string) => ({
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${name}"`,
    // The team's notes and the people's names: never kept by a shared cache or the browser's.
    "Cache-Control": "no-store",
  });
  if (list === undefined) {
    const bundle = exportJson(reads, new Date());
    return new Response(JSON.stringify(bundle, null, 2), { headers: headers("application/json; charset=utf-8", exportFileName(event.title, "event", "json")) });
  }
  if (!isExportList(list)) throw data("Not found", { status: 404 });
  // A byte-order mark first, so a spreadsheet opened by double-click reads the file as UTF-8.
  return new Response(`\uFEFF${exportCsv(reads, list)}`, { headers: headers("text/csv; charset=utf-8", exportFileName(event.title, list, "csv")) });
}
