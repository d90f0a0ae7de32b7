import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Field } from "~/components/forms";
import { CheckboxField } from "~/components/checkbox-field";
import { optionsOf, SelectField, TextareaField } from "~/components/dialog-fields";
import { PERSON_ROLE_LABELS, PERSON_ROLES } from "~/db/enums";
import { ConfirmDialog, FormDialog, formDefaults, useDialogForm } from "~/modules/event/components/form-dialog";
import { NOTES_HINT, TEAM_NOTES_HINT } from "~/modules/event/components/team-notes";
import { PERSON_DEFAULTS, PersonSchema } from "../schema";
import { groupingsWith } from "~/modules/shots/groupings";
import { fullName, type Person } from "./people-tab";

// The people list's dialogs, loaded when one opens (with zod and conform, they are
// not in the page's first JavaScript); a dialog the URL asks for still renders on the server.

/** Add Person / Edit Person (docs/product/validation.md#people: first name required; role defaults to guest). */
export function PersonDialog({ person, forClient = false }: { person?: Person; forClient?: boolean }) {
  const intent = person ? "edit-person" : "add-person";
  const shown = ["firstName", "lastName", "role", "isVip", "pronunciation", "notes"] as const;
  const [form, fields, base] = useDialogForm(intent, person?.id, PersonSchema, person ? formDefaults(person, forClient ? shown : [...shown, "teamNotes"]) : { role: PERSON_DEFAULTS.role });
  return (
    <FormDialog base={base} title={person ? "Edit Person" : "Add Person"} intent={intent} id={person?.id} form={form} submitLabel={person ? "Save Person" : "Add Person"}>
      <div className="grid grid-cols-2 gap-3">
        <Field required label="First Name" inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoFocus: !person }} errors={fields.firstName.errors} />
        <Field label="Last Name" inputProps={getInputProps(fields.lastName, { type: "text" })} errors={fields.lastName.errors} />
      </div>
      <SelectField required label="Role" inputProps={getSelectProps(fields.role)} options={optionsOf(PERSON_ROLES, PERSON_ROLE_LABELS)} errors={fields.role.errors} />
      <Field
        label="Pronunciation"
        hint="How to say the name, e.g. shiv-AWN"
        inputProps={getInputProps(fields.pronunciation, { type: "text" })}
        errors={fields.pronunciation.errors}
      />
      <CheckboxField label="VIP" inputProps={getInputProps(fields.isVip, { type: "checkbox" })} />
      <TextareaField label="Notes" hint={forClient ? undefined : NOTES_HINT} inputProps={getTextareaProps(fields.notes)} errors={fields.notes.errors} />
      {forClient ? null : <TextareaField label="Team notes" hint={TEAM_NOTES_HINT} inputProps={getTextareaProps(fields.teamNotes)} errors={fields.teamNotes.errors} />}
    </FormDialog>
  );
}

/** docs/product/screens.md#family-formals: the groupings that lose the person are named before the removal is confirmed. */
export function DeletePersonDialog({ person, shots }: { person: Person; shots: readonly { id: string; title: string; personIds?: unknown; personRoles?: unknown }[] }) {
  const losing = groupingsWith(shots, person);
  const groupings = losing.length === 1 ? `1 grouping: ${losing[0]!.title}` : `${losing.length} groupings: ${losing.map((shot) => shot.title).join(", ")}`;
  return (
    <ConfirmDialog
      title="Remove person?"
      message={
        losing.length
          ? `${fullName(person)} will be removed from the people list for everyone, and taken out of ${groupings}.`
          : `${fullName(person)} will be removed from the people list for everyone.`
      }
      intent="delete-person"
      id={person.id}
      confirmLabel="Remove Person"
    />
  );
}
