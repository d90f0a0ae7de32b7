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
