import { data, type RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/context";
import { errorToast } from "~/modules/account/action-result";
import { announce, answerOutcome, claimForIntent, type Outcome, runIntent } from "~/modules/event/dashboard-actions.server";
import { canDo, type ClientIntent, type DashboardActionData, isClientIntent, isDashboardIntent } from "~/modules/event/intents";
import { guardedLinkLookup } from "~/modules/event/access.server";
import { notifyClientChange } from "~/modules/notifications/team-changes.server";
import { priorResult } from "~/utils/idempotency.server";
import { getDb } from "~/utils/db.server";
import { consume, LIMITS, TOO_MANY_ATTEMPTS, TOO_MANY_CHANGES } from "~/utils/rate-limit.server";
import { CLOCK_MARGIN_MS, roomOf } from "~/modules/live/room.server";
import { portalReads, readPortalCookie } from "./service.server";

// The client portal (spec §2 'Client portal', decisions.md client column): a client
// link opens one event with exactly its four flags. Every request is checked again
// from the cookie (a revoked or expired link stops on the next request).

export const ACCESS_NOT_FOUND = "Access not found or expired";

/** The portal's view of an access: its event and lists, or a refusal (404, or 429 for guessing). */
export function loadPortal(context: Readonly<RouterContextProvider>, request: Request, accessId: string) {
  return readPortal(context, request, accessId);
}

/**
 * The portal page's data: loadPortal's, and the live room's sequence that data is at,
 * for the page's socket to say hello with (issue 7). As on the dashboard, the room is
 * asked only once the link is found valid (issue 14 item 7), for the sequence as of
 * just before the reads: whatever was published since is replayed to the page, so
 * nothing falls between its data and its socket (replays are idempotent), and nothing
 * from before the link existed (issue 14 item 2).
 */
export async function loadPortalPage(context: Readonly<RouterContextProvider>, request: Request, accessId: string) {
  const { env } = context.get(cloudflareContext);
  const readAt = Date.now();
  const loaded = await readPortal(context, request, accessId);
  if (loaded.refused) return loaded;
  const { portal } = loaded;
  const seq = await roomOf(env, portal.event.id).sequenceAt(Math.max(readAt - CLOCK_MARGIN_MS, portal.accessStart));
  return { ...loaded, seq };
}

/** The guess limit and the reads in parallel: one wait, and nothing answered over it. */
async function readPortal(context: Readonly<RouterContextProvider>, request: Request, accessId: string) {
  const { env } = context.get(cloudflareContext);
  const db = getDb(env);
  const token = readPortalCookie(request, accessId);
  const { refused, found: portal } = await guardedLinkLookup(db, request, async () => (token ? portalReads(db, accessId, token) : null));
  if (refused) return { refused, db };
  return { refused: null, db, portal, grant: portal.grant };
}

/** What the photographer is told, per intent (spec §2: 'The photographer has been notified'). */
const CHANGE_TEXT: Record<ClientIntent, (name: string) => string> = {
  "add-block": (name) => `added the timeline block "${name}"`,
  "edit-block": (name) => `updated the timeline block "${name}"`,
  "add-shot": (name) => `added the shot "${name}"`,
  "edit-shot": (name) => `updated the shot "${name}"`,
  "toggle-shot": () => "checked off a shot",
  "add-person": (name) => `added ${name} to the people list`,
  "edit-person": (name) => `updated ${name} in the people list`,
  "add-vendor": (name) => `added the vendor ${name}`,
  "edit-vendor": (name) => `updated the vendor ${name}`,
};

function changedName(formData: FormData) {
  const field = (name: string) => String(formData.get(name) ?? "").trim();
  return [field("title"), [field("firstName"), field("lastName")].filter(Boolean).join(" "), field("vendorName")].find(Boolean) ?? "";
}

/** Spec §8: the portal's success toasts carry this line (vendors have their own). */
function noticeFor(intent: ClientIntent) {
  return intent === "add-vendor" || intent === "edit-vendor" ? "Your photographer will see this update" : "The photographer has been notified of your changes.";
}

export async function handlePortalAction(context: Readonly<RouterContextProvider>, request: Request, accessId: string) {
  const loaded = await loadPortal(context, request, accessId);
  if (loaded.refused) {
    const toast = loaded.refused === 429 ? errorToast("Error", TOO_MANY_ATTEMPTS) : errorToast(ACCESS_NOT_FOUND);
    return data<DashboardActionData>({ intent: null, toast }, { status: loaded.refused });
  }
  const { db, portal, grant } = loaded;
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isDashboardIntent(intent)) {
    return data<DashboardActionData>({ intent: null, toast: errorToast("Error", "That request was not understood.") }, { status: 400 });
  }
  // A dashboard change no client may make (delete, move, the event, the team) is as
  // refused as one its flags do not allow.
  if (!isClientIntent(intent) || !canDo(grant, intent)) {
    return data<DashboardActionData>({ intent, toast: errorToast("Error", "You do not have permission to do that.") }, { status: 403 });
  }
  const claim = await claimForIntent(formData, `client:${accessId}`, intent);
  if (claim === "malformed") return data<DashboardActionData>({ intent, toast: errorToast("Error", "That request was not understood.") }, { status: 400 });
  // Every write of a link counts (issue 14, item 8: a burst of 25 edits in 3.6 s). A
  // repeat of a form already saved is still answered as the first was, never refused.
  if ((await consume(db, [[LIMITS.portalWritesPerLink, accessId]])) && !(claim && (await priorResult(db, claim)))) {
    return data<DashboardActionData>({ intent, toast: errorToast("Error", TOO_MANY_CHANGES) }, { status: 429 });
  }
  const { env } = context.get(cloudflareContext);
  const event = portal.event;
  const outcome: Outcome = await runIntent(intent, { db, env, origin: new URL(request.url).origin, event, viewer: null, eventId: event.id, userId: null, formData, claim });
  await announce(db, env, event, outcome, null, { exceptLead: true });
  // A repeated submit changed nothing: the photographer heard of it the first time.
  if ((outcome.kind === "saved" && !outcome.repeat) || outcome.kind === "stay") {
    // Issue 6: each client change is told to the lead (in-app; its push coalesced).
    await notifyClientChange(db, env, event, `${portal.access.clientEmail} ${CHANGE_TEXT[intent](changedName(formData))} in ${event.title}.`);
  }
  return answerOutcome(context, request, intent, outcome, noticeFor(intent));
}
