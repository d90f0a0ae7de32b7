import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { Field } from "~/components/forms";
import { CheckboxField } from "~/components/checkbox-field";
import { IdempotencyField, optionsOf, SelectField } from "~/components/dialog-fields";
import { AppFooter } from "~/components/page-shell";
import { greetingName, SignedInHeader } from "~/modules/notifications/components/signed-in-header";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { ActionToast, useHydrated } from "~/components/ui/toaster";
import { validateWithToast } from "~/components/validate-with-toast";
import { cloudflareContext } from "~/context";
import { INVITE_TYPES } from "~/db/enums";
import { type Answer, errorToast, firstIssue, invalid, newToast } from "~/utils/result";
import { requireEventAccess } from "~/modules/event/service.server";
import { CopyLinkButton } from "~/modules/team/components/copy-link";
import { useHourCycle } from "~/root-data";
import { formatBlockStart, type HourCycle } from "~/modules/timeline/span";
import { INVITE_ENTRIES_MAX, INVITE_TYPE_LABELS, type InviteEntry, InviteEntriesSchema, newInviteEntrySchema } from "~/modules/team/schema";
import { sendInvitations } from "~/modules/team/send-invitations.server";
import { redirectWithToast } from "~/utils/toast.server";
import { claimOf } from "~/utils/idempotency.server";
import { useFlash } from "~/components/use-flash";
import type { Route } from "./+types/events.$eventId.invite";

// docs/product/screens.md#create-event: after creation, the optional step 'Invite Team & Clients'.
// The list lives in the page (hidden inputs), so adding, removing and sending work
// before JavaScript loads; the server validates every entry each time.

