import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { useQuietRefetch } from "~/modules/live/use-quiet-refetch";
import { whenIdle } from "~/utils/load-after-hydration";

// The dashboard's document carries what its URL shows; the rest (every
// list whole, the team) is one request to the lists route, made when the browser is
// idle after hydration, or at once when a tab, a search or the end of a list needs it.
// Offline, the service worker answers it with the copy it kept with the page (decision
// 010 'Offline reading'). Client-only.

/**
 * The rest of the page `page` (its loader data) from `url`: null until it is here;
 * `fresh` once it was read after the page's current data (new page data, a navigation
 * or a revalidation, asks for it again, the older copy serving meanwhile). `need`
 * fetches it at once. `failed`: the last try found no network and no copy kept on the
 * device; it is tried again when the device is back online.
 */
export function useRestOfPage<T>(url: string, page: object) {
  const [rest, setRest] = useState<{ data: T; for: object; url: string } | null>(null);
  const refetchPage = useQuietRefetch();
  const latest = useRef(page);
  latest.current = page;
  const loading = useRef<object | null>(null);
  const [failed, setFailed] = useState(false);

  const need = useCallback(() => {
    const forPage = latest.current;
    if (loading.current === forPage) return;
    loading.current = forPage;
    // Not followed: a redirect (to sign in) is not the rest of the page, and the service worker forgets the page on it.
    fetch(url, { credentials: "same-origin", redirect: "manual", headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (response.ok && response.headers.get("Content-Type")?.includes("json")) {
          const data = (await response.json()) as T;
          // A transition: the whole page renders again with every list, in slices that
          // leave the phone free for a tap, rather than in one long task.
          startTransition(() => {
            setRest((current) => (current && current.for === latest.current && forPage !== latest.current ? current : { data, for: forPage, url }));
            setFailed(false);
          });
          return;
        }
        // Signed out, or the access ended: the page's own loader says so (its error page, or sign in).
        if (response.type === "opaqueredirect" || [401, 403, 404, 410].includes(response.status)) refetchPage();
        loading.current = null;
      })
      // No network and no copy kept: the window stays, and the rest is asked for again when needed.
      .catch(() => {
        loading.current = null;
        setFailed(true);
      })
      .finally(() => {
        // Newer page data came meanwhile: its rest is read too.
        if (loading.current !== null && loading.current !== latest.current) loading.current = null;
      });
  }, [url, refetchPage]);

  useEffect(() => whenIdle(need, 2000), [page, need]);
  useEffect(() => {
    window.addEventListener("online", need);
    return () => window.removeEventListener("online", need);
  }, [need]);

  // Another page of the same route (a link to another event): the older page's rest is not this one's.
  const own = rest !== null && rest.url === url ? rest : null;
  return { rest: own?.data ?? null, fresh: own !== null && own.for === page, need, failed: own === null && failed };
}
