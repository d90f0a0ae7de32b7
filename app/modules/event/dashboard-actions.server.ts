import type { SubmissionResult } from "@conform-to/react";
import { hourCycleOf } from "~/modules/timeline/span";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, replace } from "react-router";
import { z } from "zod";
import { cloudflareContext } from "~/context";
import { settledViewer, settleSession, takeSessionForBatch } from "~/modules/account/session-batch.server";
import { type ErrorCode, errorToast, invalid, newToast } from "~/utils/result";
import { dbFrom, requireViewer } from "~/utils/auth.server";
import type { Db } from "~/utils/db.server";
import { redirectWithToast } from "~/utils/toast.server";
import { type Claim, claimOf, IDEMPOTENCY_FIELD } from "~/utils/idempotency.server";
import { closeDialogHref } from "./dialog-href";
import { type DashboardActionData, type DashboardIntent, INTENT_PERMISSIONS, isDashboardIntent } from "./intents";
import { type MutationName, MutationSchema, isMutationName, partsOf, VALUES_SCHEMAS } from "./mutations";
import { conflictToast, SAVED_TOAST } from "~/modules/offline/answer-messages";
import { ACCESS_ENDED, GONE_MESSAGE, NO_PERMISSION, NOT_UNDERSTOOD, type JoinedReads, runMutation, type Sender, sqlSender } from "./mutations.server";
import { DeleteEventSchema } from "./schema";
import { type EventRow, isEventId, requireEventAccess } from "./service.server";
import type { Change } from "~/modules/live/protocol";
import { publishCommitted, revokeLive } from "~/modules/live/room.server";
import type { Revocation } from "~/modules/live/room-contract";
import { createClientAccess } from "~/modules/client-access/service.server";
import { TEAM_SIZE_MAX, TeamInviteSchema } from "~/modules/team/schema";
import { ClientAccessSchema } from "~/modules/client-access/schema";
import { inviterDisplayName, leaveEvent, personName, removeTeamRow, sendShooterInvite, type TeamRowKind } from "~/modules/team/service.server";
import type { Viewer } from "~/modules/account/session.server";
import { saveTemplate } from "~/modules/templates/service.server";
import { TemplateNameSchema } from "~/modules/templates/schema";
import { TEMPLATES_PER_USER_MAX } from "~/modules/templates/template";

// The event dashboard's forms. A change to the event's plan is a mutation
// (mutations.ts), run by the one function (mutations.server.ts) from the form's fields
// (formMutation, also the portal's). The team and client-link changes (invite, remove,
// leave, create or revoke a link) are online-only intents handled here: the right each
// needs is in intents.ts and checked by requireEventAccess before anything runs.
// Messages are docs/product/messages.md's; where the spec gives none they follow its pattern.

export type Outcome =
  /** Saved, with a success toast; the page then shows `to` (default: the dialog closed). */
  | { kind: "saved"; toast?: string; to?: string; live?: Live; repeat?: true }
  /** Saved, and the page stays as it is (checking off: no redirect, no toast). */
  | { kind: "stay" }
  /** The form did not validate: 400 with the field errors and the first issue in a toast. */
  | { kind: "invalid"; result: SubmissionResult<string[]> }
  /** Saved but for fields someone else changed meanwhile (theirs kept): 409, the form again with this device's values. */
  | { kind: "conflict"; title: string; description: string; result: SubmissionResult<string[]> }
  /**
   * Refused with a clear message (404: the row is gone; 400: malformed or over a limit);
   * `code` 'access-ended' when the event is gone for the sender, answered as the page's 404.
   */
  | { kind: "failed"; status: 400 | 403 | 404 | 409 | 429; title: string; description: string; code?: ErrorCode }
  /** A client link was created: the page shows it this once, to copy (docs/product/screens.md#client-tab). */
  | { kind: "client-link"; toast: string; url: string; email: string; emailFailed: boolean; live?: Live };

/** What the event's live room is told of a saved change (decision 006), and whose sockets close. */
type Live = { change: Omit<Change, "actor">; revoke?: Revocation };

export type IntentContext = {
  db: Db;
  env: Env;
  origin: string;
  event: EventRow;
  /** The signed-in user (the lead, or a member leaving). */
  viewer: Viewer;
  eventId: string;
  userId: string;
  formData: FormData;
  /** A creating form's claim: a repeated submit answers as the first did (decision 007). */
  claim?: Claim | null;
};
type Context = IntentContext;
type IntentHandler = (context: Context) => Promise<Outcome>;


