import { useListWindow } from "~/components/ui/list-window";
import { timelineList } from "../list";
import { moveTarget } from "../order";
import { formatBlockSpan } from "../span";
import { useHourCycle } from "~/root-data";
import { RowActionButton, RowMenuItems, useRowMenu } from "~/components/ui/row-actions";
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
export function TimelineTab({ blocks, role }: { blocks: Block[]; role: Grant }) {
  const dialogs = useDialogHrefs();
  const canEdit = canDo(role, "edit-block");
  const canDelete = canDo(role, "delete-block");
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
      <ListHeader count={list.count} noun={["block", "blocks"]} addLabel="Add Block" addTo={canEdit ? dialogs.open("add-block") : null} />
      {list.count === 0 ? <p className="text-slate-600">No timeline blocks yet</p> : null}
      {list.controls}
      <ol className="space-y-1.5" start={list.offset > 0 ? list.offset + 1 : undefined}>
        {list.shown.map((block) => {
          // Its neighbours in the blocks this page holds (the server decides on the whole timeline).
          const index = blocks.indexOf(block);
          return (
            <li key={block.id}>
              <ToggleRow
                intent="toggle-block"
                id={block.id}
                done={block.isDone}
                disabled={!canDo(role, "toggle-block")}
                title={block.title}
                meta={[block.isSkipped ? "Skipped" : null, formatBlockSpan(block.startTime, block.durationMinutes, cycle), BLOCK_TYPE_LABELS[block.blockType], block.location]}
                notes={block.notes}
                teamNotes={block.teamNotes}
                conflict={<ConflictNotice rowId={block.id} />}
                actions={
                  canEdit || canDelete
                    ? menu.button(block.id, block.title, () => (
                        <RowMenuItems editTo={canEdit ? dialogs.open("edit-block", block.id) : null} deleteTo={canDelete ? dialogs.open("delete-block", block.id) : null}>
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
          );
        })}
      </ol>
      {list.footer}
      {menu.form}
    </>
  );
}
