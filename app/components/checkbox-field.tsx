import type { InputHTMLAttributes, ReactNode } from "react";

// A checkbox with its label (the sign-in's options, the dialogs', the reminders'): apart
// from forms.tsx, so a page whose form has none does not load it (decision 014).

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
