import type { ReactNode } from "react";
import { Card } from "./ui/card";

// The shared frame of the privacy policy and the terms of use: a contents list and
// numbered sections (each an h2, so the page's h2s are exactly its sections).

export const CONTACT_EMAIL = "support@eventflow.app";
export const listClass = "list-disc space-y-2 pl-5";
export const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900";

export type LegalSection = { id: string; title: string; body: ReactNode };

export function LegalDocument({ idPrefix, sections }: { idPrefix: string; sections: LegalSection[] }) {
  return (
    <>
      {/* A label, not a heading, so the page's h2s are exactly its numbered sections. */}
      <Card>
        <p id={`${idPrefix}-contents-title`} className="text-base font-semibold text-slate-900">
          Contents
        </p>
        <nav aria-labelledby={`${idPrefix}-contents-title`}>
          <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className={linkClass}>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </Card>

      <article className="space-y-8">
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="scroll-mt-20 space-y-3 leading-relaxed text-slate-700"
          >
            <h2 id={`${section.id}-title`} className="text-lg font-semibold text-slate-900">
              {`${index + 1}. ${section.title}`}
            </h2>
            {section.body}
          </section>
        ))}
      </article>
    </>
  );
}
