import type { UserServerMessage } from "./protocol.schema";

// The browser's checks of a socket's frames, without zod (protocol.ts
// says how they are held to the schemas): the helpers, and the notification channel's
// reader, which every signed-in page's bell needs. The event room's reader
// (readServerFrame) is in protocol.ts, with the live pages.

type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
export const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
export const isString = (value: unknown, max = Infinity): value is string => typeof value === "string" && value.length <= max;
export const isArrayOf = (value: unknown, max: number, each: (item: unknown) => boolean) => Array.isArray(value) && value.length <= max && value.every(each);

/** The JSON of a frame (a socket's message), or null when it is not JSON. */
export function frameJson(data: string | ArrayBuffer | null): unknown {
  if (data === null) return null;
  try {
    return JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data));
  } catch {
    return null;
  }
}

type NotificationItem = Extract<UserServerMessage, { type: "notifications" }>["items"][number];
function isNotificationItem(value: unknown): value is NotificationItem {
  if (!isObject(value)) return false;
  return isString(value.id, 64) && isString(value.title, 500) && isString(value.message, 2000) && typeof value.read === "boolean" && isString(value.createdAt, 40);
}

/** A frame of the user's notification channel (UserServerMessageSchema's shape), or null. */
export function readUserFrame(data: string | ArrayBuffer | null): UserServerMessage | null {
  const frame = frameJson(data);
  if (!isObject(frame)) return null;
  switch (frame.type) {
    case "notifications":
      return isArrayOf(frame.items, 50, isNotificationItem)
        ? { type: "notifications", items: (frame.items as NotificationItem[]).map(({ id, title, message, read, createdAt }) => ({ id, title, message, read, createdAt })) }
        : null;
    case "ready":
      return { type: "ready" };
    case "error":
      return isString(frame.message) ? { type: "error", message: frame.message } : null;
    default:
      return null;
  }
}
