import { type FormEvent, type ReactNode, useCallback, useId, useLayoutEffect, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { useHydrated } from "./toaster";

const item = "flex min-h-11 w-full items-center px-4 text-left text-sm text-slate-800 hover:bg-slate-100";
const panelClass = "popover-panel w-48 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg";
/** The query parameter naming the row whose menu the server renders open (no JavaScript). */
export const ROW_MENU_PARAM = "menu";

function RowActionLink({ to, children, destructive = false }: { to: string; children: ReactNode; destructive?: boolean }) {
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      // The dialog it opens takes the screen: the menu closes (a link is no light dismiss).
      onClick={(event) => event.currentTarget.closest<HTMLElement>("[popover]")?.hidePopover()}
      className={`${item} ${destructive ? "text-red-700" : ""}`}
    >
      {children}
    </Link>
  );
}

/**
 * A menu item that posts a small form (e.g. move up), so it works without JavaScript.
 * `onSubmit` may take the change elsewhere (a page's outbox); the menu then closes.
 */
export function RowActionButton({
  fields,
  children,
  disabled = false,
  onSubmit,
}: {
  fields: Record<string, string>;
  children: ReactNode;
  disabled?: boolean;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <Form
      method="post"
      preventScrollReset
      onSubmit={
        onSubmit
          ? (event) => {
              event.currentTarget.closest<HTMLElement>("[popover]")?.hidePopover();
              onSubmit(event);
            }
          : undefined
      }
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" disabled={disabled} className={`${item} disabled:cursor-not-allowed disabled:text-slate-400`}>
        {children}
      </button>
    </Form>
  );
}

/** A row's usual menu items: Edit, any extra items, then the destructive one. */
export function RowMenuItems({
  editTo,
  deleteTo,
  deleteLabel = "Delete",
  children,
}: {
  editTo: string | null;
  deleteTo: string | null;
  deleteLabel?: string;
  children?: ReactNode;
}) {
  return (
    <>
      {editTo ? <RowActionLink to={editTo}>Edit</RowActionLink> : null}
      {children}
      {deleteTo ? (
        <RowActionLink to={deleteTo} destructive>
          {deleteLabel}
        </RowActionLink>
      ) : null}
    </>
  );
}

/**
 * One "⋯" menu for a whole list (issue 19 item 2: a menu per row was 1.95 KB of markup
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
  const hydrated = useHydrated();
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
    const open = hydrated ? openId === rowId : false;
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
      </>
    );
  };
  return { form, button };
}

/** The open menu: a popover shown as soon as it mounts, unmounted once it closes. */
function SharedPanel({ anchor, onClosed, children }: { anchor: string; onClosed: () => void; children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = panel.current;
    // Its row's button as the source: the panel is anchored to it, and a tap on the
    // button toggles the menu instead of light-dismissing and reopening it.
    const source = element?.previousElementSibling;
    if (element && !element.matches(":popover-open")) (element.showPopover as (options?: { source?: Element | null }) => void)({ source });
  }, []);
  return (
    <div
      ref={panel}
      popover="auto"
      onToggle={(event) => {
        if (event.newState === "closed") onClosed();
      }}
      className={panelClass}
      style={{ "--popover-anchor": `--${anchor}` } as React.CSSProperties}
    >
      {children}
    </div>
  );
}
