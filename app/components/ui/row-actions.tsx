import { type ReactNode, useRef } from "react";
import { Form, Link } from "react-router";
import { useDismissableDetails } from "./use-dismissable-details";

const item = "flex min-h-11 w-full items-center px-4 text-left text-sm text-slate-800 hover:bg-slate-100";

/**
 * The "⋯" menu of a list row: a <details> disclosure, so it opens without JavaScript.
 * Once hydrated, a tap outside or Escape closes it.
 */
function RowActions({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(ref);
  return (
    <details ref={ref} className="relative shrink-0">
      <summary
        aria-label={label}
        className="flex size-11 cursor-pointer list-none items-center justify-center rounded-lg text-xl text-slate-600 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
      >
        <span aria-hidden="true">⋯</span>
      </summary>
      <div className="absolute top-full right-0 z-30 mt-1 w-48 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
        {children}
      </div>
    </details>
  );
}

function RowActionLink({ to, children, destructive = false }: { to: string; children: ReactNode; destructive?: boolean }) {
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      onClick={(event) => event.currentTarget.closest("details")?.removeAttribute("open")}
      className={`${item} ${destructive ? "text-red-700" : ""}`}
    >
      {children}
    </Link>
  );
}

/** A menu item that posts a small form (e.g. move up), so it works without JavaScript. */
export function RowActionButton({ fields, children, disabled = false }: { fields: Record<string, string>; children: ReactNode; disabled?: boolean }) {
  return (
    <Form method="post" preventScrollReset>
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
