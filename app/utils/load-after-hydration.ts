// Code a page needs a moment after it is interactive, not in its first JavaScript
// (`npm run bench` first-load budget). On a phone with bad signal the chunk may fail
// to arrive: it is asked for again as soon as the device is back online, or after a
// growing wait, until it loads or the caller no longer needs it. Client-only.

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

/** Loads `load()` and hands its result to `onLoaded`, retrying failures; returns a cancel. */
export function loadAfterHydration<T>(
  load: () => Promise<T>,
  onLoaded: (loaded: T) => void,
  online: EventTarget = window,
): () => void {
  let cancelled = false;
  let wait = FIRST_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    clearTimeout(timer);
    online.removeEventListener("online", attempt);
    load().then(
      (loaded) => {
        if (!cancelled) onLoaded(loaded);
      },
      () => {
        if (cancelled) return;
        online.addEventListener("online", attempt);
        timer = setTimeout(attempt, wait);
        wait = Math.min(wait * 2, MAX_RETRY_MS);
      },
    );
  };
  attempt();
  return () => {
    cancelled = true;
    clearTimeout(timer);
    online.removeEventListener("online", attempt);
  };
}

/**
 * Runs `run` once the browser is idle (at the latest after `timeoutMs`, when given);
 * returns a cancel. Where requestIdleCallback is missing (Safari), a short timer.
 */
export function whenIdle(run: () => void, timeoutMs?: number): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(run, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

/**
 * Waits for `promise` to settle, at most `ms`; never rejects. For code a step would
 * rather have before going on (the row schemas before an answer is applied, the events
 * home's code before the home shows) but must not hang on without a connection.
 */
export function waitAtMost(promise: Promise<unknown>, ms: number): Promise<void> {
  return Promise.race([promise.then(noop, noop), new Promise<void>((resolve) => setTimeout(resolve, ms))]);
}

const noop = () => {};

/**
 * A chunk's import for `React.lazy`: in the browser a fetch that fails (offline) is asked for
 * again until it loads, so the part keeps what it shows (the server's HTML, or nothing)
 * instead of the route showing its error page; on the server, the import as it is.
 */
export function importRetrying<T>(load: () => Promise<T>): Promise<T> {
  return import.meta.env.SSR ? load() : new Promise<T>((resolve) => loadAfterHydration(load, resolve));
}

/**
 * Route middleware: a client navigation starts loading the code of what the new URL shows
 * (`codeFor`, e.g. a tab) beside the page's data, instead of after the data, when the lazy
 * component first renders. The page still changes whole: the route renders it in a Suspense
 * boundary that stays mounted, and React keeps the shown page during the navigation until
 * the code is there.
 */
export function loadCodeFor(codeFor: (url: URL) => (() => Promise<unknown>) | undefined) {
  return <Result,>({ request }: { request: Request }, next: () => Promise<Result>): Promise<Result> => {
    codeFor(new URL(request.url))?.().catch(() => {
      // Offline: the lazy component asks for it again once it renders (importRetrying).
    });
    return next();
  };
}
