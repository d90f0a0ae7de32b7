import { useSyncExternalStore } from "react";

// The native shell (decision 013) loads the deployed site in Capacitor's webview. Capacitor
// injects its bridge (`window.Capacitor`, native-bridge.js) at document start on iOS and
// Android, so the web code asks that object, Capacitor's own API, whether it runs natively.
// Reading the global keeps @capacitor/core and every plugin out of the web bundle: the
// native modules are imported only after this says "ios" or "android".

/** The native shell's platforms: the one list (device sign-ins, push tokens, the shell). */
export const NATIVE_PLATFORMS = ["ios", "android"] as const;
export type NativePlatform = (typeof NATIVE_PLATFORMS)[number];

const PLATFORM_NAMES: Record<NativePlatform, string> = { ios: "iOS", android: "Android" };
// Made when first needed: a formatter costs every page's start (the first one loads the locale's data).
let added: Intl.DateTimeFormat | undefined;

/**
 * The one place the app's name in a list is made (decision 013): 'Event Flow app on iOS'
 * (push devices), or with the day it was added, 'Event Flow app on iOS, added Nov 24'
 * (device sign-ins: several phones of one platform must be told apart).
 */
export function nativeAppName(platform: NativePlatform, addedOn?: Date) {
  const name = `Event Flow app on ${PLATFORM_NAMES[platform]}`;
  return addedOn ? `${name}, added ${(added ??= new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" })).format(addedOn)}` : name;
}

type CapacitorGlobal = { isNativePlatform?: () => boolean; getPlatform?: () => string };

/** "ios" or "android" inside the native shell; null in a browser and on the server. */
export function nativePlatform(): NativePlatform | null {
  if (typeof window === "undefined") return null;
  const capacitor = (window as { Capacitor?: CapacitorGlobal }).Capacitor;
  if (typeof capacitor?.isNativePlatform !== "function" || !capacitor.isNativePlatform()) return null;
  const platform = capacitor.getPlatform?.();
  return platform === "ios" || platform === "android" ? platform : null;
}

const unchanging = () => () => {};

/**
 * The platform for rendering: null on the server and in the first client render (so
 * hydration matches the server's HTML), then the native platform. Native-only controls
 * (Subscribe Now, Restore Purchases, the store's text) render only when this is set.
 */
export function useNativePlatform(): NativePlatform | null {
  return useSyncExternalStore(unchanging, nativePlatform, () => null);
}
