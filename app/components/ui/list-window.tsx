import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useHydrated } from "./toaster";

/** Rows rendered at first: a phone screen of rows and a bit more (issue 19 item 2). */
export const LIST_WINDOW = 30;

/**
 * A long list renders what is on screen and near it (issue 19 item 2: the server's
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
  const hydrated = useHydrated();
  const [query, setQuery] = useState(params.get("q") ?? "");
  const needle = query.trim().toLowerCase();
  const matching = needle
    ? rows.filter((row) => text(row).toLowerCase().includes(needle))
    : rows;
  const pages = Math.max(1, Math.ceil(matching.length / LIST_WINDOW));
  const page = Math.min(
    pages,
    Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
  );
  const start = (page - 1) * LIST_WINDOW;
  const [end, setEnd] = useState(start + LIST_WINDOW);
  const shownEnd = hydrated
    ? Math.max(end, start + LIST_WINDOW)
    : start + LIST_WINDOW;
  const shown = matching.slice(start, shownEnd);
  const more = matching.length - Math.min(matching.length, shownEnd);
  const sentinel = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting))
          setEnd((current) => current + LIST_WINDOW);
      },
      { rootMargin: "600px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shownEnd, more > 0]);

  if (rows.length <= LIST_WINDOW)
    return { shown: rows, offset: 0, controls: null, footer: null };

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
        if (hydrated) event.preventDefault();
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
    <nav
      aria-label={`More ${noun}`}
      className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-600"
    >
      <p>
        Showing {matching.length === 0 ? 0 : start + 1}–{start + shown.length}{" "}
        of {matching.length}
      </p>
      {!hydrated && page > 1 ? (
        <Link
          to={pageHref(page - 1)}
          className="font-semibold text-brand-700 underline"
        >
          Previous page
        </Link>
      ) : null}
      {more > 0 ? (
        <Link
          ref={sentinel}
          to={pageHref(page + 1)}
          onClick={(event) => {
            // Hydrated: the next rows join this page instead of replacing it.
            event.preventDefault();
            setEnd(shownEnd + LIST_WINDOW);
          }}
          className="font-semibold text-brand-700 underline"
        >
          {hydrated ? "Show more" : "Next page"}
        </Link>
      ) : null}
    </nav>
  );
  return { shown, offset: start, controls, footer };
}
