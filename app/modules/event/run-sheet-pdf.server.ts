import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "@cantoo/pdf-lib";
import { encode } from "uqr";
import type { RunSheet, RunSheetLine } from "./run-sheet";

// The run sheet as a PDF (decision 022): drawn in the Worker with pdf-lib's maintained
// fork, in black on white, with the standard Helvetica (no font to ship). Its text box
// fits both papers: A4 is the narrower (595 pt), US Letter the shorter (792 pt), so a
// sheet made for one prints on the other without losing a line.

export const PAPERS = { a4: [595.28, 841.89], letter: [612, 792] } as const;
export type Paper = keyof typeof PAPERS;

const MARGIN = 40;
const BOX_WIDTH = PAPERS.a4[0] - 2 * MARGIN;
const BOX_HEIGHT = PAPERS.letter[1] - 2 * MARGIN;
const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.3, 0.3, 0.3);
const QR_SIZE = 78;

/** The paper a sheet defaults to: US Letter where the event is in the Americas, A4 elsewhere. */
export function defaultPaper(timeZone: string): Paper {
  return timeZone.startsWith("America/") ? "letter" : "a4";
}

export async function runSheetPdf(sheet: RunSheet, liveUrl: string, paper: Paper): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${sheet.title}: run sheet`);
  pdf.setSubject(sheet.version);
  pdf.setCreator("Event Flow");
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = PAPERS[paper];
  const left = (width - BOX_WIDTH) / 2;
  const top = height - (height - BOX_HEIGHT) / 2;
  const bottom = top - BOX_HEIGHT;
  let pageNumber = 0;
  const addPage = () => {
    const added = pdf.addPage([width, height]);
    pageNumber += 1;
    // Every page says which copy it is: a loose page is recognisable too.
    const footer = `${sheet.title} · ${sheet.version} · page ${pageNumber}`;
    added.drawText(printable(footer, regular), { x: left, y: bottom - 14, size: 8, font: regular, color: GREY });
    return added;
  };
  let page: PDFPage = addPage();
  let y = top;
  const newPage = () => {
    page = addPage();
    y = top;
  };
  const room = (needed: number) => {
    if (y - needed < bottom) newPage();
  };
  const write = (text: string, font: PDFFont, size: number, indent = 0, color = BLACK) => {
    for (const line of wrap(printable(text, font), font, size, BOX_WIDTH - indent)) {
      room(size + 3);
      y -= size + 3;
      page.drawText(line, { x: left + indent, y, size, font, color });
    }
  };

  // The header: title, what and where, whose, the version, and the QR code to the live plan.
  const qr = encode(liveUrl, { ecc: "M", border: 2 });
  const cell = QR_SIZE / qr.size;
  const qrLeft = left + BOX_WIDTH - QR_SIZE;
  page.drawRectangle({ x: qrLeft, y: top - QR_SIZE, width: QR_SIZE, height: QR_SIZE, color: rgb(1, 1, 1) });
  qr.data.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) page.drawRectangle({ x: qrLeft + c * cell, y: top - (r + 1) * cell, width: cell, height: cell, color: BLACK });
    }),
  );
  const headerWidth = BOX_WIDTH - QR_SIZE - 12;
  const head = (text: string, font: PDFFont, size: number, color = BLACK) => {
    for (const line of wrap(printable(text, font), font, size, headerWidth)) {
      y -= size + 4;
      page.drawText(line, { x: left, y, size, font, color });
    }
  };
  head(sheet.title, bold, 18);
  head(sheet.subtitle, regular, 10);
  if (sheet.whose) head(`Run sheet for ${sheet.whose}`, bold, 10);
  head(sheet.version, regular, 9, GREY);
  head("Scan for the live plan: this copy may be out of date.", regular, 9, GREY);
  y = Math.min(y, top - QR_SIZE) - 8;

  const section = (title: string) => {
    room(40);
    y -= 10;
    write(title, bold, 13);
    page.drawLine({ start: { x: left, y: y - 3 }, end: { x: left + BOX_WIDTH, y: y - 3 }, thickness: 0.75, color: BLACK });
    y -= 6;
  };
  const TIME_COLUMN = 150;
  const line = (entry: RunSheetLine) => {
    room(26);
    y -= 3;
    const startY = y;
    const timeFont = entry.marker ? bold : regular;
    // A shot has a box to tick on paper (ticked when done) and its title beside it; a block
    // or a person has its time or mark in a column of its own.
    const indent = entry.box ? 18 : TIME_COLUMN;
    if (entry.box) {
      const base = y - 14;
      page.drawRectangle({ x: left + 1, y: base, width: 9, height: 9, borderColor: BLACK, borderWidth: 1 });
      if (entry.box === "done") {
        page.drawLine({ start: { x: left + 2.5, y: base + 4.5 }, end: { x: left + 4.8, y: base + 1.5 }, thickness: 1.3, color: BLACK });
        page.drawLine({ start: { x: left + 4.8, y: base + 1.5 }, end: { x: left + 9, y: base + 8.5 }, thickness: 1.3, color: BLACK });
      }
    } else if (entry.time) {
      for (const piece of wrap(printable(entry.time, timeFont), timeFont, 9.5, TIME_COLUMN - 8)) {
        y -= 12.5;
        page.drawText(piece, { x: left, y, size: 9.5, font: timeFont, color: BLACK });
      }
    }
    const timeEnd = y;
    y = startY;
    write(entry.title, entry.marker ? regular : bold, 10.5, indent);
    if (entry.details.length > 0) write(entry.details.join(" · "), regular, 9, indent, GREY);
    for (const note of entry.notes) write(note, regular, 9, indent);
    y = Math.min(y, timeEnd);
  };

  section("Timeline");
  if (sheet.timeline.length === 0) write("No blocks.", regular, 10);
  sheet.timeline.forEach(line);
  section("Shot list");
  if (sheet.shots.length === 0) write("No shots.", regular, 10);
  for (const group of sheet.shots) {
    // A category's name never ends a page: it comes with its first shot.
    room(44);
    y -= 4;
    write(group.label, bold, 10.5);
    group.items.forEach(line);
  }
  section("People");
  if (sheet.people.length === 0) write("No people.", regular, 10);
  sheet.people.forEach(line);
  section("Vendors");
  if (sheet.vendors.length === 0) write("No vendors.", regular, 10);
  sheet.vendors.forEach(line);
  if (sheet.team) {
    section("Team");
    sheet.team.forEach(line);
  }
  return pdf.save();
}

/**
 * Text the standard font can draw: accents are kept where its encoding (WinAnsi) has the
 * letter, and a character it lacks becomes its unaccented letter or '?' rather than
 * failing the whole sheet.
 */
function printable(text: string, font: PDFFont) {
  const drawable = (character: string) => {
    try {
      font.encodeText(character);
      return true;
    } catch {
      return false;
    }
  };
  return [...text.replace(/[\r\n\t]+/g, " ")]
    .map((character) => {
      if (drawable(character)) return character;
      const plain = character.normalize("NFKD").replace(/\p{M}/gu, "");
      return plain !== "" && [...plain].every(drawable) ? plain : "?";
    })
    .join("");
}

/** Words into lines no wider than `width`; a single word wider than that is cut. */
function wrap(text: string, font: PDFFont, size: number, width: number) {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const tried = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(tried, size) <= width) {
      current = tried;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    while (font.widthOfTextAtSize(current, size) > width && current.length > 1) {
      let cut = current.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > width) cut -= 1;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current) lines.push(current);
  return lines.length > 0 ? lines : [""];
}

/** The PDF as a download named after the event; never kept by a cache (it is a copy of the moment). */
export async function pdfResponse(sheet: RunSheet, liveUrl: string, paper: Paper, headers: Record<string, string> = {}) {
  const bytes = await runSheetPdf(sheet, liveUrl, paper);
  const name = `${sheet.title.replace(/[^\p{L}\p{N} ._-]+/gu, "").trim() || "Event"} run sheet.pdf`;
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "no-store",
      ...headers,
    },
  });
}
