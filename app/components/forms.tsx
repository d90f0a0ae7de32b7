import type { InputHTMLAttributes, ReactNode } from "react";

// Form building blocks (conventions.md): a label, the input, and the field's errors,
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

export function Field({
  label,
  inputProps,
  errors,
  hint,
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; key?: string | undefined };
  errors?: string[] | null;
  hint?: ReactNode;
}) {
  const { key, ...props } = inputProps;
  const errorId = errors?.length ? `${props.id}-error` : undefined;
  const hintId = hint ? `${props.id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        key={key}
        {...props}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
        className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-500"
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
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
