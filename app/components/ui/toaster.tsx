import { useContext, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { type Location, UNSAFE_DataRouterContext, useLocation } from "react-router";
import type { Toast, ToastInput } from "~/utils/toast";

// docs/product/messages.md#how-messages-show: one toast at a time; a new one replaces it;
// a success or an info goes after 4 s, an error stays until dismissed or the next page.
export const DISMISS_AFTER_MS = 4000;

/** The page a toast belongs to: a path and its query (a tab, a dialog: ?tab=, ?dialog=). */
export function pageOf(location: Pick<Location, "pathname" | "search">) {
  return `${location.pathname}${location.search}`;
}

/**
 * The toast shown, and the page it belongs to; `page` is null while it travels with the
 * navigation under way (raised just before it started), to the page that navigation ends on.
 */
type Shown = { toast: Toast; page: string | null };
type Listener = (shown: Shown) => void;
const listeners = new Set<Listener>();

/**
 * Where the app is, whether a navigation is under way, the toast raised in the task now
 * running (see `showToast`) and the last server toast shown. Written in the browser only.
 */
const tracked: { page: string | null; navigating: boolean; justRaised: string | null; serverToastSeen: string | null } = {
  page: null,
  navigating: false,
  justRaised: null,
  serverToastSeen: null,
};

/**
 * Shows a toast from client code (e.g. after copying a link), in place of the one shown.
 * It belongs to the page it is raised on: a navigation to another page (or tab, or a
 * dialog opened or closed) takes it away. One raised in the same task as the navigation
 * that follows it (`showToast(…); navigate(…)`) belongs to the page that navigation opens.
 */
export function showToast(input: ToastInput) {
  const toast: Toast = { ...input, id: input.id ?? crypto.randomUUID() };
  tracked.justRaised = toast.id;
  afterThisTask(() => {
    if (tracked.justRaised === toast.id) tracked.justRaised = null;
  });
  const shown: Shown = { toast, page: tracked.navigating ? tracked.page : (tracked.page ?? currentPage()) };
  for (const listener of listeners) listener(shown);
}

/**
 * Runs `then` in the next task. A navigation's start is known to the router a few
 * microtasks after navigate() (or a link's click) is called, so by then it has started.
 * A message, not a timer: a timer may wait a second in a background tab, or for ever
 * under a test's paused clock.
 */
function afterThisTask(then: () => void) {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    then();
  };
  channel.port2.postMessage(null);
}

function currentPage() {
  return typeof window === "undefined" ? null : pageOf(window.location);
}

// Phones (below `sm`): at the bottom, above the safe area, clear of the header's actions;
// while a dialog is open (a bottom sheet, its actions at the bottom) at the top of the
// screen, above the sheet, which leaves that space free (url-dialog.tsx: at most 90dvh).
// Larger screens: bottom right. Above the dialogs (z-60) before hydration, when dialogs
// are not modal; once hydrated the region is a popover in the top layer.
const REGION =
  "pointer-events-none fixed inset-x-0 top-auto bottom-0 z-[60] flex flex-col items-center px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:items-end sm:p-4 max-sm:[body:has(dialog[open])_&]:top-0 max-sm:[body:has(dialog[open])_&]:bottom-auto max-sm:[body:has(dialog[open])_&]:pt-[max(0.5rem,env(safe-area-inset-top))] max-sm:[body:has(dialog[open])_&]:pb-0";

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
      className={`pointer-events-none w-full max-w-sm rounded-xl border px-4 py-3 shadow-lg ${tone[toast.type]}`}
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
            className="pointer-events-auto -my-1 -mr-2 rounded p-1 text-slate-500 hover:bg-slate-100"
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
 * The toast region: at most one toast. `serverToast` comes from the root loader (the
 * cookie an action set), so it is in the server-rendered HTML and shows without
 * JavaScript; it belongs to the page it came with.
 */
