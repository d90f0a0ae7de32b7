import { type ComponentType, Suspense, use } from "react";
import type { DataStrategyResult, MiddlewareFunction } from "react-router";
import { loadAfterHydration, waitAtMost } from "~/utils/load-after-hydration";
import { lazyValue } from "~/utils/lazy-value";

// A dialog's code (its form, conform, zod and the schemas) loads when
// the dialog opens, not with the page. A dialog the URL asks for (`?dialog=`) still
// renders on the server, in the first HTML, and works before JavaScript: the server
// loads every lazy component before its first render (entry.server.tsx), so its render
// never waits for one; in the browser, hydration keeps the server's HTML of a boundary
// whose code has not arrived yet and hydrates it once it has (React's Suspense).

const serverLoads: Array<() => Promise<unknown>> = [];

/** The server's first render waits for this: every lazy component's code, loaded. */
export function loadLazyComponents() {
  return Promise.all(serverLoads.map((load) => load()));
}

/**
 * The component `load` resolves to, loaded the first time it renders. Offline, its code
 * is asked for again when the device is back online (the service worker keeps a kept
 * page's chunks, public/sw.js); until then it shows nothing.
 */
export type LazyComponent<P> = ComponentType<P> & { load: () => Promise<unknown> };

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  const component = lazyValue(import.meta.env.SSR ? load : () => new Promise<ComponentType<P>>((resolve) => loadAfterHydration(load, resolve)));
  if (import.meta.env.SSR) serverLoads.push(component.load);
  function Loaded(props: P) {
    const Component = component.get() ?? use(component.load());
    return <Component {...props} />;
  }
  function Lazy(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(Lazy, { load: component.load });
}

/** How long a client navigation waits for the code of what it shows before showing the page anyway. */
export const CODE_WAIT_MS = 5_000;

/**
 * Route middleware for a page whose parts load apart (a tab, the signed-in home): a client
 * navigation loads the code the new URL shows (`codeFor`) together with its data, and the
 * page changes once both are there (at most CODE_WAIT_MS: code that does not come still
 * shows once it does), whole instead of with a blank part. `wanted` says, from the
 * route's answers, whether the page shown needs it (a redirect away does not wait). The
 * first load uses the server's HTML (no middleware runs for it).
 */
export function waitForCode(
  codeFor: (url: URL) => { load: () => Promise<unknown> } | null | undefined,
  wanted: (results: Record<string, DataStrategyResult>) => boolean = () => true,
): MiddlewareFunction<Record<string, DataStrategyResult>> {
  return async ({ request }, next) => {
    const code = codeFor(new URL(request.url))?.load();
    const results = await next();
    if (code && wanted(results)) await waitAtMost(code, CODE_WAIT_MS);
    return results;
  };
}
