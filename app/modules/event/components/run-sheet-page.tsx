import { Link } from "react-router";
import { renderSVG } from "uqr";
import { BackLink } from "~/components/ui/back-link";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/toaster";
import type { RunSheet, RunSheetLine } from "../run-sheet";

// The run sheet on screen and on paper (docs/product/screens.md#run-sheet). The toolbar is
// the screen's only; the sheet itself reads as paper, black on white, in either theme: its
// colours are fixed values, not the theme's palette (whose light or dark reading is settled
// on the page's root), and its
// sections may break between lines, never inside one.

type Props = {
  sheet: RunSheet;
  paper: "a4" | "letter";
  liveUrl: string;
  path: string;
  backTo: string;
  choices: { userId: string; label: string }[];
  forUserId: string | null;
};

const PAPER_LABELS = { letter: "US Letter", a4: "A4" } as const;

export function RunSheetPage({ sheet, paper, liveUrl, path, backTo, choices, forUserId }: Props) {
  const hydrated = useHydrated();
  const query = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams();
    const values = { for: forUserId, paper, ...changes };
    for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
    return `?${params}`;
  };
  const qr = renderSVG(liveUrl, { ecc: "M", border: 2, pixelSize: 4 });
  return (
    <main className="mx-auto max-w-3xl px-4 py-4 text-slate-900 print:max-w-none print:p-0 print:text-black">
      <style>{`@page { size: ${paper === "a4" ? "A4" : "letter"}; margin: 14mm; }`}</style>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center print:hidden">
        <BackLink fallback={backTo}>← Back to the event</BackLink>
        <div className="flex flex-wrap items-center gap-2">
          {hydrated ? (
            <button type="button" className={buttonClass("secondary", "min-h-11")} onClick={() => window.print()}>
              Print
            </button>
          ) : null}
          <a href={`${path}.pdf${query({})}`} download className={buttonClass("primary", "min-h-11")}>
            Download PDF
          </a>
        </div>
        <nav aria-label="Paper" className="flex flex-wrap gap-1 text-sm">
          {(["letter", "a4"] as const).map((each) => (
            <Link key={each} to={query({ paper: each })} replace aria-current={each === paper ? "page" : undefined} className={choiceClass(each === paper)}>
              {PAPER_LABELS[each]}
            </Link>
          ))}
        </nav>
        {choices.length > 0 ? (
          <nav aria-label="Whose run sheet" className="flex flex-wrap gap-1 text-sm">
            <Link to={query({ for: null })} replace aria-current={forUserId === null ? "page" : undefined} className={choiceClass(forUserId === null)}>
              Whole team
            </Link>
            {choices.map((choice) => (
              <Link key={choice.userId} to={query({ for: choice.userId })} replace aria-current={forUserId === choice.userId ? "page" : undefined} className={choiceClass(forUserId === choice.userId)}>
                {choice.label}
              </Link>
            ))}
          </nav>
        ) : null}
      </div>

      <article aria-label="Run sheet" className="rounded-lg border border-[#cbd5e1] bg-[#fff] p-4 text-[#000] sm:p-6 print:rounded-none print:border-0 print:p-0">
        <header className="flex items-start justify-between gap-4 border-b-2 border-[#000] pb-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold">{sheet.title}</h1>
            <p className="text-sm">{sheet.subtitle}</p>
            {sheet.whose ? <p className="mt-1 text-sm font-semibold">Run sheet for {sheet.whose}</p> : null}
            <p className="mt-2 text-xs text-[#374151]">{sheet.version}</p>
            <p className="text-xs text-[#374151]">Scan for the live plan: this copy may be out of date.</p>
          </div>
          <a href={liveUrl} aria-label="The live plan" className="w-24 shrink-0 bg-white [&>svg]:h-auto [&>svg]:w-full" dangerouslySetInnerHTML={{ __html: qr }} />
        </header>
        <Section title="Timeline" empty="No blocks." lines={sheet.timeline} />
        <section className="mt-5">
          <h2 className="border-b border-[#000] text-lg font-bold">Shot list</h2>
          {sheet.shots.length === 0 ? <p className="mt-2 text-sm">No shots.</p> : null}
          {sheet.shots.map((group) => (
            <div key={group.label} className="mt-2">
              <h3 className="text-sm font-bold tracking-wide uppercase">{group.label}</h3>
              <Lines lines={group.items} />
            </div>
          ))}
        </section>
        <Section title="People" empty="No people." lines={sheet.people} />
        <Section title="Vendors" empty="No vendors." lines={sheet.vendors} />
        {sheet.team ? <Section title="Team" empty="" lines={sheet.team} /> : null}
      </article>
    </main>
  );
}

const choiceClass = (current: boolean) =>
  `inline-flex min-h-11 items-center rounded-full border px-3 ${current ? "border-brand-700 bg-brand-50 font-semibold text-brand-800" : "border-slate-300 text-slate-700"}`;

function Section({ title, empty, lines }: { title: string; empty: string; lines: readonly RunSheetLine[] }) {
  return (
    <section className="mt-5">
      <h2 className="border-b border-[#000] text-lg font-bold">{title}</h2>
      {lines.length === 0 ? <p className="mt-2 text-sm">{empty}</p> : <Lines lines={lines} />}
    </section>
  );
}

function Lines({ lines }: { lines: readonly RunSheetLine[] }) {
  return (
    <ul className="divide-y divide-[#d1d5db]">
      {lines.map((line, index) => (
        <li key={index} className={`grid ${line.box ? "grid-cols-[1.25rem_1fr]" : "grid-cols-[9.5rem_1fr]"} gap-x-3 py-1.5 text-sm break-inside-avoid`}>
          <span className={line.marker ? "font-semibold" : "tabular-nums"}>
            {line.box ? (
              <span role="img" aria-label={line.box === "done" ? "Done" : "To do"} className="mt-0.5 inline-block size-4 border-2 border-[#000] text-center text-xs leading-3 font-bold">
                {line.box === "done" ? "✓" : ""}
              </span>
            ) : (
              line.time
            )}
          </span>
          <div className="min-w-0">
            <p className={line.marker ? "italic" : "font-semibold"}>{line.title}</p>
            {line.details.length > 0 ? <p className="text-[#374151]">{line.details.join(" · ")}</p> : null}
            {line.notes.map((note) => (
              <p key={note}>{note}</p>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
