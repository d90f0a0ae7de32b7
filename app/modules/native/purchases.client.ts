import { Purchases, type PurchasesPackage } from "@revenuecat/purchases-capacitor";
import { nativePlatform } from "./platform";
import {
  choosePackage,
  isAnonymousAppUser,
  isCancelledPurchase,
  PURCHASE_CANCELLED,
  PURCHASES_UNAVAILABLE,
  storeKeyFor,
  type NativeOutcome,
  type NativePurchasesConfig,
  type StoreSyncAnswer,
} from "./purchases";

// The purchase layer of the native shell (docs/product/native.md, docs/product/messages.md#subscription-and-profile
// 'Purchase layer'; decision 013 (in-app purchases)) on RevenueCat's Capacitor SDK. Loaded only
// when nativePlatform() is set. RevenueCat's app user is always our signed-in user's id, so a
// purchase is that account's (decision 012 reads RevenueCat by that id); the server, not this
// file, decides whether the user is Pro.

export class PurchasesUnavailableError extends Error {
  constructor() {
    super(PURCHASES_UNAVAILABLE);
  }
}
export class PurchaseCancelledError extends Error {
  constructor() {
    super(PURCHASE_CANCELLED);
  }
}

// One change of identity at a time: the start (root) and a tap on Subscribe Now may both ask.
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(task: () => Promise<T>): Promise<T> {
  const next = queue.then(task, task);
  queue = next.catch(() => undefined);
  return next;
}

/**
 * docs/product/screens.md#app-shell / docs/product/native.md#purchases: on native the store is initialised for the signed-in user. Skipped
 * off native and when this platform's key is empty or badly formatted; "already initialised"
 * is asked of the SDK (it outlives the page: each full load runs this again). A different
 * user than the one RevenueCat knows is logged in (logIn); signing out logs RevenueCat out,
 * so nothing bought next is filed under the last account. Signed out, nothing is configured:
 * purchases need an account. Returns whether purchases are ready for `userId`.
 */
export function identifyPurchaser({ keys, userId }: NativePurchasesConfig): Promise<boolean> {
  return serially(async () => {
    const apiKey = storeKeyFor(nativePlatform(), keys);
    if (!apiKey) return false;
    const { isConfigured } = await Purchases.isConfigured();
    if (!isConfigured) {
      if (!userId) return false;
      await Purchases.configure({ apiKey, appUserID: userId });
      return true;
    }
    const { appUserID } = await Purchases.getAppUserID();
    if (!userId) {
      if (!isAnonymousAppUser(appUserID)) await Purchases.logOut();
      return false;
    }
    if (appUserID !== userId) await Purchases.logIn({ appUserID: userId });
    return true;
  });
}

/** Ready for this user, or PurchasesUnavailableError (docs/product/messages.md#subscription-and-profile: off mobile or unconfigured). */
async function ready(config: NativePurchasesConfig) {
  let configured = false;
  try {
    configured = await identifyPurchaser(config);
  } catch (error) {
    console.warn("Purchases could not be configured:", error);
  }
  if (!configured) throw new PurchasesUnavailableError();
}

/** docs/product/messages.md: failures to get offerings are logged and yield null. */
async function currentOffering() {
  try {
    return (await Purchases.getOfferings()).current;
  } catch (error) {
    console.warn("Offerings could not be read:", error);
    return null;
  }
}

/** docs/product/messages.md#subscription-and-profile: a cancelled purchase (code 1) becomes 'Purchase cancelled'; other errors are rethrown. */
async function purchasePackage(aPackage: PurchasesPackage) {
  try {
    return await Purchases.purchasePackage({ aPackage });
  } catch (error) {
    if (isCancelledPurchase(error)) throw new PurchaseCancelledError();
    throw error;
  }
}

/** docs/product/messages.md#subscription-and-profile: a failed restore is logged and rethrown. */
async function restorePurchases() {
  try {
    return await Purchases.restorePurchases();
  } catch (error) {
    console.warn("Restore failed:", error);
    throw error;
  }
}

/** Our server reads RevenueCat for the session's user (decision 012): Pro is its answer. */
async function syncWithServer(): Promise<StoreSyncAnswer> {
  try {
    const response = await fetch("/subscription/store-sync", {
      method: "POST",
      body: new URLSearchParams(),
      headers: { Accept: "application/json" },
    });
    const answer = (await response.json().catch(() => ({}))) as { pro?: boolean; error?: string };
    return { status: response.status, ...answer };
  } catch {
    return { status: 0 };
  }
}

const failed = (error: unknown): NativeOutcome => ({
  kind: "failed",
  ...(error instanceof Error && error.message ? { message: error.message } : {}),
});

/** 'Subscribe Now' (docs/product/screens.md#subscription-screen, docs/product/native.md#purchases): the current offering's package for `interval`, bought, then synced. */
export async function subscribe(config: NativePurchasesConfig, interval: "monthly" | "yearly"): Promise<NativeOutcome> {
  if (!config.userId) return { kind: "signed-out" };
  try {
    await ready(config);
    const aPackage = choosePackage(await currentOffering(), interval);
    if (!aPackage) return { kind: "no-packages" };
    await purchasePackage(aPackage);
  } catch (error) {
    if (error instanceof PurchasesUnavailableError) return { kind: "unavailable" };
    if (error instanceof PurchaseCancelledError) return { kind: "cancelled" };
    console.warn("Purchase failed:", error);
    return failed(error);
  }
  return { kind: "synced", sync: await syncWithServer() };
}

/** 'Restore Purchases' (docs/product/screens.md#subscription-screen, docs/product/native.md#purchases): the store's purchases restored to this user, then synced. */
export async function restore(config: NativePurchasesConfig): Promise<NativeOutcome> {
  if (!config.userId) return { kind: "signed-out" };
  try {
    await ready(config);
    await restorePurchases();
  } catch (error) {
    if (error instanceof PurchasesUnavailableError) return { kind: "unavailable" };
    return failed(error);
  }
  return { kind: "synced", sync: await syncWithServer() };
}
