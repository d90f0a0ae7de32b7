import { AppFooter, AppHeader } from "~/components/page-shell";
import { Card } from "~/components/ui/card";
import { ButtonLink } from "~/components/ui/button";
import type { Route } from "./+types/home";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Event Flow | Plan every event day with your team" },
    { name: "description", content: "Timeline, shot list, people, vendors, team and client access for wedding and event photographers, live on every phone." },
  ];
}

// The six features the sign-in screen advertises (spec §1).
const features = [
  { title: "Timeline management", text: "Build the day block by block and check each one off as it happens." },
  { title: "Shot lists", text: "Every must-have shot, grouped by moment, ticked off by whoever takes it." },
  { title: "Team collaboration", text: "Second and associate shooters join free by invitation and see the same plan." },
  { title: "Client portal", text: "Couples get a private link to the plan, with the editing rights you choose." },
  { title: "Real-time sync", text: "A change on one phone shows on every phone of the team at once." },
  { title: "Secure private data", text: "Each event is visible only to its lead, its accepted team and its client link." },
];

export default function Home() {
  return (
    <>
      <AppHeader />
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:py-14">
        <section className="max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Every event day, planned together.
          </h1>
          <p className="mt-3 text-lg text-slate-600">
            Event Flow keeps the timeline, shot list, people, vendors, team and client access of each
            wedding in one place, on every phone of the team, live.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <ButtonLink to="/about">See plans</ButtonLink>
            <ButtonLink to="/support" variant="secondary">
              How it works
            </ButtonLink>
          </div>
        </section>
        <section aria-labelledby="features" className="mt-10">
          <h2 id="features" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
            What You'll Get
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {features.map((feature) => (
              <li key={feature.title}>
                <Card className="h-full">
                  <h3 className="font-semibold text-slate-900">{feature.title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{feature.text}</p>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <AppFooter />
    </>
  );
}
