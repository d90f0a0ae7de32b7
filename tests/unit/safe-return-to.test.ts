import { describe, expect, it } from "vitest";
import { safeReturnTo } from "~/modules/account/schema";

// What safeReturnTo RETURNS must be a path on our origin, also after
// the URL parser has normalised it (dot segments turned `/.//evil` into `//evil`).

/** A Location a browser would resolve on our origin. */
function staysHome(path: string) {
  const base = "https://eventflow.example";
  return (
    new URL(path, base).origin === base &&
    path.startsWith("/") &&
    !path.startsWith("//") &&
    !path.startsWith("/\\") &&
    !/[\u0000-\u001f\u007f\\]/.test(path)
  );
}

const ATTACKS = [
  "/.//evil.example",
  "/.//evil.example/x",
  "/..//evil.example",
  "/../..//evil.example",
  "/%2e//evil.example",
  "/%2E//evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2E//evil.example",
  "/.%2e//evil.example",
  "/a/../..//evil.example",
  "/a/..//evil.example",
  "/././/evil.example",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "/\\\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/.\t//evil.example",
  "/.\n//evil.example",
  "/%09/evil.example",
  "/%2F%2Fevil.example",
  "%2F%2Fevil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "https://evil.example",
  "HTTPS://evil.example",
  "javascript:alert(1)",
  " /settings",
  "/\u0000/evil.example",
  "/\u007f/evil.example",
  `/${"a".repeat(3000)}`,
  `/.//${"a".repeat(1990)}.example`,
];

describe("safeReturnTo", () => {
  it.each(ATTACKS)("returns a same-origin path for %j", (value) => {
    const result = safeReturnTo(value);
    expect(staysHome(result)).toBe(true);
    expect(result.startsWith("//")).toBe(false);
  });

  it("sends the dot-segment family home rather than to a normalised path", () => {
    for (const value of ["/.//evil.example/x", "/..//evil.example", "/%2e//evil.example", "/%2E%2E//evil.example"]) expect(safeReturnTo(value)).toBe("/");
  });

  it("keeps ordinary paths, queries and fragments", () => {
    expect(safeReturnTo("/settings")).toBe("/settings");
    expect(safeReturnTo("/events/abc?tab=team#x")).toBe("/events/abc?tab=team#x");
    expect(safeReturnTo("/auth?returnTo=%2Fsettings&mode=guest")).toBe("/auth?returnTo=%2Fsettings&mode=guest");
    expect(safeReturnTo("/a/./b/../c")).toBe("/a/c");
    // Encoded slashes stay encoded: a path segment on our origin.
    expect(safeReturnTo("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });

  it("falls back for what is not a string, empty or too long", () => {
    expect(safeReturnTo(null)).toBe("/");
    expect(safeReturnTo(undefined, "/subscription")).toBe("/subscription");
    expect(safeReturnTo("")).toBe("/");
    expect(safeReturnTo(`/${"a".repeat(3000)}`)).toBe("/");
  });
});
