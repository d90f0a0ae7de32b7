import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "~/utils/db.server";
import { consume, countOf, peek, recordFailure } from "~/utils/rate-limit.server";

const db = getDb(env);
const limit = { name: "test", max: 3, windowMs: 60_000 };
const WINDOW_START = Date.parse("2026-11-22T10:00:00.000Z");

describe("rate limiting in D1", () => {
  it("consume: allows the Nth request and refuses the N+1th within a window", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await consume(db, [[limit, "a"]], WINDOW_START + 1000 * i));
    expect(results).toEqual([false, false, false, true]);
  });

  it("still counts a burst that straddles a window boundary", async () => {
    const beforeBoundary = WINDOW_START + 59_000;
    for (let i = 0; i < 3; i++) expect(await consume(db, [[limit, "b"]], beforeBoundary)).toBe(false);
    expect(await consume(db, [[limit, "b"]], WINDOW_START + 60_500)).toBe(true);
  });

  it("counts a hit for at least one full window", async () => {
    for (let i = 0; i < 3; i++) await consume(db, [[limit, "g"]], WINDOW_START + 59_999);
    expect(await consume(db, [[limit, "g"]], WINDOW_START + 119_000)).toBe(true);
  });

  it("forgets hits once two windows have passed", async () => {
    for (let i = 0; i < 3; i++) await consume(db, [[limit, "c"]], WINDOW_START);
    expect(await consume(db, [[limit, "c"]], WINDOW_START + 120_000)).toBe(false);
  });

  it("peek never counts; recordFailure counts once per call; N failures are allowed, then refused", async () => {
    for (let i = 0; i < 10; i++) expect(await peek(db, [[limit, "d"]], WINDOW_START)).toBe(false);
    expect(await countOf(db, limit, "d", WINDOW_START)).toBe(0);
    await recordFailure(db, [[limit, "d"]], WINDOW_START);
    await recordFailure(db, [[limit, "d"]], WINDOW_START);
    expect(await countOf(db, limit, "d", WINDOW_START + 10)).toBe(2);
    expect(await peek(db, [[limit, "d"]], WINDOW_START + 10)).toBe(false);
    await recordFailure(db, [[limit, "d"]], WINDOW_START);
    expect(await peek(db, [[limit, "d"]], WINDOW_START + 10)).toBe(true);
    expect(await countOf(db, limit, "d", WINDOW_START + 10)).toBe(3);
    expect(await countOf(db, limit, "e", WINDOW_START + 10)).toBe(0);
  });

  it("refuses when any one of several limits is exceeded", async () => {
    const strict = { name: "strict", max: 1, windowMs: 60_000 };
    expect(await consume(db, [[limit, "f"], [strict, "f"]], WINDOW_START)).toBe(false);
    expect(await consume(db, [[limit, "f"], [strict, "f"]], WINDOW_START)).toBe(true);
    await recordFailure(db, [[limit, "h"], [strict, "h"]], WINDOW_START);
    expect(await countOf(db, limit, "h", WINDOW_START)).toBe(1);
    expect(await peek(db, [[limit, "h"], [strict, "h"]], WINDOW_START)).toBe(true);
  });
});
