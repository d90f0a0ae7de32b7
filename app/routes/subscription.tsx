import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { AppHeader } from "~/components/page-shell";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ActionToast, showToast } from "~/components/ui/toaster";
import { cloudflareContext } from "~/context";
import { errorToast, newToast } from "~/utils/result";
import { NativeRenewalText, NativeSubscribe } from "~/modules/billing/components/native-subscribe";
import { hasActivePro } from "~/modules/billing/entitlement";
import {
  formatPrice,
  FREE_TRIAL_DAYS,
  PRO_FEATURES,
  PRO_MONTHLY_PRICE,
  PRO_YEARLY_PER_MONTH,
  PRO_YEARLY_PRICE,
  YEARLY_SAVING_PERCENT,
} from "~/modules/billing/plans";
import {
  ALREADY_SUBSCRIBED,
  CHECKOUT_FAILED,
  OPENING_CHECKOUT,
  PAYMENT_FAILED_NOTICE,
  SIGN_IN_TO_SUBSCRIBE,
  SUBSCRIPTION_ACTIVATED,
} from "~/modules/billing/messages";
import { confirmCheckoutSession, createCheckoutSession, trialEligible } from "~/modules/billing/service.server";
import { stripeClient } from "~/modules/billing/stripe.server";
import { useNativePlatform } from "~/modules/native/platform";
import { dbFrom, getViewer } from "~/utils/auth.server";
import { consume, LIMITS, TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/subscription";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Subscribe to Pro | Event Flow" }];
}

const REPLACE = { headers: { "X-Remix-Replace": "true" } };

/**
 * docs/product/screens.md#subscription-screen: a user already on the active Pro subscription is sent home (replace). Back
 * from Stripe's checkout (`?checkout=success`), Pro means 'Subscription activated!';
 * if the webhook has not arrived yet, Stripe is asked for the session itself.
 */
const activated = (env: Env, request: Request) =>
  redirectWithToast(env, request, "/", newToast("success", SUBSCRIPTION_ACTIVATED), REPLACE);

// Without JavaScript the confirming page reloads itself every 3 s, this many times.
const CONFIRM_RELOADS = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  const { env } = context.get(cloudflareContext);
  const url = new URL(request.url);
  const returning = url.searchParams.get("checkout") === "success";
  if (viewer && hasActivePro(viewer)) throw returning ? await activated(env, request) : redirect("/", REPLACE);
  if (!viewer) return { signedIn: false, trial: true, pastDue: false, confirming: null };

  const db = dbFrom(context);
  const sessionId = url.searchParams.get("session_id");
  const stripe = stripeClient(env);
  // Each check costs two Stripe calls: bounded per user, whatever asks.
  if (returning && sessionId && stripe && !(await consume(db, [[LIMITS.checkoutConfirmations, viewer.userId]]))) {
    try {
      const now = await confirmCheckoutSession(db, stripe, viewer, sessionId);
      if (now && hasActivePro(now)) throw await activated(env, request);
    } catch (error) {
      if (error instanceof Response) throw error;
      // Stripe not reachable this time: the page asks again shortly (and the webhook comes).
      console.warn("Checkout confirmation failed:", error instanceof Error ? error.message : error);
    }
  }
  const reloads = Math.min(Number(url.searchParams.get("n")) || 0, CONFIRM_RELOADS);
  const again = new URLSearchParams(url.searchParams);
  again.set("n", String(reloads + 1));
  return {
    signedIn: true,
    trial: trialEligible(viewer),
    pastDue: viewer.subscriptionStatus === "past_due",
    // While Stripe confirms: where the page asks again (no JavaScript: a meta refresh, a few times).
    confirming: returning ? { again: `/subscription?${again}`, reloadsLeft: CONFIRM_RELOADS - reloads } : null,
  };
}

/** 'Start 7-Day Free Trial': a Stripe Checkout Session, then the browser goes to Stripe's page. */
export async function action({ request, context }: Route.ActionArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = getViewer(context);
  if (!viewer) {
    throw await redirectWithToast(env, request, `/auth?returnTo=${encodeURIComponent("/subscription")}`, newToast("error", SIGN_IN_TO_SUBSCRIBE));
  }
  // Someone already Pro is never sent to pay twice.
  if (hasActivePro(viewer)) throw redirect("/", REPLACE);
  const form = await request.formData();
  const interval = form.get("interval");
  if (interval !== "monthly" && interval !== "yearly") {
    return data(
      {
        toast: errorToast(CHECKOUT_FAILED, "Choose monthly or yearly billing."),
      },
      { status: 400 },
    );
  }
  const db = dbFrom(context);
  if (await consume(db, [[LIMITS.billingSessions, viewer.userId]])) {
    return data({ toast: errorToast(CHECKOUT_FAILED, TOO_MANY_ATTEMPTS) }, { status: 429 });
  }
  const stripe = stripeClient(env);
  if (!stripe) return data({ toast: errorToast(CHECKOUT_FAILED) }, { status: 503 });
  let result: Awaited<ReturnType<typeof createCheckoutSession>>;
  try {
    result = await createCheckoutSession(db, stripe, env, { user: viewer, interval, origin: new URL(request.url).origin });
  } catch (error) {
    console.warn("Checkout session failed:", error instanceof Error ? error.message : error);
    return data({ toast: errorToast(CHECKOUT_FAILED) }, { status: 502 });
  }
  if ("url" in result) return redirect(result.url, 303);
  // Stripe already has a live subscription (another tab paid, or the webhook is late, or
  // a payment failed): its state is now on the profile; no second subscription.
  if (hasActivePro(result.existing)) throw await activated(env, request);
  throw await redirectWithToast(env, request, "/settings?tab=subscription", newToast("error", CHECKOUT_FAILED, ALREADY_SUBSCRIBED));
}

