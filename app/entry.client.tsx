import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { nativePlatform } from "./modules/native/platform";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

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
// A tapped push notification opens its page in the app. (Registering the
// token again at each start needs the signed-in user: useNativeStart, from the root.)
if (nativePlatform()) void import("./modules/native/push.client").then(({ listenForNotificationTaps }) => listenForNotificationTaps());
