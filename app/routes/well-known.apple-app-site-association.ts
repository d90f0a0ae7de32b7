import { cloudflareContext } from "~/context";
import { appleAppSiteAssociation } from "~/modules/native/app-links";
import type { Route } from "./+types/well-known.apple-app-site-association";

// Decision 013: iOS reads this (no extension, JSON, no redirects) to let the app use the
// site's passkeys. Not configured (APPLE_TEAM_ID empty) → 404.
export function loader({ context }: Route.LoaderArgs) {
  const document = appleAppSiteAssociation(context.get(cloudflareContext).env);
  if (!document) return new Response("Not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return Response.json(document, { headers: { "Cache-Control": "public, max-age=3600" } });
}
