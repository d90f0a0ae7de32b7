import { useEffect, useState } from "react";
import { loadAfterHydration } from "~/utils/load-after-hydration";
import type { validateWithToast } from "./validate-with-toast";

export type LazyValidation<Schemas> = { validate: typeof validateWithToast; schemas: Schemas };

/**
 * Client-side validation loaded when a form is first used (issue 19 item 4): zod,
 * conform's zod adapter and the form's schemas are in no page's first load (`npm run
 * bench`), nor fetched after it until someone focuses, types in, presses or submits in
 * one of the page's forms. Until they arrive, a submit goes to the server, which
 * validates with the same messages and toast: what the form does before JavaScript
 * loads. Null until loaded (give conform no onValidate).
 */
export function useLazyValidation<Schemas>(loadSchemas: () => Promise<Schemas>): LazyValidation<Schemas> | null {
  const [validation, setValidation] = useState<LazyValidation<Schemas> | null>(null);
  useEffect(() => {
    let cancelLoad: (() => void) | undefined;
    const stopWaiting = onFirstFormUse(() => {
      // Until it arrives (offline: when back online), the server validates.
      cancelLoad = loadAfterHydration(
        () => Promise.all([import("./validate-with-toast.lazy"), loadSchemas()]),
        ([{ validateWithToast }, schemas]) => setValidation({ validate: validateWithToast, schemas }),
      );
    });
    return () => {
      stopWaiting();
      cancelLoad?.();
    };
    // Loaded once per mounted form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return validation;
}

const FORM_USE = ["focusin", "input", "pointerdown", "keydown", "submit"] as const;

/** Calls `use` once, at the first event in a form of the page; returns a cancel. */
function onFirstFormUse(use: () => void): () => void {
  const onEvent = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest("form")) return;
    stop();
    use();
  };
  const stop = () => FORM_USE.forEach((type) => document.removeEventListener(type, onEvent, true));
  // A field focused before (autofocus) counts from its first key.
  FORM_USE.forEach((type) => document.addEventListener(type, onEvent, true));
  return stop;
}
