import type { FormEvent, ReactNode } from "react";
import { Form, Link } from "react-router";
import { usePopover } from "./popover";

const item = "flex min-h-11 w-full items-center px-4 text-left text-sm text-slate-800 hover:bg-slate-100";

/**
 * The "⋯" menu of a list row: a popover button (usePopover), so it opens without
 * JavaScript, is announced as a button with its state, and a tap outside or Escape
 * closes it.
 */
function RowActions({ label, children }: { label: string; children: ReactNode }) {
  const { buttonProps, panelProps } = usePopover<HTMLDivElement>();
  return (
    <>
      <button
        {...buttonProps}
        aria-label={label}
        className="popover-anchor flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg text-xl text-slate-600 hover:bg-slate-100 aria-expanded:bg-slate-100"
      >
        <span aria-hidden="true">⋯</span>
      </button>
      <div {...panelProps} className="popover-panel w-48 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
        {children}
      </div>
    </>
  );
}

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

/** A row's usual menu: Edit, any extra items, then the destructive one. */
export function RowMenu({
  name,
  editTo,
  deleteTo,
  deleteLabel = "Delete",
  children,
}: {
  name: string;
  editTo: string | null;
  deleteTo: string | null;
  deleteLabel?: string;
  children?: ReactNode;
}) {
  if (!editTo && !deleteTo) return null;
  return (
    <RowActions label={`Actions for ${name}`}>
      {editTo ? <RowActionLink to={editTo}>Edit</RowActionLink> : null}
      {children}
      {deleteTo ? (
        <RowActionLink to={deleteTo} destructive>
          {deleteLabel}
        </RowActionLink>
      ) : null}
    </RowActions>
  );
}
