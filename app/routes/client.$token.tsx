import { data, redirect } from "react-router";
import { cloudflareContext } from "~/context";
import { ACCESS_NOT_FOUND } from "~/modules/client-access/portal.server";
import { PortalError } from "~/modules/client-access/components/portal-error";
import { openClientLink, portalCookie, portalPath } from "~/modules/client-access/service.server";
import { CLIENT_TOKEN_PATTERN, guardedLinkLookup } from "~/modules/event/access.server";
import { EventDeleted } from "~/modules/event/components/event-deleted";
import { EVENT_DELETED, EVENT_DELETED_STATUS } from "~/modules/event/deleted-event";
import { getDb } from "~/utils/db.server";
import { TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import type { Route } from "./+types/client.$token";

// The link a client receives (/client/{token}). The token is exchanged at once for a
// cookie of this access, and the browser moves to a URL without it, so the secret does
// not linger in history, logs or referrers (capability-link hygiene).

const PRIVATE = { "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };

export function headers(): HeadersInit {
  return PRIVATE;
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Client View | Event Flow" }, { name: "robots", content: "noindex, nofollow" }, { name: "referrer", content: "no-referrer" }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const db = getDb(context.get(cloudflareContext).env);
  // Guessing tokens is limited per IP (an IP over it learns nothing, even from a right
  // guess); only guesses count. A malformed token is not looked up.
  let deleted = false;
  const { refused, found: link } = await guardedLinkLookup(
    db,
    request,
    async () => {
      const opened = await openClientLink(db, params.token);
      deleted = opened?.deleted ?? false;
      return opened?.link ?? null;
    },
    { peekFirst: true },
  );
  if (refused === 429) return data({ message: TOO_MANY_ATTEMPTS, deleted: false }, { status: 429 });
  // Decision 017: the link's event was deleted; a revoked or expired link keeps its own words.
  if (refused && deleted) return data({ message: EVENT_DELETED, deleted: true }, { status: EVENT_DELETED_STATUS });
  if (refused) return CLIENT_TOKEN_PATTERN.test(params.token) ? data({ message: ACCESS_NOT_FOUND, deleted: false }, { status: 404 }) : data({ message: "Invalid access link", deleted: false }, { status: 400 });
  // A thrown redirect skips `headers`: the same private headers go on it by hand.
  const headers = new Headers(PRIVATE);
  headers.append("Set-Cookie", await portalCookie(request, link.id, params.token, link.expiresAt));
  throw redirect(portalPath(link.id), { headers });
}

export default function ClientLink({ loaderData }: Route.ComponentProps) {
  return loaderData.deleted ? <EventDeleted homeLabel="Return to Home" /> : <PortalError message={loaderData.message} />;
}
