import { useEffect, useState } from "react";
import { useHydrated } from "~/components/ui/toaster";

/** How often a page that tells the time of day reads the clock. */
const TICK_MS = 15_000;

/**
 * The time, ticking. The first render (the server's, and hydration's) uses the moment the
 * page's data was read (`served`), so both render the same; the browser's clock takes over after.
 */
export function useNow(served: number) {
  const [now, setNow] = useState(served);
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [hydrated]);
  return now;
}
