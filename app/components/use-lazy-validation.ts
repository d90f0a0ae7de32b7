import { useEffect, useState } from "react";
import { loadAfterHydration } from "~/utils/load-after-hydration";
import type { validateWithToast } from "./validate-with-toast";

export type LazyValidation<Schemas> = { validate: typeof validateWithToast; schemas: Schemas };

/**
 * Client-side validation loaded after hydration, for the pages a visitor lands on
 * first: zod, conform's zod adapter and the form's schemas stay out of the first load
 * (`npm run bench` budget). Until they arrive, a moment after the page is interactive,
 * a submit goes to the server, which validates with the same messages and toast: what
 * the form does before JavaScript loads. Null until loaded (give conform no onValidate).
 */
export function useLazyValidation<Schemas>(loadSchemas: () => Promise<Schemas>): LazyValidation<Schemas> | null {
  const [validation, setValidation] = useState<LazyValidation<Schemas> | null>(null);
  useEffect(() => {
    // Until it arrives (offline: when back online), the server validates.
    return loadAfterHydration(
      () => Promise.all([import("./validate-with-toast.lazy"), loadSchemas()]),
      ([{ validateWithToast }, schemas]) => setValidation({ validate: validateWithToast, schemas }),
    );
    // Loaded once per mounted form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return validation;
}
