import { describe, expect, it } from "vitest";
import { appliedMutations, timelineBlocks } from "~/db/schema";
import { violatesUnique } from "~/utils/db.server";

// A batch that fails on a UNIQUE key is recognised by the key's column as the schema
// names it (table and column), wherever D1 puts SQLite's text: the error or its cause.

const d1Error = (detail: string) => new Error("D1_ERROR: Failed to run batch", { cause: new Error(`${detail}: SQLITE_CONSTRAINT`) });

describe("violatesUnique", () => {
  it("names the column whose key was taken, and no other", () => {
    const error = d1Error("UNIQUE constraint failed: applied_mutations.key");
    expect(violatesUnique(error, appliedMutations.key)).toBe(true);
    expect(violatesUnique(error, timelineBlocks.id)).toBe(false);
  });

  it("reads a compound key's columns and the error's own message", () => {
    expect(violatesUnique(new Error("UNIQUE constraint failed: timeline_blocks.event_id, timeline_blocks.id"), timelineBlocks.id)).toBe(true);
  });

  it("is false for any other failure, however it mentions the table", () => {
    expect(violatesUnique(d1Error("NOT NULL constraint failed: applied_mutations.key"), appliedMutations.key)).toBe(false);
    expect(violatesUnique(new Error("no such table: applied_mutations.key"), appliedMutations.key)).toBe(false);
    expect(violatesUnique("UNIQUE constraint failed: applied_mutations.keys", appliedMutations.key)).toBe(false);
    expect(violatesUnique(undefined, appliedMutations.key)).toBe(false);
  });
});
