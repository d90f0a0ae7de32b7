import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Someone who clones the repository reads about the product, not its history: no code
// comment sends them to an issue or an audit they cannot see (the reason is written out,
// or cited as docs/product/<page>.md#<section> or a decision record), and the README
// stays a short introduction (docs/benchmarks.md and docs/decisions/ hold the rest).

const HISTORY = /\bissue \d+|audit finding/i;
const README_MAX_LINES = 200;

/** Every file under `dir`, as paths relative to the repository. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Where `pattern` occurs in the files under `dirs`, as file:line. */
function occurrences(pattern: RegExp, dirs: string[]) {
  return dirs
    .flatMap(filesUnder)
    .flatMap((file) => readFileSync(file, "utf8").split("\n").flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}`] : [])));
}

describe("the repository reads as the product", () => {
  it("app/ and workers/ name no issue and no audit finding", () => {
    expect(filesUnder("app").length).toBeGreaterThan(100);
    expect(occurrences(HISTORY, ["app", "workers"])).toEqual([]);
  });

  it("the check finds a reference where there is one", () => {
    expect(HISTORY.test("// Issue 19 item 4: the dialogs load when one opens.")).toBe(true);
    expect(HISTORY.test("(audit finding 3)")).toBe(true);
    expect(HISTORY.test("// The dialogs load when one opens (decision 014).")).toBe(false);
  });

  it(`README.md is at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync("README.md", "utf8").replace(/\n$/, "").split("\n").length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });
});
