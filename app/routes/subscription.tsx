import { Link, redirect, useSearchParams } from "react-router";
import { AppHeader } from "~/components/page-shell";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import {
  formatPrice,
  FREE_TRIAL_DAYS,
  PRO_FEATURES,
  PRO_MONTHLY_PRICE,
  PRO_YEARLY_PER_MONTH,
  PRO_YEARLY_PRICE,
  YEARLY_SAVING_PERCENT,
} from "~/modules/billing/plans";
import { getViewer, hasActivePro } from "~/utils/auth.server";
import type { Route } from "./+types/subscription";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Subscribe to Pro | Event Flow" }];
}

/** Spec: a user already on the active Pro subscription is sent home. */
export function loader({ context }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  if (viewer && hasActivePro(viewer)) throw redirect("/");
  return { signedIn: viewer !== null };
}

export default function Subscription({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const yearly = params.get("interval") === "yearly";
  const toggle = (interval: "monthly" | "yearly", label: string) => (
    <Link
      to={`?interval=${interval}`}
      replace
      preventScrollReset
      aria-current={(interval === "yearly") === yearly ? "true" : undefined}
      className={`flex min-h-10 items-center justify-center gap-2 rounded-md text-sm font-semibold ${
        (interval === "yearly") === yearly ? "bg-white text-slate-900 shadow-sm" : "text-slate-600"
      }`}
    >
      {label}
      {interval === "yearly" ? <Badge tone="success">Save {YEARLY_SAVING_PERCENT}%</Badge> : null}
    </Link>
  );
  return (
    <>
      <AppHeader />
      <main className="mx-auto w-full max-w-md flex-1 space-y-5 px-4 py-8">
        <h1 className="text-center text-2xl font-bold text-slate-900">Subscribe to Pro</h1>
        <div className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
          {toggle("monthly", "Monthly")}
          {toggle("yearly", "Yearly")}
        </div>
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Pro Plan</h2>
          <p className="text-sm text-slate-600">For event lead photographers and videographers</p>
          <p className="mt-4 text-3xl font-bold text-slate-900">
            {yearly ? formatPrice(PRO_YEARLY_PRICE) : formatPrice(PRO_MONTHLY_PRICE)}
            <span className="text-base font-normal text-slate-600">{yearly ? "/year" : "/month"}</span>
          </p>
          {yearly ? (
            <p className="text-sm text-slate-600">
              {PRO_YEARLY_PER_MONTH}/month, save {formatPrice(PRO_MONTHLY_PRICE * 12 - PRO_YEARLY_PRICE)} a year
            </p>
          ) : null}
          <ul className="mt-4 space-y-2 text-sm text-slate-700">
            {PRO_FEATURES.map((feature) => (
              <li key={feature} className="flex gap-2">
                <span aria-hidden="true" className="text-green-600">✓</span>
                {feature}
              </li>
            ))}
          </ul>
          <Button type="button" className="mt-6 w-full" disabled>
            Start {FREE_TRIAL_DAYS}-Day Free Trial
          </Button>
          <p className="mt-2 text-center text-xs text-slate-500">No payment required until trial ends, cancel anytime</p>
          <p className="mt-2 text-center text-xs text-slate-500">
            Card checkout is not open yet{loaderData.signedIn ? "" : "; sign in first to subscribe"}.
          </p>
        </Card>
        <Card className="border-green-200 bg-green-50">
          <h2 className="font-semibold text-green-900">Free Guest Access</h2>
          <p className="mt-1 text-sm text-green-900">
            Invited as a second shooter, associate shooter or client? You use Event Flow free: accept your invitation and
            the event appears under Hired Events. Subscribe only to create events of your own.
          </p>
        </Card>
        <p className="text-center text-xs text-slate-500">
          <Link to="/privacy-policy" className="underline">Privacy Policy</Link> ·{" "}
          <Link to="/terms-of-use" className="underline">Terms of Use</Link>
        </p>
      </main>
    </>
  );
}
