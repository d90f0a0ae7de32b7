import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/button";

/**
 * A list's count and its add button (shown only to those who may add); `children`, other
 * actions before it. `summary`, in the count's place: 'All' / 'Mine' with their counts.
 */
export function ListHeader({
  count,
  noun,
  addLabel,
  addTo,
  summary,
  children,
}: {
  count: number;
  noun: [string, string];
  addLabel: string;
  addTo: string | null;
  summary?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mb-2 flex items-center justify-between gap-2">
      {summary ?? (
        <p className="text-sm text-slate-600">
          {count} {count === 1 ? noun[0] : noun[1]}
        </p>
      )}
      <div className="flex items-center gap-2">
        {children}
        {addTo ? (
          <ButtonLink to={addTo} replace preventScrollReset className="min-h-9 whitespace-nowrap">
            {addLabel}
          </ButtonLink>
        ) : null}
      </div>
    </div>
  );
}
