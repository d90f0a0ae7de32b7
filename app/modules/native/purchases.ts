// Native in-app purchases (issue 18 item 3, decision 013 (in-app purchases)): the rules that
// need no plugin, so the pages and the unit tests use them without loading
// @revenuecat/purchases-capacitor (only purchases.client.ts does, and only on native).
import {
  AUTH_ERROR,
  NO_ACTIVE_SUBSCRIPTIONS,
  NO_PACKAGES,
  PURCHASE_FAILED,
  PURCHASE_NOT_CONFIRMED,
  PURCHASES_RESTORED,
  RESTORE_FAILED,
  RESTORE_ONLY_ON_MOBILE,
  SIGN_IN_TO_SUBSCRIBE,
  SUBSCRIPTION_ACTIVATED,
} from "~/modules/billing/messages";
import type { ToastInput } from "~/utils/toast";
import type { NativePlatform } from "./platform";

/** The public RevenueCat SDK keys, one per store (wrangler.toml vars, via the root loader). */
export type StoreKeys = { ios: string; android: string };

/** What the root hands the native start: the keys, and whose purchases these are. */
export type NativePurchasesConfig = { keys: StoreKeys; userId: string | null };

// docs/product/messages.md#purchase-layer. 'Purchase cancelled' is internal: the screen shows nothing for it.
export const PURCHASE_CANCELLED = "Purchase cancelled";
export const PURCHASES_UNAVAILABLE = "Purchases only available on mobile with configured RevenueCat";

/**
 * RevenueCat's public SDK keys name their store: `appl_` for the App Store, `goog_` for
 * Google Play, then letters and digits. docs/product/native.md#purchases: the store is not initialised when the key
 * for this platform is empty or badly formatted (a Play key on iOS is badly formatted).
 */
const KEY_FORMAT: Record<NativePlatform, RegExp> = { ios: /^appl_[A-Za-z0-9]+$/, android: /^goog_[A-Za-z0-9]+$/ };

/** The key to configure with on `platform`, or null when purchases stay off there. */
export function storeKeyFor(platform: NativePlatform | null, keys: StoreKeys): string | null {
  if (!platform) return null;
  const key = (platform === "ios" ? keys.ios : keys.android).trim();
  return KEY_FORMAT[platform].test(key) ? key : null;
}

/** RevenueCat's id for a device nobody has logged in on (never one of our users). */
export const isAnonymousAppUser = (appUserID: string) => appUserID.startsWith("$RCAnonymousID:");

/** docs/product/messages.md#subscription-and-profile: the plugin's code 1 (PURCHASE_CANCELLED_ERROR), or its userCancelled flag. */
export function isCancelledPurchase(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, userCancelled, data } = error as { code?: unknown; userCancelled?: unknown; data?: { userCancelled?: unknown } };
  return userCancelled === true || data?.userCancelled === true || String(code) === "1";
}

/** The least of a RevenueCat package this app reads (PurchasesPackage). */
export type StorePackage = { identifier: string; packageType: string };
export type StoreOffering<P extends StorePackage = StorePackage> = { availablePackages: P[] };

/**
 * docs/product/native.md#purchases: the current offering's first available package is bought. The screen's Monthly /
 * Yearly toggle is honoured when the offering has a package of that period (RevenueCat's
 * MONTHLY / ANNUAL package types); otherwise the first package, as the spec says.
 */
export function choosePackage<P extends StorePackage>(offering: StoreOffering<P> | null | undefined, interval: "monthly" | "yearly"): P | null {
  const packages = offering?.availablePackages ?? [];
  const wanted = interval === "yearly" ? "ANNUAL" : "MONTHLY";
  return packages.find((p) => p.packageType === wanted) ?? packages[0] ?? null;
}

/** POST /subscription/store-sync's answer (decision 012): our server's reading of RevenueCat. */
export type StoreSyncAnswer = { status: number; pro?: boolean; error?: string };

/** How a Subscribe Now or Restore Purchases ended, before the screen says anything. */
export type NativeOutcome =
  | { kind: "signed-out" }
  | { kind: "unavailable" }
  | { kind: "no-packages" }
  | { kind: "cancelled" }
  | { kind: "failed"; message?: string }
  | { kind: "synced"; sync: StoreSyncAnswer };

/** What the screen shows (nothing: null) and where it goes next. */
export type NativeResult = { toast: ToastInput | null; goTo: string | null };

const SIGN_IN = `/auth?returnTo=${encodeURIComponent("/subscription")}`;
const error = (title: string, description?: string): ToastInput => ({ type: "error", title, ...(description ? { description } : {}) });

/** What the server's answer means after the store has spoken; Pro is its word, never the device's. */
function afterSync(sync: StoreSyncAnswer, success: string, notPro: ToastInput): NativeResult {
  if (sync.status === 401) return { toast: error(AUTH_ERROR), goTo: "/auth" };
  if (sync.status !== 200) return { toast: error(sync.error ?? PURCHASE_FAILED), goTo: null };
  // docs/product/messages.md#subscription-and-profile: 'Subscription activated!' (go to /); / is also where a Pro user of /subscription goes.
  if (sync.pro) return { toast: { type: "success", title: success }, goTo: "/" };
  return { toast: notPro, goTo: null };
}

/** docs/product/messages.md#subscription-and-profile for 'Subscribe Now': a cancelled purchase shows nothing. */
export function purchaseResult(outcome: NativeOutcome): NativeResult {
  switch (outcome.kind) {
    case "signed-out":
      return { toast: error(SIGN_IN_TO_SUBSCRIBE), goTo: SIGN_IN };
    case "unavailable":
      return { toast: error(PURCHASE_FAILED, PURCHASES_UNAVAILABLE), goTo: null };
    case "no-packages":
      return { toast: error(NO_PACKAGES), goTo: null };
    case "cancelled":
      return { toast: null, goTo: null };
    case "failed":
      return { toast: error(PURCHASE_FAILED, outcome.message), goTo: null };
    case "synced":
      return afterSync(outcome.sync, SUBSCRIPTION_ACTIVATED, error(PURCHASE_FAILED, PURCHASE_NOT_CONFIRMED));
  }
}

/** docs/product/messages.md#subscription-and-profile for 'Restore Purchases'. */
export function restoreResult(outcome: NativeOutcome): NativeResult {
  switch (outcome.kind) {
    case "signed-out":
      return { toast: error(SIGN_IN_TO_SUBSCRIBE), goTo: SIGN_IN };
    case "unavailable":
      return { toast: error(RESTORE_ONLY_ON_MOBILE), goTo: null };
    case "cancelled":
      return { toast: null, goTo: null };
    case "no-packages":
    case "failed":
      return { toast: error(RESTORE_FAILED), goTo: null };
    case "synced":
      return afterSync(outcome.sync, PURCHASES_RESTORED, error(NO_ACTIVE_SUBSCRIPTIONS));
  }
}
