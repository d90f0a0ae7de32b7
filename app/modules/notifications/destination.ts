import { safeReturnTo } from "~/modules/account/schema";

// Ids in notification data become path segments: only plain ids are accepted (letters,
// digits, '-' and '_': our UUIDs, and invitation ids, which are base64url and so may begin
// with '-' or '_'), and they are encoded anyway, so data can never add a segment, a query
// or a "..".
const ID = /^[A-Za-z0-9_-]{1,128}$/;

function idFrom(value: unknown): string | null {
  return typeof value === "string" && ID.test(value) ? encodeURIComponent(value) : null;
}

/**
 * Where a click on a notification leads (docs/product/screens.md#header-and-notifications). The
 * rules are tried in order; one whose field is missing or invalid falls through:
 * - `invite` / `event_invite` with `invite_id`: the invitation,
 * - `invite_response` with `event_id`: that event,
 * - `client_access` with `access_url`: that address, but only a path on our own origin
 *   (anything else would make notification data an open redirect),
 * - `passkey_added`: Settings, where the passkey can be removed,
 * - any type with `event_id` or `eventId`: that event,
 * - otherwise home.
 */
export function notificationDestination(data: unknown, { withAccessUrl = true }: { withAccessUrl?: boolean } = {}): string {
  if (!data || typeof data !== "object" || Array.isArray(data)) return "/";
  const fields = data as Record<string, unknown>;
  const type = fields.type;

  if (type === "invite" || type === "event_invite") {
    const inviteId = idFrom(fields.invite_id);
    if (inviteId) return `/accept-invite/${inviteId}`;
  }
  if (type === "invite_response") {
    const eventId = idFrom(fields.event_id);
    if (eventId) return `/events/${eventId}`;
  }
  if (type === "client_access" && withAccessUrl) {
    const path = safeReturnTo(fields.access_url, "");
    if (path) return path;
  }
  if (type === "passkey_added") return "/settings";
  const eventId = idFrom(fields.event_id) ?? idFrom(fields.eventId);
  return eventId ? `/events/${eventId}` : "/";
}

/**
 * Where a push leads (decision 009): the bell's destination, except a client's access
 * link (it holds the client's token, and a push passes through the browser vendor's
 * push service): a client_access push leads to its event instead, or home.
 */
export function pushDestination(data: unknown): string {
  return notificationDestination(data, { withAccessUrl: false });
}
