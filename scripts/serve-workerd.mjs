// Serves the production build (build/server) straight from workerd through Miniflare,
// with no Node process in the path of a request or a socket: how a deployed Worker is
// reached. `vite preview` (the e2e tests' server) relays every request and WebSocket
// through its own Node process instead, a hop production does not have; the realtime
// benchmark measures without it (scripts/bench-realtime.mjs).
import { globSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { countingEntrySource } from "./bench-counters.mjs";

// The Miniflare that this wrangler depends on (options are read with wrangler, so the
// two must match), not whichever copy another package hoisted to the top. The realtime
// benchmark's bare Worker is served with it too (bench-bare-worker.mjs).
export const { Miniflare, convertV4MiniflareOptions } = createRequire(fileURLToPath(import.meta.resolve("wrangler")))("miniflare");

/**
 * Starts the built worker on 127.0.0.1:`port`, its D1 and Durable Objects under `stateDir`
 * (`inspectorPort`: a DevTools inspector, for profiling; `countBindings`: the bench's
 * counting entry in front of the build, bench-counters.mjs, for `npm run bench`).
 */
export async function serveWorkerd({ port, stateDir, inspectorPort, countBindings = false }) {
  const { workerOptions, externalWorkers, main } = unstable_getMiniflareWorkerOptions("build/server/wrangler.json", undefined, {});
  const { modulesRules: _rules, ...options } = workerOptions;
  const root = dirname(main);
  const chunks = globSync("**/*.{js,mjs}", { cwd: root }).filter((path) => path !== "index.js");
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: Number(port),
      resourcePersistencePath: resolve(stateDir, "v3"), // where `wrangler … --persist-to` and vite preview keep it
      resourceTmpPath: resolve(".wrangler/tmp"),
      unsafeTriggerHandlers: true,
      ...(inspectorPort ? { inspectorPort: Number(inspectorPort) } : {}),
      workers: [
        {
          ...options,
          name: "event-flow",
          rootPath: root,
          modules: [
            ...(countBindings ? [{ type: "ESModule", path: "bench-entry.js", contents: countingEntrySource("index.js", durableObjectClasses(options)) }] : []),
            { type: "ESModule", path: "index.js" },
            ...chunks.map((path) => ({ type: "ESModule", path })),
          ],
        },
        ...externalWorkers,
      ],
    }),
  );
  await miniflare.ready;
  return miniflare;
}

/** The classes of the Worker's own Durable Objects (the bench entry re-exports them wrapped). */
function durableObjectClasses(options) {
  return [...new Set(Object.values(options.durableObjects ?? {}).map((o) => (typeof o === "string" ? o : o.className)).filter(Boolean))];
}
