import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

// Spec §2: a service worker is registered on every platform (public/sw.js).
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
