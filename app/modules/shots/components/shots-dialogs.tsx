import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useHydrated } from "~/components/ui/toaster";
import { PERSON_ROLE_LABELS, PERSON_ROLES } from "~/db/enums";
import type { Person } from "~/modules/people/components/people-tab";
import { addRole, GROUPING_CATEGORY, GROUPING_PEOPLE_MAX, nameOf, peopleOf, personIdsValue, personRolesOf, ROLE_PLURALS } from "../groupings";
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

/**
 * 'Add grouping' / 'Edit grouping' (docs/product/screens.md#family-formals): a name and
 * the event's people in it, in the order picked: one at a time, or all of a role at once
 * ('All grandparents'). Before JavaScript the boxes ticked are sent, in the people
 * list's order; once hydrated the order picked is kept in the form's `personIds`.
 */
export function GroupingDialog({ shot, people }: { shot?: Shot; people: readonly Person[] }) {
  const intent = shot ? "regroup-shot" : "group-shot";
  // Who is in it now: an id of someone removed meanwhile (on another device) is left out.
  // A grouping by role (from a template) opens with its roles' people ticked; saving names them.
  const initial = shot ? peopleOf(shot, people).map((person) => person.id) : [];
  const byRole = shot ? personRolesOf(shot) : [];
  const [form, fields, base] = useDialogForm(intent, shot?.id, ShotSchema, {
    title: shot?.title ?? "",
    category: GROUPING_CATEGORY,
    // The edit's base is the row as stored: a grouping by role names no one yet, so the people ticked are written.
    personIds: shot ? String(shot.personIds ?? "[]") : personIdsValue(initial),
  });
  const [picked, setPicked] = useState<string[]>(initial);
  const hydrated = useHydrated();
  const byId = new Map(people.map((person) => [person.id, person]));
  const roles = PERSON_ROLES.filter((role) => people.some((person) => person.role === role));
  const toggle = (id: string) => setPicked((ids) => (ids.includes(id) ? ids.filter((each) => each !== id) : [...ids, id].slice(0, GROUPING_PEOPLE_MAX)));
  const move = (index: number) =>
    setPicked((ids) => {
      const next = [...ids];
      [next[index - 1], next[index]] = [next[index]!, next[index - 1]!];
      return next;
    });
  return (
    <FormDialog base={base} title={shot ? "Edit grouping" : "Add grouping"} intent={intent} id={shot?.id} form={form} submitLabel={shot ? "Save grouping" : "Add grouping"}>
      <Field required label="Name" hint="e.g. Couple + grandparents" inputProps={{ ...getInputProps(fields.title, { type: "text" }), autoFocus: !shot }} errors={fields.title.errors} />
      <input type="hidden" name="category" value={GROUPING_CATEGORY} />
      {byRole.length > 0 ? (
        <p className="text-sm text-slate-700">{`From a template, by role: ${byRole.map((role) => ROLE_PLURALS[role]).join(", ")}. Saving keeps the people ticked.`}</p>
      ) : null}
      <input type="hidden" name="personIds" value={personIdsValue(picked)} />
      {people.length === 0 ? (
        <p className="text-sm text-slate-600">No people added yet. Add the family on the People tab first.</p>
      ) : (
        <>
          {roles.length > 1 ? (
            <div role="group" aria-label="Add by role" className="flex flex-wrap gap-2">
              <span className="w-full text-sm font-medium text-slate-700">Add by role</span>
              {roles.map((role) => (
                <button
                  key={role}
                  type="button"
                  disabled={!hydrated}
                  onClick={() => setPicked((ids) => addRole(ids, people, role))}
                  className="min-h-9 rounded-full border border-slate-300 px-3 text-sm text-slate-700 hover:bg-slate-100 disabled:opacity-50 dark:border-slate-600"
                >
                  {`All ${ROLE_PLURALS[role]}`}
                </button>
              ))}
            </div>
          ) : null}
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-700">People</legend>
            <ul className="max-h-56 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-1 dark:border-slate-700">
              {people.map((person) => (
                <li key={person.id}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-slate-50">
                    <input
                      type="checkbox"
                      className="size-5"
                      // Before JavaScript the ticked boxes are the people sent; after, the order picked is.
                      name={hydrated ? undefined : "person"}
                      value={person.id}
                      checked={picked.includes(person.id)}
                      onChange={() => toggle(person.id)}
                    />
                    <span className="min-w-0 flex-1 truncate text-slate-900">
                      {nameOf(person)}
                      {person.isVip ? <span className="ml-1 text-amber-600" aria-label="VIP">★</span> : null}
                    </span>
                    <span className="shrink-0 text-xs text-slate-500">{PERSON_ROLE_LABELS[person.role]}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          {picked.length > 0 ? (
            <div>
              <p className="mb-1 text-sm font-medium text-slate-700" id="grouping-order">{`In this grouping (${picked.length})`}</p>
              <ol aria-labelledby="grouping-order" className="space-y-1">
                {picked.map((id, index) => {
                  const person = byId.get(id);
                  if (!person) return null;
                  return (
                    <li key={id} className="flex min-h-9 items-center gap-2 text-sm text-slate-800">
                      <span className="w-5 text-right tabular-nums text-slate-500">{index + 1}.</span>
                      <span className="min-w-0 flex-1 truncate">{nameOf(person)}</span>
                      {index > 0 ? (
                        <button type="button" onClick={() => move(index)} aria-label={`Move ${nameOf(person)} up`} className="min-h-9 min-w-9 rounded-md text-slate-600 hover:bg-slate-100">
                          <span aria-hidden="true">↑</span>
                        </button>
                      ) : null}
                    </li>
                  );
                })}
              </ol>
            </div>
          ) : null}
        </>
      )}
      {fields.personIds.errors ? <p className="text-sm text-red-700">{fields.personIds.errors[0]}</p> : null}
    </FormDialog>
  );
}
