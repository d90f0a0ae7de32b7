// The event's 'Import and export' page (docs/product/screens.md#import-and-export) and its
// answers (docs/product/messages.md#import-and-export). Client-safe: the page shows them too.

export const IMPORT_EXPORT = "Import and export";
export const EXPORT_HEADING = "Export";
export const IMPORT_HEADING = "Import";
export const DOWNLOAD_JSON = "Download JSON";
export const IMPORT_PREVIEW = "Preview import";
export const CHOOSE_ANOTHER = "Choose another file";

export const CSV_TOO_LARGE = "The file is too large. Import at most 200 KB and 500 rows at a time.";
export const CSV_TOO_MANY_ROWS = "The file has more than 500 rows. Import at most 500 rows at a time.";
export const CSV_BAD_ENCODING = 'The file is not UTF-8 text. In your spreadsheet, save it as "CSV UTF-8" and try again.';
export const CSV_EMPTY = "The file is empty. Choose a CSV file with a header row and at least one row.";
export const CSV_NO_ROWS = "The file has a header row but no rows to import.";
export const CSV_UNCLOSED_QUOTE = "The file could not be read as CSV: a quoted cell is never closed. Check for a stray quote mark.";
export const CSV_NO_FILE = "Please choose a CSV file.";
export const CSV_NOTHING_VALID = "Nothing to import: every row has an error. Fix the rows and try again.";
export const IMPORT_ALREADY_DONE = "This import was already made.";
export const IMPORT_FAILED = "Import failed";

export const csvUnknownColumn = (name: string, known: readonly string[]) => `Unknown column "${name}". The columns are: ${known.join(", ")}.`;
export const csvMissingColumn = (header: string) => `The file needs a "${header}" column.`;
export const csvDuplicateColumn = (header: string) => `The column "${header}" appears twice.`;
export const csvRowCells = (cells: number, header: number) => `This row has ${cells} cells; the header row has ${header}.`;

/** A count of rows by the list's noun: '1 person', '12 people'. */
export const rowCount = (count: number, noun: readonly [string, string]) => `${count} ${count === 1 ? noun[0] : noun[1]}`;
/** The confirm button: the rows that will be written, by the list's noun. */
export const importButton = (count: number, noun: readonly [string, string]) => `Import ${rowCount(count, noun)}`;
/** The toast after the write. */
export const importedToast = (count: number, noun: readonly [string, string]) => `Imported ${rowCount(count, noun)}`;
/** The preview's summary line. */
export function previewSummary(ready: number, failed: number) {
  const rows = ready + failed;
  return `${rows} ${rows === 1 ? "row" : "rows"} read: ${ready} ready to import${failed ? `, ${failed} with errors (skipped)` : ""}.`;
}
