import { describe, expect, it } from "vitest";
import { JobMessageSchema, retryDelaySeconds } from "~/utils/jobs";

describe("queue job messages", () => {
  it("accepts an e-mail job", () => {
    expect(JobMessageSchema.parse({ kind: "email", outboxId: "abc" })).toEqual({ kind: "email", outboxId: "abc" });
  });

  it.each([
    ["no kind", { outboxId: "abc" }],
    ["an unknown kind", { kind: "fax", outboxId: "abc" }],
    ["a missing id", { kind: "email" }],
    ["an empty id", { kind: "email", outboxId: "" }],
    ["a wrong type", { kind: "email", outboxId: 42 }],
    ["an oversized id", { kind: "email", outboxId: "x".repeat(65) }],
    ["not an object", "email"],
  ])("refuses %s", (_label, body) => {
    expect(JobMessageSchema.safeParse(body).success).toBe(false);
  });

  it("backs off exponentially from 30 seconds, capped at an hour", () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20)).toBe(3600);
  });
});
