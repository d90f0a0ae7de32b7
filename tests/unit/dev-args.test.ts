import { spawnSync } from "node:child_process";
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
});
