import { type DefaultValue, type FormMetadata, getFormProps, useForm } from "@conform-to/react";
import type { z } from "zod";
import { validateWithToast } from "~/components/validate-with-toast";
import { IdempotencyField } from "~/components/dialog-fields";
import { type FormEvent, type ReactNode, useState } from "react";
import { Form, useActionData, useLocation, useNavigate, useNavigation } from "react-router";
import { baseOf, isQueued, type NewMutation, useOutboxContext } from "~/modules/offline/use-outbox";
import { type MutationName, partsOf } from "~/modules/event/mutation-names";
import { Button, ButtonLink } from "~/components/ui/button";
import { UrlDialog } from "~/components/ui/url-dialog";
import { closeWithoutRefetch } from "~/utils/revalidate";
import { useDialogHrefs } from "../dialog-href";

export { useDialogHrefs };
import type { Answer } from "~/utils/result";
import { useSubmitting } from "~/components/use-submitting";

/**
 * What a page's action answers for its URL dialogs: the intent the answer is about, the
 * form's validation result and a toast. The event dashboard, the client portal and
 * settings all answer this way, so these dialogs serve all three.
 */
export type FormActionData = Answer<{ intent: string | null }>;

/** The server's validation result for this form, if the last submission was its. */
export function useLastResult(intent: string) {
  const actionData = useActionData() as FormActionData | undefined;
  return actionData?.intent === intent ? actionData.result : undefined;
}

/**
 * After a change made through the page's outbox (decision 010): the dialog closes
 * as after a save, replacing its history entry as the server's redirect does.
 */
export function useCloseAfterQueue() {
  const navigate = useNavigate();
  const { close } = useDialogHrefs();
  return () => {
    closeWithoutRefetch(close);
    navigate(close, { replace: true, preventScrollReset: true });
  };
}

/**
 * A dialog's conform form: validated by `schema` in the browser on submit (first
 * issue in a 'Validation Error' toast) and again on the server, whose answer it shows.
 * On a page with an outbox (the dashboard and the portal, with JavaScript) a valid
 * change is queued there instead of posted (decision 010), and the dialog closes.
 */
export function useDialogForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  intent: string,
  rowId: string | undefined,
  schema: Schema,
  defaultValue?: Record<string, string>,
) {
  const outbox = useOutboxContext();
  const closeAfterQueue = useCloseAfterQueue();
  // An edit's base is the row as this dialog opened on it (decision 010: the shown row,
  // that is, what the device last synced with its own earlier changes on top, which
  // reach the server first): a field someone else changes while the dialog is open and
  // this form leaves as it was is not written over.
  const [base] = useState(() => (isQueued(intent) && (rowId || intent === "edit-event") ? baseOf(intent, defaultValue) : undefined));
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: `${intent}-${rowId ?? "new"}`,
    lastResult: useLastResult(intent),
    // Form values are text: the schema coerces them, as it does on the server.
    defaultValue: defaultValue as DefaultValue<z.input<Schema>>,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData, submitter }) => validateWithToast(formData, submitter, schema),
    onSubmit:
      outbox && isQueued(intent)
        ? (event, { formData }) => {
            event.preventDefault();
            outbox.queue(formMutation(intent, rowId, formData, base));
            closeAfterQueue();
          }
        : undefined,
  });
  // The base also travels in the form (FormDialog's `base`), so an edit posted without
  // JavaScript is checked for someone else's change the same way.
  return [form, fields, base] as const;
}

/**
 * A row's values as a form's default values: text as is, null as empty, numbers as
 * text, booleans as a checkbox's "on".
 */
export function formDefaults<Row extends Record<string, unknown>, Key extends keyof Row & string>(row: Row, keys: readonly Key[]) {
  const values = {} as Record<Key, string>;
  for (const key of keys) {
    const value = row[key];
    values[key] = typeof value === "boolean" ? (value ? "on" : "") : value === null || value === undefined ? "" : String(value);
  }
  return values;
}

