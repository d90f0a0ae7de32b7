import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

// The repository stands on its own. Someone who clones it has no
// `../shared` folder, so no tracked file may send them there, and every
// `docs/…md#section` a file cites must lead to a heading that exists.

const SELF = "tests/unit/no-shared-references.test.ts";

function trackedTextFiles() {
  return execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" })
    .split("\0")
    .filter((file) => file && existsSync(file))
    .map((file) => ({ file, buffer: readFileSync(file) }))
    .filter(({ buffer }) => !buffer.subarray(0, 8000).includes(0))
    .map(({ file, buffer }) => ({ file, text: buffer.toString("utf8") }));
}

const files = trackedTextFiles();

/** Where `pattern` occurs, as file:line. */
function occurrences(pattern: RegExp, skip: string[] = []) {
  return files
    .filter(({ file }) => !skip.includes(file))
    .flatMap(({ file, text }) => text.split("\n").flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}`] : [])));
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string) {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const base = heading[1]
      .replace(/`/g, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Every `docs/….md#anchor` cited anywhere, and every relative `](page.md#anchor)` inside docs/. */
function citedSections() {
  const cited: { where: string; target: string; anchor: string }[] = [];
  for (const { file, text } of files) {
    text.split("\n").forEach((line, index) => {
      const where = `${file}:${index + 1}`;
      for (const match of line.matchAll(/(?<![\w/.-])(docs\/[\w/.-]+?\.md)#([\w-]+)/g)) cited.push({ where, target: match[1]!, anchor: match[2]! });
      if (file.startsWith("docs/") && file.endsWith(".md")) {
        for (const match of line.matchAll(/\]\(((?:\.\.\/|\.\/)?[\w/.-]+?\.md)#([\w-]+)\)/g)) {
          cited.push({ where, target: normalize(join(dirname(file), match[1]!)), anchor: match[2]! });
        }
      }
    });
  }
  return cited;
}

describe("the repository stands on its own", () => {
  it("no tracked file refers to ../shared", () => {
    expect(occurrences(/\.\.\/shared/, [SELF])).toEqual([]);
  });

  it("every cited docs/….md#section exists, file and heading", () => {
    const cited = citedSections();
    expect(cited.filter(({ target }) => target.startsWith("docs/product/")).length).toBeGreaterThan(100);
    const anchors = new Map<string, Set<string> | null>();
    const broken = cited
      .filter(({ target, anchor }) => {
        if (!anchors.has(target)) anchors.set(target, existsSync(target) ? anchorsOf(readFileSync(target, "utf8")) : null);
        return !anchors.get(target)?.has(anchor);
      })
      .map(({ where, target, anchor }) => `${where} → ${target}#${anchor}`);
    expect(broken).toEqual([]);
  });

  it("no tracked file cites the outside observations by their old names", () => {
    // The product's rules live in docs/product/; a "§N" of the old observations, a bare
    // decisions.md or conventions.md, or the stack notes lead nowhere from a clone.
    const outside =
      /(?<![\w/-])(?:decisions|conventions)\.md|stack[- ]notes|(?<!RFC \d+ )§\d+(?![.,]?\d)|\b[Ss]pec route table\b|\(spec date format\)|^\s*(?:\/\/|\/\*\*|\*)\s*Spec: /;
    expect(occurrences(outside, [SELF])).toEqual([]);
  });
});
