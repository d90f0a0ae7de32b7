import { personName } from "~/modules/team/service.server";
import { type JoinedReads, noAccessResponse, runOutbox, SIGNED_OUT, sqlSender } from "~/modules/event/mutations.server";
import { settledViewer, settleSession, takeSessionForBatch } from "~/modules/account/session-batch.server";
import { isEventId } from "~/modules/event/service.server";
import { dbFrom, getViewer } from "~/utils/auth.server";
import { cloudflareContext } from "~/context";
import type { Route } from "./+types/events.$eventId.mutations";

// Where a signed-in device sends its outbox (decision 010). Answers
// JSON: each mutation's result in order; 401 signed out, 404 no access (the device then
// forgets the event), 400/413 a malformed or oversized outbox (nothing changes).
export async function action({ request, context, params }: Route.ActionArgs) {
  const db = dbFrom(context);
  const { env } = context.get(cloudflareContext);
  const signedOut = () => Response.json({ error: SIGNED_OUT }, { status: 401 });
  // The session is read in the first mutation's own batch (root.tsx
  // joins it for this action), so a check-off from the outbox is one D1 round trip.
  const session = isEventId(params.eventId) ? takeSessionForBatch(context) : null;
  if (session && isEventId(params.eventId)) {
    const joined: JoinedReads = { statements: session.statements };
    const answer = await runOutbox(db, env, sqlSender(session.userId), params.eventId, await request.formData(), joined);
    // Answered before any batch (a malformed outbox), the session is read on its own: signed out comes first.
    if (!(await settleSession(context, db, session, joined.results))) return signedOut();
    return answer ?? noAccessResponse();
  }
  await settledViewer(context, db);
  const viewer = getViewer(context);
  if (!viewer) return signedOut();
  if (!isEventId(params.eventId)) return noAccessResponse();
  const sender = { userId: viewer.userId, name: personName({ firstName: viewer.firstName, lastName: viewer.lastName, businessName: viewer.businessName }) };
  return (await runOutbox(db, env, sender, params.eventId, await request.formData())) ?? noAccessResponse();
}

export function loader() {
  return new Response("Changes are sent here by the event page.", { status: 405, headers: { Allow: "POST" } });
}
