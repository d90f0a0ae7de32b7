import { getInputProps } from "@conform-to/react";
import { Field } from "~/components/forms";
import { ButtonLink } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { useSettingsAction } from "~/modules/account/settings-answer";
import { ConfirmDialog, FormDialog, useDialogForm } from "~/modules/event/components/form-dialog";
import { useDialogHrefs } from "~/modules/event/dialog-href";
import { TemplateNameSchema } from "../schema";
import { templateSummary } from "../template";

export type TemplateRow = { id: string; name: string; blockCount: number; shotCount: number };

/** docs/product/screens.md#templates: the user's templates, each with its counts, 'Rename' and 'Delete'. */
export function TemplatesCard({ templates }: { templates: TemplateRow[] }) {
  const dialogs = useDialogHrefs();
  return (
    <Card>
      <CardTitle>Templates</CardTitle>
      <p className="mt-1 text-sm text-slate-600">Saved from an event's 'Save as template'. Pick one under 'Start from' when you create an event.</p>
      {templates.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No templates yet</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" aria-label="Templates">
          {templates.map((template) => (
            <li key={template.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{template.name}</p>
                <p className="text-sm text-slate-600">{templateSummary(template.blockCount, template.shotCount)}</p>
              </div>
              <div className="flex gap-2">
                <ButtonLink to={dialogs.open("rename-template", template.id)} replace preventScrollReset variant="secondary" aria-label={`Rename ${template.name}`}>
                  Rename
                </ButtonLink>
                <ButtonLink to={dialogs.open("delete-template", template.id)} replace preventScrollReset variant="secondary" className="text-red-700" aria-label={`Delete ${template.name}`}>
                  Delete
                </ButtonLink>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function RenameTemplateDialog({ template }: { template: TemplateRow }) {
  const [form, fields] = useDialogForm("rename-template", template.id, TemplateNameSchema, { name: template.name });
  return (
    <FormDialog title="Rename template" intent="rename-template" id={template.id} form={form} submitLabel="Save" action={useSettingsAction("templates")}>
      <Field required label="Template name" inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoFocus: true }} errors={fields.name.errors} />
    </FormDialog>
  );
}

/** The dialog the settings URL asks for (`?tab=templates&dialog=…&id=…`); none for a template that no longer exists. */
export function TemplatesDialog({ dialog, template }: { dialog: string | null; template: TemplateRow | undefined }) {
  const deleteAction = useSettingsAction("templates");
  if (!template) return null;
  if (dialog === "rename-template") return <RenameTemplateDialog template={template} />;
  if (dialog === "delete-template")
    return (
      <ConfirmDialog
        title="Delete template?"
        message={`${template.name} will be deleted. Events made from it are not affected.`}
        intent="delete-template"
        id={template.id}
        confirmLabel="Delete Template"
        action={deleteAction}
      />
    );
  return null;
}
