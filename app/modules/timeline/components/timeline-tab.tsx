import { useListWindow } from "~/components/ui/list-window";
import { timelineList } from "../list";
import { moveTarget } from "../order";
import { formatBlockSpan, formatDuration } from "../span";
import { legWarningsOf, shiftBlockOf, squeezedLabel, squeezesOf } from "../shift";
import { runState, wallClockIn } from "../run";
import { Fragment, type ReactNode } from "react";
import { assignedText, type RosterEntry } from "~/modules/team/assignees";
import { Link } from "react-router";
import { type LightEvent, type LightMarker, lightMarkers, lightOf, markerTime, withMarkers } from "../light-rows";
import type { HourCycle } from "../span";
import { useNow } from "../use-now";
import { anchorLabel, anchoredStart, OUTSIDE_GOLDEN_HOUR, showsOutsideGoldenHour } from "../anchor";
import type { DayLight } from "../sun";
import { listOrder } from "~/modules/lists/registry";
import { ButtonLink } from "~/components/ui/button";
import { useHourCycle } from "~/root-data";
import { RowActionButton, RowActionLink, RowMenuItems, useRowMenu } from "~/components/ui/row-actions";
import { BLOCK_TYPE_LABELS } from "~/db/enums";
import type { ListRow } from "~/modules/lists/registry";
import { useDialogHrefs } from "~/modules/event/dialog-href";
import { ListHeader } from "~/modules/event/components/list-header";
import { ToggleRow } from "~/modules/event/components/toggle-row";
import { canDo } from "~/modules/event/intents";
import { ConflictNotice, useOutboxContext } from "~/modules/offline/use-outbox";
import type { Grant } from "~/modules/event/permissions";

// Who checked it off (doneBy) is not shown, and a client link is not given it (toPortalRow);
// its team notes only on the lead's and the team's pages.
export type Block = ListRow<"block">;

