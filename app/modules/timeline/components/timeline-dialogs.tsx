import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { type FormEvent, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { UrlDialog } from "~/components/ui/url-dialog";
import { useDialogHrefs } from "~/modules/event/dialog-href";
import { useOutboxContext } from "~/modules/offline/use-outbox";
import { useHourCycle } from "~/root-data";
import { planShift, SHIFT_MINUTES_MAX, shiftBasis, shiftBlockOf } from "../shift";
import { formatBlockStart } from "../span";
import { Field } from "~/components/forms";
import { optionsOf, SelectField, TextareaField } from "~/components/dialog-fields";
import { BLOCK_TYPE_LABELS, BLOCK_TYPES, type BlockType } from "~/db/enums";
import { ConfirmDialog, FormDialog, formDefaults, useCloseAfterQueue, useDialogForm } from "~/modules/event/components/form-dialog";
import { NOTES_HINT, TEAM_NOTES_HINT } from "~/modules/event/components/team-notes";
import { ANCHOR_MINUTES_MAX, anchorFormOf, BLOCK_DEFAULTS, BlockSchema, TRAVEL_MAX } from "../schema";
import { ANCHOR_NEEDS_LOCATION } from "../anchor";
import { type LightEvent, lightOf } from "../light-rows";
import { anchorTime, SUN_ANCHOR_LABELS, SUN_ANCHORS } from "../sun";
import { CheckboxField } from "~/components/checkbox-field";
import type { Block } from "./timeline-tab";

// The timeline's dialogs, loaded when one opens (with zod and conform, they are
// not in the page's first JavaScript); a dialog the URL asks for still renders on the server.

/** Add Block / Edit Block (docs/product/validation.md#timeline-block: title required; duration a whole number ≥ 1, default 60). */
export function BlockDialog({
  block,
  defaultType = BLOCK_DEFAULTS.blockType,
  forClient = false,
  event,
}: {
  block?: Block;
  defaultType?: BlockType;
  forClient?: boolean;
  event?: LightEvent | undefined;
}) {
  const intent = block ? "edit-block" : "add-block";
  const shown = ["title", "blockType", "startTime", "durationMinutes", "location", "notes"] as const;
  const [form, fields, base] = useDialogForm(intent, block?.id, BlockSchema, block
      ? forClient
        ? formDefaults(block, shown)
        : { ...formDefaults(block, [...shown, "teamNotes", "fixedTime", "travelMinutes", "anchor"]), ...anchorFormOf(block.anchorOffsetMinutes ?? 0) }
      : { blockType: defaultType, durationMinutes: String(BLOCK_DEFAULTS.durationMinutes) });
  // 'Anchor to': the start the sun gives, shown in place of Start Time (the server sets it alike).
  const light = lightOf(event);
  const anchor = SUN_ANCHORS.find((value) => value === fields.anchor.value) ?? null;
  const offset = Number(fields.anchorOffsetMinutes.value || 0) * (fields.anchorSide.value === "before" ? -1 : 1);
  const anchoredAt = !forClient && anchor ? anchorTime(light, anchor, offset) : null;
  const cycle = useHourCycle();
  return (
    <FormDialog base={base} title={block ? "Edit Block" : "Add Block"} intent={intent} id={block?.id} form={form} submitLabel={block ? "Save Block" : "Add Block"}>
      <Field required label="Title" inputProps={{ ...getInputProps(fields.title, { type: "text" }), autoFocus: !block }} errors={fields.title.errors} />
      <SelectField required label="Type" inputProps={getSelectProps(fields.blockType)} options={optionsOf(BLOCK_TYPES, BLOCK_TYPE_LABELS)} errors={fields.blockType.errors} />
      <div className="grid grid-cols-2 gap-3">
        {anchoredAt ? (
          <div>
            <p className="block text-sm font-medium text-slate-800">Start Time</p>
            <p className="mt-1 flex min-h-11 items-center text-base text-slate-900 tabular-nums">{formatBlockStart(anchoredAt, cycle)}</p>
            <input type="hidden" name={fields.startTime.name} value={anchoredAt} />
          </div>
        ) : (
          <Field label="Start Time" inputProps={getInputProps(fields.startTime, { type: "time" })} errors={fields.startTime.errors} />
        )}
        <Field
          label="Duration (minutes)"
          inputProps={{ ...getInputProps(fields.durationMinutes, { type: "number" }), min: 1, step: 1, inputMode: "numeric" }}
          errors={fields.durationMinutes.errors}
        />
      </div>
      <Field label="Location" inputProps={getInputProps(fields.location, { type: "text" })} errors={fields.location.errors} />
      {forClient ? null : (
        <div className="grid grid-cols-2 items-end gap-3">
          <CheckboxField label="Fixed time" inputProps={getInputProps(fields.fixedTime, { type: "checkbox" })} />
          <Field
            label="Travel to next (min)"
            inputProps={{ ...getInputProps(fields.travelMinutes, { type: "number" }), min: 1, max: TRAVEL_MAX, step: 1, inputMode: "numeric" }}
            errors={fields.travelMinutes.errors}
          />
        </div>
      )}
      {forClient ? null : (
        <div>
          <div className="grid grid-cols-3 items-end gap-3">
            <SelectField label="Anchor to" inputProps={getSelectProps(fields.anchor)} options={ANCHOR_OPTIONS} errors={fields.anchor.errors} />
            <Field
              label="Minutes"
              inputProps={{ ...getInputProps(fields.anchorOffsetMinutes, { type: "number" }), min: 0, max: ANCHOR_MINUTES_MAX, step: 1, inputMode: "numeric" }}
              errors={fields.anchorOffsetMinutes.errors}
            />
            <SelectField label="Before or after" inputProps={getSelectProps(fields.anchorSide)} options={SIDE_OPTIONS} errors={fields.anchorSide.errors} />
          </div>
          <p className="mt-1 text-xs text-slate-600">{light ? ANCHOR_HINT : ANCHOR_NEEDS_LOCATION}</p>
        </div>
      )}
      <TextareaField label="Notes" hint={forClient ? undefined : NOTES_HINT} inputProps={getTextareaProps(fields.notes)} errors={fields.notes.errors} />
      {forClient ? null : <TextareaField label="Team notes" hint={TEAM_NOTES_HINT} inputProps={getTextareaProps(fields.teamNotes)} errors={fields.teamNotes.errors} />}
    </FormDialog>
  );
}

/** 'Anchor to''s choices: none, or the sun's times (decision 018). */
const ANCHOR_OPTIONS = [{ value: "", label: "None" }, ...optionsOf(SUN_ANCHORS, SUN_ANCHOR_LABELS)];
const SIDE_OPTIONS = [
  { value: "after", label: "After" },
  { value: "before", label: "Before" },
];
const ANCHOR_HINT = "Its start follows the sun: it moves when the date or location changes, never with 'Running late'.";

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

/** The quick choices of 'Running late'; any whole number up to SHIFT_MINUTES_MAX is typed. */
const LATE_MINUTES = [5, 10, 15, 30] as const;

/**
 * 'Running late' from a block (docs/product/screens.md#running-late): every block from it
 * that has not a fixed time or an anchor moves later by the minutes chosen, as one change
 * against the times this page shows (the basis); 'Back on time' puts the last shift back.
 * Checked here first with the server's own plan, so a shift past midnight says so at once,
 * offline too. Without JavaScript the same forms post to the page.
 */
export function RunningLateDialog({ block, blocks }: { block: Block; blocks: Block[] }) {
  const { close } = useDialogHrefs();
  const outbox = useOutboxContext();
  const closeAfterQueue = useCloseAfterQueue();
  const cycle = useHourCycle();
  const [error, setError] = useState<string | null>(null);
  const plan = blocks.map(shiftBlockOf);
  const basis = shiftBasis(plan, block.id) ?? "";
  const send = (event: FormEvent<HTMLFormElement>) => {
    if (!outbox) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    if (data.get("undo") === "true") {
      outbox.queue({ name: "shift-block", args: { undo: true } });
      closeAfterQueue();
      return;
    }
    const minutes = Number(data.get("minutes"));
    const planned = planShift(plan, { fromBlockId: block.id, minutes, basis });
    if (!planned.ok) {
      setError(planned.message);
      return;
    }
    outbox.queue({ name: "shift-block", args: { id: block.id, minutes, basis } });
    closeAfterQueue();
  };
  const hidden = (
    <>
      <input type="hidden" name="intent" value="shift-block" />
      <input type="hidden" name="id" value={block.id} />
      <input type="hidden" name="basis" value={basis} />
    </>
  );
  return (
    <UrlDialog title="Running late" closeTo={close}>
      <p className="text-sm text-slate-700">
        {`From ${block.title}${block.startTime ? ` (${formatBlockStart(block.startTime, cycle)})` : ""}, every block moves later, except fixed times and blocks anchored to the light.`}
      </p>
      {error ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <Form method="post" preventScrollReset onSubmit={send} className="mt-4 grid grid-cols-4 gap-2">
        {hidden}
        {LATE_MINUTES.map((minutes) => (
          <Button key={minutes} type="submit" name="minutes" value={String(minutes)} variant="secondary" className="min-h-12 px-1 whitespace-nowrap">
            {`${minutes} min`}
          </Button>
        ))}
      </Form>
      <Form method="post" preventScrollReset onSubmit={send} className="mt-3 flex items-end gap-2">
        {hidden}
        <div className="flex-1">
          <Field
            label="Minutes"
            inputProps={{ id: "late-minutes", name: "minutes", type: "number", min: 1, max: SHIFT_MINUTES_MAX, step: 1, inputMode: "numeric", required: true }}
          />
        </div>
        <Button type="submit" className="min-h-11">
          Shift
        </Button>
      </Form>
      <Form method="post" preventScrollReset onSubmit={send} className="mt-4 border-t border-slate-200 pt-4">
        <input type="hidden" name="intent" value="shift-block" />
        <input type="hidden" name="undo" value="true" />
        <Button type="submit" variant="secondary" className="w-full">
          Back on time
        </Button>
        <p className="mt-1 text-xs text-slate-600">Puts the last shift back.</p>
      </Form>
    </UrlDialog>
  );
}
