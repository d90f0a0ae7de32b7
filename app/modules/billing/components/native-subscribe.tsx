import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { showToast } from "~/components/ui/toaster";
import { RENEWS_APP_STORE, RENEWS_GOOGLE_PLAY } from "~/modules/billing/messages";
import type { NativePlatform } from "~/modules/native/platform";
import { purchaseResult, restoreResult, type NativeOutcome, type NativeResult } from "~/modules/native/purchases";
import { useRootData } from "~/root-data";

/**
 * The Subscription screen's buttons inside the native shell (docs/product/screens.md#subscription-screen: 'Subscribe Now',
 * 'Processing...' while busy, 'Restore Purchases'). The
 * store takes the payment through RevenueCat; our server then reads RevenueCat (store-sync)
 * and its answer alone says Pro. Signed-out visitors get the page's form instead, whose
 * action says 'Please sign in to subscribe'.
 */
export function NativeSubscribe({ interval }: { interval: "monthly" | "yearly" }) {
  const config = useRootData()?.nativePurchases;
  const navigate = useNavigate();
  const [busy, setBusy] = useState<"subscribe" | "restore" | null>(null);

  const run = async (kind: "subscribe" | "restore") => {
    setBusy(kind);
    let result: NativeResult;
    try {
      const purchases = await import("~/modules/native/purchases.client");
      const settings = config ?? { keys: { ios: "", android: "" }, userId: null };
      const outcome: NativeOutcome = kind === "subscribe" ? await purchases.subscribe(settings, interval) : await purchases.restore(settings);
      result = kind === "subscribe" ? purchaseResult(outcome) : restoreResult(outcome);
    } catch (error) {
      // The purchase code itself did not load (e.g. no signal for its chunk).
      console.warn("Native purchases failed to start:", error);
      result = (kind === "subscribe" ? purchaseResult : restoreResult)({ kind: "failed" });
    }
    setBusy(null);
    if (result.toast) showToast(result.toast);
    if (result.goTo) await navigate(result.goTo, { replace: result.goTo === "/" });
  };

  return (
    <div className="mt-6 space-y-3">
      <Button className="w-full" disabled={busy !== null} onClick={() => void run("subscribe")}>
        {busy ? "Processing..." : "Subscribe Now"}
      </Button>
      <Button variant="secondary" className="w-full" disabled={busy !== null} onClick={() => void run("restore")}>
        Restore Purchases
      </Button>
    </div>
  );
}

/** docs/product/screens.md#subscription-screen: on native the renewal text replaces the web's trial note. */
export function NativeRenewalText({ platform }: { platform: NativePlatform }) {
  return <p className="mt-2 text-center text-xs text-slate-500">{platform === "android" ? RENEWS_GOOGLE_PLAY : RENEWS_APP_STORE}</p>;
}
