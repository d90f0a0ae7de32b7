import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { ActionToast } from "~/components/ui/toaster";
import { PendingMark, useOutboxContext } from "~/modules/offline/use-outbox";
import type { DashboardActionData } from "../intents";
import { TeamNotes } from "./team-notes";

/**
 * A block or shot that checks itself off when tapped (docs/product/screens.md#timeline). A real form, so it
 * works before JavaScript loads; once hydrated each row posts through its own fetcher,
 * so tapping several rows quickly never cancels one, and the row shows the new state
 * at once. On a page with an outbox (decision 010) the tap queues the desired state
 * there instead, and the row (already shown with it) is marked pending until synced.
 */
export function ToggleRow({
  intent,
  id,
  done,
  disabled,
  title,
  meta,
  notes,
  teamNotes,
  actions,
  conflict,
  warning,
}: {
  intent: "toggle-block" | "toggle-shot";
  id: string;
  done: boolean;
  disabled: boolean;
  title: string;
  meta: Array<string | null | undefined>;
  notes?: string | null;
  /** Only on the lead's and the team's pages (a client link's rows have none). */
  teamNotes?: string | null;
  actions?: ReactNode;
  /** The row's conflict notice (ConflictNotice), under it. */
  conflict?: ReactNode;
  /** What the day's plan costs this row ('Squeezed by 15 min'), under its details. */
  warning?: string | null;
}) {
  const fetcher = useFetcher<DashboardActionData>();
  const outbox = useOutboxContext();
  const shownDone = fetcher.formData ? fetcher.formData.get("done") === "true" : done;
  return (
    // Compact for a phone held in one hand: a one-line row is 48 px, its whole width the tap
    // target; notes follow under the title rather than behind another tap.
    <div data-conflict-home className={`flex flex-wrap items-start rounded-lg border ${shownDone ? "border-green-200 bg-green-50" : "border-slate-200 bg-white"}`}>
      <fetcher.Form
        method="post"
        preventScrollReset
        className="min-w-0 flex-1"
        onSubmit={
          outbox
            ? (event) => {
                event.preventDefault();
                outbox.queue({ name: intent, args: { id, done: !shownDone } });
              }
            : undefined
        }
      >
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="done" value={String(!shownDone)} />
        <button type="submit" disabled={disabled} aria-pressed={shownDone} className="flex min-h-11 w-full items-start gap-3 py-2.5 pl-3 text-left disabled:cursor-default">
          <span
            aria-hidden="true"
            className={`flex size-6 shrink-0 items-center justify-center rounded-full border-2 ${
              shownDone ? "border-green-600 bg-green-600 text-white" : "border-slate-300"
            }`}
          >
            {shownDone ? "✓" : ""}
          </span>
          <span className="min-w-0 flex-1">
            <span className={`block leading-6 font-semibold break-words ${shownDone ? "text-slate-500" : "text-slate-900"}`}>
              <span className={shownDone ? "line-through" : undefined}>{title}</span>
              <PendingMark id={id} />
            </span>
            {meta.some(Boolean) ? <span className="block text-sm leading-5 text-slate-600">{meta.filter(Boolean).join(" · ")}</span> : null}
            {warning ? <span className="block text-sm leading-5 font-semibold text-red-700">{warning}</span> : null}
            {notes ? <span className="mt-0.5 block text-sm leading-5 whitespace-pre-line text-slate-600">{notes}</span> : null}
            <TeamNotes notes={teamNotes} />
          </span>
        </button>
      </fetcher.Form>
      {actions ? <div className="py-0.5 pr-0.5">{actions}</div> : null}
      {conflict ? <div className="basis-full px-3 pb-3 empty:hidden">{conflict}</div> : null}
      <ActionToast toast={fetcher.data?.toast} />
    </div>
  );
}
