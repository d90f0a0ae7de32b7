import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Field, optionsOf, SelectField, TextareaField } from "~/components/forms";
import { useListWindow } from "~/components/ui/list-window";
import { LIST_SEARCH_TEXT } from "~/modules/event/lists";
import { RowActionButton, RowMenuItems, useRowMenu } from "~/components/ui/row-actions";
import { BLOCK_TYPE_LABELS, BLOCK_TYPES, type BlockType } from "~/db/enums";
import type { timelineBlocks } from "~/db/schema";
import { ConfirmDialog, FormDialog, formDefaults, useDialogForm, useDialogHrefs } from "~/modules/event/components/form-dialog";
import { ListHeader } from "~/modules/event/components/list-header";
import { ToggleRow } from "~/modules/event/components/toggle-row";
import { canDo } from "~/modules/event/intents";
import { ConflictNotice, useOutboxContext } from "~/modules/offline/use-outbox";
import type { Grant } from "~/modules/event/permissions";
import { BLOCK_DEFAULTS, BlockSchema } from "../schema";

// Who checked it off (doneBy) is not shown, and a client link is not given it (toPortalRow).
export type Block = Omit<typeof timelineBlocks.$inferSelect, "doneBy">;

/** docs/product/screens.md#timeline: blocks by order_index; tap to check off; add, edit, move, delete. */
export function TimelineTab({ blocks, role }: { blocks: Block[]; role: Grant }) {
  const dialogs = useDialogHrefs();
  const canEdit = canDo(role, "edit-block");
  const canDelete = canDo(role, "delete-block");
  const outbox = useOutboxContext();
  const menu = useRowMenu();
  const list = useListWindow(blocks, { noun: "blocks", text: LIST_SEARCH_TEXT.block });
  // Move up/down stay about the whole timeline, whichever rows are shown (list.indexOf: -1 when not known, the server decides).
  // With an outbox (issue 17 item 3) a move is queued there, like every change.
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
      <ol className="space-y-2" start={list.offset > 0 ? list.offset + 1 : undefined}>
        {list.shown.map((block) => {
          const index = list.indexOf(block);
          return (
            <li key={block.id}>
              <ToggleRow
                intent="toggle-block"
                id={block.id}
                done={block.isDone}
                disabled={!canDo(role, "toggle-block")}
                title={block.title}
                meta={[block.startTime, `${block.durationMinutes} min`, BLOCK_TYPE_LABELS[block.blockType], block.location]}
                notes={block.notes}
                conflict={<ConflictNotice rowId={block.id} />}
                actions={
                  canEdit || canDelete
                    ? menu.button(block.id, block.title, () => (
                        <RowMenuItems editTo={canEdit ? dialogs.open("edit-block", block.id) : null} deleteTo={canDelete ? dialogs.open("delete-block", block.id) : null}>
                          {canEdit ? (
                            <>
                              <RowActionButton fields={{ intent: "move-block", id: block.id, direction: "up" }} disabled={index === 0} onSubmit={move(block.id, "up")}>
                                Move up
                              </RowActionButton>
                              <RowActionButton
                                fields={{ intent: "move-block", id: block.id, direction: "down" }}
                                disabled={index === list.count - 1}
                                onSubmit={move(block.id, "down")}
                              >
                                Move down
                              </RowActionButton>
                            </>
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

/** Add Block / Edit Block (docs/product/validation.md#timeline-block: title required; duration a whole number ≥ 1, default 60). */
export function BlockDialog({ block, defaultType = BLOCK_DEFAULTS.blockType }: { block?: Block; defaultType?: BlockType }) {
  const intent = block ? "edit-block" : "add-block";
  const [form, fields, base] = useDialogForm(intent, block?.id, BlockSchema, block
      ? formDefaults(block, ["title", "blockType", "startTime", "durationMinutes", "location", "notes"])
      : { blockType: defaultType, durationMinutes: String(BLOCK_DEFAULTS.durationMinutes) });
  return (
    <FormDialog base={base} title={block ? "Edit Block" : "Add Block"} intent={intent} id={block?.id} form={form} submitLabel={block ? "Save Block" : "Add Block"}>
      <Field label="Title" inputProps={{ ...getInputProps(fields.title, { type: "text" }), autoFocus: !block }} errors={fields.title.errors} />
      <SelectField label="Type" inputProps={getSelectProps(fields.blockType)} options={optionsOf(BLOCK_TYPES, BLOCK_TYPE_LABELS)} errors={fields.blockType.errors} />
      <div className="grid grid-cols-2 gap-3">
        <Field label="Start Time" inputProps={getInputProps(fields.startTime, { type: "time" })} errors={fields.startTime.errors} />
        <Field
          label="Duration (minutes)"
          inputProps={{ ...getInputProps(fields.durationMinutes, { type: "number" }), min: 1, step: 1, inputMode: "numeric" }}
          errors={fields.durationMinutes.errors}
        />
      </div>
      <Field label="Location" inputProps={getInputProps(fields.location, { type: "text" })} errors={fields.location.errors} />
      <TextareaField label="Notes" inputProps={getTextareaProps(fields.notes)} errors={fields.notes.errors} />
    </FormDialog>
  );
}

export function DeleteBlockDialog({ block }: { block: Block }) {
  return (
    <ConfirmDialog
      title="Delete timeline block?"
      message={`"${block.title}" will be removed from the timeline for everyone. This cannot be undone.`}
      intent="delete-block"
      id={block.id}
      confirmLabel="Delete Block"
    />
  );
}