/** docs/product/screens.md#timeline: blocks by start time, each with its span; tap to check off; add, edit, move among blocks at the same time, delete. */
export function TimelineTab({
  blocks: stored,
  role,
  event,
  roster = [],
  summary,
  intro,
}: {
  blocks: Block[];
  role: Grant;
  event?: LightEvent & { servedAt?: number };
  roster?: readonly RosterEntry[];
  /** In the header's count place ('All' / 'Mine'); `intro` above the rows (Mine's call time). */
  summary?: ReactNode;
  intro?: ReactNode;
}) {
  const dialogs = useDialogHrefs();
  const canEdit = canDo(role, "edit-block");
  const canShift = canDo(role, "shift-block");
  // The lead's plan: what a fixed or anchored block loses to the one before it, and travel
  // legs longer than the gap they cross (shift.ts), on the whole timeline the page holds.
  // The lead's and the team's: a client link sees the order, not what the day loses.
  const forTeam = typeof role === "string";
  // The day's light at the venue (decision 018), computed here: it shows offline too.
  const light = lightOf(event);
  const markers = lightMarkers(light);
  // An anchored block starts where the sun puts it on this device's copy of the event, so an
  // edit of the date or place moves it at once (the server moves it in the same change).
  const blocks = withAnchoredStarts(stored, light);
  const plan = blocks.map(shiftBlockOf);
  const squeezed = new Map(forTeam ? squeezesOf(plan).map((squeeze) => [squeeze.id, squeeze.minutes]) : []);
  const shortLegs = new Map(legWarningsOf(plan).map((leg) => [leg.id, leg.minutes]));
  // 'Running late' starts from the first block not yet started (Next, or Now brought forward), else the first.
  const now = useNow(event?.servedAt ?? 0);
  const lateFrom = canShift && event ? lateStart(blocks, event, now) : null;
  const canDelete = canDo(role, "delete-block");
  const canAssign = canDo(role, "assign-block");
  const outbox = useOutboxContext();
  const cycle = useHourCycle();
  const menu = useRowMenu();
  const list = useListWindow(blocks, { noun: "blocks", text: timelineList.searchText });
  // Move up/down only among blocks that start at the same time (order.ts).
  // With an outbox (decision 010) a move is queued there, like every change.
  const move = (id: string, direction: "up" | "down") =>
    outbox
      ? (event: { preventDefault: () => void }) => {
          event.preventDefault();
          outbox.queue({ name: "move-block", args: { id, direction } });
        }
      : undefined;
  return (
    <>
      <ListHeader count={list.count} noun={["block", "blocks"]} addLabel="Add Block" addTo={canEdit ? dialogs.open("add-block") : null} summary={summary}>
        {lateFrom ? (
          <ButtonLink to={dialogs.open("shift-block", lateFrom)} replace preventScrollReset variant="secondary" className="min-h-9 whitespace-nowrap">
            Running late
          </ButtonLink>
        ) : null}
      </ListHeader>
      {intro}
      {list.count === 0 ? <p className="text-slate-600">No timeline blocks yet</p> : null}
      {canEdit && event && !light && forTeam ? (
        <p className="mb-2 text-sm text-slate-600">
          <Link to={dialogs.open("edit-event")} replace preventScrollReset className="font-medium text-brand-700 underline">
            Add the venue's location
          </Link>{" "}
          to see golden hour and sunset on the timeline.
        </p>
      ) : null}
      {list.controls}
      <ol className="space-y-1.5">
        {withMarkers(list.shown, markers, { first: list.offset === 0, last: list.offset + list.shown.length >= list.count }).map((slot) => {
          if ("marker" in slot) return <LightRow key={slot.marker.kind} marker={slot.marker} cycle={cycle} />;
          const { block } = slot;
          // Its neighbours in the blocks this page holds (the server decides on the whole timeline).
          const index = blocks.indexOf(block);
          const leg = block.travelMinutes ?? null;
          const short = shortLegs.get(block.id);
          return (
            <Fragment key={block.id}>
            <li>
              <ToggleRow
                intent="toggle-block"
                id={block.id}
                done={block.isDone}
                disabled={!canDo(role, "toggle-block")}
                title={block.title}
                meta={[
                  block.isSkipped ? "Skipped" : null,
                  formatBlockSpan(block.startTime, block.durationMinutes, cycle),
                  block.fixedTime ? "Fixed time" : null,
                  block.anchor ? `Anchored to ${anchorLabel(block.anchor, block.anchorOffsetMinutes ?? 0)}` : null,
                  BLOCK_TYPE_LABELS[block.blockType],
                  block.location,
                  assignedText(block.assignees, roster),
                ]}
                warning={[squeezed.has(block.id) ? squeezedLabel(squeezed.get(block.id)!) : null, forTeam && showsOutsideGoldenHour(block, light) ? OUTSIDE_GOLDEN_HOUR : null].filter(Boolean).join(" · ") || null}
                notes={block.notes}
                teamNotes={block.teamNotes}
                conflict={<ConflictNotice rowId={block.id} />}
                actions={
                  canEdit || canDelete
                    ? menu.button(block.id, block.title, () => (
                        <RowMenuItems editTo={canEdit ? dialogs.open("edit-block", block.id) : null} deleteTo={canDelete ? dialogs.open("delete-block", block.id) : null}>
                          {canAssign ? <RowActionLink to={dialogs.open("assign-block", block.id)}>Assign</RowActionLink> : null}
                          {canShift && block.startTime ? (
                            <RowActionLink to={dialogs.open("shift-block", block.id)}>Running late from here</RowActionLink>
                          ) : null}
                          {canEdit && moveTarget(blocks, index, "up") !== null ? (
                            <RowActionButton fields={{ intent: "move-block", id: block.id, direction: "up" }} onSubmit={move(block.id, "up")}>
                              Move up
                            </RowActionButton>
                          ) : null}
                          {canEdit && moveTarget(blocks, index, "down") !== null ? (
                            <RowActionButton fields={{ intent: "move-block", id: block.id, direction: "down" }} onSubmit={move(block.id, "down")}>
                              Move down
                            </RowActionButton>
                          ) : null}
                        </RowMenuItems>
                      ))
                    : null
                }
              />
            </li>
            {leg ? (
              <li data-travel-leg className={`flex items-center gap-2 pl-12 text-sm ${short ? "font-medium text-red-700" : "text-slate-600"}`}>
                <span aria-hidden="true">↓</span>
                {short ? `Travel ${formatDuration(leg)}: ${formatDuration(short)} short` : `Travel ${formatDuration(leg)}`}
              </li>
            ) : null}
            </Fragment>
          );
        })}
      </ol>
      {list.footer}
      {menu.form}
    </>
  );
}

/** The blocks with each anchored one at the sun's time, in the timeline's order. */
function withAnchoredStarts(blocks: Block[], light: DayLight | null) {
  if (!light || !blocks.some((block) => block.anchor)) return blocks;
  return blocks.map((block) => {
    const startTime = anchoredStart(block, light);
    return startTime === block.startTime ? block : { ...block, startTime };
  }).sort(listOrder.block);
}

/** The block 'Running late' starts from: Next (or Now brought forward early) by the event's clock, else the first timed block. */
function lateStart(blocks: Block[], event: { date: string; timeZone: string }, now: number) {
  const state = runState(blocks, event.date, wallClockIn(event.timeZone, new Date(now)));
  const from = state.now && state.early ? state.now : (state.next ?? (state.day === "on" ? null : blocks.find((block) => block.startTime !== null)));
  return from?.id ?? null;
}

/** 'Golden hour 6:21 PM – 7:32 PM', 'Sunset 6:58 PM', 'Blue hour …': a row of the day's light among the blocks. */
function LightRow({ marker, cycle }: { marker: LightMarker; cycle: HourCycle }) {
  const tone = marker.kind === "blue_hour" ? "border-brand-100 bg-brand-50 text-brand-900" : "border-amber-200 bg-amber-50 text-amber-900";
  return (
    <li data-light-marker={marker.kind} className={`flex min-h-9 items-center gap-2 rounded-lg border px-3 py-1 text-sm ${tone}`}>
      <span aria-hidden="true">{marker.kind === "sunset" ? "☀︎↓" : "☀︎"}</span>
      <span className="font-semibold">{marker.label}</span>
      <span className="tabular-nums">{markerTime(marker, cycle)}</span>
    </li>
  );
}
