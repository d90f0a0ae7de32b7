import { describe, expect, it, vi } from "vitest";
import { deferModuleScripts, scriptsAfterFirstPaint } from "~/utils/scripts-after-paint.server";

// What React Router's <Scripts /> writes (7.x): preloads in the head, the context script,
// then the module script that imports the route modules and the client entry.
const NONCE = "bm9uY2Utb2YtdGhlLXBhZ2U=";
const MODULE_TEXT = 'import * as route0 from "/assets/root-A.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-B.js");';
const DOCUMENT =
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/root-C.css"/>` +
  `<link rel="modulepreload" href="/assets/entry.client-B.js" nonce="${NONCE}"/><link rel="modulepreload" href="/assets/a&amp;b-D.js" nonce="${NONCE}"/>` +
  `</head><body><h1>Plan every event day</h1><script nonce="${NONCE}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${NONCE}" type="module" async="">${MODULE_TEXT}</script><!--$--><script nonce="${NONCE}">enqueue("é</script>")</script><!--/$--></body></html>`;

/**
 * Runs the loader the way a browser would, with the given page visibility and paint timing
 * (or none); returns what it appended, its frames, timers and paint observers.
 */
function runLoader(html: string, visibility: "visible" | "hidden", paintTiming = true) {
  const loader = /type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;
  const appended: { tag: string; rel?: string; href?: string; type?: string; nonce?: string; textContent?: string }[] = [];
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const observers: { report: (names: string[]) => void; observing?: unknown; disconnected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ["paint", "resource"] : ["resource"];
    private entry: (typeof observers)[number];
    constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }, observer: FakeObserver) => void) {
      this.entry = {
        disconnected: false,
        report: (names) => callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) }, this),
      };
      observers.push(this.entry);
    }
    observe(options: unknown) {
      this.entry.observing = options;
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  const document = {
    visibilityState: visibility,
    createElement: (tag: string) => ({ tag }),
    head: { append: (element: (typeof appended)[number]) => appended.push(element) },
  };
  new Function("document", "window", "requestAnimationFrame", "setTimeout", loader)(
    document,
    { PerformanceObserver: FakeObserver },
    (fn: () => void) => frames.push(fn),
    (fn: () => void, ms: number) => timers.push({ fn, ms }),
  );
  return { appended, frames, timers, observers };
}

