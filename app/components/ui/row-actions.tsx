import { lazy, type ReactNode, Suspense, useCallback, useId, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { importRetrying } from "~/utils/load-after-hydration";
import { item, panelClass } from "./row-menu-styles";

/** The query parameter naming the row whose menu the server renders open (no JavaScript). */
export const ROW_MENU_PARAM = "menu";

// The menu's items and its popover load when a menu is first opened (row-menu.tsx;
// decision 014); the server renders them at once for a menu opened without JavaScript.
let rowMenuCode: Promise<typeof import("./row-menu")> | undefined;
const loadRowMenu = () => (rowMenuCode ??= importRetrying(() => import("./row-menu")));
export const RowMenuItems = lazy(() => loadRowMenu().then((module) => ({ default: module.RowMenuItems })));
export const RowActionButton = lazy(() => loadRowMenu().then((module) => ({ default: module.RowActionButton })));
export const RowActionLink = lazy(() => loadRowMenu().then((module) => ({ default: module.RowActionLink })));
const SharedPanel = lazy(() => loadRowMenu().then((module) => ({ default: module.SharedPanel })));

/**
 * One "⋯" menu for a whole list (a menu per row was 1.95 KB of markup
 * and a popover's hooks on every row). Each row carries only a button naming its row
 * (`menu.button`); the list renders one menu, for the row it was opened for, with that
 * row's items (a thunk, so no other row's links are rendered).
 *
 * Before JavaScript the row's button submits the list's GET form: the server answers
 * with `?menu=<row id>` and renders that row's menu open, with a way to close it
 * (every action stays reachable without JavaScript). Once hydrated the same submit
 * is caught by the one form and the menu opens as a popover at the row (usePopover's
 * light dismiss, Escape back to the button, Tab order from the button into it).
 */
export function useRowMenu() {
  const { pathname, search } = useLocation();
  const formId = `row-menu-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const params = new URLSearchParams(search);
  // Opened by the server (a GET without JavaScript): shown until its Close link.
  const urlOpen = params.get(ROW_MENU_PARAM);
  const [openId, setOpenId] = useState<string | null>(null);
  params.delete(ROW_MENU_PARAM);
  params.delete("dialog");
  params.delete("id");
  const closeHref = params.size > 0 ? `${pathname}?${params}` : pathname;

  const form = (
    <form
      id={formId}
      method="get"
      action="#row-menu"
      hidden
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        if (!(submitter instanceof HTMLButtonElement)) return;
        event.preventDefault();
        setOpenId((current) => (current === submitter.value ? null : submitter.value));
      }}
    >
      {[...params].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </form>
  );

  const onClosed = useCallback(() => setOpenId(null), []);

  /** The row's "⋯" button, and the list's menu when it is open for this row. */
  const button = (rowId: string, name: string, items: () => ReactNode) => {
    // Set only by the form's submit handler, so only once hydrated.
    const open = openId === rowId;
    const fromUrl = !open && urlOpen === rowId;
    return (
      <>
        <button
          type="submit"
          form={formId}
          name={ROW_MENU_PARAM}
          value={rowId}
          aria-label={`Actions for ${name}`}
          aria-expanded={open || fromUrl}
          className="popover-anchor flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg text-xl text-slate-600 hover:bg-slate-100 aria-expanded:bg-slate-100"
          style={open || fromUrl ? ({ "--popover-anchor": `--${formId}` } as React.CSSProperties) : undefined}
        >
          <span aria-hidden="true">⋯</span>
        </button>
        <Suspense fallback={null}>
          {open ? (
            <SharedPanel anchor={formId} onClosed={onClosed}>
              {items()}
            </SharedPanel>
          ) : fromUrl ? (
            <div id="row-menu" className={`${panelClass} absolute z-40`} style={{ "--popover-anchor": `--${formId}` } as React.CSSProperties}>
              {items()}
              <Link to={closeHref} replace preventScrollReset className={item}>
                Close menu
              </Link>
            </div>
          ) : null}
        </Suspense>
      </>
    );
  };
  return { form, button };
}
