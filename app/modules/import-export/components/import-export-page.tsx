import { type FormEvent, useState } from "react";
import { Form, useNavigation } from "react-router";
import { AppFooter } from "~/components/page-shell";
import { BackLink } from "~/components/ui/back-link";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { SignedInHeader } from "~/modules/notifications/components/signed-in-header";
import { EXPORT_LISTS, IMPORT_COLUMNS, IMPORT_LISTS, type ImportList } from "../columns";
import { CSV_IMPORT_LIMITS } from "../csv";
import {
  CHOOSE_ANOTHER,
  CSV_TOO_LARGE,
  DOWNLOAD_JSON,
  EXPORT_HEADING,
  IMPORT_EXPORT,
  IMPORT_HEADING,
  IMPORT_PREVIEW,
  importButton,
  previewSummary,
} from "../messages";

/** A row of the preview (import.server.ts PreviewRow): its number in the spreadsheet, its name, its errors (none: imported). */
type PreviewRow = { row: number; label: string; errors: string[] };
/** What the page's action answers: a file's preview, or why it was refused. */
export type ImportAnswer = { list?: ImportList; error?: string; preview?: { fileName: string; rows: PreviewRow[]; text: string; importId: string } };

const LIST_LABELS: Record<(typeof EXPORT_LISTS)[number], string> = { timeline: "Timeline CSV", shots: "Shots CSV", people: "People CSV", vendors: "Vendors CSV" };
const IMPORT_LABELS: Record<ImportList, string> = { people: "People", shots: "Shots" };
/** How many ready rows the preview names; the rest are counted. */
const READY_SHOWN = 20;

/**
 * docs/product/screens.md#import-and-export: Export (the event as JSON, each list as CSV)
 * and Import (a CSV of people or shots: choose, preview, confirm).
 */
