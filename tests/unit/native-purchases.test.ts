// The native client's purchases (decision 013, in-app purchases): the store key rules of docs/product/native.md#purchases
// and the screen's messages of docs/product/messages.md, without the plugin.
import { describe, expect, it } from "vitest";
import {
  choosePackage,
  isCancelledPurchase,
  PURCHASES_UNAVAILABLE,
  purchaseResult,
  restoreResult,
  storeKeyFor,
} from "~/modules/native/purchases";

const keys = { ios: "appl_AbCdEf123", android: "goog_XyZ789" };

describe("storeKeyFor (docs/product/native.md#purchases: skipped off native, or with an empty or badly formatted key)", () => {
  it("gives each platform its own store's key", () => {
    expect(storeKeyFor("ios", keys)).toBe("appl_AbCdEf123");
    expect(storeKeyFor("android", keys)).toBe("goog_XyZ789");
  });
  it("gives nothing off native", () => {
    expect(storeKeyFor(null, keys)).toBeNull();
  });
  it("gives nothing for an empty, foreign or malformed key", () => {
    expect(storeKeyFor("ios", { ...keys, ios: "" })).toBeNull();
    expect(storeKeyFor("ios", { ...keys, ios: "goog_XyZ789" })).toBeNull();
    expect(storeKeyFor("android", { ...keys, android: "appl_AbCdEf123" })).toBeNull();
    expect(storeKeyFor("ios", { ...keys, ios: "appl_" })).toBeNull();
    expect(storeKeyFor("ios", { ...keys, ios: "appl_has space" })).toBeNull();
    expect(storeKeyFor("android", { ...keys, android: "sk_test_secret" })).toBeNull();
  });
});

describe("isCancelledPurchase (docs/product/messages.md#subscription-and-profile: plugin code 1)", () => {
  it("recognises code 1 as a number or string, and userCancelled", () => {
    expect(isCancelledPurchase({ code: "1", message: "Purchase was cancelled." })).toBe(true);
    expect(isCancelledPurchase({ code: 1 })).toBe(true);
    expect(isCancelledPurchase({ code: "2", userCancelled: true })).toBe(true);
    expect(isCancelledPurchase({ code: "2", data: { userCancelled: true } })).toBe(true);
  });
  it("leaves other errors alone", () => {
    expect(isCancelledPurchase({ code: "2", message: "Store problem" })).toBe(false);
    expect(isCancelledPurchase({ code: "10" })).toBe(false);
    expect(isCancelledPurchase(new Error("x"))).toBe(false);
    expect(isCancelledPurchase(null)).toBe(false);
  });
});

describe("choosePackage (docs/product/native.md#purchases: the current offering's first available package)", () => {
  const monthly = { identifier: "$rc_monthly", packageType: "MONTHLY" };
  const annual = { identifier: "$rc_annual", packageType: "ANNUAL" };
  it("takes the package of the chosen period when the offering has it", () => {
    expect(choosePackage({ availablePackages: [monthly, annual] }, "yearly")).toBe(annual);
    expect(choosePackage({ availablePackages: [annual, monthly] }, "monthly")).toBe(monthly);
  });
  it("else the first available package, and nothing when there is none", () => {
    expect(choosePackage({ availablePackages: [annual] }, "monthly")).toBe(annual);
    expect(choosePackage({ availablePackages: [] }, "monthly")).toBeNull();
    expect(choosePackage(null, "yearly")).toBeNull();
  });
});

describe("purchaseResult (docs/product/messages.md#subscription-and-profile, Subscribe Now)", () => {
  it("activates only on the server's word, then goes home", () => {
    expect(purchaseResult({ kind: "synced", sync: { status: 200, pro: true } })).toEqual({
      toast: { type: "success", title: "Subscription activated!" },
      goTo: "/",
    });
    expect(purchaseResult({ kind: "synced", sync: { status: 200, pro: false } }).toast?.title).toBe("Failed to complete purchase");
  });
  it("shows nothing for a cancelled purchase", () => {
    expect(purchaseResult({ kind: "cancelled" })).toEqual({ toast: null, goTo: null });
  });
  it("maps every other outcome to the spec's text", () => {
    expect(purchaseResult({ kind: "no-packages" }).toast).toEqual({ type: "error", title: "No subscription packages available" });
    expect(purchaseResult({ kind: "failed" }).toast).toEqual({ type: "error", title: "Failed to complete purchase" });
    expect(purchaseResult({ kind: "unavailable" }).toast).toEqual({ type: "error", title: "Failed to complete purchase", description: PURCHASES_UNAVAILABLE });
    expect(PURCHASES_UNAVAILABLE).toBe("Purchases only available on mobile with configured RevenueCat");
    expect(purchaseResult({ kind: "synced", sync: { status: 401, error: "Authentication error. Please sign in again." } })).toEqual({
      toast: { type: "error", title: "Authentication error. Please sign in again." },
      goTo: "/auth",
    });
    expect(purchaseResult({ kind: "signed-out" })).toEqual({
      toast: { type: "error", title: "Please sign in to subscribe" },
      goTo: "/auth?returnTo=%2Fsubscription",
    });
    expect(purchaseResult({ kind: "synced", sync: { status: 502, error: "Could not check your purchases. Please try again." } }).toast?.title).toBe(
      "Could not check your purchases. Please try again.",
    );
  });
});

describe("restoreResult (docs/product/messages.md#subscription-and-profile, Restore Purchases)", () => {
  it("says restored when the server finds Pro, else that there is none", () => {
    expect(restoreResult({ kind: "synced", sync: { status: 200, pro: true } })).toEqual({
      toast: { type: "success", title: "Purchases restored!" },
      goTo: "/",
    });
    expect(restoreResult({ kind: "synced", sync: { status: 200, pro: false } })).toEqual({
      toast: { type: "error", title: "No active subscriptions found" },
      goTo: null,
    });
  });
  it("maps failures and off-mobile to the spec's text", () => {
    expect(restoreResult({ kind: "failed", message: "Network" }).toast).toEqual({ type: "error", title: "Failed to restore purchases" });
    expect(restoreResult({ kind: "unavailable" }).toast).toEqual({ type: "error", title: "Restore is only available on mobile devices" });
    expect(restoreResult({ kind: "synced", sync: { status: 401 } }).goTo).toBe("/auth");
  });
});
