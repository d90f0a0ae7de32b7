import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "~/utils/db.server";
import { currentCount, hitStatement, overLimit } from "~/utils/rate-limit.server";

const db = getDb(env);
const limit = { name: "test", max: 3, windowMs: 60_000 };
const WINDOW_START = Date.parse("2026-11-22T10:00:00.000Z");

describe("rate limiting in D1", () => {
  it("refuses the hit after the maximum within a window", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await overLimit(db, [[limit, "a"]], WINDOW_START + 1000 * i));
    expect(results).toEqual([false, false, false, true]);
  });

  it("still counts a burst that straddles a window boundary", async () => {
    const beforeBoundary = WINDOW_START + 59_000;
    for (let i = 0; i < 3; i++) expect(await overLimit(db, [[limit, "b"]], beforeBoundary)).toBe(false);
    expect(await overLimit(db, [[limit, "b"]], WINDOW_START + 60_500)).toBe(true);
  });

  it("counts a hit for at least one full window", async () => {
    for (let i = 0; i < 3; i++) await overLimit(db, [[limit, "g"]], WINDOW_START + 59_999);
    expect(await overLimit(db, [[limit, "g"]], WINDOW_START + 119_000)).toBe(true);
  });

  it("forgets hits once two windows have passed", async () => {
    for (let i = 0; i < 3; i++) await overLimit(db, [[limit, "c"]], WINDOW_START);
    expect(await overLimit(db, [[limit, "c"]], WINDOW_START + 120_000)).toBe(false);
  });

  it("keeps subjects apart and reads a count without adding to it", async () => {
    await hitStatement(db, limit, "d", WINDOW_START);
    await hitStatement(db, limit, "d", WINDOW_START);
    expect(await currentCount(db, limit, "d", WINDOW_START + 10)).toBe(2);
    expect(await currentCount(db, limit, "d", WINDOW_START + 10)).toBe(2);
    expect(await currentCount(db, limit, "e", WINDOW_START + 10)).toBe(0);
  });

  it("refuses when any one of several limits is exceeded", async () => {
    const strict = { name: "strict", max: 1, windowMs: 60_000 };
    expect(await overLimit(db, [[limit, "f"], [strict, "f"]], WINDOW_START)).toBe(false);
    expect(await overLimit(db, [[limit, "f"], [strict, "f"]], WINDOW_START)).toBe(true);
  });
});
