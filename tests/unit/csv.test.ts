import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { formValuesOf, IMPORT_COLUMNS, IMPORT_IGNORED, VIP_INVALID } from "~/modules/import-export/columns";
import { CSV_IMPORT_LIMITS, decodeCsv, readCsv, safeCell, toCsv, unescapeCell } from "~/modules/import-export/csv";
import { readImport } from "~/modules/import-export/import.server";
import {
  CSV_BAD_ENCODING,
  CSV_EMPTY,
  CSV_NO_ROWS,
  CSV_TOO_LARGE,
  CSV_TOO_MANY_ROWS,
  CSV_UNCLOSED_QUOTE,
  csvDuplicateColumn,
  csvMissingColumn,
} from "~/modules/import-export/messages";

// The event's CSV files (docs/product/screens.md#import-and-export): what is written is
// read back cell for cell by a CSV reader, no cell runs as a spreadsheet formula, and a
// file's header row names its columns in any order.

/** A CSV as a spreadsheet would read it: rows of cells. */
const cellsOf = (csv: string) => Papa.parse<string[]>(csv, { header: false, skipEmptyLines: true }).data;

describe("CSV output", () => {
  it("quotes cells with commas, quotes and line breaks so each reads back whole", () => {
    const cells = ['Smith, Jr.', 'The "Big" Day', "Line one\nLine two", "Carriage\r\nreturn", "  spaced  ", "plain"];
    const csv = toCsv(["A", "B", "C", "D", "E", "F"], [cells]);
    expect(csv).toContain('"Smith, Jr."');
    expect(csv).toContain('"The ""Big"" Day"');
    expect(csv).toContain('"Line one\nLine two"');
    expect(csv.split("\r\n")[0]).toBe("A,B,C,D,E,F");
    expect(cellsOf(csv)[1]).toEqual(cells);
  });

  it("writes empty cells for null and the numbers and words as text", () => {
    expect(toCsv(["A", "B", "C"], [[null, 90, "yes"]])).toBe("A,B,C\r\n,90,yes");
  });

  it("prefixes a cell that starts with =, +, -, @, tab or carriage return so a spreadsheet shows it as text", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      const cell = `${start}HYPERLINK("http://evil.example","x")`;
      expect(safeCell(cell)).toBe(`'${cell}`);
      expect(cellsOf(toCsv(["A"], [[cell]]))[1]![0]).toBe(`'${cell}`);
    }
    // A line break after the formula does not let it through.
    expect(safeCell("=1+1\nmore")).toBe("'=1+1\nmore");
    // The header is made safe too, and a cell with the sign later is left as it is.
    expect(toCsv(["=A"], [["a=b"], ["555-0199"]])).toBe("'=A\r\na=b\r\n555-0199");
    expect(safeCell("+1 555 0100")).toBe("'+1 555 0100");
  });

  it("an import reads an exported formula cell as it was", () => {
    expect(unescapeCell("'=SUM(A1)")).toBe("=SUM(A1)");
    expect(unescapeCell("'+1 555 0100")).toBe("+1 555 0100");
    // An apostrophe of the person's own stays.
    expect(unescapeCell("'Bud' Jones")).toBe("'Bud' Jones");
  });
});

