import { data, type RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/context";
import { errorToast } from "~/utils/result";
import { answerOutcome, claimForIntent, formMutation } from "~/modules/event/dashboard-actions.server";
import { type DashboardActionData, isClientIntent, isDashboardIntent } from "~/modules/event/intents";
import { portalNotice } from "~/modules/offline/portal-notice";
import { accessOf, guardedLinkBatch, guardedLinkLookup } from "~/modules/event/access.server";
import { NO_PERMISSION, NOT_UNDERSTOOD } from "~/modules/event/mutations.server";
import { getDb } from "~/utils/db.server";
import { TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import { pageSeq } from "~/modules/live/room.server";
import { portalReads, readPortalCookie } from "./service.server";

// The client portal (docs/product/screens.md#client-portal, docs/product/roles.md#client-links): a client
// link opens one event with exactly its four flags. Every request is checked again
// from the cookie (a revoked or expired link stops on the next request).

export const ACCESS_NOT_FOUND = "Access not found or expired";

/** The portal's view of an access: its event and lists, or a refusal (404, or 429 for guessing). */
export function loadPortal(context: Readonly<RouterContextProvider>, request: Request, accessId: string) {
  return readPortal(context, request, accessId);
}

/**
 * The portal page's data: loadPortal's, and the live room's sequence that data is at,
 * for the page's socket to say hello with (decision 006), read in the same batch as the
 * lists (no room is asked): whatever is published after it is
 * replayed to the page, so nothing falls between its data and its socket.
 */
export async function loadPortalPage(context: Readonly<RouterContextProvider>, request: Request, accessId: string) {
  const loaded = await readPortal(context, request, accessId);
  if (loaded.refused) return loaded;
  return { ...loaded, seq: pageSeq(loaded.portal.event) };
}

/**
 * The guess limit and the reads in one D1 batch, and nothing answered over it. A link
 * whose event was deleted is refused as any other (its look-up counts as a guess), with
 * `deleted` for the page's words (decision 017).
 */
async function readPortal(context: Readonly<RouterContextProvider>, request: Request, accessId: string) {
  const { env } = context.get(cloudflareContext);
  const db = getDb(env);
  const token = await readPortalCookie(request, accessId);
  let deleted = false;
  const { refused, found: portal } = await guardedLinkBatch(db, request, async (guard) => {
    if (!token) return null;
    const read = await portalReads(db, accessId, token, guard);
    deleted = read?.deleted ?? false;
    return read;
  });
  if (refused) return { refused, deleted: refused === 404 && deleted, db };
  return { refused: null, db, portal, grant: portal.grant };
}

/**
 * A portal form: the mutation it is, run by the one function for the link in the cookie
 * (mutations.server.ts checks the link, its flag and the change in one batch). A link
 * that is not valid counts one guess toward the per-IP limit, which is read first.
 */
export async function handlePortalAction(context: Readonly<RouterContextProvider>, request: Request, accessId: string) {
  const { env } = context.get(cloudflareContext);
  const db = getDb(env);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const token = await readPortalCookie(request, accessId);
  const refusal = (status: 404 | 429) =>
    data<DashboardActionData>({ intent: null, toast: status === 429 ? errorToast("Error", TOO_MANY_ATTEMPTS) : errorToast(ACCESS_NOT_FOUND) }, { status });
  if (!isDashboardIntent(intent)) {
    return data<DashboardActionData>({ intent: null, toast: errorToast("Error", NOT_UNDERSTOOD) }, { status: 400 });
  }
  // A dashboard change no client may make (delete, move, the event, the team) is as
  // refused as one its flags do not allow (once the link is known valid).
  const mutation = isClientIntent(intent) ? intent : null;
  const claim = mutation ? await claimForIntent(formData, `client:${accessId}`, mutation) : null;
  if (claim === "malformed") return data<DashboardActionData>({ intent, toast: errorToast("Error", NOT_UNDERSTOOD) }, { status: 400 });
  const { refused, found } = await guardedLinkLookup(
    db,
    request,
    async () => {
      if (!token) return null;
      if (!mutation) return (await accessOf(db, { token, accessId }, null)) ? ({ kind: "failed", status: 403, title: "Error", description: NO_PERMISSION } as const) : null;
      const outcome = await formMutation(db, env, { token, accessId }, null, mutation, formData, claim);
      return outcome.kind === "failed" && outcome.code === "access-ended" ? null : outcome;
    },
    { peekFirst: true },
  );
  if (refused) return refusal(refused);
  return answerOutcome(context, request, intent, found, mutation ? portalNotice(mutation) : undefined);
}