const MALFORMED: Extract<Outcome, { kind: "failed" }> = { kind: "failed", status: 400, title: "Error", description: NOT_UNDERSTOOD, code: "malformed" };
const RowIdSchema = z.string().min(1).max(64);

function parse<S extends z.ZodType>(formData: FormData, schema: S) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status === "success") return { value: submission.value as z.output<S> };
  return { invalid: { kind: "invalid", result: submission.reply() } as const };
}

function rowId(formData: FormData) {
  const parsed = RowIdSchema.safeParse(formData.get("id"));
  return parsed.success ? parsed.data : null;
}

/** A team tab row: `invite:<id>`, `member:<id>` or `client:<id>`. */
const TeamRowSchema = z.string().max(100).regex(/^(invite|member|client):[A-Za-z0-9_-]{1,64}$/);

/** docs/product/messages.md#success-messages 'Invitation sent successfully' / 'Failed to send invitation'. */
const inviteTeam: IntentHandler = async ({ db, env, origin, event, viewer, formData, claim = null }) => {
  const { value, invalid } = parse(formData, TeamInviteSchema);
  if (invalid) return invalid;
  if (value.inviteType === "client") {
    // docs/product/roles.md#client-links: a client invited from the team tab gets a view-only link.
    const created = await createClientAccess(db, env, origin, {
      event,
      inviterName: inviterDisplayName(viewer),
      createdBy: viewer.userId,
      clientEmail: value.email,
      flags: { canEditPeople: false, canEditTimeline: false, canEditShots: false, canEditVendors: false },
    }, claim);
    if (!created) return { kind: "failed", status: 400, title: "Failed to send invitation", description: `An event can have at most ${TEAM_SIZE_MAX} client links.` };
    return { kind: "client-link", toast: "Invitation sent successfully", url: created.url, email: value.email, emailFailed: created.emailFailed, live: TEAM_CHANGED };
  }
  const outcome = await sendShooterInvite(db, env, origin, { ...viewer, hourCycle: hourCycleOf(viewer.timeFormat, viewer.autoHourCycle) }, event, { ...value, inviteType: value.inviteType, inviteeName: value.firstName }, claim);
  if (outcome.status === "refused") return { kind: "failed", status: outcome.tooMany ? 429 : 409, title: "Failed to send invitation", description: outcome.message };
  return { kind: "saved", toast: "Invitation sent successfully", to: teamTab(event.id), live: TEAM_CHANGED };
};

/**
 * Team and client-link changes reach devices as a signal to refresh the team tab: their
 * rows hold addresses that only the lead may see, so no rows travel.
 */
const TEAM_CHANGED: Live = { change: { entity: "team", op: "upsert" } };

const teamTab = (eventId: string) => `/events/${eventId}?tab=team`;

