import { z } from "~/utils/zod";
import { ENTITIES } from "./entities";

// The wire protocol of an event's live room and of a user's notification channel
// (decision 006): one zod schema per message, which the server validates with
// (docs/conventions.md#8-wire-messages-are-a-discriminated-union). Only the server, the
// tests and what a page loads lazily import this module: a page's first JavaScript
// carries no zod (decision 014); the browser checks the server's frames
// with the small checks in protocol.ts, held to these schemas by
// tests/unit/protocol-frames.test.ts.

/** What changed: the entity, upserted rows (whole rows, so a device applies them as they are) or deleted ids. */
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