export function meta(): Route.MetaDescriptors {
  return [{ title: "Invite Team & Clients | Event Flow" }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { event, viewer } = await requireEventAccess(context, request, params.eventId, "manageEvent");
  return { greetingName: greetingName(viewer), event: { id: event.id, title: event.title } };
}

type ClientLink = { email: string; url: string; emailFailed: boolean };
type ActionData = Answer<{ entries: InviteEntry[] }>;

export async function action({ request, context, params }: Route.ActionArgs) {
  const { event, viewer, db } = await requireEventAccess(context, request, params.eventId, "manageEvent");
  const formData = await request.formData();
  // The list comes back from the page: every entry is validated again, as typed.
  const listed = parseWithZod(formData, { schema: InviteEntriesSchema });
  if (listed.status !== "success") {
    return data<ActionData>({ entries: [], toast: errorToast("Error", firstIssue(listed.reply()) ?? "That request was not understood.") }, { status: 400 });
  }
  let entries = listed.value.entries;
  const intent = formData.get("intent");

  if (intent === "add") {
    const submission = parseWithZod(formData, { schema: newInviteEntrySchema(entries.map((entry) => entry.email)) });
    if (submission.status !== "success") {
      const result = submission.reply();
      return invalid<ActionData>({ entries }, result);
    }
    if (entries.length >= INVITE_ENTRIES_MAX) {
      const message = `You can send at most ${INVITE_ENTRIES_MAX} invitations at once`;
      return data<ActionData>({ entries, result: submission.reply(), toast: errorToast("Validation Error", message) }, { status: 400 });
    }
    return { entries: [...entries, submission.value], result: submission.reply({ resetForm: true }), toast: null } satisfies ActionData;
  }

  if (typeof intent === "string" && intent.startsWith("remove:")) {
    const index = Number(intent.slice("remove:".length));
    if (!Number.isInteger(index) || index < 0 || index >= entries.length) {
      return data<ActionData>({ entries, toast: errorToast("Error", "That entry is no longer in the list.") }, { status: 400 });
    }
    entries = entries.filter((_, i) => i !== index);
    return { entries, toast: null } satisfies ActionData;
  }

  if (intent === "send") {
    // docs/product/validation.md#invite-entry: sending is blocked while the list is empty.
    if (entries.length === 0) {
      return data<ActionData>({ entries, toast: errorToast("Failed to send invitations", "Add at least one invitation to the list first.") }, { status: 400 });
    }
    const { env } = context.get(cloudflareContext);
    // Sending the same list twice (a double tap, a reload) sends each invitation once.
    const claim = await claimOf(formData, `user:${viewer.userId}:${event.id}`, "send-invitations");
    if (claim === "malformed") return data<ActionData>({ entries, toast: errorToast("Error", "That request was not understood.") }, { status: 400 });
    const sent = await sendInvitations(db, env, new URL(request.url).origin, viewer, event, entries, claim);
    if (sent.count === 0) {
      return data<ActionData>({ entries, toast: errorToast("Failed to send invitations", sent.refused.join(" ")) }, { status: 409 });
    }
    const toast = newToast("success", `${sent.count} invitation(s) sent successfully`, sent.refused.length ? `Not sent: ${sent.refused.join(" ")}` : null);
    // A client link can be copied only now: show it before the event opens, on this
    // page again (post/redirect/get: a reload sends nothing twice).
    if (sent.links.length) {
      throw await redirectWithToast(env, request, `/events/${event.id}/invite`, toast, { headers: { "X-Remix-Replace": "true" } }, { clientLinks: sent.links });
    }
    throw await redirectWithToast(env, request, `/events/${event.id}`, toast, { headers: { "X-Remix-Replace": "true" } });
  }

  return data<ActionData>({ entries, toast: errorToast("Error", "That request was not understood.") }, { status: 400 });
}

/** The list as hidden inputs, named as conform reads them back (`entries[0].email`). */
function EntryInputs({ entries }: { entries: InviteEntry[] }) {
  return entries.flatMap((entry, i) =>
    Object.entries(entry)
      .filter(([, value]) => value !== null && value !== false)
      .map(([name, value]) => <input key={`${i}.${name}`} type="hidden" name={`entries[${i}].${name}`} value={value === true ? "on" : String(value)} />),
  );
}

function describe(entry: InviteEntry, cycle: HourCycle) {
  if (entry.inviteType === "client") {
    const edits = [entry.canEditPeople && "people", entry.canEditTimeline && "timeline"].filter(Boolean);
    return edits.length ? `Can edit ${edits.join(" and ")}` : "View only";
  }
  return [
    entry.coverageHours !== null ? `${entry.coverageHours} h coverage` : null,
    entry.startTime && entry.endTime
      ? `${formatBlockStart(entry.startTime, cycle)} – ${formatBlockStart(entry.endTime, cycle)}`
      : entry.startTime
        ? `From ${formatBlockStart(entry.startTime, cycle)}`
        : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

export default function InviteStep({ loaderData, actionData }: Route.ComponentProps) {
  const { event } = loaderData;
  const cycle = useHourCycle();
  const entries = actionData?.entries ?? [];
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle";
  const [form, fields] = useForm({
    id: "invite-entry",
    lastResult: actionData?.result,
    defaultValue: { inviteType: "second_shooter", canEditPeople: "on", canEditTimeline: "on" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData, submitter }) => validateWithToast(formData, submitter, newInviteEntrySchema(entries.map((entry) => entry.email))),
  });
  const type = fields.inviteType.value ?? "second_shooter";
  // Without JavaScript every field shows (the server ignores what a type does not use).
  const showShooter = !hydrated || type !== "client";
  const showClient = !hydrated || type === "client";
  const links = useFlash("clientLinks");

  if (links?.length) return <ClientLinks greeting={loaderData.greetingName} eventId={event.id} links={links} />;

  return (
    <>
      <SignedInHeader greetingName={loaderData.greetingName} />
      <main className="mx-auto w-full max-w-xl flex-1 px-4 py-6">
        <h1 className="text-2xl font-bold text-slate-900">Invite Team &amp; Clients (Optional)</h1>
        <p className="mt-1 text-slate-600">
          {event.title} is ready. Invite your second shooters, associates and clients now, or later from the event's Team tab.
        </p>

        <Card className="mt-4">
          <Form method="post" {...getFormProps(form)} className="space-y-4" preventScrollReset>
            <EntryInputs entries={entries} />
            <SelectField label="Invite Type" inputProps={getSelectProps(fields.inviteType)} options={optionsOf(INVITE_TYPES, INVITE_TYPE_LABELS)} errors={fields.inviteType.errors} />
            <Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }} errors={fields.email.errors} />
            {showShooter ? (
              <>
                <Field
                  label="Coverage Hours"
                  hint={hydrated ? "1 to 24 hours" : "Shooters only: 1 to 24 hours"}
                  inputProps={{ ...getInputProps(fields.coverageHours, { type: "number" }), min: 1, max: 24, step: 0.5, inputMode: "decimal" }}
                  errors={fields.coverageHours.errors}
                />
                <div className="grid grid-cols-2 gap-3">
                  <Field label="Start Time" inputProps={getInputProps(fields.startTime, { type: "time" })} errors={fields.startTime.errors} />
                  <Field label="End Time" inputProps={getInputProps(fields.endTime, { type: "time" })} errors={fields.endTime.errors} />
                </div>
              </>
            ) : null}
            {showClient ? (
              <fieldset className="space-y-1">
                <legend className="text-sm font-medium text-slate-700">{hydrated ? "Client permissions" : "Client permissions (clients only)"}</legend>
                <CheckboxField label="Can edit people" inputProps={getInputProps(fields.canEditPeople, { type: "checkbox" })} />
                <CheckboxField label="Can edit timeline" inputProps={getInputProps(fields.canEditTimeline, { type: "checkbox" })} />
              </fieldset>
            ) : null}
            <Button type="submit" name="intent" value="add" variant="secondary" className="w-full" disabled={busy}>
              Add to List
            </Button>
          </Form>
        </Card>

        <Form method="post" className="mt-4" preventScrollReset>
          <IdempotencyField />
          <EntryInputs entries={entries} />
          <Card>
            <CardTitle>
              Invitations ({entries.length})
            </CardTitle>
            {entries.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">No invitations added yet.</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100">
                {entries.map((entry, i) => (
                  <li key={entry.email} className="flex items-center gap-3 py-2">
                    <div className="min-w-0 flex-1">
                      <p className="font-medium break-words text-slate-900">{entry.email}</p>
                      <p className="text-sm text-slate-600">
                        {[INVITE_TYPE_LABELS[entry.inviteType], describe(entry, cycle)].filter(Boolean).join(" · ")}
                      </p>
                    </div>
                    <Button type="submit" name="intent" value={`remove:${i}`} variant="secondary" className="min-h-10 px-3" aria-label={`Remove ${entry.email}`} disabled={busy}>
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <div className="mt-4 flex gap-3">
            <ButtonLink to={`/events/${event.id}`} replace variant="secondary" className="flex-1">
              Skip for Now
            </ButtonLink>
            <Button type="submit" name="intent" value="send" className="flex-1" disabled={busy || entries.length === 0}>
              {busy && navigation.formData?.get("intent") === "send" ? "Sending..." : "Send Invitations"}
            </Button>
          </div>
        </Form>
      </main>
      <AppFooter />
      <ActionToast toast={actionData?.toast} />
    </>
  );
}

/** After sending: the client links, copyable this once (docs/product/screens.md#client-tab), then the event. */
function ClientLinks({ greeting, eventId, links }: { greeting: string; eventId: string; links: ClientLink[] }) {
  return (
    <>
      <SignedInHeader greetingName={greeting} />
      <main className="mx-auto w-full max-w-xl flex-1 space-y-4 px-4 py-6">
        <h1 className="text-2xl font-bold text-slate-900">Client links</h1>
        <p className="text-slate-600">For security, a client link can only be copied now, right after it was created.</p>
        {links.map((link) => (
          <Card key={link.url}>
            <p className="font-medium break-words text-slate-900">{link.email}</p>
            <p className="mt-1 text-sm text-slate-600">
              {link.emailFailed ? "The email could not be sent. Copy the link and share it manually." : "We emailed this link to the client."}
            </p>
            <input readOnly aria-label={`Client link for ${link.email}`} value={link.url} className="mt-3 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" />
            <CopyLinkButton url={link.url} className="mt-3 w-full" />
          </Card>
        ))}
        <ButtonLink to={`/events/${eventId}`} replace className="w-full">
          Open Event
        </ButtonLink>
      </main>
      <AppFooter />
    </>
  );
}