describe("CSV input", () => {
  const people = IMPORT_COLUMNS.people;

  it("reads the header row in any order, case and spacing aside", () => {
    const read = readCsv("role,  LAST name ,First Name\r\nParent,Rivera,Lucia\r\nGuest,,Ana\r\n", people);
    expect(read).toEqual({
      ok: true,
      records: [
        { row: 2, cells: { role: "Parent", lastName: "Rivera", firstName: "Lucia" } },
        { row: 3, cells: { role: "Guest", lastName: "", firstName: "Ana" } },
      ],
    });
  });

  it("reads a semicolon-separated file, a byte-order mark and quoted line breaks", () => {
    const read = readCsv('\uFEFFFirst Name;Notes\n"Lucia";"Uses a cane;\nfront row"\n', people);
    expect(read).toEqual({ ok: true, records: [{ row: 2, cells: { firstName: "Lucia", notes: "Uses a cane;\nfront row" } }] });
  });

  it("refuses a file whose columns are wrong, with what is wrong", () => {
    expect(readCsv("First Name,Shoe size\nAna,7\n", people)).toEqual({ ok: false, message: expect.stringContaining('Unknown column "Shoe size". The columns are: First Name, Last Name') });
    expect(readCsv("Last Name\nRivera\n", people)).toEqual({ ok: false, message: csvMissingColumn("First Name") });
    expect(readCsv("First Name,first name\nAna,Ana\n", people)).toEqual({ ok: false, message: csvDuplicateColumn("First Name") });
    expect(readCsv("First Name\n", people)).toEqual({ ok: false, message: CSV_NO_ROWS });
    expect(readCsv("  \n", people)).toEqual({ ok: false, message: CSV_EMPTY });
  });

  it("passes over our export's own columns", () => {
    const read = readCsv("Title,Done,Assigned to\nRings,yes,Alex\n", IMPORT_COLUMNS.shots, IMPORT_IGNORED);
    expect(read).toEqual({ ok: true, records: [{ row: 2, cells: { title: "Rings" } }] });
  });

  it("refuses a quote never closed", () => {
    expect(readCsv('First Name,Notes\nAna,"never closed\nBen,ok\n', people)).toEqual({ ok: false, message: CSV_UNCLOSED_QUOTE });
  });

  it("keeps a row whose cells do not line up with the header, with its error", () => {
    const read = readCsv("First Name,Last Name\nAna,Lee,extra\nBen\n", people);
    expect(read.ok && read.records.map((record) => record.error)).toEqual(["This row has 3 cells; the header row has 2.", "This row has 1 cells; the header row has 2."]);
  });

  it("refuses too many rows, too many bytes and text that is not UTF-8", () => {
    const many = `First Name\n${"Ana\n".repeat(CSV_IMPORT_LIMITS.rows + 1)}`;
    expect(readCsv(many, people)).toEqual({ ok: false, message: CSV_TOO_MANY_ROWS });
    expect(decodeCsv(new Uint8Array(CSV_IMPORT_LIMITS.bytes + 1).fill(65))).toEqual({ ok: false, message: CSV_TOO_LARGE });
    // Latin-1 "José": é as the single byte 0xE9.
    expect(decodeCsv(new Uint8Array([0x4a, 0x6f, 0x73, 0xe9]))).toEqual({ ok: false, message: CSV_BAD_ENCODING });
    // UTF-16 (a spreadsheet's "Unicode text") has NULs between the letters.
    expect(decodeCsv(new TextEncoder().encode("A\u0000n\u0000a"))).toEqual({ ok: false, message: CSV_BAD_ENCODING });
    expect(decodeCsv(new TextEncoder().encode("\uFEFFFirst Name\nJosé\n"))).toEqual({ ok: true, text: "First Name\nJosé\n" });
  });
});

describe("an import's rows, checked by the add form's schema", () => {
  it("turns labels and yes/no into the form's values, with the form's defaults", () => {
    expect(formValuesOf("people", { firstName: "Lucia", role: "Grandparent", isVip: "Yes" })).toEqual({ values: { firstName: "Lucia", role: "grandparent", isVip: "on" } });
    expect(formValuesOf("people", { firstName: "Ana", role: "", isVip: "" })).toEqual({ values: { firstName: "Ana", role: "guest" } });
    expect(formValuesOf("people", { firstName: "Ana", isVip: "maybe" })).toEqual({ field: "isVip", error: VIP_INVALID });
    expect(formValuesOf("shots", { title: "Rings", category: "family formals" })).toEqual({ values: { title: "Rings", category: "family_formals" } });
    expect(formValuesOf("shots", { title: "Rings" })).toEqual({ values: { title: "Rings", category: "other" } });
  });

  it("answers each bad row with its number and the field's message", () => {
    const reading = readImport("people", `First Name,Role,Notes\nLucia,Parent,\n,Guest,\nBen,Astronaut,\nCara,Guest,${"x".repeat(2001)}\n`);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.rows).toEqual([
      { row: 2, label: "Lucia", errors: [] },
      { row: 3, label: "", errors: ["First Name: First name is required"] },
      { row: 4, label: "Ben", errors: ["Role: Please choose a role"] },
      { row: 5, label: "Cara", errors: ["Notes: Notes must be less than 2000 characters"] },
    ]);
    expect(reading.values).toEqual([{ firstName: "Lucia", lastName: null, role: "parent", isVip: false, pronunciation: null, notes: null, teamNotes: null }]);
  });
});
