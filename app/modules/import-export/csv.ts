import Papa from "papaparse";
import {
  CSV_BAD_ENCODING,
  CSV_EMPTY,
  CSV_NO_ROWS,
  CSV_TOO_LARGE,
  CSV_TOO_MANY_ROWS,
  CSV_UNCLOSED_QUOTE,
  csvDuplicateColumn,
  csvMissingColumn,
  csvRowCells,
  csvUnknownColumn,
} from "./messages";

// CSV written and read with papaparse (decision 020): RFC 4180 quoting, and the reading
// of a file whose header row names the columns in any order. No list is named here:
// each list's columns are in columns.ts.

/** docs/product/limits.md#import-and-export: a file's bytes and its rows (the header not counted). */
export const CSV_IMPORT_LIMITS = { bytes: 200 * 1024, rows: 500 } as const;

/**
 * A cell a spreadsheet would run as a formula (or, after a tab or carriage return, read
 * as one): prefixed with an apostrophe so it is shown as text. The whole cell is tested
 * from its first character, newlines included (papaparse's own pattern, `^[…].*$`, lets
 * "=cmd" followed by a line break through).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as written: text, with a formula's first character made harmless. */
export function safeCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A CSV file: the header row then the rows, every cell made safe, lines ended CRLF (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return Papa.unparse(
    { fields: header.map(safeCell), data: rows.map((row) => row.map(safeCell)) },
    // The cells are made safe above; papaparse quotes those with a comma, quote, line break or edge space.
    { newline: "\r\n", escapeFormulae: false },
  );
}

/** What an import reads of a cell: the apostrophe our export put before a formula's first character taken off again. */
export function unescapeCell(text: string) {
  return text.length > 1 && text[0] === "'" && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** A column a list reads: the field it fills and the header names it answers to. */
export type CsvColumn = { field: string; header: string; required?: boolean; aliases?: readonly string[] };

/** A data row: its number as a spreadsheet shows it (the header is row 1) and its cells by field. */
export type CsvRecord = { row: number; cells: Record<string, string>; error?: string };

export type CsvReading = { ok: true; records: CsvRecord[] } | { ok: false; message: string };

const headerKey = (text: string) => text.replace(/^\uFEFF/, "").trim().replace(/\s+/g, " ").toLowerCase();

/** A file's bytes as text: UTF-8 only (an optional byte-order mark dropped); anything else is refused. */
export function decodeCsv(bytes: ArrayBuffer | Uint8Array): { ok: true; text: string } | { ok: false; message: string } {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (view.byteLength > CSV_IMPORT_LIMITS.bytes) return { ok: false, message: CSV_TOO_LARGE };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(view);
  } catch {
    return { ok: false, message: CSV_BAD_ENCODING };
  }
  // A NUL is never in a text file: a spreadsheet's own format (or UTF-16) saved under .csv.
  if (text.includes("\u0000")) return { ok: false, message: CSV_BAD_ENCODING };
  return { ok: true, text };
}

/**
 * A CSV file's text read against a list's columns: the header row names them in any
 * order (case and spacing aside; `ignored`: columns of our own export that an import does
 * not read), each later row is a record of its cells by field. A file that is not a table
 * of those columns (no rows, an unknown, missing or repeated column, a quote never
 * closed, too many rows) is refused whole with the reason; a row whose cells do not match
 * the header is kept with its error, for the preview.
 */
export function readCsv(text: string, columns: readonly CsvColumn[], ignored: readonly string[] = []): CsvReading {
  if (text.length > CSV_IMPORT_LIMITS.bytes) return { ok: false, message: CSV_TOO_LARGE };
  if (!text.trim()) return { ok: false, message: CSV_EMPTY };
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { header: false, skipEmptyLines: "greedy", delimitersToGuess: [",", ";", "\t"] });
  const quote = parsed.errors.find((error) => error.type === "Quotes");
  if (quote) return { ok: false, message: CSV_UNCLOSED_QUOTE };
  const [head, ...body] = parsed.data;
  if (!head) return { ok: false, message: CSV_EMPTY };
  const byName = new Map<string, CsvColumn>();
  for (const column of columns) for (const name of [column.header, ...(column.aliases ?? []), column.field]) byName.set(headerKey(name), column);
  const skip = new Set(ignored.map(headerKey));
  const fields: (string | null)[] = [];
  const seen = new Set<string>();
  for (const name of head) {
    const key = headerKey(name);
    if (!key || skip.has(key)) {
      fields.push(null);
      continue;
    }
    const column = byName.get(key);
    if (!column) return { ok: false, message: csvUnknownColumn(name.trim(), columns.map((c) => c.header)) };
    if (seen.has(column.field)) return { ok: false, message: csvDuplicateColumn(column.header) };
    seen.add(column.field);
    fields.push(column.field);
  }
  const missing = columns.find((column) => column.required && !seen.has(column.field));
  if (missing) return { ok: false, message: csvMissingColumn(missing.header) };
  if (!body.length) return { ok: false, message: CSV_NO_ROWS };
  if (body.length > CSV_IMPORT_LIMITS.rows) return { ok: false, message: CSV_TOO_MANY_ROWS };
  const records = body.map((cells, index): CsvRecord => {
    const row = index + 2;
    const values: Record<string, string> = {};
    fields.forEach((field, i) => {
      if (field) values[field] = unescapeCell(cells[i] ?? "");
    });
    // Cells past the header's, or fewer than it names: the row does not line up with its columns.
    const extra = cells.slice(head.length).some((cell) => cell.trim() !== "");
    if (extra || cells.length < head.length) {
      return { row, cells: values, error: csvRowCells(cells.length, head.length) };
    }
    return { row, cells: values };
  });
  return { ok: true, records };
}
