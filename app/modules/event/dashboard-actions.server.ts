import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, replace } from "react-router";
import { z } from "zod";
import { cloudflareContext } from "~/context";
import { errorToast, firstIssue } from "~/modules/account/action-result";
import { PersonSchema } from "~/modules/people/schema";
import { ShotSchema } from "~/modules/shots/schema";
import { BlockSchema } from "~/modules/timeline/schema";
import { VendorSchema } from "~/modules/vendors/schema";
import { requireViewer } from "~/utils/auth.server";
import type { Db } from "~/utils/db.server";
import { redirectWithToast } from "~/utils/toast.server";
import { type Claim, claimOf, once } from "~/utils/idempotency.server";
import { closeDialogHref } from "./dialog-href";
import { type DashboardActionData, type DashboardIntent, INTENT_PERMISSIONS, isDashboardIntent } from "./intents";
import { deleteRow, insertRow, limitMessage, moveBlock, type RowKind, type RowValues, setDoneStatement, updatedRow, updateRow } from "./rows.server";
import { DeleteEventSchema, EditEventSchema } from "./schema";
import { deleteEvent, type EventRow, requireEventAccess, toEventSummary, updateEvent } from "./service.server";
import type { Change } from "~/modules/live/protocol";
import { publishChange, revokeLive } from "~/modules/live/room.server";
import type { Revocation } from "../../../workers/durable-objects/event-room";
import { createClientAccess } from "~/modules/client-access/service.server";
import { TEAM_SIZE_MAX, TeamInviteSchema } from "~/modules/team/schema";
import { ClientAccessSchema } from "~/modules/client-access/schema";
import { inviterDisplayName, leaveEvent, personName, removeTeamRow, sendShooterInvite, type TeamRowKind } from "~/modules/team/service.server";
import type { Viewer } from "~/utils/session.server";
import { type SQL, sql } from "drizzle-orm";
import { notifyTeamChange, type TeamChange, type TeamChangeType } from "~/modules/notifications/team-changes.server";

// Every change the event dashboard can make: how its form is validated (the same zod
// schema as the form in the browser) and what it does. The right each one needs is
// in intents.ts and checked by requireEventAccess before anything runs. Messages are
// spec §8's; where the spec gives none for the dashboard they follow its pattern.

export type Outcome =
  /** Saved, with a success toast; the page then shows `to` (default: the dialog closed). */
  | { kind: "saved"; toast?: string; to?: string; live?: Live; notice?: TeamChange; repeat?: true }
  /** Saved, and the page stays as it is (checking off: no redirect, no toast). */
  | { kind: "stay"; live?: Live; notice?: TeamChange }
  /** The form did not validate: 400 with the field errors and the first issue in a toast. */
  | { kind: "invalid"; result: SubmissionResult<string[]> }
  /** Refused with a clear message (404: the row is gone; 400: malformed or over a limit). */
  | { kind: "failed"; status: 400 | 404 | 409 | 429; title: string; description: string }
  /** A client link was created: the page shows it this once, to copy (spec §2 'Client tab'). */
  | { kind: "client-link"; toast: string; url: string; email: string; emailFailed: boolean; live?: Live };

/** What the event's live room is told of a saved change (issue 7), and whose sockets close. */
type Live = { change: Omit<Change, "actor">; revoke?: Revocation };

export type IntentContext = {
  db: Db;
  env: Env;
  origin: string;
  event: EventRow;
  /** The signed-in user; null for a client link (client portal). */
  viewer: Viewer | null;
  eventId: string;
  userId: string | null;
  formData: FormData;
  /** A creating form's claim: a repeated submit answers as the first did (issue 14, item 10). */
  claim?: Claim | null;
};
type Context = IntentContext;
type IntentHandler = (context: Context) => Promise<Outcome>;


const GONE = "It was deleted or belongs to another event. The list has been refreshed.";
const MALFORMED = { kind: "failed", status: 400, title: "Error", description: "That request was not understood." } as const satisfies Outcome;
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

