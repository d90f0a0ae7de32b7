import { PDFDict, PDFDocument, PDFName } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import type { RunSheet } from "~/modules/event/run-sheet";
import { runSheetPdf } from "~/modules/event/run-sheet-pdf.server";
import { readPdf } from "../e2e/pdf";

// The run sheet's PDF prints people's names as written (decision 022): an embedded Unicode
// font (Noto Sans, subset) whose ToUnicode map lets a reader, as pdf.js here, read them back.

const NAMES = ["Łukasz Dvořák", "Nguyễn Thị Ánh", "Işıl Öztürk", "Ζωή Παπαδοπούλου", "Анна Смирнова", "Siobhán Ó Súilleabháin"];
const line = (title: string, details: string[] = []) => ({ time: "", title, details, notes: [] });

function sheet(people: string[]): RunSheet {
  return {
    title: "Ana & Jürgen Wedding",
    subtitle: "Saturday, June 12, 2027 · Kraków",
    version: "Version 3 · made Jun 1, 2027, 9:05 PM",
    whose: null,
    timeline: [{ time: "4:00 PM – 4:30 PM", title: "Ceremony", details: ["Fixed time"], notes: ["Officiant: Fr. Żaneta"] }],
    shots: [{ label: "Family", items: [{ ...line("Đorđe with the bride"), box: "open" }] }],
    people: people.map((name) => line(name, ["Guest"])),
    vendors: [],
    team: null,
  };
}

/** The PDF's fonts as written in it: each top-level font's name and whether it maps glyphs back to text. */
async function fontsOf(bytes: Uint8Array) {
  const document = await PDFDocument.load(bytes);
  const fonts = document.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFDict => object instanceof PDFDict && object.get(PDFName.of("Subtype")) === PDFName.of("Type0"))
    .map((font) => ({ name: String(font.get(PDFName.of("BaseFont"))), toUnicode: font.has(PDFName.of("ToUnicode")) }));
  return fonts;
}

describe("run sheet PDF", () => {
  it("prints names in Latin with any accents, Greek and Cyrillic exactly, in a subset font with a ToUnicode map", async () => {
    const bytes = await runSheetPdf(sheet(NAMES), "https://eventflow.app/events/x", "a4");
    // Read before pdf.js, which takes the buffer over.
    const [fonts, size] = [await fontsOf(bytes), bytes.length];
    const { text } = await readPdf(bytes);
    for (const name of [...NAMES, "Ana & Jürgen Wedding", "Kraków", "Officiant: Fr. Żaneta", "Đorđe with the bride", "4:00 PM – 4:30 PM"]) expect(text).toContain(name);
    expect(fonts).toEqual([
      { name: expect.stringMatching(/^\/NotoSans-Regular\b/), toUnicode: true },
      { name: expect.stringMatching(/^\/NotoSans-Bold\b/), toUnicode: true },
    ]);
    // A subset: the glyphs used, not the 600 KB of each whole font.
    expect(size).toBeLessThan(120_000);
  });

  it("a name typed decomposed (a letter and its combining marks) prints as the one letter", async () => {
    const { text } = await readPdf(await runSheetPdf(sheet(["Nguye\u0302\u0303n Va\u0306n"]), "https://eventflow.app/events/x", "letter"));
    expect(text).toContain("Nguyễn Văn");
  });

  it("a character the font lacks (CJK, emoji) becomes '?', one per character seen, and the sheet is still made", async () => {
    const { text } = await readPdf(await runSheetPdf(sheet(["王小明", "Mia 👩‍👩‍👧 Park", "Zoë ❤️"]), "https://eventflow.app/events/x", "letter"));
    expect(text).toContain("???");
    expect(text).toContain("Mia ? Park");
    expect(text).toContain("Zoë ?");
  });
});
