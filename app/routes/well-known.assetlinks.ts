import { cloudflareContext } from "~/context";
import { assetLinks } from "~/modules/native/app-links";
import type { Route } from "./+types/well-known.assetlinks";

// Decision 013: Android reads this to let the app use the site's passkeys and links. Not
// configured (ANDROID_CERT_SHA256 empty) → 404.
export function loader({ context }: Route.LoaderArgs) {
  const statements = assetLinks(context.get(cloudflareContext).env);
  if (!statements) return new Response("Not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return Response.json(statements, { headers: { "Cache-Control": "public, max-age=3600" } });
}
