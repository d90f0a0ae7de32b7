import { readFeed } from "~/modules/calendar/feed.server";
import { dbFrom } from "~/utils/auth.server";
import { TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import type { Route } from "./+types/calendar.$token";

// Decision 019: the link is the only key to the feed. It is never logged (nothing here
// writes the URL), never cached by anyone but the calendar app, and sent on with no referrer.
const PRIVATE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex, nofollow" };

/**
 * A user's calendar feed (docs/product/screens.md#calendar-feed): GET /calendar/<token>.ics,
 * no session (calendar apps have none). An unknown token is a 404 that says nothing, and
 * counts against its IP's guesses (429 beyond them); a known feed counts its own fetches.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const token = params.token.replace(/\.ics$/, "");
  const origin = new URL(request.url).origin;
  const answer = await readFeed(dbFrom(context), request, token, origin);
  if (answer.status === 200) {
    return new Response(answer.body, {
      headers: { ...PRIVATE, "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": 'inline; filename="event-flow.ics"' },
    });
  }
  return new Response(answer.status === 429 ? TOO_MANY_ATTEMPTS : "Not found", {
    status: answer.status,
    headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8", ...(answer.status === 429 ? { "Retry-After": "60" } : {}) },
  });
}
