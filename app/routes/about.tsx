import { PageShell } from "~/components/content-page";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import {
  FREE_TRIAL_DAYS,
  PRO_FEATURES,
  PRO_MONTHLY_PRICE,
  PRO_YEARLY_PER_MONTH,
  PRO_YEARLY_PRICE,
  YEARLY_SAVING_PERCENT,
  formatPrice,
} from "~/modules/billing/plans";
import type { Route } from "./+types/about";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "About Event Flow | Event Flow" },
    {
      name: "description",
      content:
        "Event Flow is a planning app for wedding and event photographers: timelines, shot lists, team collaboration and a client portal for every event.",
    },
  ];
}

// docs/product/conflicts.md#contracts-are-not-advertised: contract management is not listed until contracts ship.
const features = [
  {
    title: "Event Management",
    description:
      "Keep every booking in one place with its date, venue and couple, and switch between a list and a calendar of your season.",
  },
  {
    title: "Team Collaboration",
    description:
      "Invite second and associate shooters to an event. They see the full plan, check off blocks and shots, and keep the people list current.",
  },
  {
    title: "Shot Lists",
    description:
      "Build a shot list by category, from details and family formals to the reception, and tick shots off as you capture them.",
  },
  {
    title: "Timeline Tracking",
    description:
      "Plan the day block by block with start times, durations and locations, and see at a glance how far through the day you are.",
  },
  {
    title: "Client Portal",
    description:
      "Give your clients a private link to their event, no account needed, and choose whether they can edit the timeline, shots, people or vendors.",
  },
] as const;

export default function AboutPage() {
  return (
    <PageShell
      title="About Event Flow"
      intro={
        <p>
          Event Flow is a planning app for wedding and event photographers. It brings the timeline,
          shot list, family and wedding party names, vendors, your second shooters and your clients
          into one shared plan, so everyone arrives knowing what happens when, and which shots matter
          most. It works in the browser and in our iPhone and Android apps, and changes sync across
          devices as they happen.
        </p>
      }
    >
      <section aria-labelledby="features-title" className="space-y-4">
        <h2 id="features-title" className="text-xl font-semibold text-slate-900">
          What you can do
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {features.map((feature) => (
            <li key={feature.title}>
              <Card className="h-full">
                <h3 className="font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{feature.description}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="plans-title" className="space-y-4">
        <h2 id="plans-title" className="text-xl font-semibold text-slate-900">
          Plans
        </h2>
        <p className="text-slate-600">
          One plan, Event Flow Pro, for lead photographers and videographers who create events. Choose
          how you want to pay; on the web, your first subscription starts with a {FREE_TRIAL_DAYS}-day free trial.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Card aria-labelledby="plan-monthly-title">
            <h3 id="plan-monthly-title" className="font-semibold text-slate-900">
              Monthly
            </h3>
            <p className="mt-2">
              <span className="text-3xl font-bold text-slate-900">{formatPrice(PRO_MONTHLY_PRICE)}</span>
              <span className="text-slate-600"> per month</span>
            </p>
            <p className="mt-1 text-sm text-slate-600">Billed every month. Cancel anytime.</p>
          </Card>
          <Card aria-labelledby="plan-yearly-title" className="ring-2 ring-brand-500">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id="plan-yearly-title" className="font-semibold text-slate-900">
                Yearly
              </h3>
              <Badge tone="brand">{`Save ${YEARLY_SAVING_PERCENT}%`}</Badge>
            </div>
            <p className="mt-2">
              <span className="text-3xl font-bold text-slate-900">{formatPrice(PRO_YEARLY_PRICE)}</span>
              <span className="text-slate-600"> per year</span>
            </p>
            <p className="mt-1 text-sm text-slate-600">{`about ${PRO_YEARLY_PER_MONTH}/month`}</p>
          </Card>
        </div>

        <Card>
          <h3 className="font-semibold text-slate-900">Every Pro subscription includes</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {PRO_FEATURES.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </Card>

        <p className="rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-brand-900">
          <strong>Free for your team and clients.</strong> Second shooters, associate shooters and
          clients you invite to an event use Event Flow free. They never need to subscribe unless they
          want to create events of their own.
        </p>

        <ButtonLink to="/subscription" className="w-full sm:w-auto">
          View Plans
        </ButtonLink>
      </section>
    </PageShell>
  );
}
