import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
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
  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      // A finished Suspense boundary (a lazy dialog's or tab's) stays in place
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

  // Every page's data is loaded before it renders, so nothing is gained by streaming; the
  // HTML is sent once every lazy component's code is loaded and rendered in place (a dialog
  // the URL opens, a tab), so it is whole also for a visitor without JavaScript. Streamed,
  // a boundary still loading would come later with an inline script that puts it in place,
  // which a browser without JavaScript never runs.
  await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The HTML paints before any script is requested (not in development,
  // where Vite's own module scripts must run in their order): Lighthouse mobile's LCP is
  // 0.92 s with it, 2.2-2.4 s without (npm run bench; decision 014).
  const html = import.meta.env.PROD ? scriptsAfterFirstPaint(body, nonce) : body;
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}
