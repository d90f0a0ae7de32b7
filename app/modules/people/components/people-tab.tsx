import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { CheckboxField, Field, optionsOf, SelectField, TextareaField } from "~/components/forms";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { useListWindow } from "~/components/ui/list-window";
import { LIST_SEARCH_TEXT } from "~/modules/event/lists";
import { RowMenuItems, useRowMenu } from "~/components/ui/row-actions";
import { PERSON_ROLE_LABELS, PERSON_ROLES } from "~/db/enums";
import type { eventPeople } from "~/db/schema";
import { ConfirmDialog, FormDialog, formDefaults, useDialogForm, useDialogHrefs } from "~/modules/event/components/form-dialog";
import { ListHeader } from "~/modules/event/components/list-header";
import { canDo } from "~/modules/event/intents";
import { ConflictNotice, PendingMark } from "~/modules/offline/use-outbox";
import type { Grant } from "~/modules/event/permissions";
import { PERSON_DEFAULTS, PersonSchema } from "../schema";

export type Person = typeof eventPeople.$inferSelect;

export function fullName(person: Pick<Person, "firstName" | "lastName">) {
  return [person.firstName, person.lastName].filter(Boolean).join(" ");
}

/** docs/product/screens.md#people: by first name; VIP star, role, the pronunciation next to the name. */
export function PeopleTab({ people, role }: { people: Person[]; role: Grant }) {
  const dialogs = useDialogHrefs();
  const canEdit = canDo(role, "edit-person");
  const menu = useRowMenu();
  const list = useListWindow(people, { noun: "people", text: LIST_SEARCH_TEXT.person });
  return (
    <>
      <ListHeader count={list.count} noun={["person", "people"]} addLabel="Add Person" addTo={canEdit ? dialogs.open("add-person") : null} />
      {list.count === 0 ? <p className="text-slate-600">No people added yet</p> : null}
      {list.controls}
      <ul className="space-y-2">
        {list.shown.map((person) => (
          <li key={person.id}>
            <Card data-conflict-home className="flex flex-wrap items-start gap-2 !p-4">
              <div className="min-w-0 flex-1">
                <p className="text-lg font-semibold break-words text-slate-900">
                  {person.isVip ? (
                    <span role="img" aria-label="VIP" className="mr-1 text-amber-500">
                      ★
                    </span>
                  ) : null}
                  {fullName(person)}
                  {person.pronunciation ? (
                    <span className="ml-2 text-base font-medium text-brand-700">
                      <span className="sr-only">pronounced </span>({person.pronunciation})
                    </span>
                  ) : null}
                  <PendingMark id={person.id} />
                </p>
                <p className="mt-1 text-sm">
                  <Badge>{PERSON_ROLE_LABELS[person.role]}</Badge>
                </p>
                {person.notes ? <p className="mt-2 text-sm whitespace-pre-line text-slate-600">{person.notes}</p> : null}
              </div>
              {canEdit
                ? menu.button(person.id, fullName(person), () => (
                    <RowMenuItems editTo={dialogs.open("edit-person", person.id)} deleteTo={dialogs.open("delete-person", person.id)} deleteLabel="Remove" />
                  ))
                : null}
              <ConflictNotice rowId={person.id} />
            </Card>
          </li>
        ))}
      </ul>
      {list.footer}
      {menu.form}
    </>
  );
}

/** Add Person / Edit Person (docs/product/validation.md#people: first name required; role defaults to guest). */
export function PersonDialog({ person }: { person?: Person }) {
  const intent = person ? "edit-person" : "add-person";
  const [form, fields, base] = useDialogForm(intent, person?.id, PersonSchema, person ? formDefaults(person, ["firstName", "lastName", "role", "isVip", "pronunciation", "notes"]) : { role: PERSON_DEFAULTS.role });
  return (
    <FormDialog base={base} title={person ? "Edit Person" : "Add Person"} intent={intent} id={person?.id} form={form} submitLabel={person ? "Save Person" : "Add Person"}>
      <div className="grid grid-cols-2 gap-3">
        <Field label="First Name" inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoFocus: !person }} errors={fields.firstName.errors} />
        <Field label="Last Name" inputProps={getInputProps(fields.lastName, { type: "text" })} errors={fields.lastName.errors} />
      </div>
      <SelectField label="Role" inputProps={getSelectProps(fields.role)} options={optionsOf(PERSON_ROLES, PERSON_ROLE_LABELS)} errors={fields.role.errors} />
      <Field
        label="Pronunciation"
        hint="How to say the name, e.g. shiv-AWN"
        inputProps={getInputProps(fields.pronunciation, { type: "text" })}
        errors={fields.pronunciation.errors}
      />
      <CheckboxField label="VIP" inputProps={getInputProps(fields.isVip, { type: "checkbox" })} />
      <TextareaField label="Notes" inputProps={getTextareaProps(fields.notes)} errors={fields.notes.errors} />
    </FormDialog>
  );
}

export function DeletePersonDialog({ person }: { person: Person }) {
  return (
    <ConfirmDialog
      title="Remove person?"
      message={`${fullName(person)} will be removed from the people list for everyone.`}
      intent="delete-person"
      id={person.id}
      confirmLabel="Remove Person"
    />
  );
}
