import { useEffect, useRef } from "react";
import { Link } from "react-router";

/**
 * A page's sections as one row of links (?tab=…): the server renders the chosen one, so they
 * work before JavaScript loads. Labels never wrap; where they do not fit (a phone with six
 * tabs) the row scrolls sideways, fades at the edge that has more (`.scroll-cue`), and keeps
 * the open tab in view. `count` follows a label in a lighter weight (a list's progress).
 *
 * Links with aria-current="page", not role="tab" (which promises arrow-key tabs these are
 * not). The page labels the region it shows with the open tab's name. `keep`: query
 * parameters every tab keeps (a choice that spans tabs, such as 'Mine').
 */
export function SectionTabs<T extends string>({
  tabs,
  current,
  keep = {},
}: {
  tabs: ReadonlyArray<{ id: T; label: string; count?: string | null }>;
  current: T;
  keep?: Readonly<Record<string, string>>;
}) {
  const hrefOf = (id: T) => {
    const query = new URLSearchParams(keep);
    if (id !== tabs[0]?.id) query.set("tab", id);
    return `?${query}`;
  };
  const row = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const open = row.current?.querySelector<HTMLElement>("[aria-current='page']");
    if (!open || !row.current) return;
    // Sideways only: the page itself never moves for it.
    const { left, right } = open.getBoundingClientRect();
    const box = row.current.getBoundingClientRect();
    if (left < box.left) row.current.scrollLeft -= box.left - left + 16;
    else if (right > box.right) row.current.scrollLeft += right - box.right + 16;
  }, [current]);
  return (
    <div ref={row} className="scroll-cue flex gap-1">
      {tabs.map((tab) => (
        <Link
          key={tab.id}
          aria-current={current === tab.id ? "page" : undefined}
          to={hrefOf(tab.id)}
          replace
          preventScrollReset
          className={`flex min-h-11 shrink-0 items-center gap-1.5 rounded-md px-3 text-sm font-semibold whitespace-nowrap ${
            current === tab.id ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-200"
          }`}
        >
          {tab.count ? `${tab.label} ${tab.count}` : tab.label}
        </Link>
      ))}
    </div>
  );
}
