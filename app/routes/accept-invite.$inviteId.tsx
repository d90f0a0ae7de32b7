import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigation, useSearchParams, useSubmit } from "react-router";
import { AppFooter } from "~/components/page-shell";
import { greetingName, SignedInHeader } from "~/modules/notifications/components/signed-in-header";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { ActionToast } from "~/components/ui/toaster";
import { cloudflareContext } from "~/context";
import { errorToast, newToast } from "~/utils/result";
import { resendConfirmation } from "~/modules/account/service.server";
import { formatEventDate } from "~/modules/event/format";
import { coverageOf, invitationTimes } from "~/modules/team/invite-times";
import { type HourCycle, hourCycleForRequest } from "~/modules/timeline/span";
import { positionLabel } from "~/modules/team/schema";
import { INVITE_ID_PATTERN, type Invitation, inviterDisplayName, loadInvitation, respondToInvite } from "~/modules/team/service.server";
import { dbFrom, getViewer } from "~/utils/auth.server";
import { consume, LIMITS, TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import type { Viewer } from "~/modules/account/session.server";
import type { Toast } from "~/utils/toast";
import type { Route } from "./+types/accept-invite.$inviteId";
import { signOutSubmit } from "~/modules/offline/sign-out";

// docs/product/screens.md#invitation-acceptance. The invitation id is a capability URL: the page
// sends no referrer and is not indexed (docs/product/roles.md#capability-urls).
export function headers(): HeadersInit {
  return { "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex", "Cache-Control": "no-store" };
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Event Invitation | Event Flow" }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];
}

type Refusal = { kind: "invalid" | "not-found" | "unconfirmed" | "mismatch" };

/** Signed out: sign in or up as a guest and come back (docs/product/screens.md#invitation-acceptance). */
function requireInvitee(request: Request, viewer: Viewer | null): Viewer {
  if (viewer) return viewer;
  const url = new URL(request.url);
  const query = new URLSearchParams({ returnTo: `${url.pathname}${url.search}`, mode: "guest" });
  throw redirect(`/auth?${query}`);
}

/**
 * The invitation if it is this viewer's. docs/product/validation.md#invitation-e-mail-match: the invitee's e-mail must equal the
 * signed-in user's to view or accept it; anyone else learns nothing about the event.
 * Opened by the e-mail's secret, the mailbox is proved; opened by the invitation's id
 * (the bell's link), the account's address must already be confirmed.
 */
async function invitationFor(db: ReturnType<typeof dbFrom>, key: string, viewer: Viewer): Promise<Invitation | Refusal> {
  if (!INVITE_ID_PATTERN.test(key)) return { kind: "invalid" };
  const invitation = await loadInvitation(db, key);
  if (!invitation) return { kind: "not-found" };
  if (invitation.invite.email !== viewer.email) return { kind: "mismatch" };
  if (!invitation.viaToken && !viewer.emailConfirmed) return { kind: "unconfirmed" };
  return invitation;
}

const REFUSAL_STATUS = { invalid: 400, "not-found": 404, mismatch: 403, unconfirmed: 403 } as const;

function details(invitation: Invitation, hourCycle: HourCycle) {
  const { invite, event } = invitation;
  // The e-mail's rule (invite-times.ts): the invitation's times, else the timeline's.
  const times = invitationTimes(invite, invitation.day, hourCycle);
  return {
    inviteId: invite.id,
    status: invite.status,
    eventId: event.id,
    inviterName: inviterDisplayName(invitation.inviter),
    eventName: event.title || event.coupleNames || "Event",
    position: positionLabel(invite.inviteType),
    date: formatEventDate(event.date),
    startTime: times.start,
    endTime: times.end,
    location: event.venue,
    coverageHours: coverageOf(invite.coverageHours, invitation.day),
  };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireInvitee(request, getViewer(context));
  const found = await invitationFor(dbFrom(context), params.inviteId, viewer);
  const url = new URL(request.url);
  const header = { greetingName: greetingName(viewer), here: `${url.pathname}${url.search}` };
  // 'Confirm your address first' is a page of its own, not an error: it shows nothing of the invitation.
  if ("kind" in found) return data({ ...header, refusal: found, invitation: null }, { status: found.kind === "unconfirmed" ? 200 : REFUSAL_STATUS[found.kind] });
  return { ...header, refusal: null, invitation: details(found, hourCycleForRequest(viewer.timeFormat, request)) };
}

/**
 * docs/product/messages.md#events-and-team names the invited address here; decision 004 says only that
 * it was another one: whoever holds the link signed in as someone else learns nothing,
 * not even who was invited.
 */
const MISMATCH = "This invitation was sent to a different email address. Please sign in with the address it was sent to.";

const NOT_CONFIRMED = "Please confirm your email address first: open the link we emailed you, then come back to this invitation.";

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireInvitee(request, getViewer(context));
  const db = dbFrom(context);
  const { env } = context.get(cloudflareContext);
  const intent = (await request.formData()).get("intent");
  const found = await invitationFor(db, params.inviteId, viewer);
  if (intent === "resend-confirmation" && !("kind" in found && found.kind !== "unconfirmed")) {
    if (viewer.emailConfirmed) return { outcome: null, toast: success("Your email address is already confirmed") };
    // Decision 004: three re-sends per 10 minutes (one count per request).
    if (await consume(db, [[LIMITS.confirmationPerUser, viewer.userId]])) return data({ outcome: null, toast: errorToast("Error", TOO_MANY_ATTEMPTS) }, { status: 429 });
    const url = new URL(request.url);
    await resendConfirmation(db, env, url.origin, viewer, url.pathname);
    return { outcome: null, toast: success("Confirmation email sent", `Check ${viewer.email} for the link.`) };
  }
  if ("kind" in found) {
    const toast =
      found.kind === "mismatch"
        ? errorToast("Email Mismatch", MISMATCH)
        : found.kind === "unconfirmed"
          ? errorToast(intent === "decline" ? "Failed to decline invitation" : "Failed to accept invitation", NOT_CONFIRMED)
          : errorToast(found.kind === "invalid" ? "Invalid invitation link" : "Invitation not found");
    return data({ outcome: null, toast }, { status: REFUSAL_STATUS[found.kind] });
  }
  if (intent !== "accept" && intent !== "decline") return data({ outcome: null, toast: errorToast("Error", "That request was not understood.") }, { status: 400 });
  const failed = intent === "accept" ? "Failed to accept invitation" : "Failed to decline invitation";
  const result = await respondToInvite(db, env, found, viewer, intent);
  if (result.status === "already") {
    return data({ outcome: null, toast: errorToast(failed, `This invitation has already been ${result.current}.`) }, { status: 409 });
  }
  if (intent === "decline") {
    return { outcome: "declined" as const, toast: success("Invitation Declined", "The photographer has been notified of your decision.") };
  }
  return { outcome: "accepted" as const, toast: success("Invitation accepted", "The event is now in your Hired Events.") };
}

