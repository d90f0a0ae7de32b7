import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { Toast, ToastInput } from "~/utils/toast";

const DISMISS_AFTER_MS = 5000;
type Listener = (toast: Toast) => void;
const listeners = new Set<Listener>();

/** Shows a toast from client code (e.g. after copying a link). */
export function showToast(input: ToastInput) {
  const toast: Toast = { ...input, id: input.id ?? crypto.randomUUID() };
  for (const listener of listeners) listener(toast);
}

// At the top on phones (clear of thumbs and bottom sheets), bottom right on larger
// screens; above the dialogs (z-60) before hydration, when dialogs are not modal.
const REGION =
  "pointer-events-none fixed inset-x-0 top-0 bottom-auto z-[60] flex flex-col items-center gap-2 p-4 sm:top-auto sm:bottom-0 sm:items-end";

const tone: Record<Toast["type"], string> = {
  success: "border-green-200 bg-white",
  error: "border-red-300 bg-red-50",
  info: "border-slate-200 bg-white",
};

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss?: () => void }) {
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      data-toast-type={toast.type}
      // Taps go through a toast to what is under it (a toast never blocks the page);
      // only its dismiss button takes them.
      className={`pointer-events-none w-full max-w-sm rounded-xl border p-4 shadow-lg ${tone[toast.type]}`}
    >
      <div className="flex items-start gap-3">
        <div className="flex-1">
          <p className={`text-sm font-semibold ${toast.type === "error" ? "text-red-800" : "text-slate-900"}`}>{toast.title}</p>
          {toast.description ? <p className="mt-1 text-sm text-slate-600">{toast.description}</p> : null}
        </div>
        {onDismiss ? (
          <button
            type="button"
            onClick={onDismiss}
            className="pointer-events-auto rounded p-1 text-slate-500 hover:bg-slate-100"
            aria-label="Dismiss notification"
          >
            ×
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The toast region. `serverToast` comes from the root loader (the cookie an action
 * set), so it is in the server-rendered HTML and shows without JavaScript.
 */
export function Toaster({ serverToast }: { serverToast: Toast | null }) {
  const [toasts, setToasts] = useState<Toast[]>(serverToast ? [serverToast] : []);

  useEffect(() => {
    if (!serverToast) return;
    setToasts((current) =>
      current.some((t) => t.id === serverToast.id) ? current : [...current, serverToast],
    );
  }, [serverToast]);

  useEffect(() => {
    const listener: Listener = (toast) =>
      setToasts((current) => (current.some((t) => t.id === toast.id) ? current : [...current, toast]));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);

  useEffect(() => {
    if (toasts.length === 0) return;
    const timer = setTimeout(() => setToasts((current) => current.slice(1)), DISMISS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [toasts]);

  const dismiss = (id: string) => setToasts((current) => current.filter((t) => t.id !== id));

  // A modal dialog lives in the browser's top layer, above any z-index. Once hydrated
  // the region is a manual popover that re-enters the top layer with each new toast,
  // so a 'Validation Error' shows above the dialog that caused it.
  const hydrated = useHydrated();
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = region.current;
    if (!hydrated || !element || typeof element.showPopover !== "function") return;
    if (element.matches(":popover-open")) element.hidePopover();
    if (toasts.length > 0) element.showPopover();
  }, [hydrated, toasts]);

  return (
    <div
      ref={region}
      popover={hydrated ? "manual" : undefined}
      aria-live="polite"
      className={`${REGION} m-0 h-auto w-auto overflow-visible border-0 bg-transparent`}
    >
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
      ))}
    </div>
  );
}

const subscribeNothing = () => () => {};
/** False during server render and hydration, true once React runs in the browser. */
export function useHydrated() {
  return useSyncExternalStore(subscribeNothing, () => true, () => false);
}

/**
 * A toast an action returned with its data (no redirect). Before hydration (and with
 * JavaScript off) it renders in place, styled as a toast; once hydrated it joins the
 * toast region like any other.
 */
export function ActionToast({ toast }: { toast: Toast | null | undefined }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated && toast) showToast(toast);
  }, [hydrated, toast]);
  if (hydrated || !toast) return null;
  return (
    <div className={REGION}>
      <ToastCard toast={toast} />
    </div>
  );
}