/** The team and client-link changes: online only, the lead's (or a member leaving), each e-mails or ends access. */
type TeamIntent = Exclude<DashboardIntent, MutationName>;
const HANDLERS: Record<TeamIntent, IntentHandler> = {
  "invite-team": inviteTeam,
  "create-client-access": async ({ db, env, origin, event, viewer, formData, claim = null }) => {
      const { value, invalid } = parse(formData, ClientAccessSchema);
    if (invalid) return invalid;
    const { clientEmail, ...flags } = value;
    const created = await createClientAccess(db, env, origin, { event, inviterName: inviterDisplayName(viewer), createdBy: viewer.userId, clientEmail, flags }, claim);
    if (!created) return { kind: "failed", status: 400, title: "Error", description: `An event can have at most ${TEAM_SIZE_MAX} client links.` };
    return { kind: "client-link", toast: "Client access created", url: created.url, email: clientEmail, emailFailed: created.emailFailed, live: { change: { entity: "client_access", op: "upsert" } } };
  },
  "revoke-client-access": async ({ db, eventId, formData }) => {
    const id = rowId(formData);
    if (!id) return MALFORMED;
    if (!(await removeTeamRow(db, eventId, "client", id))) return { kind: "failed", status: 404, title: "Error", description: GONE_MESSAGE };
    return { kind: "saved", toast: "Access revoked", live: { change: { entity: "client_access", op: "delete", ids: [id] }, revoke: { clientAccessId: id } } };
  },
  "remove-team": async ({ db, eventId, formData }) => {
    const row = TeamRowSchema.safeParse(formData.get("id"));
    if (!row.success) return MALFORMED;
    const [kind, id] = row.data.split(":") as [TeamRowKind, string];
    const removed = await removeTeamRow(db, eventId, kind, id);
    if (!removed) return { kind: "failed", status: 404, title: "Failed to remove team member", description: GONE_MESSAGE };
    // A removed member or client link loses its open sockets at once (decision 006).
    const revoke: Revocation | undefined = kind === "client" ? { clientAccessId: id } : typeof removed === "object" ? { userId: removed.userId } : undefined;
    return { kind: "saved", toast: "Team member removed", to: teamTab(eventId), live: { ...TEAM_CHANGED, revoke } };
  },
  "save-template": async ({ db, eventId, userId, formData, claim = null }) => {
    const { value, invalid } = parse(formData, TemplateNameSchema);
    if (invalid) return invalid;
    const saved = await saveTemplate(db, userId, eventId, value.name, claim);
    if (saved.ok) return { kind: "saved", toast: "Template saved" };
    if (saved.reason === "not-lead") return { kind: "failed", status: 403, title: "Failed to save template", description: NO_PERMISSION };
    if (saved.reason === "too-large") return { kind: "failed", status: 400, title: "Failed to save template", description: "This event is too large to save as a template." };
    return { kind: "failed", status: 400, title: "Failed to save template", description: `You can keep at most ${TEMPLATES_PER_USER_MAX} templates. Delete one in Settings first.` };
  },
  "leave-event": async ({ db, env, event, viewer }) => {
      if (!(await leaveEvent(db, env, event, viewer))) return { kind: "failed", status: 404, title: "Error", description: "You are no longer on this event's team." };
    return { kind: "saved", toast: "You left the event", to: "/?tab=hired", live: { ...TEAM_CHANGED, revoke: { userId: viewer.userId } } };
  },
};

/**
 * The event dashboard's action: who is asking (signed out: sign in; no role: 404;
 * a role without the right: 403), then the intent's own validation, then the change.
 * Saves answer with a redirect that replaces the history entry (the dialog's URL), so
 * the back button still leads where the user came from.
 */
export async function handleDashboardAction(context: Readonly<RouterContextProvider>, request: Request, eventId: string | undefined) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const db = dbFrom(context);
  // A change to the plan (a check-off above all) reads the session in
  // its own batch, one round trip (root.tsx joins it for this action); anything else
  // reads it first.
  const session = isMutationName(intent) && isEventId(eventId) ? takeSessionForBatch(context) : null;
  // Signed out (or the session expired or was revoked): to sign in, nothing written.
  if (!session) {
    await settledViewer(context, db);
    requireViewer(context, request);
  }
  if (!isDashboardIntent(intent)) {
    return data<DashboardActionData>({ intent: null, toast: errorToast(MALFORMED.title, MALFORMED.description) }, { status: 400 });
  }
  const { env } = context.get(cloudflareContext);
  if (isMutationName(intent)) {
    if (!isEventId(eventId)) throw data("Event not found", { status: 404 });
    // Scoped to the event too: the page's key may outlive a move to another event's page.
    // The claim is the mutation's id, whose record is the sender's own (runMutation).
    const claim = await claimForIntent(formData, `event:${eventId}`, intent);
    const asker = session ? null : requireViewer(context, request);
    const sender = asker ? { userId: asker.userId, name: personName({ firstName: asker.firstName, lastName: asker.lastName, businessName: asker.businessName }) } : sqlSender(session!.userId);
    const joined: JoinedReads | undefined = session ? { statements: session.statements } : undefined;
    const outcome = claim === "malformed" ? MALFORMED : await formMutation(db, env, sender, eventId, intent, formData, claim, joined);
    // Settled from the change's batch, or read on its own if none carried it.
    if (session) await settleSession(context, db, session, joined?.results);
    requireViewer(context, request);
    // The page's own answers to a stranger and to a role without the right (requireEventAccess's).
    if (outcome.kind === "failed" && outcome.code === "access-ended") throw data(ACCESS_ENDED, { status: 404 });
    if (outcome.kind === "failed" && outcome.status === 403) throw data(NO_PERMISSION, { status: 403 });
    return answerOutcome(context, request, intent, outcome);
  }
  const asker = requireViewer(context, request);
  // Scoped to the event too: the page's key may outlive a move to another event's page.
  const claim = await claimForIntent(formData, `user:${asker.userId}:${eventId}`, intent);
  if (claim === "malformed") return data<DashboardActionData>({ intent, toast: errorToast(MALFORMED.title, MALFORMED.description) }, { status: 400 });
  const { event, viewer } = await requireEventAccess(context, request, eventId, INTENT_PERMISSIONS[intent]);
  const outcome = await HANDLERS[intent]({ db, env, origin: new URL(request.url).origin, event, viewer, eventId: event.id, userId: viewer.userId, formData, claim });
  await announce(db, env, event, outcome, viewer.userId);
  return answerOutcome(context, request, intent, outcome);
}

