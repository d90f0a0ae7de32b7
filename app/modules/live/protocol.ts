import { z } from "~/utils/zod";
import type { eventPeople, events, eventVendors, shotListItems, timelineBlocks } from "~/db/schema";

// The wire protocol of an event's live room (issue 7), validated on both ends
// (docs/conventions.md#8-wire-messages-are-a-discriminated-union). Client-safe.

/** What changed: the entity, upserted rows (whole rows, so a device applies them as they are) or deleted ids. */
export const ENTITIES = ["block", "shot", "person", "vendor", "event", "team", "client_access"] as const;
export type Entity = (typeof ENTITIES)[number];

/** What a client link's portal shows; a portal socket is sent nothing else. */
const PORTAL_ENTITY_LIST = ["block", "shot", "person", "vendor", "event"] as const satisfies readonly Entity[];
export type PortalEntity = (typeof PORTAL_ENTITY_LIST)[number];
export const PORTAL_ENTITIES: ReadonlySet<Entity> = new Set(PORTAL_ENTITY_LIST);

export const ChangeSchema = z.object({
  entity: z.enum(ENTITIES),
  op: z.enum(["upsert", "delete"]),
  rows: z.array(z.record(z.string(), z.unknown())).max(500).optional(),
  ids: z.array(z.string().max(128)).max(500).optional(),
  /** The user who made it; null for a client link. */
  actor: z.string().max(128).nullable(),
});
export type Change = z.infer<typeof ChangeSchema>;

type Rows = {
  block: typeof timelineBlocks.$inferSelect;
  shot: typeof shotListItems.$inferSelect;
  person: typeof eventPeople.$inferSelect;
  vendor: typeof eventVendors.$inferSelect;
  event: typeof events.$inferSelect;
};

/**
 * The fields of each row a client link is given, by its portal's loader and by its
 * socket alike (docs/product/roles.md#client-links: no team). An allow-list, so a column
 * added later stays away from clients until it is added here. Not given: who checked a
 * block or shot off (`doneBy`, a team member's id) and, of the event, its status, time
 * zone, organization and lead (the portal shows title, couple, date and venue).
 */
const PORTAL_FIELDS = {
  block: ["id", "eventId", "title", "blockType", "startTime", "durationMinutes", "location", "notes", "orderIndex", "isDone", "doneAt", "createdAt", "updatedAt"],
  shot: ["id", "eventId", "title", "category", "description", "orderIndex", "isDone", "doneAt", "createdAt", "updatedAt"],
  person: ["id", "eventId", "firstName", "lastName", "role", "isVip", "pronunciation", "notes", "createdAt", "updatedAt"],
  vendor: [
    "id",
    "eventId",
    "vendorName",
    "companyName",
    "vendorType",
    "email",
    "phoneNumber",
    "website",
    "instagramHandle",
    "facebookHandle",
    "twitterHandle",
    "tiktokHandle",
    "notes",
    "createdAt",
    "updatedAt",
  ],
  event: ["id", "title", "coupleNames", "date", "venue", "updatedAt"],
} as const satisfies { [E in PortalEntity]: readonly (keyof Rows[E])[] };

type PortalField<E extends PortalEntity> = Extract<(typeof PORTAL_FIELDS)[E][number], keyof Rows[E]>;
export type PortalRow<E extends PortalEntity> = Pick<Rows[E], PortalField<E>>;

/** A row as a client link may see it: only the fields of PORTAL_FIELDS that it has. */
export function toPortalRow<E extends PortalEntity>(entity: E, row: PortalRow<E>): PortalRow<E>;
export function toPortalRow(entity: PortalEntity, row: Record<string, unknown>): Record<string, unknown>;
export function toPortalRow(entity: PortalEntity, row: Record<string, unknown>) {
  const picked: Record<string, unknown> = {};
  for (const field of PORTAL_FIELDS[entity]) if (field in row) picked[field] = row[field];
  return picked;
}

/**
 * A change as a portal socket receives it, or null when the portal does not show its
 * entity (the socket gets a 'skip'): rows cut to PORTAL_FIELDS, and no actor (a team
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

export const ClientMessageSchema = z.discriminatedUnion("type", [
  /** The last sequence this device has applied (its page's, on first connect). */
  z.object({ type: z.literal("hello"), since: z.number().int().min(0) }),
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

export const ServerMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("change"), seq: z.number().int(), change: ChangeSchema }),
  /** A sequence number whose change this socket may not see (a portal socket). */
  z.object({ type: z.literal("skip"), seq: z.number().int() }),
  /** Caught up: everything up to `seq` has been sent. */
  z.object({ type: z.literal("live"), seq: z.number().int() }),
  /** The gap is larger than the room's log: reload the page. */
  z.object({ type: z.literal("reload"), seq: z.number().int() }),
  z.object({ type: z.literal("welcome"), role: z.string() }),
  z.object({ type: z.literal("error"), message: z.string() }),
]);
export type ServerMessage = z.infer<typeof ServerMessageSchema>;

/** The room keeps at least this many changes for devices that come back. */
export const ROOM_LOG_SIZE = 1000;

// The per-user notification channel (issue 7 item 5): new notifications reach every
// open tab of their user. A tab says hello with when its list was read; the channel
// sends what arrived since (the tab skips those it already has), then 'ready'.

export const NotificationItemSchema = z.object({
  id: z.string().max(64),
  title: z.string().max(500),
  message: z.string().max(2000),
  read: z.boolean(),
  createdAt: z.string().max(40),
});

export const UserHelloSchema = z.object({ type: z.literal("hello"), since: z.iso.datetime() });

export const UserServerMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("notifications"), items: z.array(NotificationItemSchema).max(50) }),
  z.object({ type: z.literal("ready") }),
  z.object({ type: z.literal("error"), message: z.string() }),
]);
export type UserServerMessage = z.infer<typeof UserServerMessageSchema>;

/** How many recent notifications the channel keeps for tabs that connect late. */
export const USER_CHANNEL_LOG_SIZE = 20;

/**
 * A message (a socket's, or a header the Worker set) as `schema` reads it; null when
 * it is missing, not JSON or not of that shape.
 */
export function readMessage<S extends z.ZodType>(schema: S, data: string | ArrayBuffer | null): z.output<S> | null {
  if (data === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
