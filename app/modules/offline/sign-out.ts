import type { FormEvent } from "react";

// The sign-out forms' submit (settings, accepting an invitation). What it does (counting
// the changes still waiting to sync, forgetting the kept pages and the outbox) is in
// forget-device.ts, loaded when the button is pressed: a page that only shows the button
// does not load IndexedDB's code with its first JavaScript (decision 014).

/**
 * Asks first when changes made here still wait to sync (signing out deletes them), then
 * forgets this device's kept pages and outbox as the form posts. Without JavaScript, or
 * when the code cannot be had, the form posts as it is (the service worker forgets then).
 */
export function signOutSubmit(event: FormEvent<HTMLFormElement>) {
  const form = event.currentTarget;
  if (form.dataset.confirmed === "true") return;
  event.preventDefault();
  const submit = () => {
    form.dataset.confirmed = "true";
    form.requestSubmit();
  };
  import("./forget-device").then(
    (device) =>
      void device.confirmSignOut().then((confirmed) => {
        if (!confirmed) return;
        void device.forgetThisDevice();
        submit();
      }),
    submit,
  );
}
