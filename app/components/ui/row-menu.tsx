import { type FormEvent, type ReactNode, useLayoutEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { item, panelClass } from "./row-menu-styles";

// A list's open "⋯" menu (useRowMenu in row-actions.tsx): its popover and its items.

export function RowActionLink({ to, children, destructive = false }: { to: string; children: ReactNode; destructive?: boolean }) {
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      // The dialog it opens takes the screen: the menu closes (a link is no light dismiss).
      onClick={(event) => event.currentTarget.closest<HTMLElement>("[popover]")?.hidePopover()}
      // The destructive item last, set apart and in red.
      className={`${item} ${destructive ? "mt-1 border-t border-slate-200 font-medium text-red-700 hover:bg-red-50" : ""}`}
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
  editLabel = "Edit",
  deleteLabel = "Delete",
  children,
}: {
  editTo: string | null;
  deleteTo: string | null;
  editLabel?: string;
  deleteLabel?: string;
  children?: ReactNode;
}) {
  return (
    <>
      {editTo ? <RowActionLink to={editTo}>{editLabel}</RowActionLink> : null}
      {children}
      {deleteTo ? (
        <RowActionLink to={deleteTo} destructive>
          {deleteLabel}
        </RowActionLink>
      ) : null}
    </>
  );
}

/** The open menu: a popover shown as soon as it mounts, unmounted once it closes. */
export function SharedPanel({ anchor, onClosed, children }: { anchor: string; onClosed: () => void; children: ReactNode }) {
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
