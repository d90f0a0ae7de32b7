import { data, redirect } from "react-router";
import { cloudflareContext } from "~/context";
import { ACCESS_NOT_FOUND } from "~/modules/client-access/portal.server";
import { PortalError } from "~/modules/client-access/components/portal-error";
import { CLIENT_TOKEN_PATTERN, findClientAccess, portalCookie, portalPath } from "~/modules/client-access/service.server";
import { getDb } from "~/utils/db.server";
import { clientIp, type Limit, LIMITS, peek, recordFailure, TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import type { Route } from "./+types/client.$token";

// The link a client receives (/client/{token}). The token is exchanged at once for a
// cookie of this access, and the browser moves to a URL without it, so the secret does
// not linger in history, logs or referrers (issue 6, capability-link hygiene).

const PRIVATE = { "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };

export function headers(): HeadersInit {
  return PRIVATE;
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Client View | Event Flow" }, { name: "robots", content: "noindex, nofollow" }, { name: "referrer", content: "no-referrer" }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const db = getDb(context.get(cloudflareContext).env);
  const ip = clientIp(request);
  // Guessing tokens is limited per IP, checked before the look-up (so an IP over it
  // learns nothing, even from a right guess); only guesses count (issue 14 item 9).
  const guess: Array<[Limit, string]> = [[LIMITS.clientLinkPerIp, ip]];
  if (await peek(db, guess)) return data({ message: TOO_MANY_ATTEMPTS }, { status: 429 });
  if (!CLIENT_TOKEN_PATTERN.test(params.token)) {
    await recordFailure(db, guess);
    return data({ message: "Invalid access link" }, { status: 400 });
  }
  const access = await findClientAccess(db, params.token);
  if (!access) {
    await recordFailure(db, guess);
    return data({ message: ACCESS_NOT_FOUND }, { status: 404 });
  }
  // A thrown redirect skips `headers`: the same private headers go on it by hand.
  const headers = new Headers(PRIVATE);
  headers.append("Set-Cookie", portalCookie(request, access.id, params.token, access.expiresAt));
  throw redirect(portalPath(access.id), { headers });
}

export default function ClientLink({ loaderData }: Route.ComponentProps) {
  return <PortalError message={loaderData.message} />;
}
