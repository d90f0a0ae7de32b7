import { createCanvas } from "@napi-rs/canvas";
import jsQR from "jsqr";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * What a PDF says, read as a reader would: the text of every page, and the QR code on the
 * first page decoded from the page drawn as pixels (pdf.js, in Node, on @napi-rs/canvas: the canvas pdf.js itself uses there).
 */
export async function readPdf(bytes: Uint8Array) {
  const loading = getDocument({ data: bytes, verbosity: 0 });
  const document = await loading.promise;
  const texts: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    texts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  const first = await document.getPage(1);
  const viewport = first.getViewport({ scale: 3 });
  const [width, height] = [Math.floor(viewport.width), Math.floor(viewport.height)];
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  // pdf.js's types name the browser's canvas; in Node it draws on this one.
  await first.render({ canvas: null, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
  const qr = jsQR(context.getImageData(0, 0, width, height).data, width, height);
  const size = first.view.slice(2);
  await loading.destroy();
  return { pages: texts, text: texts.join("\n"), qr: qr?.data ?? null, size };
}
