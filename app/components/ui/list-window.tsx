import { createContext, type ReactNode, type RefObject, useContext, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { LIST_WINDOW, matchingRows, windowPage } from "~/utils/list-window";
import { useHydrated } from "./toaster";

export { LIST_WINDOW };

/**
 * The rows a list was given are only the server's window of it (the
 * dashboard's document carries the shown list's window; the rest follows once the page
 * is hydrated): where the window starts, how many rows the list has (`count`) and how
 * many match the page's search (`matching`), and `need`, which asks for the whole list
 * at once (a search, the end of the list coming near). No provider: the rows are whole.
 */
export type PartialWindow = { offset: number; count: number; matching: number; q: string; need: () => void };
const PartialWindowContext = createContext<PartialWindow | null>(null);
export const PartialWindowProvider = PartialWindowContext.Provider;

/**
 * A long list renders what is on screen and near it (the server's
 * render grew with every row). The server renders one window, `?page=N` choosing which
 * (paging links, so every row is reachable without JavaScript); once hydrated, the rest
 * follows as the end of the list scrolls near (or its "Show more" link is followed),
 * and a search box finds rows not yet rendered. Without JavaScript the search box is a
 * GET form (`?q=`), answered by the server. A list of one window shows neither.
 */
export function useListWindow<Row>(
  rows: Row[],
  { text, noun }: { text: (row: Row) => string; noun: string },
) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const partial = useContext(PartialWindowContext);
  const [query, setQuery] = useState(params.get("q") ?? "");
  // The server's window answers the URL's search; another search needs the whole list.
  const asServed = partial !== null && query.trim() === partial.q;
  const matching = asServed ? rows : matchingRows(rows, text, query);
  const matchingCount = asServed ? partial.matching : matching.length;
  const count = partial ? partial.count : rows.length;
  const start = asServed
    ? partial.offset
    : partial
      ? 0
      : (windowPage(params.get("page"), matching.length) - 1) * LIST_WINDOW;
  const [end, setEnd] = useState(start + LIST_WINDOW);
  // `end` only grows once hydrated (scrolling, "Show more"): before, this is the server's window.
  const shownEnd = Math.max(end, start + LIST_WINDOW);
  const shown = partial ? matching.slice(0, shownEnd - start) : matching.slice(start, shownEnd);
  const more = matchingCount - Math.min(matchingCount, start + shown.length);
  const sentinel = useRef<HTMLAnchorElement>(null);
  const need = partial?.need;

  useEffect(() => {
    if (partial && !asServed) partial.need();
  }, [partial, asServed]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setEnd((current) => current + LIST_WINDOW);
        need?.();
      },
      { rootMargin: "600px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shownEnd, more > 0, need]);

  if (count <= LIST_WINDOW)
    return { shown: partial ? matching : rows, offset: 0, count, controls: null, footer: null };

  const page = start / LIST_WINDOW + 1;
  const pageHref = (to: number) => {
    const next = new URLSearchParams(params);
    if (to > 1) next.set("page", String(to));
    else next.delete("page");
    return `${pathname}?${next}`;
  };
  const hidden = [...params].filter(
    ([name]) => name !== "q" && name !== "page" && name !== "menu",
  );
  const controls = (
    <form
      role="search"
      method="get"
      className="mb-3"
      onSubmit={(event) => {
        // Runs only once hydrated: the box filters as it is typed in, so the page stays.
        event.preventDefault();
      }}
    >
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="block text-sm font-medium text-slate-700">
        Search {noun}
        <input
          type="search"
          name="q"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setEnd(LIST_WINDOW);
          }}
          className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 text-base"
        />
      </label>
    </form>
  );
  const footer: ReactNode = (
    <WindowFooter
      noun={noun}
      from={matchingCount === 0 ? 0 : start + 1}
      to={start + shown.length}
      of={matchingCount}
      previousHref={page > 1 ? pageHref(page - 1) : null}
      nextHref={more > 0 ? pageHref(page + 1) : null}
      sentinel={sentinel}
      onMore={() => {
        setEnd(shownEnd + LIST_WINDOW);
        need?.();
      }}
    />
  );
  return { shown, offset: start, count, controls, footer };
}

/**
 * A long list's footer: where the window is, and the way to more rows. Its own component,
 * so that the switch from paging links to "Show more" once hydrated renders only this,
 * not the list above it.
 */
function WindowFooter({
  noun,
  from,
  to,
  of,
  previousHref,
  nextHref,
  sentinel,
  onMore,
}: {
  noun: string;
  from: number;
  to: number;
  of: number;
  previousHref: string | null;
  nextHref: string | null;
  sentinel: RefObject<HTMLAnchorElement | null>;
  onMore: () => void;
}) {
  const hydrated = useHydrated();
  return (
    <nav
      aria-label={`More ${noun}`}
      className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-600"
    >
      <p>
        Showing {from}–{to} of {of}
      </p>
      {!hydrated && previousHref ? (
        <Link to={previousHref} className="font-semibold text-brand-700 underline">
          Previous page
        </Link>
      ) : null}
      {nextHref ? (
        <Link
          ref={sentinel}
          to={nextHref}
          onClick={(event) => {
            // Hydrated: the next rows join this page instead of replacing it.
            event.preventDefault();
            onMore();
          }}
          className="font-semibold text-brand-700 underline"
        >
          {hydrated ? "Show more" : "Next page"}
        </Link>
      ) : null}
    </nav>
  );
}
