import { useEffect, useState } from "react";
import { loadAfterHydration } from "~/utils/load-after-hydration";
import type { validateWithToast } from "./validate-with-toast";

export type LazyValidation<Schemas> = { validate: typeof validateWithToast; schemas: Schemas };

/**
 * Client-side validation loaded when a form is first used (zod 26 KB and conform's zod
 * adapter out of the landing, settings, profile and new-event pages' first load; decision
 * 014): zod, conform's zod adapter and the form's schemas are in no page's first load
 * (`npm run bench`), nor fetched after it until someone focuses, types in, presses or
 * submits in one of the page's forms. A submit that comes first waits for them (a
 * moment) and is then validated in the browser like any other; if they cannot be loaded
 * (no connection) it goes to the server, which validates with the same messages and
 * toast: what the form does before JavaScript loads. Null until loaded (give conform no
 * onValidate).
 */
export function useLazyValidation<Schemas>(loadSchemas: () => Promise<Schemas>): LazyValidation<Schemas> | null {
  const [validation, setValidation] = useState<LazyValidation<Schemas> | null>(null);
  useEffect(() => {
    let cancelLoad: (() => void) | undefined;
    let failed = false;
    const load = () => {
      if (cancelLoad) return;
      cancelLoad = loadAfterHydration(
        () =>
          Promise.all([import("./validate-with-toast.lazy"), loadSchemas()]).catch((error: unknown) => {
            // Offline: a submit that waited goes to the server after all (retried when online).
            failed = true;
            releaseHeldSubmit();
            throw error;
          }),
        ([{ validateWithToast }, schemas]) => {
          stop();
          setValidation({ validate: validateWithToast, schemas });
        },
      );
    };
    const onUse = (event: Event) => {
      const form = event.target instanceof Element ? event.target.closest("form") : null;
      if (!form) return;
      if (event.type === "submit" && !failed) {
        event.preventDefault();
        event.stopImmediatePropagation();
        heldSubmit = { form, submitter: (event as SubmitEvent).submitter };
      }
      load();
    };
    // A field focused before (autofocus) counts from its first key. Submits are caught
    // on the window, before React's and React Router's handlers.
    FORM_USE.forEach((type) => document.addEventListener(type, onUse, true));
    window.addEventListener("submit", onUse, true);
    const stop = () => {
      FORM_USE.forEach((type) => document.removeEventListener(type, onUse, true));
      window.removeEventListener("submit", onUse, true);
    };
    return () => {
      stop();
      cancelLoad?.();
    };
    // Loaded once per mounted form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Loaded: the submit that waited for it is made again, now validated in the browser.
  useEffect(() => {
    if (validation) releaseHeldSubmit();
  }, [validation]);
  return validation;
}

const FORM_USE = ["focusin", "input", "pointerdown", "keydown"] as const;

/** The page's one submit waiting for validation to load (several forms may share a page). */
let heldSubmit: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;

function releaseHeldSubmit() {
  const held = heldSubmit;
  heldSubmit = null;
  if (held?.form.isConnected) held.form.requestSubmit(held.submitter?.isConnected ? held.submitter : null);
}
