import { Link } from "react-router";
import { PageShell } from "~/components/content-page";
import { Card, CardTitle } from "~/components/ui/card";
import type { Route } from "./+types/legal";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Legal | Event Flow" },
    {
      name: "description",
      content: "Event Flow's Privacy Policy and Terms of Use.",
    },
  ];
}

const documents = [
  {
    to: "/privacy-policy",
    title: "Privacy Policy",
    description: "What information Event Flow collects, how we use and protect it, and your choices.",
  },
  {
    to: "/terms-of-use",
    title: "Terms of Use",
    description: "The rules for using Event Flow, including the Pro subscription and free guest access.",
  },
] as const;

export default function LegalPage() {
  return (
    <PageShell title="Legal" intro={<p>The documents that govern your use of Event Flow.</p>}>
      <ul className="grid gap-4 sm:grid-cols-2">
        {documents.map((doc) => (
          <li key={doc.to}>
            {/* The link covers the whole card (after:inset-0) for a larger tap target. */}
            <Card className="relative h-full transition-colors focus-within:border-brand-500 hover:border-brand-500">
              <CardTitle>
                <Link
                  to={doc.to}
                  className="text-brand-700 after:absolute after:inset-0 after:rounded-xl hover:underline"
                >
                  {doc.title}
                </Link>
              </CardTitle>
              <p className="mt-1 text-sm text-slate-600">{doc.description}</p>
            </Card>
          </li>
        ))}
      </ul>
    </PageShell>
  );
}
