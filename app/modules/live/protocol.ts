import { CHANGEABLE, type ChangeableKind, type PortalRow } from "~/modules/lists/registry";

// The wire protocol of an event's live room (decision 006), validated on both ends
// (docs/conventions.md#8-wire-messages-are-a-discriminated-union). Client-safe and
// without zod: the messages' zod schemas, which the server validates with, are in
// protocol.schema.ts; the browser reads the server's frames with the small checks at
// the end of this file (decision 014).

export type { Change, ClientMessage, ServerMessage, UserServerMessage } from "./protocol.schema";
import type { Change, ServerMessage, UserServerMessage } from "./protocol.schema";
import { frameJson, isArrayOf, isInt, isObject, isString } from "./frames";

export { ENTITIES, type Entity } from "./entities";
import { ENTITIES, type Entity } from "./entities";

/** What a client link's portal shows; a portal socket is sent nothing else. */
const PORTAL_ENTITY_LIST = ["block", "shot", "person", "vendor", "event"] as const satisfies readonly (Entity & ChangeableKind)[];
export type PortalEntity = (typeof PORTAL_ENTITY_LIST)[number];
export const PORTAL_ENTITIES: ReadonlySet<Entity> = new Set(PORTAL_ENTITY_LIST);

export type { PortalRow };

/**
 * A row as a client link may see it, by its portal's loader and socket alike: only the
 * fields of its descriptor's `portalFields` (docs/product/roles.md#client-links: no team).
 */
export function toPortalRow<E extends PortalEntity>(entity: E, row: PortalRow<E>): PortalRow<E>;
export function toPortalRow(entity: PortalEntity, row: Record<string, unknown>): Record<string, unknown>;
export function toPortalRow(entity: PortalEntity, row: Record<string, unknown>) {
  const picked: Record<string, unknown> = {};
  const fields: readonly string[] = CHANGEABLE[entity].portalFields;
  for (const field of fields) if (field in row) picked[field] = row[field];
  return picked;
}

/**
 * A change as a portal socket receives it, or null when the portal does not show its
 * entity (the socket gets a 'skip'): rows cut to their `portalFields`, and no actor (a team
 * member's id; a client's own changes carry none anyway).
 */
export function toPortalChange(change: Change): Change | null {
  if (!PORTAL_ENTITIES.has(change.entity)) return null;
  const entity = change.entity as PortalEntity;
  return { ...change, actor: null, ...(change.rows ? { rows: change.rows.map((row) => toPortalRow(entity, row)) } : {}) };
}

/**
 * The portal's live socket: under the portal's own path, because its cookie (the
 * token, Path=/client/view) is sent nowhere else. upgrade.server.ts admits it.
 */
export function portalLivePath(accessId: string) {
  return `/client/view/${accessId}/live`;
}

/** The room keeps at least this many changes for devices that come back. */
export const ROOM_LOG_SIZE = 1000;

// The per-user notification channel (decision 006): new notifications reach every
// open tab of their user. A tab says hello with when its list was read; the channel
// sends what arrived since (the tab skips those it already has), then 'ready'.

/** How many recent notifications the channel keeps for tabs that connect late. */
export const USER_CHANNEL_LOG_SIZE = 20;

// ---------------------------------------------------------------- the browser's checks
// A page's first JavaScript carries no zod (decision 014): a frame from the server is
// checked here against the shape of its schema in protocol.schema.ts (which the server
// sent it by), and tests/unit/protocol-frames.test.ts holds the two to the same answers.
// A change's rows are read further by the list's own row schema (useLiveEvent).

// The notification channel's reader and the helpers are in frames.ts (the bell needs them on every signed-in page).
export { readUserFrame } from "./frames";

/** A change as ChangeSchema reads it (only its own fields), or null. */
function readChange(value: unknown): Change | null {
  if (!isObject(value)) return null;
  const { entity, op, rows, ids, actor } = value;
  const valid =
    (ENTITIES as readonly unknown[]).includes(entity) &&
    (op === "upsert" || op === "delete") &&
    (rows === undefined || isArrayOf(rows, 500, isObject)) &&
    (ids === undefined || isArrayOf(ids, 500, (id) => isString(id, 128))) &&
    (actor === null || isString(actor, 128));
  if (!valid) return null;
  return { entity, op, ...(rows === undefined ? {} : { rows }), ...(ids === undefined ? {} : { ids }), actor } as Change;
}

/** A frame of an event's live room (ServerMessageSchema's shape), or null. */
export function readServerFrame(data: string | ArrayBuffer | null): ServerMessage | null {
  const frame = frameJson(data);
  if (!isObject(frame)) return null;
  switch (frame.type) {
    case "change": {
      const change = readChange(frame.change);
      return isInt(frame.seq) && change ? { type: "change", seq: frame.seq, change } : null;
    }
    case "skip":
    case "live":
    case "reload":
      return isInt(frame.seq) ? { type: frame.type, seq: frame.seq } : null;
    case "welcome":
      return isString(frame.role) ? { type: "welcome", role: frame.role } : null;
    case "error":
      return isString(frame.message) ? { type: "error", message: frame.message } : null;
    default:
      return null;
  }
}
