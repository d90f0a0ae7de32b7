import { Link, useSearchParams } from "react-router";
import { formatBlockStart } from "~/modules/timeline/span";
import { useHourCycle } from "~/root-data";

// 'All' / 'Mine' on the timeline and the shot list (docs/product/screens.md#who-shoots-what):
// links that keep the rest of the URL (the tab, run mode), so the choice works without
// JavaScript and run mode respects it. In the list's header, in its count's place; Mine
// starts with the member's call time.

/** This page's URL with 'Mine' on or off, without a dialog or a list's page. */
function withMine(params: URLSearchParams, mine: boolean) {
  const next = new URLSearchParams(params);
  for (const key of ["dialog", "id", "page"]) next.delete(key);
  if (mine) next.set("mine", "1");
  else next.delete("mine");
  return `?${next}`;
}

/** The two choices with their counts: "All 14", "Mine 3". */
export function MineToggle({ mine, all, own, noun }: { mine: boolean; all: number; own: number; noun: [string, string] }) {
  const [params] = useSearchParams();
  const option = (label: string, on: boolean, count: number) => (
    <Link
      to={withMine(params, on)}
      replace
      preventScrollReset
      aria-current={mine === on ? "true" : undefined}
      aria-label={`${label}: ${count} ${count === 1 ? noun[0] : noun[1]}`}
      className={`inline-flex min-h-9 items-center gap-1 rounded-md px-2 text-sm font-semibold whitespace-nowrap ${mine === on ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
    >
      {label}
      {/* A phone keeps the header on one line: the counts from a wider screen on. */}
      <span className={`hidden tabular-nums sm:inline ${mine === on ? "" : "font-normal text-slate-600"}`}>{count}</span>
    </Link>
  );
  return (
    <nav aria-label="Whose" className="inline-flex shrink-0 rounded-lg border border-slate-200 bg-white p-0.5">
      {option("All", false, all)}
      {option("Mine", true, own)}
    </nav>
  );
}

/** Mine's first line: when the member starts. */
export function CallTime({ callTime }: { callTime: string | null }) {
  const cycle = useHourCycle();
  return (
    <p className="mb-2 text-sm font-semibold text-slate-900" data-testid="call-time">
      {callTime ? `Call time ${formatBlockStart(callTime, cycle)}` : "Nothing assigned to you yet"}
    </p>
  );
}
