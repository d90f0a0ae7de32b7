import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * Segmented tabs made of links (?tab=…): the server renders the chosen tab, so they
 * work before JavaScript loads, and the URL says which tab is open.
 *
 * Each tab is at least as wide as its label, which never wraps: where they do not fit, the
 * page's wrapper scrolls sideways rather than labels running into each other.
 *
 * Links, so a navigation with aria-current="page" on the open one,
 * not role="tab" (which promises arrow-key tabs these are not). The page labels the
 * region it shows with the open tab's name.
 */
export function LinkTabs<T extends string>({
  label,
  tabs,
  current,
  hrefFor,
}: {
  label: string;
  tabs: ReadonlyArray<{ id: T; label: ReactNode }>;
  current: T;
  hrefFor: (id: T) => string;
}) {
  return (
    <nav aria-label={label} className="grid auto-cols-[minmax(max-content,1fr)] grid-flow-col gap-1 rounded-lg bg-slate-100 p-1">
      {tabs.map((tab) => (
        <Link
          key={tab.id}
          aria-current={current === tab.id ? "page" : undefined}
          to={hrefFor(tab.id)}
          replace
          preventScrollReset
          className={`flex min-h-10 items-center justify-center whitespace-nowrap rounded-md px-3 text-sm font-semibold sm:px-4 ${
            current === tab.id ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"
          }`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
