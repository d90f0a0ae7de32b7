import type { ReactNode } from "react";
import { useNow } from "../use-now";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/toaster";
import { BLOCK_TYPE_LABELS } from "~/db/enums";
import { CheckOffButton, FullScreenHeader, useWakeLock } from "~/modules/event/components/full-screen";
import { TeamNotes } from "~/modules/event/components/team-notes";
import { ToggleRow } from "~/modules/event/components/toggle-row";
import { formatEventDate } from "~/modules/event/format";
import { useDialogHrefs } from "~/modules/event/dialog-href";
import { canDo } from "~/modules/event/intents";
import type { Grant } from "~/modules/event/permissions";
import type { ListRow } from "~/modules/lists/registry";
import type { LiveStatus } from "~/modules/live/connection-status";
import { PendingMark } from "~/modules/offline/use-outbox";
import { useHourCycle } from "~/root-data";
import { otherZoneName, runState, SHOTS_OF_BLOCK, wallClockIn } from "../run";
import { formatBlockSpan, formatBlockStart, formatDuration } from "../span";

type Block = ListRow<"block">;
type Shot = ListRow<"shot">;

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
      <FullScreenHeader title="Run the day" subtitle={event.title} closeTo={closeTo} closeLabel="Close run mode" status={status} />

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
                  <CheckOffButton intent="toggle-block" id={current.id}>
                    Done
                  </CheckOffButton>
                  <CheckOffButton intent="toggle-block" id={current.id} skipped variant="secondary">
                    Skip
                  </CheckOffButton>
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