// docs/product/screens.md#subscription-screen: the subscription is refetched 500 ms after the return from checkout; then a
// little less often, while Stripe confirms.
const CONFIRM_DELAYS_MS = [500, 1000, 2000, 3000, 5000, 8000];

export default function Subscription({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const yearly = params.get("interval") === "yearly";
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const checkingOut = navigation.formData?.get("intent") === "checkout";
  // Stays busy after the action answered with Stripe's address, while the browser leaves.
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (actionData?.toast) setLeaving(false);
  }, [actionData]);
  useEffect(() => {
    // Back from Stripe restores this page from the back/forward cache: ready again.
    const ready = (event: PageTransitionEvent) => event.persisted && setLeaving(false);
    window.addEventListener("pageshow", ready);
    return () => window.removeEventListener("pageshow", ready);
  }, []);
  const busy = checkingOut || leaving;
  // Inside the native shell the store sells Pro (docs/product/screens.md#subscription-screen): no Stripe checkout, no web trial.
  const native = useNativePlatform();
  const waiting = useConfirmation(loaderData.confirming !== null);

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
      <ActionToast toast={actionData?.toast} />
      <main className="mx-auto w-full max-w-md flex-1 space-y-5 px-4 py-8">
        <h1 className="text-center text-2xl font-bold text-slate-900">Subscribe to Pro</h1>
        {loaderData.confirming ? (
          <Card className="border-slate-200 bg-brand-50" role="status">
            {waiting ? (
              <p className="text-sm text-slate-800">Confirming your subscription with Stripe…</p>
            ) : (
              <p className="text-sm text-slate-800">
                Stripe has not confirmed your subscription yet.{" "}
                <a href={loaderData.confirming.again} className="font-semibold underline">
                  Check again
                </a>
              </p>
            )}
            {loaderData.confirming.reloadsLeft > 0 ? (
              <noscript>
                <meta httpEquiv="refresh" content={`3;url=${loaderData.confirming.again}`} />
              </noscript>
            ) : null}
          </Card>
        ) : null}
        {loaderData.pastDue ? (
          <Card className="border-amber-200 bg-amber-50" role="status">
            <p className="text-sm text-amber-900">{PAYMENT_FAILED_NOTICE}</p>
            <Link to="/settings?tab=subscription" className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-amber-900 underline">
              Settings → Subscription
            </Link>
          </Card>
        ) : null}
        <div role="group" aria-label="Billing interval" className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
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
                <span aria-hidden="true" className="text-green-600">
                  ✓
                </span>
                {feature}
              </li>
            ))}
          </ul>
          {loaderData.confirming || loaderData.pastDue ? null : native && loaderData.signedIn ? (
            <NativeSubscribe interval={yearly ? "yearly" : "monthly"} />
          ) : loaderData.signedIn ? (
            <Form
              method="post"
              className="mt-6"
              onSubmit={() => {
                setLeaving(true);
                showToast(newToast("info", OPENING_CHECKOUT));
              }}
            >
              <input type="hidden" name="intent" value="checkout" />
              <input type="hidden" name="interval" value={yearly ? "yearly" : "monthly"} />
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? "Processing..." : loaderData.trial ? `Start ${FREE_TRIAL_DAYS}-Day Free Trial` : "Subscribe Now"}
              </Button>
            </Form>
          ) : (
            // docs/product/messages.md#subscription-and-profile: signed out, subscribing (or restoring, on native) starts with signing in.
            <Form method="post" className="mt-6 space-y-3">
              <input type="hidden" name="intent" value="checkout" />
              <Button type="submit" className="w-full">
                {native ? "Subscribe Now" : `Start ${FREE_TRIAL_DAYS}-Day Free Trial`}
              </Button>
              {native ? (
                <Button type="submit" variant="secondary" className="w-full">
                  Restore Purchases
                </Button>
              ) : null}
            </Form>
          )}
          {native ? (
            <NativeRenewalText platform={native} />
          ) : (
            <p className="mt-2 text-center text-xs text-slate-500">
              {loaderData.trial ? "No payment required until trial ends, cancel anytime" : "Billed today, cancel anytime"}
            </p>
          )}
        </Card>
        <Card className="border-green-200 bg-green-50">
          <h2 className="font-semibold text-green-900">Free Guest Access</h2>
          <p className="mt-1 text-sm text-green-900">
            Invited as a second shooter, associate shooter or client? You use Event Flow free: accept your invitation and the event appears
            under Hired Events. Subscribe only to create events of your own.
          </p>
        </Card>
        <p className="text-center text-xs text-slate-500">
          <Link to="/privacy-policy" className="underline">
            Privacy Policy
          </Link>{" "}
          ·{" "}
          <Link to="/terms-of-use" className="underline">
            Terms of Use
          </Link>
        </p>
      </main>
    </>
  );
}

/** Refetches while Stripe confirms the checkout; false once it has stopped asking. */
function useConfirmation(confirming: boolean) {
  const revalidator = useRevalidator();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!confirming || attempt >= CONFIRM_DELAYS_MS.length) return;
    const timer = setTimeout(() => {
      void revalidator.revalidate().finally(() => setAttempt((n) => n + 1));
    }, CONFIRM_DELAYS_MS[attempt]);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per attempt
  }, [confirming, attempt]);
  return confirming && attempt < CONFIRM_DELAYS_MS.length;
}
