import { readFileSync } from "node:fs";
import { NativeError, type NativePlugins } from "./double";

// The device side of in-app purchases for tests/e2e/native/double.ts (decision
// 013 (in-app purchases)): the RevenueCat Capacitor plugin ("Purchases") as the SDK answers
// (shapes of @revenuecat/purchases-capacitor's definitions and
// @revenuecat/purchases-typescript-internal-esm), and, behind it, the store and RevenueCat
// itself: a purchase or a restore with something to restore sets the app user's
// entitlement in the fake RevenueCat the e2e server started (tests/fakes/revenuecat-server.mjs),
// which is what our server's store-sync then reads.

const E2E_PORT = process.env.E2E_PORT ?? "4173";
/** scripts/e2e-server.mjs starts the fake RevenueCat on E2E_PORT + 11. */
export const REVENUECAT_ORIGIN = `http://127.0.0.1:${process.env.E2E_REVENUECAT_PORT ?? String(Number(E2E_PORT) + 11)}`;
/** The public SDK keys the e2e server's Worker has (.dev.vars, written from .dev.vars.example). */
export function publicKeys() {
  const devVars = readFileSync(".dev.vars", "utf8");
  const devVar = (key: string) => devVars.match(new RegExp(`^${key}=(.*)$`, "m"))?.[1]?.trim() ?? "";
  return { ios: devVar("REVENUECAT_IOS_KEY"), android: devVar("REVENUECAT_ANDROID_KEY") };
}

/** Sets (or, with null, clears) an app user's Pro entitlement in the fake RevenueCat. */
export async function setSubscriber(userId: string, subscription: { product: string; store: "app_store" | "play_store" } | null) {
  const body = subscription
    ? { ...subscription, expiresDate: new Date(Date.now() + 30 * 86_400_000).toISOString(), periodType: "normal" }
    : { none: true };
  const response = await fetch(`${REVENUECAT_ORIGIN}/_fake/subscribers/${encodeURIComponent(userId)}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fake RevenueCat answered ${response.status}`);
}

const product = (identifier: string, price: number, period: string) => ({
  identifier,
  description: "Event Flow Pro",
  title: "Pro",
  price,
  priceString: `$${price}`,
  currencyCode: "USD",
  introPrice: null,
  discounts: null,
  productCategory: "SUBSCRIPTION",
  productType: "AUTO_RENEWABLE_SUBSCRIPTION",
  subscriptionPeriod: period,
  defaultOption: null,
  subscriptionOptions: null,
  presentedOfferingIdentifier: "default",
  presentedOfferingContext: { offeringIdentifier: "default", placementIdentifier: null, targetingContext: null },
  pricePerWeek: null,
  pricePerMonth: null,
  pricePerYear: null,
  pricePerWeekString: null,
  pricePerMonthString: null,
  pricePerYearString: null,
});

const pkg = (identifier: string, packageType: string, storeProduct: ReturnType<typeof product>) => ({
  identifier,
  packageType,
  product: storeProduct,
  offeringIdentifier: "default",
  presentedOfferingContext: { offeringIdentifier: "default", placementIdentifier: null, targetingContext: null },
  webCheckoutUrl: null,
});

export const MONTHLY_PACKAGE = pkg("$rc_monthly", "MONTHLY", product("pro_monthly", 9.99, "P1M"));
export const ANNUAL_PACKAGE = pkg("$rc_annual", "ANNUAL", product("pro_yearly", 99.99, "P1Y"));

type Package = typeof MONTHLY_PACKAGE;

function customerInfo(appUserID: string, activeProduct: string | null) {
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const entitlement = activeProduct
    ? {
        identifier: "pro",
        isActive: true,
        willRenew: true,
        periodType: "NORMAL",
        latestPurchaseDate: now,
        latestPurchaseDateMillis: Date.now(),
        originalPurchaseDate: now,
        originalPurchaseDateMillis: Date.now(),
        expirationDate: expires,
        expirationDateMillis: Date.parse(expires),
        store: "APP_STORE",
        productIdentifier: activeProduct,
        productPlanIdentifier: null,
        isSandbox: true,
        unsubscribeDetectedAt: null,
        unsubscribeDetectedAtMillis: null,
        billingIssueDetectedAt: null,
        billingIssueDetectedAtMillis: null,
        ownershipType: "PURCHASED",
        verification: "NOT_REQUESTED",
      }
    : null;
  return {
    entitlements: { all: entitlement ? { pro: entitlement } : {}, active: entitlement ? { pro: entitlement } : {}, verification: "NOT_REQUESTED" },
    activeSubscriptions: activeProduct ? [activeProduct] : [],
    allPurchasedProductIdentifiers: activeProduct ? [activeProduct] : [],
    latestExpirationDate: activeProduct ? expires : null,
    firstSeen: now,
    originalAppUserId: appUserID,
    requestDate: now,
    allExpirationDates: activeProduct ? { [activeProduct]: expires } : {},
    allPurchaseDates: activeProduct ? { [activeProduct]: now } : {},
    originalApplicationVersion: null,
    originalPurchaseDate: null,
    managementURL: null,
    nonSubscriptionTransactions: [],
    subscriptionsByProductIdentifier: {},
  };
}

