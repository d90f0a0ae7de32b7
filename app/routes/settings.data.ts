import { redirect } from "react-router";
import { dataExportFileName, exportUserData } from "~/modules/account/data-export.server";
import { DATA_EXPORT_LIMITED } from "~/modules/account/data-export-messages";
import { dbFrom, getViewer } from "~/utils/auth.server";
import { consume, LIMITS } from "~/utils/rate-limit.server";
import type { Route } from "./+types/settings.data";

/**
 * Settings → Account → 'Download my data' (docs/product/screens.md#account-card): the
 * signed-in user's data as a JSON file. A POST, so no prefetch, link or crawler makes
 * one (workers/app.ts checks its origin like every form's); the form reloads the
 * document, so it works before JavaScript loads and the page stays where it was.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = getViewer(context);
  if (!viewer) return redirect(`/auth?returnTo=${encodeURIComponent("/settings")}`);
  const db = dbFrom(context);
  // docs/product/limits.md#rate-limits: each file reads every row of the account.
  if (await consume(db, [[LIMITS.dataExports, viewer.userId]])) {
    return new Response(DATA_EXPORT_LIMITED, { status: 429, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "3600" } });
  }
  const now = new Date();
  const exported = await exportUserData(db, viewer.userId, now);
  if (!exported) return redirect(`/auth?returnTo=${encodeURIComponent("/settings")}`);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${dataExportFileName(now)}"`,
      // Personal data: never kept by a shared cache or the browser's.
      "Cache-Control": "no-store",
    },
  });
}

export function loader() {
  return new Response("Download your data with the button in Settings.", { status: 405, headers: { Allow: "POST" } });
}