export function ImportExportPage({
  greetingName,
  event,
  importable,
  list,
  answer,
}: {
  greetingName: string;
  event: { id: string; title: string };
  importable: ImportList[];
  list: ImportList | null;
  answer: ImportAnswer | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const chosen = answer?.list ?? list ?? importable[0] ?? "people";
  const [selected, setSelected] = useState<ImportList>(chosen);
  const [tooLarge, setTooLarge] = useState(false);
  const preview = answer?.preview;
  const error = tooLarge ? CSV_TOO_LARGE : answer?.error;

  // A file past the limit would be refused by the server anyway: said at once, without the upload.
  function checkSize(submit: FormEvent<HTMLFormElement>) {
    const file = new FormData(submit.currentTarget).get("file");
    const large = file instanceof File && file.size > CSV_IMPORT_LIMITS.bytes;
    setTooLarge(large);
    if (large) submit.preventDefault();
  }

  return (
    <>
      <SignedInHeader greetingName={greetingName} />
      <main className="mx-auto w-full max-w-2xl flex-1 space-y-4 px-4 py-4">
        <BackLink fallback={`/events/${event.id}`}>← Back to event</BackLink>
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{IMPORT_EXPORT}</h1>
          <p className="mt-1 text-slate-600 break-words">{event.title}</p>
        </div>

        {preview && answer?.list ? (
          <PreviewCard eventId={event.id} list={answer.list} preview={preview} busy={busy} />
        ) : null}

        {importable.length && !preview ? (
          <Card>
            <CardTitle>{IMPORT_HEADING}</CardTitle>
            <p className="mt-1 text-sm text-slate-600">
              {`Add ${importable.map((each) => IMPORT_LABELS[each].toLowerCase()).join(" or ")} from a spreadsheet saved as CSV. You see every row before anything is added.`}
            </p>
            <Form method="post" encType="multipart/form-data" onSubmit={checkSize} className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="preview" />
              {importable.length > 1 ? (
                <div>
                  <label htmlFor="import-list" className="block text-sm font-medium text-slate-700">
                    List
                  </label>
                  <select
                    id="import-list"
                    name="list"
                    value={selected}
                    onChange={(change) => setSelected(change.currentTarget.value === "shots" ? "shots" : "people")}
                    className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900"
                  >
                    {importable.map((each) => (
                      <option key={each} value={each}>
                        {IMPORT_LABELS[each]}
                      </option>
                    ))}
                  </select>
                </div>
              ) : (
                <input type="hidden" name="list" value={importable[0]} />
              )}
              <div>
                <label htmlFor="import-file" className="block text-sm font-medium text-slate-700">
                  CSV file
                </label>
                <input
                  id="import-file"
                  name="file"
                  type="file"
                  required
                  accept=".csv,text/csv"
                  aria-describedby="import-columns"
                  aria-invalid={error ? true : undefined}
                  className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-[var(--surface)] file:px-4 file:font-semibold file:text-slate-800"
                />
                <p id="import-columns" className="mt-1 text-sm text-slate-600">
                  {importable.length > 1 ? <ColumnsHint list={selected} withName /> : <ColumnsHint list={importable[0]!} />}
                </p>
              </div>
              {error ? (
                <p role="alert" className="text-sm font-medium text-red-700">
                  {error}
                </p>
              ) : null}
              <Button type="submit" className="w-full sm:w-auto" disabled={busy}>
                {busy ? "Reading file..." : IMPORT_PREVIEW}
              </Button>
            </Form>
          </Card>
        ) : null}

        <Card>
          <CardTitle>{EXPORT_HEADING}</CardTitle>
          <p className="mt-1 text-sm text-slate-600">
            Download this event for your records or a spreadsheet. The files include team notes and assignments: share them only with your team.
          </p>
          <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
            {/* Plain links (reloadDocument): each answers a file, so the page stays. */}
            <a href={`/events/${event.id}/export/event.json`} download className={buttonClass("secondary", "col-span-2 min-w-36")}>
              {DOWNLOAD_JSON}
            </a>
            {EXPORT_LISTS.map((each) => (
              <a key={each} href={`/events/${event.id}/export/${each}.csv`} download className={buttonClass("secondary", "min-w-36")}>
                {LIST_LABELS[each]}
              </a>
            ))}
          </div>
        </Card>
      </main>
      <AppFooter />
    </>
  );
}

function ColumnsHint({ list, withName = false }: { list: ImportList; withName?: boolean }) {
  const columns = IMPORT_COLUMNS[list].map((column) => (column.required ? `${column.header} (required)` : column.header));
  return `${withName ? `${IMPORT_LABELS[list]} columns` : "Columns"}, in any order: ${columns.join(", ")}. At most ${CSV_IMPORT_LIMITS.rows} rows and ${CSV_IMPORT_LIMITS.bytes / 1024} KB.`;
}

function PreviewCard({ eventId, list, preview, busy }: { eventId: string; list: ImportList; preview: NonNullable<ImportAnswer["preview"]>; busy: boolean }) {
  const failed = preview.rows.filter((row) => row.errors.length);
  const ready = preview.rows.filter((row) => !row.errors.length);
  const noun = IMPORT_LISTS[list].noun;
  return (
    <Card aria-labelledby="import-preview">
      <CardTitle id="import-preview">Preview: {preview.fileName || "your file"}</CardTitle>
      <p role="status" className="mt-1 text-sm text-slate-700">
        {previewSummary(ready.length, failed.length)}
      </p>
      {failed.length ? (
        <section aria-labelledby="import-errors" className="mt-4">
          <h3 id="import-errors" className="text-sm font-semibold text-red-700">
            Rows with errors (not imported)
          </h3>
          <ul className="mt-2 space-y-2">
            {failed.map((row) => (
              <li key={row.row} className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm">
                <p className="font-semibold text-slate-900">
                  Row {row.row}
                  {row.label ? <span className="font-normal text-slate-700"> · {row.label}</span> : null}
                </p>
                <ul className="mt-1 list-disc pl-5 text-red-700">
                  {row.errors.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {ready.length ? (
        <section aria-labelledby="import-ready" className="mt-4">
          <h3 id="import-ready" className="text-sm font-semibold text-slate-900">
            Ready to import
          </h3>
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {ready.slice(0, READY_SHOWN).map((row) => (
              <li key={row.row} className="flex gap-3 py-1.5">
                <span className="w-14 shrink-0 text-slate-500">Row {row.row}</span>
                <span className="min-w-0 break-words text-slate-900">{row.label}</span>
              </li>
            ))}
          </ul>
          {ready.length > READY_SHOWN ? <p className="mt-1 text-sm text-slate-600">and {ready.length - READY_SHOWN} more</p> : null}
        </section>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-col gap-2 sm:flex-row">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="list" value={list} />
        <input type="hidden" name="importId" value={preview.importId} />
        <input type="hidden" name="csv" value={preview.text} />
        {ready.length ? (
          <Button type="submit" disabled={busy} className="sm:flex-1">
            {busy ? "Importing..." : importButton(ready.length, noun)}
          </Button>
        ) : null}
        <ButtonLink to={`/events/${eventId}/data?list=${list}`} variant="secondary" className="sm:flex-1">
          {CHOOSE_ANOTHER}
        </ButtonLink>
      </Form>
    </Card>
  );
}
