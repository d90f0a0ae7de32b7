import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { useState } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { Field } from "~/components/forms";
import { IdempotencyField } from "~/components/dialog-fields";
import { AppFooter } from "~/components/page-shell";
import { greetingName, SignedInHeader } from "~/modules/notifications/components/signed-in-header";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ActionToast, useHydrated } from "~/components/ui/toaster";
import { useLazyValidation } from "~/components/use-lazy-validation";
import { cloudflareContext } from "~/context";
import { errorToast, invalid, newToast } from "~/utils/result";
import { NewEventSchema } from "~/modules/event/schema";
import { SelectField } from "~/components/dialog-fields";
import { listTemplatesQuery, rowsFromTemplate, templateBody } from "~/modules/templates/service.server";
import { templateSummary } from "~/modules/templates/template";
import { createEvent } from "~/modules/event/service.server";
import { hasActivePro, NEEDS_PRO } from "~/modules/billing/entitlement";
import { dbFrom, requireViewer } from "~/utils/auth.server";
import { viewerWithReads } from "~/modules/account/session-batch.server";
import { redirectWithToast } from "~/utils/toast.server";
import { claimOf } from "~/utils/idempotency.server";
import type { Route } from "./+types/events.new";

export function meta(): Route.MetaDescriptors {
  return [{ title: "New Event | Event Flow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // The user's templates ('Start from') in the session's own batch: one round trip.
  const db = dbFrom(context);
  const { viewer, results } = await viewerWithReads(context, request, db, (userId) => ({ templates: listTemplatesQuery(db, userId) }));
  return { greetingName: greetingName(viewer), canCreate: hasActivePro(viewer), templates: results.templates };
}

/** Creating requires an active, unexpired Pro subscription, checked here (docs/product/subscription.md#who-is-a-subscriber). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request);
  if (!hasActivePro(viewer)) {
    return data({ result: undefined, toast: errorToast("Failed to create event", NEEDS_PRO) }, { status: 403 });
  }
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: NewEventSchema });
  if (submission.status !== "success") {
    const result = submission.reply();
    return invalid({}, result);
  }
  const { startFrom, firstStart, ...input } = submission.value;
  const db = dbFrom(context);
  // 'Start from' a template: the viewer's own only (another user's id is unknown here).
  const body = startFrom ? await templateBody(db, viewer.userId, startFrom) : null;
  if (startFrom && !body) return data({ result: undefined, toast: errorToast("Failed to create event", "That template no longer exists.") }, { status: 404 });
  // Two submits of the same form (a double tap, a retry on bad signal) make one event.
  const claim = await claimOf(formData, `user:${viewer.userId}`, "create-event");
  if (claim === "malformed") return data({ result: undefined, toast: errorToast("Error", "That request was not understood.") }, { status: 400 });
  const eventId = await createEvent(db, viewer, input, claim, body ? rowsFromTemplate(body, firstStart) : undefined);
  // docs/product/screens.md#create-event: next comes the optional invite step, then the event. Replace the form's
  // history entry: Back from there leads to the list.
  throw await redirectWithToast(
    context.get(cloudflareContext).env,
    request,
    `/events/${eventId}/invite`,
    newToast("success", "Event created successfully!"),
    { headers: { "X-Remix-Replace": "true" } },
  );
}

// Validation (zod) loads after hydration, as on the landing page (decision 014); until
// then the server validates with the same messages (useLazyValidation).
const loadSchemas = () => import("~/modules/event/schema");

export default function NewEvent({ loaderData, actionData }: Route.ComponentProps) {
  const creating = useNavigation().state === "submitting";
  const browserTimeZone = useHydrated() ? Intl.DateTimeFormat().resolvedOptions().timeZone : null;
  const validation = useLazyValidation(loadSchemas);
  // The chosen template's first start fills 'First block starts at' (the server uses it too when left empty).
  const [chosen, setChosen] = useState("");
  const chosenTemplate = loaderData.templates.find((template) => template.id === chosen) ?? null;
  const [form, fields] = useForm({
    id: "create-event-form",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation ? ({ formData, submitter }) => validation.validate(formData, submitter, validation.schemas.NewEventSchema) : undefined,
  });
  return (
    <>
      <SignedInHeader greetingName={loaderData.greetingName} />
      <main className="mx-auto w-full max-w-xl flex-1 px-4 py-6">
        <Link to="/" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
          ← Back to Events
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Create Event</h1>
        {loaderData.canCreate ? null : <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{NEEDS_PRO}</p>}
        <Card className="mt-4">
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <IdempotencyField />
            <Field required label="Event Title" inputProps={getInputProps(fields.title, { type: "text" })} errors={fields.title.errors} />
            <Field label="Couple Names" inputProps={getInputProps(fields.coupleNames, { type: "text" })} errors={fields.coupleNames.errors} />
            <Field required label="Wedding Date" inputProps={getInputProps(fields.date, { type: "date" })} errors={fields.date.errors} />
            <Field label="Venue" inputProps={getInputProps(fields.venue, { type: "text" })} errors={fields.venue.errors} />
            {/* docs/product/screens.md#create-event: the defaults, or one of the lead's templates laid from a first start. */}
            {loaderData.templates.length > 0 ? (
              <>
                <SelectField
                  label="Start from"
                  inputProps={{ ...getSelectProps(fields.startFrom), onChange: (change) => setChosen(change.currentTarget.value) }}
                  options={[
                    { value: "", label: "Default timeline and shots" },
                    ...loaderData.templates.map((template) => ({ value: template.id, label: `${template.name} (${templateSummary(template.blockCount, template.shotCount)})` })),
                  ]}
                  errors={fields.startFrom.errors}
                />
                <Field
                  label="First block starts at"
                  inputProps={{ ...getInputProps(fields.firstStart, { type: "time" }), placeholder: chosenTemplate?.firstStart ?? undefined, key: chosenTemplate?.id ?? "none", defaultValue: chosenTemplate?.firstStart ?? "" }}
                  errors={fields.firstStart.errors}
                  hint="For a template: its blocks keep their times from the first one. Empty: the template's own first start."
                />
              </>
            ) : null}
            {/* The event's time zone decides its status (docs/product/flows.md#event-status); the lead's own is the
                best guess. Without JavaScript it stays UTC and can be changed in Edit. */}
            {browserTimeZone ? <input type="hidden" name="timeZone" value={browserTimeZone} /> : null}
            <div className="flex gap-3">
              <ButtonLink to="/" variant="secondary" className="flex-1">
                Cancel
              </ButtonLink>
              <Button type="submit" className="flex-1" disabled={creating || !loaderData.canCreate}>
                {creating ? "Creating..." : "Create Event"}
              </Button>
            </div>
          </Form>
        </Card>
      </main>
      <AppFooter />
      <ActionToast toast={actionData?.toast} />
    </>
  );
}
