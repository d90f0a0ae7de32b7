import { useEffect, useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { Flash } from "~/utils/toast";

/**
 * What the redirect after a save handed this page once (toast.server.ts `flash`), kept
 * until the user navigates: the root loader reads it once, so a revalidation (a live
 * update) must not make it vanish while it is on screen; a reload does (it was shown).
 */
export function useFlash<K extends keyof Flash>(name: K): Flash[K] | null {
  const root = useRouteLoaderData("root") as { flash?: Flash | null } | undefined;
  const value = root?.flash?.[name] ?? null;
  const { key } = useLocation();
  const [shown, setShown] = useState(value ? { value, key } : null);
  useEffect(() => {
    if (value) setShown({ value, key });
    // Only a new flash (a new redirect) replaces what is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return shown && shown.key === key ? shown.value : null;
}