function success(title: string, description?: string): Toast {
  return newToast("success", title, description);
}

export default function AcceptInvite({ loaderData, actionData }: Route.ComponentProps) {
  const { refusal, invitation } = loaderData;
  return (
    <>
      <SignedInHeader greetingName={loaderData.greetingName} />
      <main className="mx-auto w-full max-w-md flex-1 px-4 py-8">
        {refusal ? <RefusalCard refusal={refusal} here={loaderData.here} /> : invitation ? <InvitationCard invitation={invitation} outcome={actionData?.outcome ?? null} /> : null}
      </main>
      <AppFooter />
      <ActionToast toast={actionData?.toast} />
    </>
  );
}

function RefusalCard({ refusal, here }: { refusal: Refusal; here: string }) {
  if (refusal.kind === "unconfirmed") {
    // Opened by the invitation's id (the bell): the address must be confirmed first.
    return (
      <Card>
        <CardTitle>Event Invitation</CardTitle>
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p>{NOT_CONFIRMED}</p>
          <Form method="post" className="mt-3">
            <Button type="submit" name="intent" value="resend-confirmation" variant="secondary">
              Resend Confirmation Email
            </Button>
          </Form>
        </div>
      </Card>
    );
  }
  if (refusal.kind !== "mismatch") {
    return (
      <Card>
        <CardTitle>{refusal.kind === "invalid" ? "Invalid invitation link" : "Invitation not found"}</CardTitle>
        <p className="mt-2 text-slate-600">The invitation may have been cancelled. Ask the photographer to send you a new one.</p>
        <ButtonLink to="/" className="mt-6 w-full">
          Return to Home
        </ButtonLink>
      </Card>
    );
  }
  return (
    <Card className="border-red-300 bg-red-50">
      <CardTitle className="text-red-800">Email Mismatch</CardTitle>
      <p role="alert" className="mt-2 text-red-800">
        {MISMATCH}
      </p>
      <Form method="post" action="/logout" onSubmit={signOutSubmit} className="mt-6">
        {/* After signing out: the sign-in screen (guest mode), then back to this invitation. */}
        <input type="hidden" name="returnTo" value={`/auth?${new URLSearchParams({ returnTo: here, mode: "guest" })}`} />
        <Button type="submit" className="w-full">
          Sign Out and Switch Account
        </Button>
      </Form>
    </Card>
  );
}

