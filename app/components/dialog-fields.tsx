import type { SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useRouteLoaderData } from "react-router";
import { type FieldProps, labelledField } from "./forms";

// The fields of the dialogs and of the new-event and invitation pages, besides forms.tsx's:
// text areas, selects over an enumeration, and a creating form's key.

export function TextareaField(field: FieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return labelledField(field, (props, aria, key) => <textarea key={key} rows={3} {...props} {...aria} className={`${aria.className} py-2`} />);
}

/** A select over an enumeration with its labels; `placeholder` adds an empty first choice. */
export function SelectField({
  options,
  placeholder,
  ...field
}: FieldProps<SelectHTMLAttributes<HTMLSelectElement>> & { options: ReadonlyArray<{ value: string; label: string }>; placeholder?: string }) {
  return labelledField(field, (props, aria, key) => (
    <select key={key} {...props} {...aria}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  ));
}

/** The options of an enumeration, labelled. */
export function optionsOf<T extends string>(values: readonly T[], labels: Record<T, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}

/**
 * The key of a creating form (decision 007): the page's own, from the root loader,
 * so a second submit of the same form is answered with the first one's result. The
 * server's name for it is IDEMPOTENCY_FIELD (app/utils/idempotency.server.ts).
 */
export function IdempotencyField() {
  const root = useRouteLoaderData("root") as { formKey?: string } | undefined;
  return root?.formKey ? <input type="hidden" name="idempotencyKey" value={root.formKey} /> : null;
}
