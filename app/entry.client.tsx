import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { nativePlatform } from "./modules/native/platform";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// Issue 19 item 5 (LCP): the server's HTML is painted before hydration starts. When the
// scripts are already there as the document finishes parsing (a cached or fast load),
// the browser would otherwise run the whole hydration before its first paint; a frame
// and a task later it has painted (the page works as before a moment after).
let hydrating = false;
const start = () => {
  if (hydrating) return;
  hydrating = true;
  hydrate();
};
requestAnimationFrame(() => setTimeout(start, 0));
// A tab loading in the background gets no frames: it hydrates all the same.
if (document.visibilityState === "hidden") setTimeout(start, 0);

// docs/product/screens.md#app-shell: a service worker is registered on every platform (public/sw.js).
function registerServiceWorker() {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => {
    console.warn("Service worker registration failed", error);
  });
}
if ("serviceWorker" in navigator && import.meta.env.PROD) {
  // This module may run after the load event (it is imported dynamically).
  if (document.readyState === "complete") registerServiceWorker();
  else window.addEventListener("load", registerServiceWorker, { once: true });
}

// Decision 013: inside the native shell, the splash, the status bar and the native
// features start here; a browser never downloads them.
if (nativePlatform()) void import("./modules/native/shell.client").then(({ startNativeShell }) => startNativeShell());
// Issue 18 item 2: a tapped push notification opens its page in the app. (Registering the
// token again at each start needs the signed-in user: useNativeStart, from the root.)
if (nativePlatform()) void import("./modules/native/push.client").then(({ listenForNotificationTaps }) => listenForNotificationTaps());
