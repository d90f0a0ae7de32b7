import { getFormProps, getInputProps, useForm } from "@conform-to/react";
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
import { EventSchema } from "~/modules/event/schema";
import { createEvent } from "~/modules/event/service.server";
import { hasActivePro, NEEDS_PRO } from "~/modules/billing/entitlement";
import { dbFrom, requireViewer } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { claimOf } from "~/utils/idempotency.server";
import type { Route } from "./+types/events.new";

export function meta(): Route.MetaDescriptors {
  return [{ title: "New Event | Event Flow" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return { greetingName: greetingName(viewer), canCreate: hasActivePro(viewer) };
}

/** Creating requires an active, unexpired Pro subscription, checked here (docs/product/subscription.md#who-is-a-subscriber). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request);
  if (!hasActivePro(viewer)) {
    return data({ result: undefined, toast: errorToast("Failed to create event", NEEDS_PRO) }, { status: 403 });
  }
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: EventSchema });
  if (submission.status !== "success") {
    const result = submission.reply();
    return invalid({}, result);
  }
  // Two submits of the same form (a double tap, a retry on bad signal) make one event.
  const claim = await claimOf(formData, `user:${viewer.userId}`, "create-event");
  if (claim === "malformed") return data({ result: undefined, toast: errorToast("Error", "That request was not understood.") }, { status: 400 });
  const eventId = await createEvent(dbFrom(context), viewer, submission.value, claim);
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
  const [form, fields] = useForm({
    id: "create-event-form",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation ? ({ formData, submitter }) => validation.validate(formData, submitter, validation.schemas.EventSchema) : undefined,
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
