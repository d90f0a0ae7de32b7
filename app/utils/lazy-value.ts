// Something a page loads only when it first needs it (zod and the
// schemas are not in a page's first JavaScript), read synchronously once it is there: the
// outbox's sender, the row schemas and zod stay out of the dashboard's first load (100.4 KB
// raw in 5 files that its first check-off loads instead; npm run bench).

export type LazyValue<T> = {
  /** The value once loaded; null before. */
  get: () => T | null;
  /** Loads it (once; a failure, e.g. offline, may be tried again). */
  load: () => Promise<T>;
};

export function lazyValue<T>(load: () => Promise<T>): LazyValue<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    get: () => value,
    load: () =>
      (loading ??= load().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
  };
}
