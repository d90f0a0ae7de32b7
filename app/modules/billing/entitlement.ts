// Who may create events, decided here and nowhere else. Every path that
// creates an event or offers to (home's New Event button, /events/new's page and action,
// the event service itself, /subscription's redirect) asks this function.
import type { Viewer } from "~/modules/account/session.server";

export const NEEDS_PRO = "Subscribe to Pro to create your own events";

type Subscriber = Pick<Viewer, "subscriptionStatus" | "subscriptionType" | "subscriptionExpiresAt"> &
  Partial<Pick<Viewer, "storeEntitlementExpiresAt">>;

/** Stripe's side (decision 008): an active, unexpired 'business' subscription; a trial counts. */
export function hasStripePro(viewer: Subscriber, now = new Date()): boolean {
  return (
    viewer.subscriptionType === "business" &&
    (viewer.subscriptionStatus === "active" || viewer.subscriptionStatus === "trialing") &&
    (!viewer.subscriptionExpiresAt || viewer.subscriptionExpiresAt > now.toISOString())
  );
}

/** The store's side (decision 012): an entitlement read from RevenueCat, not yet expired. */
export function hasStorePro(viewer: Subscriber, now = new Date()): boolean {
  return !!viewer.storeEntitlementExpiresAt && viewer.storeEntitlementExpiresAt > now.toISOString();
}

/**
 * Pro (docs/product/native.md#purchases, docs/product/subscription.md#who-is-a-subscriber) through either source: Stripe on the web or a native purchase
 * (decision 012). Each is kept in its own columns, so one expiring leaves the other.
 * A lapsed subscriber keeps every event they made, readable and editable: only
 * creating new ones needs this.
 */
export function hasActivePro(viewer: Subscriber, now = new Date()): boolean {
  return hasStripePro(viewer, now) || hasStorePro(viewer, now);
}

export class NeedsProError extends Error {
  constructor() {
    super(NEEDS_PRO);
  }
}

/** For services: refuse to create for anyone without Pro, whatever route called. */
export function assertCanCreateEvents(viewer: Subscriber, now = new Date()): void {
  if (!hasActivePro(viewer, now)) throw new NeedsProError();
}
