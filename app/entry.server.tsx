import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { loadLazyComponents } from "~/components/lazy-component";
import { nonceContext } from "~/context";
import { NonceProvider } from "~/utils/nonce";
import { scriptsAfterFirstPaint } from "~/utils/scripts-after-paint.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(nonceContext);
  // A dialog the URL opens is in the first HTML, also for a visitor without JavaScript:
  // the lazy components' code is loaded before any render (at once after the first).
  await loadLazyComponents();
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      // A finished Suspense boundary (a lazy dialog's, lazy-component.tsx) stays in place
      // in the HTML: React would move a large one to the end of the stream, to be put in
      // place by a script, and without JavaScript it would never show.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell is rendered reject and are logged by React Router.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Crawlers and SPA-mode renders wait for all content (no streaming).
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The HTML paints before any script is requested (not in development,
  // where Vite's own module scripts must run in their order).
  const html = import.meta.env.PROD ? scriptsAfterFirstPaint(body, nonce) : body;
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}
