// Decision 014 (LCP ≤ 1.8 s): the page's scripts are requested after its first paint.
//
// React Router's <Scripts /> writes a `<link rel="modulepreload">` for every module the page
// needs and an inline module script that imports the route modules and then the client
// entry. Both start at once: on a fast connection (or from the service worker's cache) the
// browser fetches and runs ~130 KB of JavaScript, hydration included, before it paints the
// server's HTML, and a phone shows a white screen meanwhile (Lighthouse counted every
// script's download and evaluation into the LCP: render delay 79% of it).
//
// The page's HTML is complete without JavaScript, so nothing is lost by painting it first:
// the preloads are taken out of the HTML and the module script's own text is run, unchanged,
// once the browser reports the first contentful paint (a new module script with the page's
// nonce, the preloads added just before it, so the modules still load in parallel; a browser
// without paint timing: the task after the first frame). A hidden page (opened in the
// background) paints nothing: it loads at once. A page whose paint is not reported (a
// browser that throttles it) loads after FALLBACK_MS.
//
// React hydrates the same markup: the module script element stays where it was with its
// attributes (its text differs, which <Scripts /> renders with suppressHydrationWarning),
// and the preload links React renders into the head during hydration are the ones added.

const FALLBACK_MS = 1000;

/** The inline module script <Scripts /> writes (type="module", no src). */
const MODULE_SCRIPT = /(<script\b(?=[^>]*\btype="module")(?![^>]*\bsrc=)[^>]*>)([\s\S]*?)(<\/script>)/;
const MODULE_PRELOAD = /<link\b(?=[^>]*\brel="modulepreload")[^>]*>/g;
const HREF = /\bhref="([^"]*)"/;
const CLOSE_TAG = "</script>";

/** What an HTML attribute's value holds as text (React escapes &, <, > and "). */
function unescapeAttribute(value: string) {
  return value.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

/** A value as JavaScript source that is safe inside an inline <script> (no `</script>`, no comment openers). */
function scriptLiteral(value: unknown) {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** The loader that replaces the module script's text: adds the preloads and runs `text` after the first paint. */
export function afterPaintLoader(text: string, preloads: readonly string[], nonce: string) {
  return (
    `((n,h,t)=>{let done=false;const go=()=>{if(done)return;done=true;` +
    `for(const href of h){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}` +
    `const s=document.createElement("script");s.type="module";s.nonce=n;s.textContent=t;document.head.append(s)};` +
    `if(document.visibilityState==="hidden")return go();setTimeout(go,${FALLBACK_MS});` +
    // The first contentful paint as the browser reports it (its frame shown), where it does;
    // else the task after the first frame.
    `const P=window.PerformanceObserver;if(P&&(P.supportedEntryTypes||[]).includes("paint"))` +
    `new P((list,o)=>{if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});` +
    `else requestAnimationFrame(()=>setTimeout(go,0))})` +
    `(${scriptLiteral(nonce)},${scriptLiteral(preloads)},${scriptLiteral(text)})`
  );
}

/**
 * The document's HTML with its module preloads taken out and its module script run after
 * the first paint; `null` while `html` does not yet hold the whole module script.
 */
export function deferModuleScripts(html: string, nonce: string): string | null {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return null;
  const preloads: string[] = [];
  const head = html.slice(0, script.index).replace(MODULE_PRELOAD, (link) => {
    const href = HREF.exec(link)?.[1];
    if (href) preloads.push(unescapeAttribute(href));
    return "";
  });
  const [whole, open, text, close] = script;
  return head + open + afterPaintLoader(text ?? "", preloads, nonce) + close + html.slice(script.index + whole.length);
}

/**
 * The rendered document's stream, with its scripts requested after the first paint
 * (deferModuleScripts). It reads React's stream only as its own reader asks (no buffer of
 * its own): React writes a boundary that is finished by then in place, as before.
 */
export function scriptsAfterFirstPaint(body: ReadableStream<Uint8Array>, nonce: string): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  // The text up to the module script; null once it is written (the rest passes as it comes,
  // through the same decoder: a chunk may end inside a character).
  let pending: string | null = "";
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            const rest = decoder.decode();
            // A document without the module script (none is rendered) goes as it was.
            const last = pending === null ? rest : (deferModuleScripts(pending + rest, nonce) ?? pending + rest);
            if (last) controller.enqueue(encoder.encode(last));
            controller.close();
            return;
          }
          const text = decoder.decode(value, { stream: true });
          if (pending === null) {
            if (!text) continue;
            controller.enqueue(encoder.encode(text));
            return;
          }
          // Scanned again only when a script may have closed (the module script is near the
          // end of the body: the page's HTML before it is not read over and over).
          const closed = (pending.slice(-CLOSE_TAG.length) + text).includes(CLOSE_TAG);
          pending += text;
          if (!closed) continue;
          const deferred = deferModuleScripts(pending, nonce);
          if (deferred === null) continue;
          pending = null;
          controller.enqueue(encoder.encode(deferred));
          return;
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
