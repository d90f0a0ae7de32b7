import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { useNativePlatform } from "./platform";
import type { NativePurchasesConfig } from "./purchases";

const RESUME_DELAY_MS = 2000;

/**
 * Inside the native shell (decision 013), for the whole app (root): the purchase store is
 * initialised for whoever is signed in, again whenever that changes (docs/product/screens.md#app-shell, docs/product/native.md#purchases;
 * decision 013 (in-app purchases)), and coming back to the foreground reloads the page's data,
 * the subscription included (docs/product/native.md#shell), and native push is renewed for the signed-in user.
 * A browser runs none of it and loads no plugin code.
 */
export function useNativeStart({ keys: { ios, android }, userId }: NativePurchasesConfig) {
  const platform = useNativePlatform();
  useEffect(() => {
    if (!platform) return;
    void import("./purchases.client")
      .then(({ identifyPurchaser }) => identifyPurchaser({ keys: { ios, android }, userId }))
      .catch((error: unknown) => console.warn("Purchases could not be configured:", error));
  }, [platform, ios, android, userId]);

  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // Push stays on for the user who turned it on (decision 013): registered again at each
  // start and sign-in, forgotten at sign-out (push.client.ts).
  // Background work: it waits until the page's own start is over (load, then idle), so the
  // OS round trip and the post do not compete with the page's first data.
  useEffect(() => {
    if (!platform) return;
    let cancelled = false;
    const resume = () => {
      if (cancelled) return;
      void import("./push.client")
        .then(({ resumeNativePush }) => resumeNativePush(platform, userId))
        // A page listing this device (Settings) shows it again.
        .then((registered) => (registered && navigator.onLine ? revalidate.current() : undefined))
        .catch((error: unknown) => console.warn("Push could not be renewed:", error));
    };
    const timer = setTimeout(resume, RESUME_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [platform, userId]);

  useEffect(() => {
    if (!platform) return;
    let stop: (() => void) | null = null;
    let ended = false;
    void import("./app-state.client").then(({ onAppResume }) => {
      if (ended) return;
      // Without signal there is nothing newer to fetch, and a failed reload would replace the page.
      stop = onAppResume(() => {
        if (navigator.onLine) void revalidate.current();
      });
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [platform]);
}

/** useNativeStart as a component: the root renders it (and loads its code) inside the native shell only. */
export function NativeStart({ config }: { config: NativePurchasesConfig }) {
  useNativeStart(config);
  return null;
}
