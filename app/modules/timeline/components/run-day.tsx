import { type ReactNode, useEffect } from "react";
import { useNow } from "../use-now";
import { Link, useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ActionToast, useHydrated } from "~/components/ui/toaster";
import { BLOCK_TYPE_LABELS } from "~/db/enums";
import { TeamNotes } from "~/modules/event/components/team-notes";
import { ToggleRow } from "~/modules/event/components/toggle-row";
import { formatEventDate } from "~/modules/event/format";
import { useDialogHrefs } from "~/modules/event/dialog-href";
import type { DashboardActionData } from "~/modules/event/intents";
import { canDo } from "~/modules/event/intents";
import type { Grant } from "~/modules/event/permissions";
import type { ListRow } from "~/modules/lists/registry";
import { LiveStatusBadge } from "~/modules/live/live-status";
import type { LiveStatus } from "~/modules/live/connection-status";
import { PendingCount, PendingMark, useOutboxContext } from "~/modules/offline/use-outbox";
import { useHourCycle } from "~/root-data";
import { otherZoneName, runState, SHOTS_OF_BLOCK, wallClockIn } from "../run";
import { formatBlockSpan, formatBlockStart, formatDuration } from "../span";

type Block = ListRow<"block">;
type Shot = ListRow<"shot">;

/**
 * The screen stays on while run mode is open (Screen Wake Lock, where the browser has it).
 * The browser drops the lock when the page is hidden: it is asked for again on return.
 */
function useWakeLock() {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: { request(type: "screen"): Promise<{ release(): Promise<void> }> } }).wakeLock;
    if (!wakeLock) return;
    let lock: { release(): Promise<void> } | null = null;
    let closed = false;
    const request = () => {
      if (document.visibilityState !== "visible") return;
      wakeLock
        .request("screen")
        .then((granted) => {
          if (closed) void granted.release();
          else lock = granted;
        })
        // Refused (battery saver, no user gesture yet): the screen sleeps as usual.
        .catch(() => {});
    };
    request();
    document.addEventListener("visibilitychange", request);
    return () => {
      closed = true;
      document.removeEventListener("visibilitychange", request);
      void lock?.release().catch(() => {});
    };
  }, []);
}

/** 'N min left', or once the block runs over its planned end, 'N min over'. */
function timeLeft(minutes: number) {
  return minutes >= 0 ? `${formatDuration(Math.max(minutes, 1))} left` : `${formatDuration(-minutes)} over`;
}

/**
 * docs/product/screens.md#run-the-day: the current block and the next, full screen, for a
 * phone held in one hand on the day. Done and Skip are check-offs of the block (through the
 * outbox, so live to every phone and kept offline); Now's shots are checked off in place.
 */
