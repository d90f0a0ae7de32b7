import { z } from "zod";

// The wire protocol of an event's live room (issue 7), validated on both ends
// (conventions.md habit 8). Client-safe.

/** What changed: the entity, upserted rows (whole rows, so a device applies them as they are) or deleted ids. */
export const ENTITIES = ["block", "shot", "person", "vendor", "event", "team", "client_access"] as const;
export type Entity = (typeof ENTITIES)[number];

/** What a client link's portal shows; a portal socket is sent nothing else. */
export const PORTAL_ENTITIES: ReadonlySet<Entity> = new Set(["block", "shot", "person", "vendor", "event"]);

export const ChangeSchema = z.object({
  entity: z.enum(ENTITIES),
  op: z.enum(["upsert", "delete"]),
  rows: z.array(z.record(z.string(), z.unknown())).max(500).optional(),
  ids: z.array(z.string().max(128)).max(500).optional(),
  /** The user who made it; null for a client link. */
  actor: z.string().max(128).nullable(),
});
export type Change = z.infer<typeof ChangeSchema>;

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
