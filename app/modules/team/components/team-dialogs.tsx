import { getInputProps, getSelectProps } from "@conform-to/react";
import { Link } from "react-router";
import { Field } from "~/components/forms";
import { CheckboxField } from "~/components/checkbox-field";
import { optionsOf, SelectField } from "~/components/dialog-fields";
import { useHydrated } from "~/components/ui/toaster";
import { INVITE_TYPE_LABELS, INVITE_TYPES } from "~/db/enums";
import { ConfirmDialog, FormDialog, useDialogForm } from "~/modules/event/components/form-dialog";
import { useDialogHrefs } from "~/modules/event/dialog-href";
import { ClientAccessSchema } from "~/modules/client-access/schema";
import { TeamInviteSchema } from "../schema";
import { type ClientAccess, clientRights, type Contact, type TeamRow } from "../team-rows";

// The team and client tabs' dialogs, loaded when one opens (with zod and conform, they are
// not in the page's first JavaScript); a dialog the URL asks for still renders on the server.

/**
 * The invite form (docs/product/validation.md#invite-form): first name and e-mail required, the type,
 * and for shooters coverage hours (step 0.5, min 0) and start and end times. A saved
 * contact (`id` in the URL) fills it in.
 */
export function InviteDialog({ contacts, contactId }: { contacts: Contact[]; contactId: string | null }) {
  const dialogs = useDialogHrefs();
  const hydrated = useHydrated();
  const contact = contacts.find((c) => c.id === contactId);
  const [form, fields] = useDialogForm(
    "invite-team",
    contact?.id,
    TeamInviteSchema,
    contact ? { firstName: contact.firstName, email: contact.email, inviteType: contact.shooterType } : { inviteType: "second_shooter" },
  );
  const isClient = fields.inviteType.value === "client";
  // docs/product/validation.md#invite-form: 'send disabled until both filled' (once JavaScript runs; before that the
  // server answers 'Please enter name and email').
  const incomplete = hydrated && (!fields.firstName.value?.trim() || !fields.email.value?.trim());
  return (
    <FormDialog title="Invite to the Team" intent="invite-team" id={contact?.id} form={form} submitLabel="Send Invitation" busyLabel="Sending..." submitDisabled={incomplete}>
      {contacts.length > 0 ? (
        <div>
          <p className="text-sm font-medium text-slate-700">Pick from saved contacts</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {contacts.map((c) => (
              <li key={c.id}>
                <Link
                  to={dialogs.open("invite-team", c.id)}
                  replace
                  preventScrollReset
                  aria-current={c.id === contact?.id ? "true" : undefined}
                  className={`inline-flex min-h-10 items-center rounded-full border px-3 text-sm ${
                    c.id === contact?.id ? "border-brand-600 bg-brand-50 text-brand-800" : "border-slate-300 text-slate-700 hover:bg-slate-100"
                  }`}
                >
                  {[c.firstName, c.lastName].filter(Boolean).join(" ")}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Field required label="First Name" inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "off", autoFocus: !contact }} errors={fields.firstName.errors} />
      <Field required label="Email" inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }} errors={fields.email.errors} />
      <SelectField required label="Invite Type" inputProps={getSelectProps(fields.inviteType)} options={optionsOf(INVITE_TYPES, INVITE_TYPE_LABELS)} errors={fields.inviteType.errors} />
      {isClient ? (
        <p className="text-sm text-slate-600">The client gets a private, view-only link to the event by email.</p>
      ) : (
        <>
          <Field
            label="Coverage Hours"
            inputProps={{ ...getInputProps(fields.coverageHours, { type: "number" }), step: 0.5, min: 0, max: 24, inputMode: "decimal" }}
            errors={fields.coverageHours.errors}
            hint={hydrated ? undefined : "For shooters only"}
          />
          <div className="grid grid-cols-2 gap-3">
            <Field label="Start Time" inputProps={getInputProps(fields.startTime, { type: "time" })} errors={fields.startTime.errors} />
            <Field label="End Time" inputProps={getInputProps(fields.endTime, { type: "time" })} errors={fields.endTime.errors} />
          </div>
        </>
      )}
    </FormDialog>
  );
}

const REMOVE_COPY: Record<string, { title: string; message: (name: string) => string; confirm: string }> = {
  member: { title: "Remove team member?", message: (name) => `${name} will lose access to this event at once.`, confirm: "Remove" },
  invite: { title: "Cancel invitation?", message: (name) => `The invitation to ${name} will stop working.`, confirm: "Cancel Invitation" },
  client: { title: "Revoke client access?", message: (name) => `The link of ${name} will stop working at once.`, confirm: "Revoke" },
};

export function RemoveTeamDialog({ row }: { row: TeamRow }) {
  const copy = REMOVE_COPY[row.key.split(":")[0]!]!;
  return <ConfirmDialog title={copy.title} message={copy.message(row.name)} intent="remove-team" id={row.key} confirmLabel={copy.confirm} />;
}

export function LeaveEventDialog({ eventTitle }: { eventTitle: string }) {
  return (
    <ConfirmDialog
      title="Leave this event?"
      message={`${eventTitle} will disappear from your Hired Events. The photographer can invite you again.`}
      intent="leave-event"
      id="me"
      confirmLabel="Leave Event"
    />
  );
}

/** docs/product/validation.md#client-access-form: the client's e-mail and the four permissions (all on by default). */
export function CreateClientAccessDialog() {
  const [form, fields] = useDialogForm("create-client-access", undefined, ClientAccessSchema, {
    canEditTimeline: "on",
    canEditShots: "on",
    canEditPeople: "on",
    canEditVendors: "on",
  });
  return (
    <FormDialog title="Create Client Access" intent="create-client-access" form={form} submitLabel="Create Access" busyLabel="Creating...">
      <Field required label="Client Email" inputProps={{ ...getInputProps(fields.clientEmail, { type: "email" }), autoComplete: "off", autoFocus: true }} errors={fields.clientEmail.errors} />
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-700">The client may edit</legend>
        <CheckboxField label="Timeline" inputProps={getInputProps(fields.canEditTimeline, { type: "checkbox" })} />
        <CheckboxField label="Shot list" inputProps={getInputProps(fields.canEditShots, { type: "checkbox" })} />
        <CheckboxField label="People" inputProps={getInputProps(fields.canEditPeople, { type: "checkbox" })} />
        <CheckboxField label="Vendors" inputProps={getInputProps(fields.canEditVendors, { type: "checkbox" })} />
      </fieldset>
    </FormDialog>
  );
}

export function RevokeClientAccessDialog({ access }: { access: ClientAccess }) {
  return (
    <ConfirmDialog
      title="Revoke client access?"
      message={`The link of ${access.clientEmail} will stop working at once.`}
      intent="revoke-client-access"
      id={access.id}
      confirmLabel="Revoke"
    />
  );
}