/** Form fields that are not the form's values. */
const NOT_VALUES = new Set(["intent", "id", "done", "direction", "base", IDEMPOTENCY_FIELD]);

/**
 * A form (dashboard or portal, with or without JavaScript) as the mutation it is, run by
 * the one function (mutations.server.ts), and its result as the page answers it. A
 * creating form's claim is the mutation's id, so a second submit is a repeat of the
 * first; other forms carry desired states (done true or false) and get a fresh id.
 */
export async function formMutation(db: Db, env: Env, sender: Sender, eventId: string | null, intent: MutationName, formData: FormData, claim: Claim | null, joined?: JoinedReads): Promise<Outcome> {
  // The dialog's own schema, for its field errors as the form shows them (the mutation's
  // values are read by the same one again in runMutation).
  const { verb, kind } = partsOf(intent);
  const schema = intent === "delete-event" ? DeleteEventSchema : verb === "add" || verb === "edit" || verb === "group" || verb === "regroup" ? VALUES_SCHEMAS[kind] : undefined;
  if (schema) {
    const { invalid } = parse(formData, schema);
    if (invalid) return invalid;
  }
  const values: Record<string, string> = {};
  for (const [name, value] of formData) if (!NOT_VALUES.has(name) && typeof value === "string") values[name] = value;
  // A grouping's form before JavaScript: its ticked people (`person`, one each), in the people list's order.
  if (formData.has("person")) {
    values.personIds = JSON.stringify(formData.getAll("person"));
    delete values.person;
  }
  const field = (name: string) => formData.get(name) ?? undefined;
  let base: unknown;
  try {
    base = typeof formData.get("base") === "string" ? JSON.parse(String(formData.get("base"))) : undefined;
  } catch {
    return MALFORMED;
  }
  const id = field("id");
  const done = field("done");
  const args: Record<MutationName, unknown> = {
    "toggle-block": { id, done: done === "true" ? true : done === "false" ? false : done, ...(field("skipped") === "true" ? { skipped: true } : {}) },
    "toggle-shot": { id, done: done === "true" ? true : done === "false" ? false : done },
    "add-block": { id: crypto.randomUUID(), values },
    "add-shot": { id: crypto.randomUUID(), values },
    "add-person": { id: crypto.randomUUID(), values },
    "add-vendor": { id: crypto.randomUUID(), values },
    "group-shot": { id: crypto.randomUUID(), values },
    "regroup-shot": { id, values, base },
    "edit-block": { id, values, base },
    "edit-shot": { id, values, base },
    "edit-person": { id, values, base },
    "edit-vendor": { id, values, base },
    "edit-event": { values, base },
    "move-block": { id, direction: field("direction") },
    // A number field reads as text: a value that is not a number stays text, which the schema refuses.
    "shift-block": field("undo") === "true" ? { undo: true } : { id, minutes: Number.isFinite(Number(field("minutes"))) && field("minutes") !== "" ? Number(field("minutes")) : field("minutes"), basis: field("basis") },
    // The Assign dialog's checkboxes, one `userIds` each ticked.
    "assign-block": { id, userIds: formData.getAll("userIds") },
    "assign-shot": { id, userIds: formData.getAll("userIds") },
    "delete-block": { id },
    "delete-shot": { id },
    "delete-person": { id },
    "delete-vendor": { id },
    "delete-event": { confirmation: field("confirmation") },
  };
  const mutation = MutationSchema.safeParse({ id: claim ? claim.key : crypto.randomUUID(), name: intent, args: args[intent] });
  if (!mutation.success) return MALFORMED;
  const { result, ended } = await runMutation(db, env, sender, eventId, mutation.data, joined);
  if (result.status === "refused") return { kind: "failed", status: result.code, title: result.title, description: result.message, ...(ended ? { code: "access-ended" as const } : {}) };
  // Someone else changed some of these fields since the form was opened: theirs were kept,
  // the rest saved. The form stays open with this device's values, on the row as it is
  // now, so saving again applies them (without JavaScript).
  if (result.conflicts?.length) {
    const { title, description } = conflictToast(partsOf(intent).kind, result.conflicts);
    // The form shows this device's values again (no error on any field).
    const shown: SubmissionResult<string[]> = { status: "error", initialValue: { ...values, intent, ...(typeof id === "string" ? { id } : {}) }, error: {} };
    return { kind: "conflict", title, description, result: shown };
  }
  if (intent === "toggle-block" || intent === "toggle-shot") return { kind: "stay" };
  // docs/product/messages.md; the same words as the outbox's toasts (offline/answer-messages.ts).
  if (intent === "delete-event") return { kind: "saved", toast: "Event deleted successfully", to: "/" };
  const toast = SAVED_TOAST[intent];
  return { kind: "saved", ...(toast ? { toast } : {}), ...(result.replay ? { repeat: true as const } : {}) };
}

