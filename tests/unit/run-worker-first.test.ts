import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// wrangler.toml's [assets] run_worker_first: the app's live paths go
// straight to the Worker, skipping the asset lookup. A path listed there is never looked
// up among the static files, so none may be one, and none may be one of Vite's own
// module paths in development ("/*" would send /@vite/client to the Worker).

const root = new URL("../../", import.meta.url);
const toml = readFileSync(new URL("wrangler.toml", root), "utf8");
const patterns: string[] = JSON.parse(toml.match(/^run_worker_first = (\[.*\])$/m)![1]!);

/** Cloudflare's rule syntax: a leading "!" excludes, "*" matches any run of characters (slashes too). */
const matches = (pattern: string, path: string) => new RegExp(`^${pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`).test(path);
const toWorker = (path: string) => patterns.some((pattern) => matches(pattern, path));

/** Every file under public/, as the path it is served at. */
function publicPaths(dir = "public", prefix = ""): string[] {
  return readdirSync(new URL(`${dir}/`, root), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? publicPaths(`${dir}/${entry.name}`, `${prefix}/${entry.name}`) : [`${prefix}/${entry.name}`],
  );
}

describe("run_worker_first", () => {
  it("sends a check-off, the live room's socket, the lists and the portal straight to the Worker", () => {
    for (const path of ["/events/0f6c/", "/events/0f6c.data", "/events/0f6c/mutations", "/events/0f6c/lists", "/live/events/0f6c", "/client/view/ab12.data", "/client/tok3n"]) {
      expect(toWorker(path), path).toBe(true);
    }
  });

  it("never names a static file, a built asset or one of Vite's development paths", () => {
    const files = publicPaths();
    expect(files).toContain("/sw.js");
    for (const path of [...files, "/assets/root-abc123.js", "/@vite/client", "/@id/virtual:react-router/inject-hmr-runtime", "/app/root.tsx", "/node_modules/.vite/deps/react.js"]) {
      expect(toWorker(path), path).toBe(false);
    }
    expect(patterns.every((pattern) => !pattern.startsWith("!") && pattern !== "/*")).toBe(true);
  });
});
