import { data, redirect } from "react-router";
import { cloudflareContext } from "~/context";
import { can } from "~/modules/event/permissions";
import { requireEventAccess } from "~/modules/event/service.server";
import { IMPORT_LISTS, isImportList, type ImportList } from "~/modules/import-export/columns";
import { decodeCsv } from "~/modules/import-export/csv";
import { ImportExportPage, type ImportAnswer } from "~/modules/import-export/components/import-export-page";
import { readImport, runImport } from "~/modules/import-export/import.server";
import { CSV_NO_FILE, IMPORT_EXPORT, importedToast } from "~/modules/import-export/messages";
import { LISTS } from "~/modules/lists/registry";
import { greetingName } from "~/modules/notifications/components/signed-in-header";
import { dbFrom, getViewer } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/events.$eventId.data";

// docs/product/screens.md#import-and-export: an event's files to download (the lead and
// the team), and a CSV of people or shots to import (whoever may add rows of that list):
// a file is previewed first, row by row, and written only when confirmed. Plain forms
// (the file posted as multipart), so all of it works before JavaScript loads.

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${IMPORT_EXPORT}${data ? ` · ${data.event.title}` : ""} | Event Flow` }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { event, role, viewer } = await requireEventAccess(context, request, params.eventId, "view");
  const wanted = new URL(request.url).searchParams.get("list");
  return {
    greetingName: greetingName(viewer),
    event: { id: event.id, title: event.title },
    // The lists this viewer may add rows of (the add right of each list, docs/product/roles.md).
    importable: (Object.keys(IMPORT_LISTS) as ImportList[]).filter((list) => can(role, LISTS[IMPORT_LISTS[list].kind].rights.add)),
    list: isImportList(wanted) ? wanted : null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const list = formData.get("list");
  const intent = formData.get("intent");
  if (!isImportList(list) || (intent !== "preview" && intent !== "confirm")) {
    return data<ImportAnswer>({ error: "That request was not understood." }, { status: 400 });
  }
  const right = LISTS[IMPORT_LISTS[list].kind].rights.add;

  if (intent === "preview") {
    // Who may not add rows of the list is refused before the file is read.
    await requireEventAccess(context, request, params.eventId, right);
    const file = formData.get("file");
    if (!(file instanceof File) || file.size === 0) return data<ImportAnswer>({ list, error: CSV_NO_FILE }, { status: 400 });
    const decoded = decodeCsv(await file.arrayBuffer());
    if (!decoded.ok) return data<ImportAnswer>({ list, error: decoded.message }, { status: decoded.message.startsWith("The file is too large") ? 413 : 400 });
    const reading = readImport(list, decoded.text);
    if (!reading.ok) return data<ImportAnswer>({ list, error: reading.message }, { status: 400 });
    return { list, preview: { fileName: file.name.slice(0, 200), rows: reading.rows, text: decoded.text, importId: crypto.randomUUID() } } satisfies ImportAnswer;
  }

  // The confirmation: the file's text comes back from the preview and is read and checked
  // again; the access check, the limit and the write are one D1 batch (runImport).
  const viewer = getViewer(context);
  if (!viewer) throw redirect(`/auth?returnTo=${encodeURIComponent(`/events/${params.eventId}/data`)}`);
  const text = formData.get("csv");
  const importId = formData.get("importId");
  if (typeof text !== "string" || typeof importId !== "string" || !UUID.test(importId) || !UUID.test(params.eventId ?? "")) {
    return data<ImportAnswer>({ list, error: "That request was not understood." }, { status: 400 });
  }
  const { env } = context.get(cloudflareContext);
  const outcome = await runImport(dbFrom(context), env, viewer.userId, params.eventId!, list, importId, text);
  if ("refused" in outcome) {
    if (outcome.refused.status === 404) throw data("Event not found", { status: 404 });
    return data<ImportAnswer>({ list, error: outcome.refused.message }, { status: outcome.refused.status });
  }
  throw await redirectWithToast(env, request, `/events/${params.eventId}?tab=${list}`, { type: "success", title: importedToast(outcome.imported, IMPORT_LISTS[list].noun) }, { headers: { "X-Remix-Replace": "true" } });
}

export default function ImportExport({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportExportPage {...loaderData} answer={actionData} />;
}
