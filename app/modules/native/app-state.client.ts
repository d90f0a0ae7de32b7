import { App } from "@capacitor/app";

/**
 * Calls `callback` each time the native app comes back to the foreground (docs/product/native.md#shell: the
 * subscription data is reloaded then; a purchase may have changed in the store meanwhile).
 * Returns the unsubscribe. A shell without the App plugin only loses the reload.
 */
export function onAppResume(callback: () => void): () => void {
  let removed = false;
  const handle = Promise.resolve()
    .then(() =>
      App.addListener("appStateChange", ({ isActive }) => {
        if (isActive) callback();
      }),
    )
    .catch((error: unknown) => {
      console.warn("App state listener unavailable:", error);
      return null;
    });
  return () => {
    if (removed) return;
    removed = true;
    void handle.then((listener) => listener?.remove());
  };
}
