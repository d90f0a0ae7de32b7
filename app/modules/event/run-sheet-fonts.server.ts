import fontkit from "@cantoo/fontkit";
import boldUrl from "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf?inline";
import regularUrl from "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf?inline";

// The run sheet PDF's fonts (decision 022): Noto Sans, regular and bold (Latin with its
// extensions and Vietnamese, Greek, Cyrillic), and the fontkit pdf-lib embeds them with.
// This module is imported only when a PDF is made, so the fonts (inlined by the build as
// data URLs) and fontkit are not loaded by the Worker for any other request.

let decoded: { regular: Uint8Array; bold: Uint8Array } | undefined;

export function runSheetFonts() {
  // Decoded once per isolate: later PDFs reuse the bytes (pdf-lib copies only the glyphs it uses).
  decoded ??= { regular: fromDataUrl(regularUrl), bold: fromDataUrl(boldUrl) };
  return { fontkit, ...decoded };
}

function fromDataUrl(url: string) {
  const binary = atob(url.slice(url.indexOf(",") + 1));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
