import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Field } from "~/components/forms";
import { optionsOf, SelectField, TextareaField } from "~/components/dialog-fields";
import { BLOCK_TYPE_LABELS, BLOCK_TYPES, type BlockType } from "~/db/enums";
import { ConfirmDialog, FormDialog, formDefaults, useDialogForm } from "~/modules/event/components/form-dialog";
import { NOTES_HINT, TEAM_NOTES_HINT } from "~/modules/event/components/team-notes";
import { BLOCK_DEFAULTS, BlockSchema } from "../schema";
import type { Block } from "./timeline-tab";

// The timeline's dialogs, loaded when one opens (with zod and conform, they are
// not in the page's first JavaScript); a dialog the URL asks for still renders on the server.

/** Add Block / Edit Block (docs/product/validation.md#timeline-block: title required; duration a whole number ≥ 1, default 60). */
export function BlockDialog({ block, defaultType = BLOCK_DEFAULTS.blockType, forClient = false }: { block?: Block; defaultType?: BlockType; forClient?: boolean }) {
  const intent = block ? "edit-block" : "add-block";
  const shown = ["title", "blockType", "startTime", "durationMinutes", "location", "notes"] as const;
  const [form, fields, base] = useDialogForm(intent, block?.id, BlockSchema, block
      ? formDefaults(block, forClient ? shown : [...shown, "teamNotes"])
      : { blockType: defaultType, durationMinutes: String(BLOCK_DEFAULTS.durationMinutes) });
  return (
    <FormDialog base={base} title={block ? "Edit Block" : "Add Block"} intent={intent} id={block?.id} form={form} submitLabel={block ? "Save Block" : "Add Block"}>
      <Field required label="Title" inputProps={{ ...getInputProps(fields.title, { type: "text" }), autoFocus: !block }} errors={fields.title.errors} />
      <SelectField required label="Type" inputProps={getSelectProps(fields.blockType)} options={optionsOf(BLOCK_TYPES, BLOCK_TYPE_LABELS)} errors={fields.blockType.errors} />
      <div className="grid grid-cols-2 gap-3">
        <Field label="Start Time" inputProps={getInputProps(fields.startTime, { type: "time" })} errors={fields.startTime.errors} />
        <Field
          label="Duration (minutes)"
          inputProps={{ ...getInputProps(fields.durationMinutes, { type: "number" }), min: 1, step: 1, inputMode: "numeric" }}
          errors={fields.durationMinutes.errors}
        />
      </div>
      <Field label="Location" inputProps={getInputProps(fields.location, { type: "text" })} errors={fields.location.errors} />
      <TextareaField label="Notes" hint={forClient ? undefined : NOTES_HINT} inputProps={getTextareaProps(fields.notes)} errors={fields.notes.errors} />
      {forClient ? null : <TextareaField label="Team notes" hint={TEAM_NOTES_HINT} inputProps={getTextareaProps(fields.teamNotes)} errors={fields.teamNotes.errors} />}
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