type Messages = { added: string; updated: string; deleted: string; addFailed: string; updateFailed: string; deleteFailed: string };
/** The team-change notification types of a list (spec §3); none for vendors, nor for a shot's edit. */
type Notices = { added?: TeamChangeType; updated?: TeamChangeType; deleted?: TeamChangeType };

/** What a row is called in a notification: its title, or the person's name. */
function subjectOf(row: Record<string, unknown> | null | undefined) {
  if (!row) return "";
  if (typeof row.title === "string") return row.title;
  return [row.firstName, row.lastName].filter((part) => typeof part === "string" && part).join(" ");
}

function notice(type: TeamChangeType | undefined, row: Record<string, unknown> | null | undefined, done?: boolean): TeamChange | undefined {
  return type && row ? { type, subject: subjectOf(row), ...(done === undefined ? {} : { done }) } : undefined;
}

/** Add, edit and delete of one list under the event, validated by its form's schema. */
function crud<K extends RowKind>(kind: K, schema: z.ZodType<RowValues<K>>, messages: Messages, notices: Notices = {}) {
  const add: IntentHandler = async ({ db, eventId, formData, claim = null }) => {
    const { value, invalid } = parse(formData, schema);
    if (invalid) return invalid;
    // A repeat answers as the first did; the room and the team already heard of the row.
    const inserted = await once(db, claim, () => insertRow(db, kind, eventId, value, claim), (first) => ({ ok: true as const, id: String(first.id), row: undefined, repeat: true as const }));
    if (!inserted.ok) return { kind: "failed", status: 400, title: messages.addFailed, description: limitMessage(kind) };
    if ("repeat" in inserted) return { kind: "saved", toast: messages.added, repeat: true };
    return { kind: "saved", toast: messages.added, live: upsert(kind, inserted.row), notice: notice(notices.added, inserted.row) };
  };
  const edit: IntentHandler = async ({ db, eventId, formData }) => {
    const id = rowId(formData);
    if (!id) return MALFORMED;
    const { value, invalid } = parse(formData, schema);
    if (invalid) return invalid;
    const row = await updateRow(db, kind, eventId, id, value);
    if (!row) return { kind: "failed", status: 404, title: messages.updateFailed, description: GONE };
    return { kind: "saved", toast: messages.updated, live: upsert(kind, row), notice: notice(notices.updated, row) };
  };
  const remove: IntentHandler = async ({ db, eventId, formData }) => {
    const id = rowId(formData);
    if (!id) return MALFORMED;
    const deleted = await deleteRow(db, kind, eventId, id);
    if (!deleted) return { kind: "failed", status: 404, title: messages.deleteFailed, description: GONE };
    return { kind: "saved", toast: messages.deleted, live: { change: { entity: kind, op: "delete", ids: [id] } }, notice: notice(notices.deleted, deleted) };
  };
  return { add, edit, remove };
}

const DoneSchema = z.enum(["true", "false"]);

/**
 * A change written as one guarded statement: on the dashboard it runs in the access
 * check's own D1 batch, carrying the same permission in SQL (one round trip for the
 * day's most frequent change); the client portal, which checked its link first, runs
 * it alone. `prepare` answers an outcome instead when the form is malformed.
 */
type Inline = {
  statement: (db: Db, eventId: string, userId: string | null, permitted?: SQL) => ReturnType<typeof setDoneStatement>;
  outcome: (rows: unknown[]) => Outcome;
};
type InlineIntent = { prepare: (formData: FormData) => Inline | Outcome; handler: IntentHandler };

function toggle(kind: "block" | "shot", failed: string): InlineIntent {
  const prepare = (formData: FormData): Inline | Outcome => {
    const id = rowId(formData);
    const done = DoneSchema.safeParse(formData.get("done"));
    if (!id || !done.success) return MALFORMED;
    const isDone = done.data === "true";
    return {
      statement: (db, eventId, userId, permitted) => setDoneStatement(db, kind, eventId, id, userId, isDone, permitted),
      outcome: (rows) => {
        const row = updatedRow(rows);
        if (!row) return { kind: "failed", status: 404, title: failed, description: GONE };
        // Checking off is the most frequent action on the day: no redirect, no toast.
        return { kind: "stay", live: upsert(kind, row), notice: notice(kind === "shot" ? "shot_status_changed" : "timeline_updated", row, isDone) };
      },
    };
  };
  const handler: IntentHandler = async ({ db, eventId, userId, formData }) => {
    const inline = prepare(formData);
    return "kind" in inline ? inline : inline.outcome(await inline.statement(db, eventId, userId));
  };
  return { prepare, handler };
}
const toggleBlock = toggle("block", "Failed to update timeline block.");
const toggleShot = toggle("shot", "Failed to update shot item.");
const INLINE: Partial<Record<DashboardIntent, InlineIntent>> = { "toggle-block": toggleBlock, "toggle-shot": toggleShot };

