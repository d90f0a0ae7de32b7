import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { RowMenuItems, useRowMenu } from "~/components/ui/row-actions";
import { SHOOTER_TYPE_LABELS } from "~/db/enums";
import type { shooterContacts } from "~/db/schema";
import { useDialogHrefs } from "~/modules/event/dialog-href";
import { ListHeader } from "~/modules/event/components/list-header";

export type Contact = typeof shooterContacts.$inferSelect;

export const nameOf = (contact: Pick<Contact, "firstName" | "lastName">) => [contact.firstName, contact.lastName].filter(Boolean).join(" ");

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
