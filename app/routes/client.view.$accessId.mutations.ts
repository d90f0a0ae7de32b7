import { readPortalCookie } from "~/modules/client-access/service.server";
import { guardedLinkLookup } from "~/modules/event/access.server";
import { noAccessResponse, runOutbox } from "~/modules/event/mutations.server";
import { getDb } from "~/utils/db.server";
import { TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import { cloudflareContext } from "~/context";
import type { Route } from "./+types/client.view.$accessId.mutations";

// Where a client portal's device sends its outbox (decision 010), under
// the portal's path so its cookie (the token) comes along. As a portal form: the per-IP
// guess limit is read first, and a link that is not valid counts one guess.
export async function action({ request, context, params }: Route.ActionArgs) {
  const { env } = context.get(cloudflareContext);
  const db = getDb(env);
  const token = await readPortalCookie(request, params.accessId);
  const formData = await request.formData();
  const { refused, found } = await guardedLinkLookup(db, request, async () => (token ? runOutbox(db, env, { token, accessId: params.accessId }, null, formData) : null), {
    peekFirst: true,
  });
  if (refused === 429) return Response.json({ error: TOO_MANY_ATTEMPTS }, { status: 429 });
  return found ?? noAccessResponse();
}

export function loader() {
  return new Response("Changes are sent here by the client portal.", { status: 405, headers: { Allow: "POST" } });
}
