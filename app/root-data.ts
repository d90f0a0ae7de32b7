import { useRouteLoaderData } from "react-router";
import type { NativePurchasesConfig } from "~/modules/native/purchases";
import type { HeaderNotifications } from "~/modules/notifications/header";
import type { Flash, Toast } from "~/utils/toast";
import type { HourCycle } from "~/modules/timeline/span";
import type { Theme } from "~/modules/account/theme";

/**
 * What the root loader gives every page. root.tsx returns exactly this (`satisfies`), so
 * the modules that read it type it here and never import root.tsx, which only React
 * Router loads.
 */
export type RootData = {
  toast: Toast | null;
  flash: Flash | null;
  /** The header's notifications; null for a visitor. */
  notifications: HeaderNotifications | null;
  formKey: string;
  nativePurchases: NativePurchasesConfig;
  /** The clock times read on for this viewer: their 'Time format', 'Automatic' (and a visitor's) the browser's locale's. */
  hourCycle: HourCycle;
  /** This device's 'Theme' (a cookie): the html element's class, or the system's preference. */
  theme: Theme;
};

/** The root loader's data, or undefined where the root route has none (its error boundary). */
export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}

/**
 * The clock every time on the page reads on (span.ts formats with it). The server resolves
 * it with the page, so the HTML and the hydrated page show the same times.
 */
export function useHourCycle(): HourCycle {
  return useRootData()?.hourCycle ?? "12h";
}
