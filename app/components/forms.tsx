import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useRouteLoaderData } from "react-router";

// Form building blocks (docs/conventions.md): a label, the input, and the field's errors,
// wired for screen readers. Inputs come with conform's getInputProps.

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5">
      {errors.map((error) => (
        <li key={error} className="text-sm text-red-700">
          {error}
        </li>
      ))}
    </ul>
  );
}

const control =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-500";

type ControlProps = { id: string; key?: string | undefined };

/** Label, control, hint and errors, wired for screen readers; `render` draws the control. */
function LabelledControl({
  id,
  label,
  errors,
  hint,
  render,
}: {
  id: string;
  label: ReactNode;
  errors?: string[] | null;
  hint?: ReactNode;
  render: (aria: { "aria-invalid"?: true; "aria-describedby"?: string; className: string }) => ReactNode;
}) {
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {render({
        ...(errorId ? { "aria-invalid": true } : {}),
        ...(errorId || hintId ? { "aria-describedby": [errorId, hintId].filter(Boolean).join(" ") } : {}),
        className: control,
      })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

type FieldProps<Attributes> = { label: ReactNode; inputProps: Attributes & ControlProps; errors?: string[] | null; hint?: ReactNode };

export function Field({ label, inputProps, errors, hint }: FieldProps<InputHTMLAttributes<HTMLInputElement>>) {
  const { key, ...props } = inputProps;
  return <LabelledControl id={props.id} label={label} errors={errors} hint={hint} render={(aria) => <input key={key} {...props} {...aria} />} />;
}

export function TextareaField({ label, inputProps, errors, hint }: FieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const { key, ...props } = inputProps;
  return (
    <LabelledControl
      id={props.id}
      label={label}
      errors={errors}
      hint={hint}
      render={(aria) => <textarea key={key} rows={3} {...props} {...aria} className={`${aria.className} py-2`} />}
    />
  );
}

/** A select over an enumeration with its labels; `placeholder` adds an empty first choice. */
export function SelectField({
  label,
  inputProps,
  errors,
  hint,
  options,
  placeholder,
}: FieldProps<SelectHTMLAttributes<HTMLSelectElement>> & { options: ReadonlyArray<{ value: string; label: string }>; placeholder?: string }) {
  const { key, ...props } = inputProps;
  return (
    <LabelledControl
      id={props.id}
      label={label}
      errors={errors}
      hint={hint}
      render={(aria) => (
        <select key={key} {...props} {...aria}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** The options of an enumeration, labelled. */
export function optionsOf<T extends string>(values: readonly T[], labels: Record<T, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}

export function CheckboxField({
  label,
  inputProps,
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; key?: string | undefined };
}) {
  const { key, ...props } = inputProps;
  return (
    <label htmlFor={props.id} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
      <input key={key} {...props} type="checkbox" className="size-5 rounded border-slate-300 accent-brand-600" />
      {label}
    </label>
  );
}

/**
 * The key of a creating form (issue 14, item 10): the page's own, from the root loader,
 * so a second submit of the same form is answered with the first one's result. The
 * server's name for it is IDEMPOTENCY_FIELD (app/utils/idempotency.server.ts).
 */
export function IdempotencyField() {
  const root = useRouteLoaderData("root") as { formKey?: string } | undefined;
  return root?.formKey ? <input type="hidden" name="idempotencyKey" value={root.formKey} /> : null;
}