const blocks = crud("block", BlockSchema, {
  added: "Timeline block added",
  updated: "Timeline block updated",
  deleted: "Timeline block deleted",
  addFailed: "Failed to add timeline block.",
  updateFailed: "Failed to update timeline block.",
  deleteFailed: "Failed to delete timeline block.",
}, { added: "timeline_added", updated: "timeline_updated", deleted: "timeline_deleted" });
const shots = crud("shot", ShotSchema, {
  added: "Shot added",
  updated: "Shot updated",
  deleted: "Shot deleted",
  addFailed: "Failed to add shot item.",
  updateFailed: "Failed to update shot item.",
  deleteFailed: "Failed to delete shot item.",
}, { added: "shot_added", deleted: "shot_deleted" });
// Spec §8: people failures are titled 'Error'; vendor save and delete show the error message.
const people = crud("person", PersonSchema, {
  added: "Person added",
  updated: "Person updated",
  deleted: "Person removed",
  addFailed: "Error",
  updateFailed: "Error",
  deleteFailed: "Error",
}, { added: "person_added", updated: "person_updated", deleted: "person_deleted" });
const vendors = crud("vendor", VendorSchema, {
  added: "Vendor added",
  updated: "Vendor updated",
  deleted: "Vendor deleted",
  addFailed: "Error",
  updateFailed: "Error",
  deleteFailed: "Error",
});

const MoveSchema = z.enum(["up", "down"]);
/** A team tab row: `invite:<id>`, `member:<id>` or `client:<id>`. */
const TeamRowSchema = z.string().max(100).regex(/^(invite|member|client):[A-Za-z0-9_-]{1,64}$/);

