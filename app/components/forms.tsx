import type { InputHTMLAttributes, ReactNode } from "react";

// Form building blocks (docs/conventions.md): a label, the input, and the field's errors,
// wired for screen readers. Inputs come with conform's getInputProps. The dialogs' other
// fields (text areas, selects, the creating forms' key) are in dialog-fields.tsx, so a page
// with a plain form does not load them (decision 014).

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

export type ControlProps = { id: string; key?: string | undefined };

/** Label, control, hint and errors, wired for screen readers; `render` draws the control. */
function LabelledControl({
  id,
  label,
  errors,
  hint,
  required,
  render,
}: {
  id: string;
  label: ReactNode;
  errors?: string[] | null;
  hint?: ReactNode;
  required?: boolean | undefined;
  render: (aria: { "aria-invalid"?: true; "aria-describedby"?: string; "aria-required"?: true; className: string }) => ReactNode;
}) {
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {/* Seen, not read: the control says it is required (aria-required), which the
            server's and the form's messages enforce; no `required` attribute, so the
            browser's own bubble never comes before the product's message. */}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" *"}
          </span>
        ) : null}
      </label>
      {render({
        ...(errorId ? { "aria-invalid": true } : {}),
        ...(required ? { "aria-required": true } : {}),
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

export type FieldProps<Attributes> = {
  label: ReactNode;
  inputProps: Attributes & ControlProps;
  errors?: string[] | null;
  hint?: ReactNode;
  /** Marked as required (a red asterisk, aria-required). */
  required?: boolean;
};

type Aria = Parameters<Parameters<typeof LabelledControl>[0]["render"]>[0];

/** A field: its label, hint and errors around the control `draw` makes of its props (React's key apart). */
export function labelledField<Attributes>(
  { label, inputProps, errors, hint, required }: FieldProps<Attributes>,
  draw: (props: Omit<Attributes & ControlProps, "key">, aria: Aria, key: string | undefined) => ReactNode,
) {
  const { key, ...props } = inputProps;
  return <LabelledControl id={props.id} label={label} errors={errors} hint={hint} required={required} render={(aria) => draw(props, aria, key)} />;
}

export function Field(field: FieldProps<InputHTMLAttributes<HTMLInputElement>>) {
  return labelledField(field, (props, aria, key) => <input key={key} {...props} {...aria} />);
}
