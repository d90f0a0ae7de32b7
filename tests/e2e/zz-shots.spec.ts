import { readFileSync, writeFileSync } from "node:fs";
import { createCanvas } from "@napi-rs/canvas";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { test, waitForHydration } from "./fixtures";
import { demoSessionCookies } from "./helpers";

const ID = "00000000-0000-4000-8000-00000000d003";
for (const scheme of ["light", "dark"] as const) {
  for (const [name, vp] of [["phone", { width: 412, height: 915 }], ["desktop", { width: 1440, height: 900 }]] as const) {
    test(`sheet ${scheme} ${name}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: vp, colorScheme: scheme });
      await context.addCookies(await demoSessionCookies(browser));
      const page = await context.newPage();
      await page.goto(`/events/${ID}`);
      await waitForHydration(page);
      await page.screenshot({ path: `/tmp/shots/dash2-${scheme}-${name}.png` });
      await page.goto(`/events/${ID}/run-sheet`);
      await waitForHydration(page);
      await page.screenshot({ path: `/tmp/shots/sheet-${scheme}-${name}.png` });
      if (scheme === "light" && name === "phone") {
        const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
        const loading = getDocument({ data: new Uint8Array(readFileSync((await download.path())!)) });
        const doc = await loading.promise;
        for (let n = 1; n <= Math.min(doc.numPages, 3); n++) {
          const p = await doc.getPage(n);
          const viewport = p.getViewport({ scale: 1.5 });
          const canvas = createCanvas(Math.floor(viewport.width), Math.floor(viewport.height));
          const ctx = canvas.getContext("2d");
          ctx.fillStyle = "white"; ctx.fillRect(0, 0, canvas.width, canvas.height);
          await p.render({ canvas: null, canvasContext: ctx as unknown as CanvasRenderingContext2D, viewport }).promise;
          writeFileSync(`/tmp/shots/pdf-${n}.png`, canvas.toBuffer("image/png"));
        }
        console.log("pages", doc.numPages);
        await page.emulateMedia({ media: "print" });
        await page.screenshot({ path: `/tmp/shots/sheet-print.png`, fullPage: true });
      }
      await context.close();
    });
  }
}
