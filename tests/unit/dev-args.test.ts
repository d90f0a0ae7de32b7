import { spawn, spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// `npm run dev -- --port N` is refused clearly when it is not a port, and an
// unknown option names the ones that exist (a valid port starts the whole dev server, which
// the README's command covers; here only the argument handling, which runs before anything starts).
const dev = (...args: string[]) => spawnSync("node", ["scripts/dev.mjs", ...args], { encoding: "utf8", timeout: 20_000 });

describe("npm run dev arguments", () => {
  it("refuses a port that is not a number", () => {
    const run = dev("--port", "abc");
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--port must be a port number (1-65535), not "abc"');
  });

  it("names the options it takes when given another", () => {
    const run = dev("--open");
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("Options: --port <number>, --host <name>.");
  });

  it("prints the localhost address first, before any other address", async () => {
    const server = spawn("node", ["scripts/dev.mjs", "--port", "5999"], { detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const first = await new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 15_000);
      for (const stream of [server.stdout, server.stderr]) {
        stream.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          const url = /https?:\/\/[^\s/]+/.exec(output)?.[0];
          if (url) {
            clearTimeout(timer);
            resolve(url);
          }
        });
      }
    });
    // The whole group: the script and whatever it started (wrangler's migration step).
    process.kill(-server.pid!, "SIGKILL");
    expect(first).toBe("http://localhost:5999");
  }, 20_000);
});