type Details = NonNullable<Route.ComponentProps["loaderData"]["invitation"]>;

function InvitationCard({ invitation, outcome }: { invitation: Details; outcome: "accepted" | "declined" | null }) {
  const status = outcome ?? invitation.status;
  if (status === "accepted") {
    return (
      <Card>
        <CardTitle>{outcome ? "You're on the team!" : "Event Invitation"}</CardTitle>
        <p className="mt-2 text-slate-700">
          {outcome ? `You joined ${invitation.eventName} as ${invitation.position}.` : "This invitation has already been accepted."}
        </p>
        <p className="mt-1 text-slate-600">You can access the event from your dashboard.</p>
        <div className="mt-6 flex gap-3">
          <ButtonLink to="/" variant="secondary" className="flex-1">
            View Dashboard
          </ButtonLink>
          <ButtonLink to={`/events/${invitation.eventId}`} className="flex-1">
            Go to Event
          </ButtonLink>
        </div>
      </Card>
    );
  }
  if (status !== "pending") {
    return (
      <Card>
        <CardTitle>{outcome ? "Invitation Declined" : "Event Invitation"}</CardTitle>
        <p className="mt-2 text-slate-700">
          {outcome ? "The photographer has been notified of your decision." : `This invitation has already been ${status}.`}
        </p>
        <ButtonLink to="/" variant="secondary" className="mt-6 w-full">
          Return to Home
        </ButtonLink>
      </Card>
    );
  }
  return <PendingInvitation invitation={invitation} />;
}

function PendingInvitation({ invitation }: { invitation: Details }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [params] = useSearchParams();
  const submit = useSubmit();
  const autoDeclined = useRef(false);
  // docs/product/screens.md#invitation-acceptance: with ?action=decline the decline runs by itself once the invitation has
  // loaded (a GET never changes anything: the browser posts it).
  useEffect(() => {
    if (params.get("action") !== "decline" || autoDeclined.current) return;
    autoDeclined.current = true;
    submit({ intent: "decline" }, { method: "post" });
  }, [params, submit]);

  const rows: [string, string | null][] = [
    ["Event", invitation.eventName],
    ["Position", invitation.position],
    ["Date", invitation.date],
    ["Start time", invitation.startTime],
    ["End time", invitation.endTime],
    ["Location", invitation.location],
    ["Coverage", `${invitation.coverageHours} ${invitation.coverageHours === 1 ? "hour" : "hours"}`],
  ];
  return (
    <Card>
      <h1 className="text-2xl font-bold text-slate-900">Event Invitation</h1>
      <p className="mt-2 text-slate-700">
        You've been invited by <strong>{invitation.inviterName}</strong>
      </p>
      <p className="mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-800">Free access: you don't need a subscription to join this event.</p>
      <dl className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 px-3 py-2 text-sm">
              <dt className="text-slate-600">{label}</dt>
              <dd className="text-right font-medium break-words text-slate-900">{value}</dd>
            </div>
          ))}
      </dl>
      <Form method="post" className="mt-6 flex flex-col gap-3">
        <Button type="submit" name="intent" value="accept" disabled={busy}>
          {busy && navigation.formData?.get("intent") === "accept" ? "Accepting..." : "Accept Invitation"}
        </Button>
        <Button type="submit" name="intent" value="decline" variant="secondary" disabled={busy} autoFocus={params.get("action") === "decline"}>
          {busy && navigation.formData?.get("intent") === "decline" ? "Declining..." : "Decline Invitation"}
        </Button>
      </Form>
    </Card>
  );
}
