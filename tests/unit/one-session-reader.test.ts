import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The session is read once per request, in one place (docs/architecture.md#the-session):
// the root middleware, and the live upgrade, which does not pass through React Router,
// with the same reader. A route whose batch carries the session takes its statements and
// settles the viewer through account/session-batch.server.ts; the services that build the
// batch take a plain user id and never see the session.

/** Every source file under `dir`, as paths relative to the repository. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const SOURCES = ["app", "workers"].flatMap(filesUnder);

/** An import of any of `names` (a mention in a comment is none). */
const importOf = (names: string) => new RegExp(`import\\s*(type\\s*)?\\{[^}]*\\b(${names})\\b[^}]*\\}\\s*from\\s*"`);

/** The files (outside `own`) whose code matches `pattern`. */
function filesMatching(pattern: RegExp, own: string[] = []) {
  return SOURCES.filter((file) => !own.includes(file) && pattern.test(readFileSync(file, "utf8"))).sort();
}

const SESSION = "app/modules/account/session.server.ts";
const SESSION_BATCH = "app/modules/account/session-batch.server.ts";

describe("one session reader", () => {
  it("the session cookie is read by one function, which only the root middleware and the live upgrade call", () => {
    expect(SOURCES.length).toBeGreaterThan(100);
    // The cookie's name, and the reader's names, appear nowhere else.
    expect(filesMatching(/SESSION_COOKIE|["'`]ef_session["'`]/, [SESSION])).toEqual([]);
    expect(filesMatching(importOf("requestSession|readSession"), [SESSION])).toEqual(["app/modules/live/upgrade.server.ts", "app/root.tsx"]);
    expect(filesMatching(importOf("readSessionAlone"), [SESSION])).toEqual([SESSION_BATCH, "app/root.tsx"]);
  });

  it("a session left to a batch is reached only through the helpers of session-batch.server.ts, by the routes' loaders and actions", () => {
    expect(filesMatching(/\bsessionInBatchContext\b/, ["app/context.ts"])).toEqual([SESSION_BATCH]);
    expect(filesMatching(/from\s*"[^"]*session-batch\.server"/, [SESSION_BATCH])).toEqual([
      // requireEventAccess and the dashboard's action: the loaders' and the action's bodies, given their context.
      "app/modules/event/dashboard-actions.server.ts",
      "app/modules/event/service.server.ts",
      "app/root.tsx",
      "app/routes/events.$eventId.mutations.ts",
      // New Event's loader: its templates with the session (viewerWithReads).
      "app/routes/events.new.tsx",
    ]);
  });

  it("the mutation runner, the access check and the list reads never see the session: they take a user id", () => {
    for (const file of ["app/modules/event/mutations.server.ts", "app/modules/event/access.server.ts", "app/modules/event/lists.server.ts"]) {
      const text = readFileSync(file, "utf8");
      expect(text, file).not.toMatch(/account\/session|SessionInBatch|sessionInBatchContext|SessionRead/);
    }
  });

  it("the check finds a reader where there is one", () => {
    expect(importOf("requestSession|readSession").test(`import { createSession, readSession } from "~/modules/account/session.server";`)).toBe(true);
    expect(importOf("requestSession|readSession").test("// Batchable, so readSession runs them in the session's batch.")).toBe(false);
    expect(/SESSION_COOKIE|["'`]ef_session["'`]/.test(`const token = cookies.get("ef_session");`)).toBe(true);
  });
});