/** A dialog with one form that posts `intent` (and the row's `id` when editing). */
export function FormDialog<Shape extends Record<string, unknown>>({
  title,
  intent,
  id,
  form,
  submitLabel,
  busyLabel = "Saving...",
  destructive = false,
  submitDisabled = false,
  base,
  action,
  children,
}: {
  title: string;
  intent: string;
  id?: string;
  /** Where the form posts (default: the page's own route). */
  action?: string;
  form: FormMetadata<Shape, string[]>;
  submitLabel: string;
  busyLabel?: string;
  destructive?: boolean;
  submitDisabled?: boolean;
  /** An edit's base (useDialogForm's third value): what this form was opened on. */
  base?: Record<string, unknown>;
  children: ReactNode;
}) {
  const { close } = useDialogHrefs();
  const busy = useSubmitting(intent);
  return (
    <UrlDialog title={title} closeTo={close}>
      <Form method="post" action={action} preventScrollReset {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {id ? <input type="hidden" name="id" value={id} /> : null}
        {/* The server reads it for creating intents only (an invitation picked from a saved
            contact carries the contact's id and still creates): a second submit must not
            create twice. */}
        <IdempotencyField />
        {base ? <input type="hidden" name="base" value={JSON.stringify(base)} /> : null}
        {children}
        <DialogButtons closeTo={close} busy={busy || submitDisabled} label={busy ? busyLabel : submitLabel} destructive={destructive} />
      </Form>
    </UrlDialog>
  );
}

function DialogButtons({ closeTo, busy, label, destructive = false }: { closeTo: string; busy: boolean; label: string; destructive?: boolean }) {
  // `busy` disables the submit button (while saving, or until the form may be sent).
  return (
    <div className="flex gap-3 pt-2">
      <ButtonLink to={closeTo} replace preventScrollReset variant="secondary" className="flex-1">
        Cancel
      </ButtonLink>
      <Button type="submit" variant={destructive ? "destructive" : "primary"} className="flex-1" disabled={busy}>
        {label}
      </Button>
    </div>
  );
}

/** "Delete this?" with Cancel and a destructive button that posts `intent` for `id`. */
export function ConfirmDialog({
  title,
  message,
  intent,
  id,
  confirmLabel,
  action,
}: {
  title: string;
  message: ReactNode;
  intent: string;
  id: string;
  confirmLabel: string;
  /** Where the form posts (default: the page's own route). */
  action?: string;
}) {
  const { close } = useDialogHrefs();
  const busy = useSubmitting(intent);
  const outbox = useOutboxContext();
  const closeAfterQueue = useCloseAfterQueue();
  const queue =
    outbox && isQueued(intent)
      ? (event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          outbox.queue({ name: intent, args: { id } } as Parameters<typeof outbox.queue>[0]);
          closeAfterQueue();
        }
      : undefined;
  return (
    <UrlDialog title={title} closeTo={close}>
      <Form method="post" action={action} preventScrollReset className="space-y-4" onSubmit={queue}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <p className="text-sm text-slate-700">{message}</p>
        <DialogButtons closeTo={close} busy={busy} label={busy ? "Deleting..." : confirmLabel} destructive />
      </Form>
    </UrlDialog>
  );
}

/** Form fields that are not the form's values. */
const NOT_VALUES = new Set(["intent", "id", "idempotencyKey", "base"]);

/** A dialog's form as the outbox's mutation: its fields are the values; `base`: the row as the device last synced it. */
function formMutation(name: MutationName, rowId: string | undefined, formData: FormData, base?: Record<string, unknown>): NewMutation {
  const values: Record<string, string> = {};
  for (const [field, value] of formData) if (!NOT_VALUES.has(field) && typeof value === "string") values[field] = value;
  const { verb } = partsOf(name);
  const args = verb === "add" || verb === "group" ? { id: crypto.randomUUID(), values } : name === "edit-event" ? { values, ...(base ? { base } : {}) } : { id: rowId, values, ...(base ? { base } : {}) };
  return { name, args } as NewMutation;
}