/** After D1 has committed a team change: tells the event's live room, and closes the sockets whose access ended. */
async function announce(db: Db, env: Env, event: Pick<EventRow, "id">, outcome: Outcome, actorId: string) {
  const live = "live" in outcome ? outcome.live : undefined;
  if (!live) return;
  await publishCommitted(db, env, event.id, { ...live.change, actor: actorId });
  if (live.revoke) await revokeLive(env, event.id, live.revoke);
}

/** The intents whose forms create something, and so carry an idempotency key (their claim is the mutation's id). */
const CREATING: ReadonlySet<DashboardIntent> = new Set(["add-block", "add-shot", "group-shot", "add-person", "add-vendor", "invite-team", "create-client-access", "save-template"]);

/** The claim of a creating intent's submission (null for other intents, or without a key). */
export function claimForIntent(formData: FormData, scope: string, intent: DashboardIntent) {
  return CREATING.has(intent) ? claimOf(formData, scope, intent) : Promise.resolve(null);
}

/**
 * The response to an intent's outcome: a redirect with the success toast (replacing
 * the dialog's history entry), or the page again with the errors and a toast.
 * `description` adds a line to the success toast (the client portal's notice).
 */
export async function answerOutcome(
  context: Readonly<RouterContextProvider>,
  request: Request,
  intent: DashboardIntent,
  outcome: Outcome,
  description?: string,
) {
  switch (outcome.kind) {
    case "stay":
      return data<DashboardActionData>({ intent, toast: null });
    case "invalid":
      return invalid<DashboardActionData>({ intent }, outcome.result);
    case "failed":
      return data<DashboardActionData>({ intent, toast: errorToast(outcome.title, outcome.description) }, { status: outcome.status });
    case "conflict":
      return data<DashboardActionData>({ intent, result: outcome.result, toast: errorToast(outcome.title, outcome.description) }, { status: 409 });
    case "client-link": {
      // Post/redirect/get (decision 007): the address no longer asks for the form's
      // dialog, and a reload sends nothing again. The link rides in the one-time flash
      // cookie to the page that follows, which shows it until dismissed.
      const url = new URL(request.url);
      const { env } = context.get(cloudflareContext);
      const toast = outcome.emailFailed
        ? newToast("error", "Email not sent", "The link was created, but the email could not be sent. Please copy the link and share it manually.")
        : newToast("success", outcome.toast);
      throw await redirectWithToast(env, request, closeDialogHref(url.pathname, url.searchParams), toast, { headers: { "X-Remix-Replace": "true" } }, {
        clientLink: { url: outcome.url, email: outcome.email, emailFailed: outcome.emailFailed },
      });
    }
    case "saved": {
      const url = new URL(request.url);
      const to = outcome.to ?? closeDialogHref(url.pathname, url.searchParams);
      if (!outcome.toast) throw replace(to);
      const { env } = context.get(cloudflareContext);
      const toast = newToast("success", outcome.toast, description);
      throw await redirectWithToast(env, request, to, toast, { headers: { "X-Remix-Replace": "true" } });
    }
  }
}
