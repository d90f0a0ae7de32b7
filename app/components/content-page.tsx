import type { ReactNode } from "react";
import { Link } from "react-router";
import { AppFooter, AppHeader } from "./page-shell";

// The content pages' frame (about, support, legal, privacy, terms): apart from
// page-shell.tsx, which every page loads (decision 014).

/** The frame of a content page: header, a readable column, footer. */
export function PageShell({
  title,
  intro,
  children,
  backTo = "/",
  backLabel = "Back",
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  backTo?: string;
  backLabel?: string;
}) {
  return (
    <>
      <AppHeader />
      <main className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
        <Link to={backTo} className="mb-4 inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
          ← {backLabel}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {intro ? <div className="mt-2 text-slate-600">{intro}</div> : null}
        <div className="mt-6 space-y-6">{children}</div>
      </main>
      <AppFooter />
    </>
  );
}
