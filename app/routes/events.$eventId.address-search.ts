import { cloudflareContext } from "~/context";
import { accessQuery } from "~/modules/event/access.server";
import { searchAddress } from "~/modules/event/geocoder.server";
import { ACCESS_ENDED, NO_PERMISSION } from "~/modules/event/mutations.server";
import { can } from "~/modules/event/permissions";
import { dbFrom, getViewer } from "~/utils/auth.server";
import { batchNamed } from "~/utils/db.server";
import { consumeStatements, LIMITS, TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import type { Route } from "./+types/events.$eventId.address-search";

/** What the address search answers (docs/product/screens.md#the-light): places, or why not. */
export type AddressSearchAnswer = { places: Array<{ label: string; latitude: number; longitude: number }> } | { error: string };

const answer = (status: number, body: AddressSearchAnswer) =>
  // Someone's address and where it is: never kept by a shared cache or the browser's.
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/**
 * Edit Event's 'Venue location' search (decision 018): GET ?q=an address, the lead's only
 * (they alone set the location), counted against the lead's allowance in the same D1 batch
 * as the access check; then the geocoder (geocoder.server.ts) answers up to five places.
 * Signed out 401, no role on the event 404, a team member 403; a client link has no session
 * and is never let in.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  if (!viewer) return answer(401, { error: ACCESS_ENDED });
  const db = dbFrom(context);
  const access = await accessQuery(db, { userId: viewer.userId }, params.eventId);
  if (!access) return answer(404, { error: ACCESS_ENDED });
  const limit = consumeStatements(db, [[LIMITS.addressSearches, viewer.userId]]);
  const results = await batchNamed(db, { access: access.statement, ...limit.statements });
  const role = access.decide(results.access);
  if (!role) return answer(404, { error: ACCESS_ENDED });
  if (role.role !== "lead" || !can(role.role, "manageEvent")) return answer(403, { error: NO_PERMISSION });
  if (limit.over(results)) return answer(429, { error: TOO_MANY_ATTEMPTS });

  const { env } = context.get(cloudflareContext);
  const found = await searchAddress(env, new URL(request.url).searchParams.get("q") ?? "");
  if (!found.ok) return answer(found.code === "unreachable" ? 503 : 400, { error: found.message });
  return answer(200, { places: found.places });
}
