import { describe, expect, it } from "vitest";
import { readServerFrame, readUserFrame } from "~/modules/live/protocol";
import { readMessage, ServerMessageSchema, UserServerMessageSchema } from "~/modules/live/protocol.schema";

// Decision 014: the browser reads the server's frames without zod
// (protocol.ts); the server sends them by the zod schemas (protocol.schema.ts). One
// protocol: for every frame, valid or not, the two read the same.

const row = { id: "b1", title: "Ceremony", isDone: true };
const change = { entity: "block", op: "upsert", rows: [row], actor: "u1" };

const serverFrames: unknown[] = [
  { type: "change", seq: 3, change },
  { type: "change", seq: 3, change: { entity: "shot", op: "delete", ids: ["s1", "s2"], actor: null } },
  { type: "change", seq: 3, change: { ...change, extra: "dropped" } },
  { type: "change", seq: 3, change: { ...change, actor: undefined } },
  { type: "change", seq: 3, change: { ...change, entity: "invoice" } },
  { type: "change", seq: 3, change: { ...change, op: "replace" } },
  { type: "change", seq: 3, change: { ...change, rows: [row, ["not", "a", "row"]] } },
  { type: "change", seq: 3, change: { ...change, rows: Array.from({ length: 501 }, () => row) } },
  { type: "change", seq: 3, change: { ...change, ids: ["x".repeat(129)] } },
  { type: "change", seq: 3, change: { ...change, actor: "x".repeat(129) } },
  { type: "change", seq: 3.5, change },
  { type: "change", seq: "3", change },
  { type: "change", change },
  { type: "skip", seq: 4 },
  { type: "live", seq: 0 },
  { type: "live", seq: -1 },
  { type: "reload", seq: 9, extra: true },
  { type: "reload" },
  { type: "welcome", role: "lead" },
  { type: "welcome", role: 1 },
  { type: "error", message: "Access ended" },
  { type: "error" },
  { type: "hello", since: 0 },
  { seq: 1 },
  [],
  null,
  "live",
  7,
];

const item = { id: "n1", title: "New shot", message: "Anna added a shot", read: false, createdAt: "2027-06-12T10:00:00.000Z" };
const userFrames: unknown[] = [
  { type: "notifications", items: [item] },
  { type: "notifications", items: [] },
  { type: "notifications", items: [{ ...item, extra: 1 }] },
  { type: "notifications", items: [{ ...item, read: "no" }] },
  { type: "notifications", items: [{ ...item, id: "x".repeat(65) }] },
  { type: "notifications", items: [{ ...item, title: "x".repeat(501) }] },
  { type: "notifications", items: Array.from({ length: 51 }, () => item) },
  { type: "notifications" },
  { type: "ready" },
  { type: "ready", extra: 1 },
  { type: "error", message: "Signed out" },
  { type: "error", message: 5 },
  { type: "hello", since: "2027-06-12T10:00:00.000Z" },
  null,
  [],
];

describe("the browser's frame checks read as the zod schemas do", () => {
  it.each(serverFrames.map((frame) => [JSON.stringify(frame)?.slice(0, 80), frame]))("event room: %s", (_, frame) => {
    const data = JSON.stringify(frame);
    expect(readServerFrame(data)).toEqual(readMessage(ServerMessageSchema, data));
  });

  it.each(userFrames.map((frame) => [JSON.stringify(frame)?.slice(0, 80), frame]))("notification channel: %s", (_, frame) => {
    const data = JSON.stringify(frame);
    expect(readUserFrame(data)).toEqual(readMessage(UserServerMessageSchema, data));
  });

  it("reads no frame that is not JSON, and reads a binary frame as its text", () => {
    expect(readServerFrame("{not json")).toBeNull();
    expect(readServerFrame(null)).toBeNull();
    expect(readUserFrame(new TextEncoder().encode(JSON.stringify({ type: "ready" })).buffer as ArrayBuffer)).toEqual({ type: "ready" });
  });
});
