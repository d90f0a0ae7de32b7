import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { useListWindow } from "~/components/ui/list-window";
import { peopleList } from "../list";
import { RowMenuItems, useRowMenu } from "~/components/ui/row-actions";
import { PERSON_ROLE_LABELS } from "~/db/enums";
import type { ListRow } from "~/modules/lists/registry";
import { useDialogHrefs } from "~/modules/event/dialog-href";
import { ListHeader } from "~/modules/event/components/list-header";
import { canDo } from "~/modules/event/intents";
import { ConflictNotice, PendingMark } from "~/modules/offline/use-outbox";
import type { Grant } from "~/modules/event/permissions";
import { TeamNotes } from "~/modules/event/components/team-notes";

// Its team notes only on the lead's and the team's pages.
export type Person = ListRow<"person">;

export function fullName(person: Pick<Person, "firstName" | "lastName">) {
  return [person.firstName, person.lastName].filter(Boolean).join(" ");
}

/** docs/product/screens.md#people: by first name; VIP star, role, the pronunciation next to the name. */
export function PeopleTab({ people, role }: { people: Person[]; role: Grant }) {
  const dialogs = useDialogHrefs();
  const canEdit = canDo(role, "edit-person");
  const menu = useRowMenu();
  const list = useListWindow(people, { noun: "people", text: peopleList.searchText });
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
                <TeamNotes notes={person.teamNotes} className="mt-1" />
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