export function RunDay({
  event,
  blocks,
  shots,
  role,
  servedAt,
  status,
  closeTo,
  whose,
}: {
  event: { id: string; title: string; date: string; timeZone: string };
  blocks: Block[];
  shots: Shot[];
  role: Grant;
  servedAt: number;
  status: LiveStatus;
  closeTo: string;
  /** 'All' / 'Mine' and the call time: run mode shows what the lists show. */
  whose?: ReactNode;
}) {
  useWakeLock();
  const now = useNow(servedAt);
  const hydrated = useHydrated();
  const cycle = useHourCycle();
  const at = new Date(now);
  const state = runState(blocks, event.date, wallClockIn(event.timeZone, at));
  // Only once hydrated: the server does not know the phone's zone.
  const zone = hydrated ? otherZoneName(event.timeZone, Intl.DateTimeFormat().resolvedOptions().timeZone, at) : null;
  const current = state.now;
  const dialogs = useDialogHrefs();
  // What has not started yet: Now brought forward early, else Next.
  const lateFrom = current && state.early ? current : state.next;
  const ownShots = current ? shots.filter((shot) => SHOTS_OF_BLOCK[current.blockType].includes(shot.category)) : [];
  const minutesTo = (block: Block) => {
    const clock = wallClockIn(event.timeZone, at);
    const [h, m] = block.startTime!.split(":").map(Number);
    return h! * 60 + m! - clock.minutes;
  };

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="sticky top-0 z-10 flex items-center gap-2 border-b border-slate-200 bg-white px-2 py-1">
        <Link to={closeTo} replace aria-label="Close run mode" className="inline-flex min-h-12 min-w-12 items-center justify-center rounded-lg text-2xl text-slate-700 hover:bg-slate-100">
          <span aria-hidden="true">×</span>
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base leading-6 font-bold text-slate-900">Run the day</h1>
          <p className="truncate text-sm leading-5 text-slate-600">{event.title}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-0.5">
          <LiveStatusBadge status={status} />
          <PendingCount />
        </div>
      </header>

      <main className="mx-auto w-full max-w-xl flex-1 space-y-4 px-4 py-4">
        {whose}
        {zone ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="run-zone">
            {`Times are in the event's time zone: ${zone}.`}
          </p>
        ) : null}

        <section aria-labelledby="run-now" className="rounded-2xl border-2 border-brand-600 bg-white p-4">
          <h2 id="run-now" className="text-sm font-bold tracking-wide text-brand-700 uppercase">
            Now
          </h2>
          {current ? (
            <>
              <p className="mt-1 text-2xl leading-8 font-bold break-words text-slate-900">
                {current.title}
                <PendingMark id={current.id} />
              </p>
              <p className="mt-1 text-lg leading-7 font-semibold text-slate-900" data-testid="run-left">
                {state.early ? `Early: planned for ${formatBlockStart(current.startTime!, cycle)}` : timeLeft(state.minutesLeft!)}
              </p>
              <p className="text-base text-slate-700">{[formatBlockSpan(current.startTime, current.durationMinutes, cycle), current.location].filter(Boolean).join(" · ")}</p>
              <TeamNotes notes={current.teamNotes} className="mt-2 text-base" />
              {canDo(role, "toggle-block") ? (
                <div className="mt-4 grid grid-cols-[2fr_1fr] gap-2">
                  <BlockCheckOff block={current} skipped={false} label="Done" />
                  <BlockCheckOff block={current} skipped label="Skip" />
                </div>
              ) : null}
            </>
          ) : (
            <p className="mt-1 text-lg text-slate-700">
              {state.finished
                ? "That was the last block."
                : state.day === "after"
                  ? "This event's day is over."
                  : state.next
                    ? state.day === "before"
                      ? `The day starts on ${formatEventDate(event.date)}.`
                      : `The day starts at ${formatBlockStart(state.next.startTime!, cycle)}.`
                    : "Add start times to the timeline to run the day."}
            </p>
          )}
        </section>

        {current && ownShots.length > 0 ? (
          <section aria-labelledby="run-shots">
            <h2 id="run-shots" className="mb-1.5 text-sm font-bold tracking-wide text-slate-700 uppercase">
              {`Shots for ${BLOCK_TYPE_LABELS[current.blockType]}`}
            </h2>
            <ol className="space-y-1.5">
              {ownShots.map((shot) => (
                <li key={shot.id}>
                  <ToggleRow intent="toggle-shot" id={shot.id} done={shot.isDone} disabled={!canDo(role, "toggle-shot")} title={shot.title} meta={[]} teamNotes={shot.teamNotes} />
                </li>
              ))}
            </ol>
          </section>
        ) : null}

        {lateFrom && canDo(role, "shift-block") ? (
          <Link to={dialogs.open("shift-block", lateFrom.id)} replace preventScrollReset className={buttonClass("secondary", "min-h-12 w-full text-base")}>
            Running late
          </Link>
        ) : null}

        <section aria-labelledby="run-next" className="rounded-2xl border border-slate-200 bg-white p-4">
          <h2 id="run-next" className="text-sm font-bold tracking-wide text-slate-600 uppercase">
            Next
          </h2>
          {state.next ? (
            <>
              <p className="mt-1 text-xl leading-7 font-bold break-words text-slate-900">
                {state.next.title}
                <PendingMark id={state.next.id} />
              </p>
              <p className="text-base text-slate-700" data-testid="run-next-time">
                {[
                  `at ${formatBlockStart(state.next.startTime!, cycle)}`,
                  state.day === "on" && minutesTo(state.next) > 0 ? `in ${formatDuration(minutesTo(state.next))}` : null,
                  state.next.location,
                  // The leg from Now to it, where the lead set one.
                  current?.travelMinutes ? `${formatDuration(current.travelMinutes)} travel` : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </>
          ) : (
            <p className="mt-1 text-base text-slate-700">Nothing after this.</p>
          )}
        </section>
      </main>
    </div>
  );
}

/** Done or Skip of a block: a real form (it works before JavaScript), queued in the outbox once there is one. */
function BlockCheckOff({ block, skipped, label }: { block: Block; skipped: boolean; label: string }) {
  const fetcher = useFetcher<DashboardActionData>();
  const outbox = useOutboxContext();
  return (
    <fetcher.Form
      method="post"
      preventScrollReset
      onSubmit={
        outbox
          ? (event) => {
              event.preventDefault();
              outbox.queue({ name: "toggle-block", args: { id: block.id, done: true, ...(skipped ? { skipped: true } : {}) } });
            }
          : undefined
      }
    >
      <input type="hidden" name="intent" value="toggle-block" />
      <input type="hidden" name="id" value={block.id} />
      <input type="hidden" name="done" value="true" />
      {skipped ? <input type="hidden" name="skipped" value="true" /> : null}
      <button type="submit" className={buttonClass(skipped ? "secondary" : "primary", "min-h-14 w-full text-lg")}>
        {label}
      </button>
      <ActionToast toast={fetcher.data?.toast} />
    </fetcher.Form>
  );
}
