import { personName } from "~/modules/team/service.server";
import { noAccessResponse, runOutbox } from "~/modules/event/mutations.server";
import { isEventId } from "~/modules/event/service.server";
import { dbFrom, getViewer } from "~/utils/auth.server";
import { cloudflareContext } from "~/context";
import type { Route } from "./+types/events.$eventId.mutations";

// Issue 17 item 3: where a signed-in device sends its outbox (decision 010). Answers
// JSON: each mutation's result in order; 401 signed out, 404 no access (the device then
// forgets the event), 400/413 a malformed or oversized outbox (nothing changes).
export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = getViewer(context);
  if (!viewer) return Response.json({ error: "Please sign in again." }, { status: 401 });
  if (!isEventId(params.eventId)) return noAccessResponse();
  const { env } = context.get(cloudflareContext);
  const sender = { userId: viewer.userId, name: personName({ firstName: viewer.firstName, lastName: viewer.lastName, businessName: viewer.businessName }) };
  return (await runOutbox(dbFrom(context), env, sender, params.eventId, await request.formData())) ?? noAccessResponse();
}

export function loader() {
  return new Response("Changes are sent here by the event page.", { status: 405, headers: { Allow: "POST" } });
}
