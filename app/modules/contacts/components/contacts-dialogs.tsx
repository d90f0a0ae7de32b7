import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Field } from "~/components/forms";
import { optionsOf, SelectField, TextareaField } from "~/components/dialog-fields";
import { SHOOTER_TYPE_LABELS, SHOOTER_TYPES } from "~/db/enums";
import { ConfirmDialog, FormDialog, formDefaults, useDialogForm } from "~/modules/event/components/form-dialog";
import { useSettingsAction } from "~/modules/account/settings-answer";
import { ContactSchema } from "../schema";
import { type Contact, nameOf } from "./contacts-tab";

// The saved contacts' dialogs (settings), loaded when one opens (with zod
// and conform, they are not in the page's first JavaScript); a dialog the URL asks for still
// renders on the server.

export function ContactDialog({ contact }: { contact?: Contact }) {
  const intent = contact ? "edit-contact" : "add-contact";
  const [form, fields] = useDialogForm(
    intent,
    contact?.id,
    ContactSchema,
    contact ? formDefaults(contact, ["shooterType", "firstName", "lastName", "email", "phoneNumber", "instagramHandle", "notes"]) : { shooterType: "second_shooter" },
  );
  return (
    <FormDialog
      title={contact ? "Edit Contact" : "Add Contact"}
      intent={intent}
      id={contact?.id}
      form={form}
      submitLabel={contact ? "Save Contact" : "Add Contact"}
      action={useSettingsAction("contacts")}
    >
      <SelectField required label="Shooter Type" inputProps={getSelectProps(fields.shooterType)} options={optionsOf(SHOOTER_TYPES, SHOOTER_TYPE_LABELS)} errors={fields.shooterType.errors} />
      <div className="grid grid-cols-2 gap-3">
        <Field required label="First Name" inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoFocus: !contact }} errors={fields.firstName.errors} />
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
      action={useSettingsAction("contacts/delete")}
    />
  );
}

/** The dialog the settings URL asks for (`?tab=contacts&dialog=…&id=…`); none for a contact that no longer exists. */
export function ContactsDialog({ dialog, contact }: { dialog: string | null; contact: Contact | undefined }) {
  if (dialog === "add-contact") return <ContactDialog />;
  if (dialog === "edit-contact" && contact) return <ContactDialog contact={contact} />;
  if (dialog === "delete-contact" && contact) return <DeleteContactDialog contact={contact} />;
  return null;
}
