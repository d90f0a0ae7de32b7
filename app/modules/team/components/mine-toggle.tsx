import { Link, useSearchParams } from "react-router";
import { formatBlockStart } from "~/modules/timeline/span";
import { useHourCycle } from "~/root-data";

// 'All' / 'Mine' on the timeline and the shot list (docs/product/screens.md#who-shoots-what):
// links that keep the rest of the URL (the tab, run mode), so the choice works without
// JavaScript and run mode respects it. Mine starts with the member's call time.

/** This page's URL with 'Mine' on or off, without a dialog or a list's page. */
function withMine(params: URLSearchParams, mine: boolean) {
  const next = new URLSearchParams(params);
  for (const key of ["dialog", "id", "page"]) next.delete(key);
  if (mine) next.set("mine", "1");
  else next.delete("mine");
  return `?${next}`;
}

export function MineToggle({ mine, callTime }: { mine: boolean; callTime: string | null }) {
  const [params] = useSearchParams();
  const cycle = useHourCycle();
  const option = (label: string, on: boolean) => (
    <Link
      to={withMine(params, on)}
      replace
      preventScrollReset
      aria-current={mine === on ? "true" : undefined}
      className={`inline-flex min-h-9 items-center rounded-md px-3 text-sm font-semibold ${mine === on ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
    >
      {label}
    </Link>
  );
  return (
    <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1">
      <nav aria-label="Whose" className="inline-flex rounded-lg border border-slate-200 bg-white p-0.5">
        {option("All", false)}
        {option("Mine", true)}
      </nav>
      {mine ? (
        <p className="text-sm font-medium text-slate-800" data-testid="call-time">
          {callTime ? `Call time ${formatBlockStart(callTime, cycle)}` : "Nothing assigned to you yet"}
        </p>
      ) : null}
    </div>
  );
}