export function Toaster({ serverToast }: { serverToast: Toast | null }) {
  const location = useLocation();
  const here = pageOf(location);
  // A Toaster mounted after the first (the error page's) finds the toast already shown.
  const [shown, setShown] = useState<Shown | null>(() => (serverToast && serverToast.id !== tracked.serverToastSeen ? { toast: serverToast, page: here } : null));

  // The root loader's data stays the same across a tab switch or a dialog (it is not run
  // again): a server toast is shown once, when it comes.
  useEffect(() => {
    if (!serverToast || tracked.serverToastSeen === serverToast.id) return;
    tracked.serverToastSeen = serverToast.id;
    const page = tracked.page ?? pageOf(window.location);
    setShown((current) => (current?.toast.id === serverToast.id ? current : { toast: serverToast, page }));
  }, [serverToast]);

  useEffect(() => {
    const listener: Listener = (next) => setShown((current) => (current?.toast.id === next.toast.id ? current : next));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);

  // The router's own state, read as it changes (React renders it later, in a transition):
  // a navigation's start must be seen in the task that started it, to tell a toast raised
  // just before it (for the next page) from one that was already showing (for this one).
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  useEffect(() => {
    tracked.page = pageOf(window.location);
    if (!router) return;
    const unsubscribe = router.subscribe((state) => {
      const navigating = state.navigation.state !== "idle";
      if (navigating && !tracked.navigating && tracked.justRaised) {
        const travelling = tracked.justRaised;
        setShown((current) => (current?.toast.id === travelling ? { ...current, page: null } : current));
      }
      tracked.navigating = navigating;
      if (navigating) return;
      const page = pageOf(state.location);
      tracked.page = page;
      setShown((current) => {
        if (!current || current.page === page) return current;
        // Raised for the navigation that just ended: it belongs to the page it opened.
        if (current.page === null) return { ...current, page };
        return null;
      });
    });
    return () => {
      unsubscribe();
      tracked.navigating = false;
    };
  }, [router]);

  const toastId = shown?.toast.id ?? null;
  const lasts = shown?.toast.type === "error";
  useEffect(() => {
    if (!toastId || lasts) return;
    const timer = setTimeout(() => setShown((current) => (current?.toast.id === toastId ? null : current)), DISMISS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [toastId, lasts]);

  const dismiss = () => setShown(null);

  // A modal dialog lives in the browser's top layer, above any z-index. Once hydrated
  // the region is a manual popover that re-enters the top layer with each new toast,
  // so a 'Validation Error' shows above the dialog that caused it. A modal dialog makes
  // everything outside it inert, so while one is open the region moves into it: its ×
  // can still be pressed (and reached by keyboard).
  const hydrated = useHydrated();
  const host = useOpenModal(hydrated);
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = region.current;
    if (!hydrated || !element || typeof element.showPopover !== "function") return;
    if (element.matches(":popover-open")) element.hidePopover();
    if (toastId) element.showPopover();
  }, [hydrated, toastId, host]);

  const regionElement = (
    <div
      ref={region}
      popover={hydrated ? "manual" : undefined}
      aria-live="polite"
      className={`${REGION} m-0 h-auto w-auto overflow-visible border-0 bg-transparent`}
    >
      {shown ? <ToastCard key={shown.toast.id} toast={shown.toast} onDismiss={dismiss} /> : null}
    </div>
  );
  return host ? createPortal(regionElement, host) : regionElement;
}

/** The topmost open modal dialog, followed as dialogs open, close and leave the page. */
function useOpenModal(hydrated: boolean) {
  const [modal, setModal] = useState<HTMLDialogElement | null>(null);
  useEffect(() => {
    if (!hydrated) return;
    const find = () => {
      const open = document.querySelectorAll<HTMLDialogElement>("dialog:modal");
      setModal(open[open.length - 1] ?? null);
    };
    find();
    // A dialog removed while open leaves no attribute change behind: the tree is watched too.
    const observer = new MutationObserver(find);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["open"] });
    return () => observer.disconnect();
  }, [hydrated]);
  return modal;
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
