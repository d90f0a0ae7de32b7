import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useSearchParams } from "react-router";
import { Field } from "~/components/forms";
import { optionsOf, SelectField, TextareaField } from "~/components/dialog-fields";
import { SHOT_CATEGORIES, SHOT_CATEGORY_LABELS } from "~/db/enums";
import { ConfirmDialog, FormDialog, formDefaults, useDialogForm } from "~/modules/event/components/form-dialog";
import { NOTES_HINT, TEAM_NOTES_HINT } from "~/modules/event/components/team-notes";
import { SHOT_DEFAULTS, ShotSchema } from "../schema";
import type { Shot } from "./shots-tab";

// The shot list's dialogs, loaded when one opens (with zod and conform, they are
// not in the page's first JavaScript); a dialog the URL asks for still renders on the server.

const SHOWN = ["title", "category", "description"] as const;

/** Add Shot / Edit Shot (docs/product/validation.md#shot: title required; docs/product/enumerations.md#shot-category: category defaults to other). */
export function ShotDialog({ shot, forClient = false }: { shot?: Shot; forClient?: boolean }) {
  const intent = shot ? "edit-shot" : "add-shot";
  const [params] = useSearchParams();
  // Adding while a category is filtered starts in that category.
  const filtered = SHOT_CATEGORIES.find((category) => category === params.get("category"));
  const [form, fields, base] = useDialogForm(intent, shot?.id, ShotSchema, shot ? formDefaults(shot, forClient ? SHOWN : [...SHOWN, "teamNotes"]) : { category: filtered ?? SHOT_DEFAULTS.category });
  return (
    <FormDialog base={base} title={shot ? "Edit Shot" : "Add Shot"} intent={intent} id={shot?.id} form={form} submitLabel={shot ? "Save Shot" : "Add Shot"}>
      <Field required label="Title" inputProps={{ ...getInputProps(fields.title, { type: "text" }), autoFocus: !shot }} errors={fields.title.errors} />
      <SelectField
        required
        label="Category"
        inputProps={getSelectProps(fields.category)}
        options={optionsOf(SHOT_CATEGORIES, SHOT_CATEGORY_LABELS)}
        errors={fields.category.errors}
      />
      <TextareaField label="Description" hint={forClient ? undefined : NOTES_HINT} inputProps={getTextareaProps(fields.description)} errors={fields.description.errors} />
      {forClient ? null : <TextareaField label="Team notes" hint={TEAM_NOTES_HINT} inputProps={getTextareaProps(fields.teamNotes)} errors={fields.teamNotes.errors} />}
    </FormDialog>
  );
}

export function DeleteShotDialog({ shot }: { shot: Shot }) {
  return (
    <ConfirmDialog
      title="Delete shot?"
      message={`"${shot.title}" (${SHOT_CATEGORY_LABELS[shot.category]}) will be removed from the shot list for everyone. This cannot be undone.`}
      intent="delete-shot"
      id={shot.id}
      confirmLabel="Delete Shot"
    />
  );
}
