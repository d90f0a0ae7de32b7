import { Link } from "react-router";
import { PageShell } from "~/components/content-page";
import { buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import {
  FREE_TRIAL_DAYS,
  PRO_MONTHLY_PRICE,
  PRO_YEARLY_PRICE,
  formatPrice,
} from "~/modules/billing/plans";
import type { Route } from "./+types/support";

const SUPPORT_EMAIL = "support@eventflow.app";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Support | Event Flow" },
    {
      name: "description",
      content:
        "Get help with Event Flow: contact support, send feedback, follow the getting started guide and read answers about team invitations, client links and your Pro subscription.",
    },
  ];
}

const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900";

export default function SupportPage() {
  return (
    <PageShell
      title="Support"
      intro={
        <p>
          Help with Event Flow, from setting up your first event to managing your subscription. If you
          cannot find an answer here, write to us and a person will reply.
        </p>
      }
    >
      <div className="grid gap-4 md:grid-cols-3">
        <Card className="flex flex-col">
          <CardTitle>Email support</CardTitle>
          <p className="mt-2 flex-1 text-sm text-slate-600">
            Questions about your account, an event or billing. Tell us the email address you sign in
            with and, for a problem with an event, the event name and what you expected to happen.
          </p>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonClass("primary", "mt-4 w-full")}>
            {SUPPORT_EMAIL}
          </a>
        </Card>

        <Card className="flex flex-col">
          <CardTitle>Feedback</CardTitle>
          <p className="mt-2 flex-1 text-sm text-slate-600">
            Something slowing you down on a wedding day, or a feature you would like to see? We read
            every suggestion from working photographers.
          </p>
          <a
            href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent("Event Flow feedback")}`}
            className={buttonClass("secondary", "mt-4 w-full")}
          >
            Send feedback
          </a>
        </Card>

        <Card className="flex flex-col">
          <CardTitle>Documentation</CardTitle>
          <p className="mt-2 flex-1 text-sm text-slate-600">
            A short guide to the whole workflow: subscribe, create an event, plan the day, bring in
            your team and share a link with your clients.
          </p>
          <a href="#getting-started" className={buttonClass("secondary", "mt-4 w-full")}>
            Read the guide
          </a>
        </Card>
      </div>

      <Card id="getting-started" aria-labelledby="getting-started-title" className="scroll-mt-20">
        <CardTitle id="getting-started-title">Getting started</CardTitle>
        <p className="mt-2 text-sm text-slate-600">
          Five steps take you from a new account to a shared plan for the day.
        </p>
        <ol className="mt-4 list-decimal space-y-4 pl-5 text-slate-700 marker:font-semibold marker:text-brand-700">
          <li>
            <h3 className="font-semibold text-slate-900">Subscribe to Pro</h3>
            <p className="mt-1 text-sm">
              Creating events needs a Pro subscription. Open{" "}
              <Link to="/subscription" className={linkClass}>
                the subscription page
              </Link>{" "}
              and choose monthly or yearly billing. On the web your first subscription starts with a{" "}
              {FREE_TRIAL_DAYS}-day free trial; in the iPhone and Android apps you subscribe through the App Store or Google
              Play.
            </p>
          </li>
          <li>
            <h3 className="font-semibold text-slate-900">Create an event</h3>
            <p className="mt-1 text-sm">
              On the Events screen choose New Event and enter the event title, the couple's names,
              the wedding date and the venue. Each new event starts with a typical wedding-day
              timeline and seven common shots that you can edit or delete.
            </p>
          </li>
          <li>
            <h3 className="font-semibold text-slate-900">Build the timeline and shot list</h3>
            <p className="mt-1 text-sm">
              In the event's Timeline tab add blocks such as Getting Ready, First Look, Ceremony,
              Portraits and Reception, each with a start time, duration, location and notes. In the
              Shots tab add the shots you must not miss, grouped by category. On the day, tap a block
              or shot to mark it done. Use the People tab for family members and the wedding party,
              with name pronunciations, and the Vendors tab for the planner, venue, DJ and others.
            </p>
          </li>
          <li>
            <h3 className="font-semibold text-slate-900">Invite your team</h3>
            <p className="mt-1 text-sm">
              Open the event's Team tab, enter your second or associate shooter's email address and
              choose their position, coverage hours and call times. They receive an invitation, create
              a free account and accept it. Once accepted they can view the whole event, check off
              timeline blocks and shots, and keep the people list up to date.
            </p>
          </li>
          <li>
            <h3 className="font-semibold text-slate-900">Share a client link</h3>
            <p className="mt-1 text-sm">
              Open the event's Client tab, enter your client's email address and choose what they may
              edit: timeline, shots, people or vendors. Copy the link as soon as it is created and send
              it to your client. Clients do not need an account; the link opens their portal for that
              one event.
            </p>
          </li>
        </ol>
      </Card>

      <section aria-labelledby="faq-title" className="space-y-3">
        <h2 id="faq-title" className="text-lg font-semibold text-slate-900">
          Frequently asked questions
        </h2>

        <details className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <summary className="flex min-h-11 cursor-pointer items-center px-4 py-3 font-medium text-slate-900">
            How do I invite team members to an event?
          </summary>
          <div className="space-y-2 px-4 pb-4 text-sm text-slate-700">
            <p>
              Open the event and go to its Team tab. Enter the shooter's email address, choose Second
              Shooter or Associate Shooter, add coverage hours and start and end times if you like,
              then send the invitation.
            </p>
            <p>
              The invitation email links to a page where they sign up free (or sign in) with the
              invited address and accept or decline. The Team tab shows each invitation as Pending,
              Accepted or Declined, and you can remove a team member there at any time.
            </p>
          </div>
        </details>

        <details className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <summary className="flex min-h-11 cursor-pointer items-center px-4 py-3 font-medium text-slate-900">
            Where do I find client access links?
          </summary>
          <div className="space-y-2 px-4 pb-4 text-sm text-slate-700">
            <p>
              Client links live in the event dashboard, in the event's Client tab. Create one by
              entering your client's email address and the permissions you want to give, then copy
              the link.
            </p>
            <p>
              For your client's privacy the full link is shown only right after you create it, so copy
              it then. The Client tab lists every active link with its expiry date; if a link is lost
              or was sent to the wrong person, revoke it and create a new one.
            </p>
          </div>
        </details>

        <details className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <summary className="flex min-h-11 cursor-pointer items-center px-4 py-3 font-medium text-slate-900">
            How do I manage or cancel my subscription?
          </summary>
          <div className="space-y-2 px-4 pb-4 text-sm text-slate-700">
            <p>
              It depends on where you subscribed. If you subscribed on the web, open Settings (the gear
              icon), go to Subscription and open the billing portal. There you can update your payment
              method, see your invoices or cancel.
            </p>
            <p>
              If you subscribed in the iPhone app, manage it in the App Store: open the Settings app,
              tap your name, then Subscriptions. If you subscribed in the Android app, open Google Play,
              tap your profile picture, then Payments &amp; subscriptions and Subscriptions.
            </p>
            <p>When you cancel, Pro stays active until the end of the period you have paid for.</p>
          </div>
        </details>

        <details className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <summary className="flex min-h-11 cursor-pointer items-center px-4 py-3 font-medium text-slate-900">
            Pro versus free guest access: who needs to pay?
          </summary>
          <div className="space-y-2 px-4 pb-4 text-sm text-slate-700">
            <p>
              Pro is for lead photographers who create and run events. It costs{" "}
              {formatPrice(PRO_MONTHLY_PRICE)} per month or {formatPrice(PRO_YEARLY_PRICE)} per year.
            </p>
            <p>
              Second shooters, associate shooters and clients you invite to an event use Event Flow
              free. They never need to subscribe, unless they want to create events of their own.
            </p>
          </div>
        </details>
      </section>
    </PageShell>
  );
}