/** Spec §8 'Invitation sent successfully' / 'Failed to send invitation'. */
const inviteTeam: IntentHandler = async ({ db, env, origin, event, viewer, formData, claim = null }) => {
  if (!viewer) return MALFORMED;
  const { value, invalid } = parse(formData, TeamInviteSchema);
  if (invalid) return invalid;
  if (value.inviteType === "client") {
    // Spec §6: a client invited from the team tab gets a view-only link.
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
  const outcome = await sendShooterInvite(db, env, origin, viewer, event, { ...value, inviteType: value.inviteType, inviteeName: value.firstName }, claim);
  if (outcome.status === "refused") return { kind: "failed", status: outcome.tooMany ? 429 : 409, title: "Failed to send invitation", description: outcome.message };
  return { kind: "saved", toast: "Invitation sent successfully", to: teamTab(event.id), live: TEAM_CHANGED };
};

/**
 * Team and client-link changes reach devices as a signal to refresh the team tab: their
 * rows hold addresses that only the lead may see, so no rows travel.
 */
const TEAM_CHANGED: Live = { change: { entity: "team", op: "upsert" } };

function upsert(kind: RowKind, row: Record<string, unknown> | undefined): Live | undefined {
  return row ? { change: { entity: kind, op: "upsert", rows: [row] } } : undefined;
}

const teamTab = (eventId: string) => `/events/${eventId}?tab=team`;

const HANDLERS: Record<DashboardIntent, IntentHandler> = {
  "toggle-block": toggleBlock.handler,
  "toggle-shot": toggleShot.handler,
  "add-block": blocks.add,
  "edit-block": blocks.edit,
  "delete-block": blocks.remove,
  "move-block": async ({ db, eventId, formData }) => {
    const id = rowId(formData);
    const direction = MoveSchema.safeParse(formData.get("direction"));
    if (!id || !direction.success) return MALFORMED;
    const moved = await moveBlock(db, eventId, id, direction.data);
    if (!moved) return { kind: "failed", status: 404, title: "Failed to update timeline block.", description: GONE };
    if (!moved.moved.length) return { kind: "saved" };
    const block = moved.moved.find((row) => row.id === id);
    return { kind: "saved", live: { change: { entity: "block", op: "upsert", rows: moved.moved } }, notice: notice("timeline_updated", block) };
  },
  "add-shot": shots.add,
  "edit-shot": shots.edit,
  "delete-shot": shots.remove,
  "add-person": people.add,
  "edit-person": people.edit,
  "delete-person": people.remove,
  "add-vendor": vendors.add,
  "edit-vendor": vendors.edit,
  "delete-vendor": vendors.remove,
  "edit-event": async ({ db, eventId, formData }) => {
    const { value, invalid } = parse(formData, EditEventSchema);
    if (invalid) return invalid;
    const updated = await updateEvent(db, eventId, value);
    if (!updated) return { kind: "failed", status: 404, title: "Failed to update event.", description: "Event not found" };
    return {
      kind: "saved",
      toast: "Event updated successfully.",
      live: { change: { entity: "event", op: "upsert", rows: [toEventSummary(updated)] } },
      notice: { type: "event_updated", subject: updated.title },
    };
  },
  "delete-event": async ({ db, eventId, formData }) => {
    const { invalid } = parse(formData, DeleteEventSchema);
    if (invalid) return invalid;
    if (!(await deleteEvent(db, eventId))) return { kind: "failed", status: 404, title: "Failed to delete event", description: "Event not found" };
    return { kind: "saved", toast: "Event deleted successfully", to: "/", live: { change: { entity: "event", op: "delete", ids: [eventId] }, revoke: { everyone: true } } };
  },
  "invite-team": inviteTeam,
  "create-client-access": async ({ db, env, origin, event, viewer, formData, claim = null }) => {
    if (!viewer) return MALFORMED;
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
    if (!(await removeTeamRow(db, eventId, "client", id))) return { kind: "failed", status: 404, title: "Error", description: GONE };
    return { kind: "saved", toast: "Access revoked", live: { change: { entity: "client_access", op: "delete", ids: [id] }, revoke: { clientAccessId: id } } };
  },
  "remove-team": async ({ db, eventId, formData }) => {
    const row = TeamRowSchema.safeParse(formData.get("id"));
    if (!row.success) return MALFORMED;
    const [kind, id] = row.data.split(":") as [TeamRowKind, string];
    const removed = await removeTeamRow(db, eventId, kind, id);
    if (!removed) return { kind: "failed", status: 404, title: "Failed to remove team member", description: GONE };
    // A removed member or client link loses its open sockets at once (issue 7).
    const revoke: Revocation | undefined = kind === "client" ? { clientAccessId: id } : typeof removed === "object" ? { userId: removed.userId } : undefined;
    return { kind: "saved", toast: "Team member removed", to: teamTab(eventId), live: { ...TEAM_CHANGED, revoke } };
  },
  "leave-event": async ({ db, env, event, viewer }) => {
    if (!viewer) return MALFORMED;
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
  const asker = requireViewer(context, request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isDashboardIntent(intent)) {
    return data<DashboardActionData>({ intent: null, toast: errorToast(MALFORMED.title, MALFORMED.description) }, { status: 400 });
  }
  // Scoped to the event too: the page's key may outlive a move to another event's page.
  const claim = await claimForIntent(formData, `user:${asker.userId}:${eventId}`, intent);
  if (claim === "malformed") return data<DashboardActionData>({ intent, toast: errorToast(MALFORMED.title, MALFORMED.description) }, { status: 400 });
  const inline = INLINE[intent]?.prepare(formData);
  const batched = inline && !("kind" in inline) ? inline : undefined;
  const { event, viewer, db, reads } = await requireEventAccess(
    context,
    request,
    eventId,
    INTENT_PERMISSIONS[intent],
    batched ? (db, id, userId, permitted) => [batched.statement(db, id, userId, permitted)] as const : undefined,
  );
  const { env } = context.get(cloudflareContext);
  const outcome = batched
    ? batched.outcome(reads[0] as unknown[])
    : inline && "kind" in inline
      ? inline
      : await runIntent(intent, {
          db,
          env,
          origin: new URL(request.url).origin,
          event,
          viewer,
          eventId: event.id,
          userId: viewer.userId,
          formData,
          claim,
        });
  await announce(db, env, event, outcome, { userId: viewer.userId, name: personName({ firstName: viewer.firstName, lastName: viewer.lastName, businessName: viewer.businessName }) });
  return answerOutcome(context, request, intent, outcome);
}

/**
 * After D1 has committed a change: tells the event's live room (and closes revoked
 * sockets), and notifies the team (lead and accepted members but the actor; for a
 * client link's change, `exceptLead`: the lead has the client notification).
 */
export async function announce(
  db: Db,
  env: Env,
  event: Pick<EventRow, "id" | "title">,
  outcome: Outcome,
  actor: { userId: string; name: string } | null,
  { exceptLead = false } = {},
) {
  const live = "live" in outcome ? outcome.live : undefined;
  const change = "notice" in outcome ? outcome.notice : undefined;
  // The room first: devices see the change before the notifications are written (the
  // two would otherwise compete for the same isolate while the room broadcasts).
  if (live) {
    await publishChange(env, event.id, { ...live.change, actor: actor?.userId ?? null });
    if (live.revoke) await revokeLive(env, event.id, live.revoke);
  }
  if (change) {
    await notifyTeamChange(db, env, {
      event,
      change,
      actor,
      alsoExcept: exceptLead ? sql`SELECT lead_photographer_id FROM events WHERE id = ${event.id}` : undefined,
    });
  }
}

/** The intents whose forms create something, and so carry an idempotency key. */
const CREATING: ReadonlySet<DashboardIntent> = new Set(["add-block", "add-shot", "add-person", "add-vendor", "invite-team", "create-client-access"]);

/** The claim of a creating intent's submission (null for other intents, or without a key). */
export function claimForIntent(formData: FormData, scope: string, intent: DashboardIntent) {
  return CREATING.has(intent) ? claimOf(formData, scope, intent) : Promise.resolve(null);
}

/** Runs one intent's handler. The caller has checked that the asker may. */
export function runIntent(intent: DashboardIntent, context: IntentContext) {
  return HANDLERS[intent](context);
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
      return data<DashboardActionData>(
        { intent, result: outcome.result, toast: errorToast("Validation Error", firstIssue(outcome.result)) },
        { status: 400 },
      );
    case "failed":
      return data<DashboardActionData>({ intent, toast: errorToast(outcome.title, outcome.description) }, { status: outcome.status });
    case "client-link": {
      // Post/redirect/get (issue 14, item 10): the address no longer asks for the form's
      // dialog, and a reload sends nothing again. The link rides in the one-time flash
      // cookie to the page that follows, which shows it until dismissed.
      const url = new URL(request.url);
      const { env } = context.get(cloudflareContext);
      const toast = outcome.emailFailed
        ? { type: "error" as const, title: "Email not sent", description: "The link was created, but the email could not be sent. Please copy the link and share it manually." }
        : { type: "success" as const, title: outcome.toast };
      throw await redirectWithToast(env, request, closeDialogHref(url.pathname, url.searchParams), toast, { headers: { "X-Remix-Replace": "true" } }, {
        clientLink: { url: outcome.url, email: outcome.email, emailFailed: outcome.emailFailed },
      });
    }
    case "saved": {
      const url = new URL(request.url);
      const to = outcome.to ?? closeDialogHref(url.pathname, url.searchParams);
      if (!outcome.toast) throw replace(to);
      const { env } = context.get(cloudflareContext);
      const toast = { type: "success" as const, title: outcome.toast, ...(description ? { description } : {}) };
      throw await redirectWithToast(env, request, to, toast, { headers: { "X-Remix-Replace": "true" } });
    }
  }
}