describe("deferModuleScripts", () => {
  it("takes the module preloads out of the HTML and leaves everything else as it was", () => {
    const html = deferModuleScripts(DOCUMENT, NONCE)!;
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-C.css"/>');
    expect(html).toContain("<h1>Plan every event day</h1>");
    expect(html).toContain(`<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`);
    // The module script element keeps its attributes (React hydrates it); the streamed data after it is untouched.
    expect(html).toContain(`<script nonce="${NONCE}" type="module" async="">((n,h,t)=>`);
    expect(html).toMatch(/<!--\$--><script nonce="[^"]+">enqueue\("é<\/script>"\)<\/script><!--\/\$--><\/body><\/html>$/);
    // Nothing in the loader closes its script early.
    const loader = /type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(loader).not.toMatch(/<\//);
  });

  it("once the first contentful paint is reported, adds the preloads and runs the module script's own text with the page's nonce", () => {
    const { appended, frames, timers, observers } = runLoader(deferModuleScripts(DOCUMENT, NONCE)!, "visible");
    expect(appended).toEqual([]);
    expect(frames).toEqual([]);
    expect(observers).toHaveLength(1);
    expect(observers[0]!.observing).toEqual({ type: "paint", buffered: true });
    observers[0]!.report(["first-paint"]);
    expect(appended).toEqual([]); // a paint with no content yet
    observers[0]!.report(["first-contentful-paint"]);
    expect(observers[0]!.disconnected).toBe(true);
    expect(appended).toEqual([
      { tag: "link", rel: "modulepreload", href: "/assets/entry.client-B.js" },
      { tag: "link", rel: "modulepreload", href: "/assets/a&b-D.js" },
      { tag: "script", type: "module", nonce: NONCE, textContent: MODULE_TEXT },
    ]);
    // The fallback timer finds it done: nothing twice.
    for (const timer of timers) timer.fn();
    expect(appended).toHaveLength(3);
  });

  it("without paint timing, loads in the task after the first frame", () => {
    const { appended, frames, timers, observers } = runLoader(deferModuleScripts(DOCUMENT, NONCE)!, "visible", false);
    expect(observers).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(appended).toEqual([]); // still in the frame: the paint comes first
    timers.find((timer) => timer.ms === 0)!.fn();
    expect(appended.map((element) => element.tag)).toEqual(["link", "link", "script"]);
  });

  it("loads at once on a hidden page (nothing is painted), and after 1 s if no paint is reported", () => {
    const hidden = runLoader(deferModuleScripts(DOCUMENT, NONCE)!, "hidden");
    expect(hidden.appended.map((element) => element.tag)).toEqual(["link", "link", "script"]);
    expect(hidden.observers).toEqual([]);
    const stalled = runLoader(deferModuleScripts(DOCUMENT, NONCE)!, "visible");
    expect(stalled.appended).toEqual([]);
    stalled.timers.find((timer) => timer.ms === 1000)!.fn();
    expect(stalled.appended.map((element) => element.tag)).toEqual(["link", "link", "script"]);
  });

  it("waits while the module script is not yet whole", () => {
    const cut = DOCUMENT.indexOf("import(");
    expect(deferModuleScripts(DOCUMENT.slice(0, cut), NONCE)).toBeNull();
  });
});

describe("scriptsAfterFirstPaint", () => {
  async function throughStream(chunks: Uint8Array[]) {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    return new Response(scriptsAfterFirstPaint(body, NONCE)).text();
  }

  it("gives the same document whatever the chunks (cut inside a tag, inside a character)", async () => {
    const bytes = new TextEncoder().encode(DOCUMENT);
    const whole = await throughStream([bytes]);
    expect(whole).toBe(deferModuleScripts(DOCUMENT, NONCE));
    const accent = bytes.indexOf(0xc3); // é, two bytes
    for (const cuts of [[10, 200, accent + 1], [DOCUMENT.indexOf("import("), accent + 1], [accent + 1]]) {
      const chunks = [0, ...cuts, bytes.length].slice(1).map((end, i, ends) => bytes.slice(i === 0 ? 0 : ends[i - 1], end));
      expect(await throughStream(chunks)).toBe(whole);
    }
  });

  it("leaves a document without a module script as it was", async () => {
    const plain = "<!DOCTYPE html><html><body><p>Déjà vu</p></body></html>";
    expect(await throughStream([new TextEncoder().encode(plain)])).toBe(plain);
  });

  it("writes the document before the stream ends once the module script has come", async () => {
    const encoder = new TextEncoder();
    let push!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void (push = controller) });
    const reader = scriptsAfterFirstPaint(body, NONCE).getReader();
    const end = DOCUMENT.indexOf("<!--$-->");
    push.enqueue(encoder.encode(DOCUMENT.slice(0, end)));
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain("((n,h,t)=>");
    const onMore = vi.fn();
    void reader.read().then(onMore);
    await Promise.resolve();
    expect(onMore).not.toHaveBeenCalled();
    push.close();
    await reader.closed;
  });

  it("reads React's stream only as its own reader asks (React then writes a boundary finished meanwhile in place)", async () => {
    const encoder = new TextEncoder();
    const parts = [DOCUMENT.slice(0, 100), DOCUMENT.slice(100, DOCUMENT.indexOf("<!--$-->")), DOCUMENT.slice(DOCUMENT.indexOf("<!--$-->"))];
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls++;
          const part = parts.shift();
          if (part === undefined) controller.close();
          else controller.enqueue(encoder.encode(part));
        },
      },
      { highWaterMark: 0 },
    );
    const stream = scriptsAfterFirstPaint(body, NONCE);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pulls).toBe(0);
    const reader = stream.getReader();
    await reader.read();
    expect(pulls).toBe(2); // up to the module script, no further
    while (!(await reader.read()).done);
  });
});
