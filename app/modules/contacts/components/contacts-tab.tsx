import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Field, optionsOf, SelectField, TextareaField } from "~/components/forms";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { RowMenuItems, useRowMenu } from "~/components/ui/row-actions";
import { SHOOTER_TYPE_LABELS, SHOOTER_TYPES } from "~/db/enums";
import type { shooterContacts } from "~/db/schema";
import { ConfirmDialog, FormDialog, formDefaults, useDialogForm, useDialogHrefs } from "~/modules/event/components/form-dialog";
import { ListHeader } from "~/modules/event/components/list-header";
import { ContactSchema } from "../schema";

export type Contact = typeof shooterContacts.$inferSelect;

const nameOf = (contact: Pick<Contact, "firstName" | "lastName">) => [contact.firstName, contact.lastName].filter(Boolean).join(" ");

/** docs/product/screens.md#settings: saved second and associate shooters, to invite in a tap. */
export function ContactsTab({ contacts }: { contacts: Contact[] }) {
  const dialogs = useDialogHrefs();
  const menu = useRowMenu();
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">Shooters you work with often. Pick them from an event's invite form.</p>
      <ListHeader count={contacts.length} noun={["contact", "contacts"]} addLabel="Add Contact" addTo={dialogs.open("add-contact")} />
      {contacts.length === 0 ? <p className="text-slate-600">No saved contacts yet</p> : null}
      <ul className="space-y-2">
        {contacts.map((contact) => (
          <li key={contact.id}>
            <Card className="flex items-start gap-2 !p-4">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-slate-900">{nameOf(contact)}</p>
                <p className="mt-1 text-sm">
                  <Badge>{SHOOTER_TYPE_LABELS[contact.shooterType]}</Badge>
                </p>
                <p className="mt-1 text-sm break-words text-slate-600">
                  {[contact.email, contact.phoneNumber, contact.instagramHandle ? `@${contact.instagramHandle}` : null].filter(Boolean).join(" · ")}
                </p>
                {contact.notes ? <p className="mt-1 text-sm whitespace-pre-line text-slate-600">{contact.notes}</p> : null}
              </div>
              {menu.button(contact.id, nameOf(contact), () => (
                <RowMenuItems editTo={dialogs.open("edit-contact", contact.id)} deleteTo={dialogs.open("delete-contact", contact.id)} />
              ))}
            </Card>
          </li>
        ))}
      </ul>
      {menu.form}
    </>
  );
}

export function ContactDialog({ contact }: { contact?: Contact }) {
  const intent = contact ? "edit-contact" : "add-contact";
  const [form, fields] = useDialogForm(
    intent,
    contact?.id,
    ContactSchema,
    contact ? formDefaults(contact, ["shooterType", "firstName", "lastName", "email", "phoneNumber", "instagramHandle", "notes"]) : { shooterType: "second_shooter" },
  );
  return (
    <FormDialog title={contact ? "Edit Contact" : "Add Contact"} intent={intent} id={contact?.id} form={form} submitLabel={contact ? "Save Contact" : "Add Contact"}>
      <SelectField label="Shooter Type" inputProps={getSelectProps(fields.shooterType)} options={optionsOf(SHOOTER_TYPES, SHOOTER_TYPE_LABELS)} errors={fields.shooterType.errors} />
      <div className="grid grid-cols-2 gap-3">
        <Field label="First Name" inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoFocus: !contact }} errors={fields.firstName.errors} />
        <Field label="Last Name" inputProps={getInputProps(fields.lastName, { type: "text" })} errors={fields.lastName.errors} />
      </div>
      <Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }} errors={fields.email.errors} />
      <Field label="Phone" inputProps={{ ...getInputProps(fields.phoneNumber, { type: "tel" }), autoComplete: "off" }} errors={fields.phoneNumber.errors} />
      <Field label="Instagram" inputProps={getInputProps(fields.instagramHandle, { type: "text" })} errors={fields.instagramHandle.errors} hint="Without the @" />
      <TextareaField label="Notes" inputProps={getTextareaProps(fields.notes)} errors={fields.notes.errors} />
    </FormDialog>
  );
}

export function DeleteContactDialog({ contact }: { contact: Contact }) {
  return (
    <ConfirmDialog
      title="Delete contact?"
      message={`${nameOf(contact)} will be removed from your saved contacts. Events they are on are not affected.`}
      intent="delete-contact"
      id={contact.id}
      confirmLabel="Delete Contact"
    />
  );
}
