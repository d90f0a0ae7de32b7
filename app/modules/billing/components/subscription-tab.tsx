import { useState, type FormEvent, type ReactNode } from "react";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { showToast } from "~/components/ui/toaster";
import { MANAGE_IN_APP_STORE, MANAGE_IN_GOOGLE_PLAY, MANAGE_ON_WEB, PAYMENT_FAILED_NOTICE, PORTAL_FAILED } from "~/modules/billing/messages";
import { formatPrice, PRO_FEATURES, PRO_MONTHLY_PRICE, PRO_YEARLY_PRICE } from "~/modules/billing/plans";
import { useNativePlatform, type NativePlatform } from "~/modules/native/platform";
import { newToast } from "~/utils/result";

export type SubscriptionSummary = {
  active: boolean;
  status: string;
  interval: string | null;
  expiresAt: string | null;
  cancelAtPeriodEnd: boolean;
  /** Has (or had) a Stripe subscription: the billing portal has something to show. */
  billedByStripe: boolean;
  /** Pro through a native purchase only (decision 012): where it is managed and when its period ends. */
  store: { platform: string | null; expiresAt: string | null } | null;
};

/** Dates of the billing period in UTC, as Stripe bills them (same on server and client). */
const longDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(new Date(iso));

/**
 * Settings → Subscription (docs/product/screens.md#subscription-tab): the plan, when it renews or ends,
 * and the billing portal. Anything other than an active Pro shows the guest-access
 * message (with the portal still at hand to fix a failed payment).
 */
export function SubscriptionTab({ subscription }: { subscription: SubscriptionSummary }) {
  const native = useNativePlatform();
  const portal = subscription.billedByStripe ? (native ? <NativeBillingNote /> : <BillingPortalButton />) : null;
  if (!subscription.active) {
    return (
      <Card>
        {subscription.status === "past_due" ? (
          <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {PAYMENT_FAILED_NOTICE}
          </p>
        ) : null}
        <CardTitle>Free Guest Access</CardTitle>
        <p className="mt-2 text-sm text-slate-600">
          You can work on every event you are invited to, free. To create your own events, subscribe to Pro.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          {subscription.status === "past_due" ? null : <ButtonLink to="/subscription">See Pro</ButtonLink>}
          {portal}
        </div>
      </Card>
    );
  }
  if (subscription.store) return <StoreSubscription store={subscription.store} portal={portal} />;
  const { interval, expiresAt } = subscription;
  return (
    <Card>
      <CardTitle>Pro Plan</CardTitle>
      <p className="mt-1 text-sm text-slate-600">
        {interval === "yearly"
          ? `Billed yearly: ${formatPrice(PRO_YEARLY_PRICE)}/year`
          : interval === "monthly"
            ? `Billed monthly: ${formatPrice(PRO_MONTHLY_PRICE)}/month`
            : "Active"}
        {subscription.status === "trialing" ? " (free trial)" : ""}
      </p>
      {expiresAt ? (
        <p className="mt-1 text-sm font-medium text-slate-900" data-testid="subscription-period">
          {subscription.cancelAtPeriodEnd
            ? `Cancelled: Pro ends on ${longDate(expiresAt)}`
            : subscription.status === "trialing"
              ? `Free trial until ${longDate(expiresAt)}, then renews`
              : `Renews on ${longDate(expiresAt)}`}
        </p>
      ) : null}
      <ProFeatures />
      <p className="mt-3 text-sm text-slate-600">Cancelling keeps access until the end of the billing period.</p>
      {portal ? <div className="mt-4">{portal}</div> : null}
    </Card>
  );
}

function ProFeatures() {
  return (
    <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
      {PRO_FEATURES.map((feature) => (
        <li key={feature}>{feature}</li>
      ))}
    </ul>
  );
}

/**
 * Pro bought in the App Store or Google Play (decision 012): the store
 * bills and renews it, so the store is where it is managed (docs/product/screens.md#subscription-tab, native text).
 */
function StoreSubscription({ store, portal }: { store: NonNullable<SubscriptionSummary["store"]>; portal: ReactNode }) {
  return (
    <Card>
      <CardTitle>Pro Plan</CardTitle>
      {store.expiresAt && !store.expiresAt.startsWith("9999") ? (
        <p className="mt-1 text-sm font-medium text-slate-900" data-testid="subscription-period">
          {`Current period ends on ${longDate(store.expiresAt)}`}
        </p>
      ) : null}
      <ProFeatures />
      <p className="mt-3 text-sm text-slate-600" data-testid="store-managed">
        {store.platform === "play_store" ? MANAGE_IN_GOOGLE_PLAY : MANAGE_IN_APP_STORE}
      </p>
      {portal ? <div className="mt-4">{portal}</div> : null}
    </Card>
  );
}

/**
 * docs/product/screens.md#settings: native apps show the billing portal button disabled, with where the
 * subscription is managed instead (store rules: no way out to a web payment from the app).
 * This is Stripe's subscription, so that place is the web, named without a link
 * (decision 013: "in the App Store" would be untrue for it; store purchases keep the store's text).
 */
function NativeBillingNote() {
  return (
    <div className="space-y-2">
      <Button type="button" variant="secondary" disabled>
        Manage Billing
      </Button>
      <p className="text-sm text-slate-600" data-testid="native-billing-note">
        {MANAGE_ON_WEB}
      </p>
    </div>
  );
}

/**
 * Opens Stripe's billing portal in a new tab (docs/product/screens.md#settings). Without JavaScript the form
 * itself targets the new tab and the server answers with a redirect. With it, the tab is
 * opened at the tap (so no pop-up blocker stops it) and pointed at the portal once the
 * server answers; a failure closes it and says so here.
 */
function BillingPortalButton() {
  const [busy, setBusy] = useState(false);
  const open = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const tab = window.open("", "_blank");
    setBusy(true);
    try {
      const response = await fetch(event.currentTarget.action, {
        method: "POST",
        body: new FormData(event.currentTarget),
        headers: { Accept: "application/json" },
      });
      const answer = (await response.json()) as {
        url?: string;
        error?: string;
        description?: string;
      };
      if (!answer.url)
        throw Object.assign(new Error(answer.error ?? PORTAL_FAILED), {
          description: answer.description,
        });
      if (tab) {
        tab.opener = null;
        tab.location.href = answer.url;
      } else {
        window.location.href = answer.url;
      }
    } catch (error) {
      tab?.close();
      const description = (error as { description?: string }).description;
      showToast(newToast("error", PORTAL_FAILED, description));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form method="post" action="/billing/portal" target="_blank" onSubmit={open}>
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? "Opening..." : "Manage Billing"}
        <span className="sr-only"> (opens in a new tab)</span>
      </Button>
    </form>
  );
}