export type StoreOptions = {
  /** The packages of the current offering (none: no current offering). */
  packages?: Package[];
  /** What the store does with a purchase: buy (default), the user cancels, or an error. */
  purchase?: "buy" | "cancel" | "fail";
  /** A purchase the store account already owns, for restorePurchases (default none). */
  owned?: string | null;
  store?: "app_store" | "play_store";
};

/**
 * The Purchases plugin (plus the plugins the shell's start calls and @capacitor/app, whose
 * appStateChange the app listens to), with the SDK's state: configured or not, its app user.
 */
export function purchasesDevice({ packages = [MONTHLY_PACKAGE, ANNUAL_PACKAGE], purchase = "buy", owned = null, store = "app_store" }: StoreOptions = {}) {
  const state = { configured: false, appUserID: "", owned };
  const anonymous = () => `$RCAnonymousID:${crypto.randomUUID().replaceAll("-", "")}`;
  const offering = {
    identifier: "default",
    serverDescription: "Pro",
    metadata: {},
    availablePackages: packages,
    lifetime: null,
    annual: packages.find((p) => p.packageType === "ANNUAL") ?? null,
    sixMonth: null,
    threeMonth: null,
    twoMonth: null,
    monthly: packages.find((p) => p.packageType === "MONTHLY") ?? null,
    weekly: null,
    webCheckoutUrl: null,
  };
  const notConfigured = () => {
    if (!state.configured) throw new NativeError("There is no singleton instance. Make sure you configure Purchases before trying to get the default instance.", "UNCONFIGURED");
  };
  const plugins: NativePlugins = {
    SplashScreen: { hide: () => ({}) },
    StatusBar: { setStyle: () => ({}), setBackgroundColor: () => ({}), setOverlaysWebView: () => ({}) },
    App: {},
    Purchases: {
      isConfigured: () => ({ isConfigured: state.configured }),
      configure: (options) => {
        state.configured = true;
        state.appUserID = typeof options.appUserID === "string" ? options.appUserID : anonymous();
        return {};
      },
      getAppUserID: () => {
        notConfigured();
        return { appUserID: state.appUserID };
      },
      logIn: (options) => {
        notConfigured();
        state.appUserID = String(options.appUserID);
        return { customerInfo: customerInfo(state.appUserID, null), created: false };
      },
      logOut: () => {
        notConfigured();
        if (state.appUserID.startsWith("$RCAnonymousID:")) throw new NativeError("LogOut was called but the current user is anonymous.", "22");
        state.appUserID = anonymous();
        return { customerInfo: customerInfo(state.appUserID, null) };
      },
      getOfferings: () => {
        notConfigured();
        return packages.length ? { all: { default: offering }, current: offering } : { all: {}, current: null };
      },
      purchasePackage: async (options) => {
        notConfigured();
        const aPackage = options.aPackage as Package;
        if (purchase === "cancel") {
          throw new NativeError("Purchase was cancelled.", "1", { data: { readableErrorCode: "PURCHASE_CANCELLED", userCancelled: true } });
        }
        if (purchase === "fail") {
          throw new NativeError("There was a problem with the App Store.", "2", { data: { readableErrorCode: "STORE_PROBLEM", userCancelled: false } });
        }
        // The store charges; RevenueCat records the entitlement for the app user.
        await setSubscriber(state.appUserID, { product: aPackage.product.identifier, store });
        state.owned = aPackage.product.identifier;
        return {
          productIdentifier: aPackage.product.identifier,
          customerInfo: customerInfo(state.appUserID, aPackage.product.identifier),
          transaction: { transactionIdentifier: crypto.randomUUID(), productIdentifier: aPackage.product.identifier, purchaseDate: new Date().toISOString() },
        };
      },
      restorePurchases: async () => {
        notConfigured();
        // The store account's purchases move to this app user in RevenueCat.
        if (state.owned) await setSubscriber(state.appUserID, { product: state.owned, store });
        return { customerInfo: customerInfo(state.appUserID, state.owned) };
      },
      getCustomerInfo: () => {
        notConfigured();
        return { customerInfo: customerInfo(state.appUserID, state.owned) };
      },
    },
  };
  return { plugins, state };
}
