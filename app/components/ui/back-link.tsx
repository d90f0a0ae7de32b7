import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";

/**
 * Back to where the user came from (docs/product/screens.md#routes: the event's back button goes to
 * the previous page), e.g. the calendar month they were looking at. With no earlier
 * page of ours in this tab's history (a shared link, no JavaScript yet) it is a plain
 * link to `fallback`.
 */
export function BackLink({ fallback, children, className = "", ...props }: { fallback: string; children: ReactNode; className?: string; "aria-label"?: string }) {
  const navigate = useNavigate();
  return (
    <Link
      to={fallback}
      onClick={(event) => {
        const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (index > 0) {
          event.preventDefault();
          navigate(-1);
        }
      }}
      className={`inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline ${className}`}
      {...props}
    >
      {children}
    </Link>
  );
}
