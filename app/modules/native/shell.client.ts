import { SplashScreen } from "@capacitor/splash-screen";
import { StatusBar, Style } from "@capacitor/status-bar";

// docs/product/screens.md#app-shell, decision 013: inside the native shell the native splash shows for
// 1500 ms (capacitor.config.ts also hides it then, should this script never run) and the
// status bar sits above the page (no overlay) on a light background. docs/product/screens.md#app-shell says "dark
// style, light background": the observed intent is dark text on our white header, which
// in Capacitor's terms is Style.Light ("dark text for light backgrounds"); Style.Dark
// would print white text on white.
export const SPLASH_MS = 1500;
export const STATUS_BAR_BACKGROUND = "#ffffff";

/** Runs once per document inside the native shell (entry.client.tsx). */
export async function startNativeShell() {
  const results = await Promise.allSettled([
    StatusBar.setOverlaysWebView({ overlay: false }),
    StatusBar.setStyle({ style: Style.Light }),
    StatusBar.setBackgroundColor({ color: STATUS_BAR_BACKGROUND }),
    splashTimeReached().then(() => SplashScreen.hide()),
  ]);
  // A plugin the platform lacks (setBackgroundColor is Android's) must not stop the rest.
  for (const result of results) if (result.status === "rejected") console.warn("Native shell:", result.reason);
}

// A timer may fire a fraction of a millisecond before the page's clock reads its delay, so
// the wait repeats until the clock has truly passed SPLASH_MS.
async function splashTimeReached() {
  while (performance.now() < SPLASH_MS) {
    await new Promise((resolve) => setTimeout(resolve, Math.ceil(SPLASH_MS - performance.now())));
  }
}
