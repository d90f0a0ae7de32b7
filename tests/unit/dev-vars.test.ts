import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ensureDevVars, generateVapidKeys } from "../../scripts/ensure-dev-vars.mjs";

const valueOf = (text: string, key: string) => text.match(new RegExp(`^${key}=(.*)$`, "m"))?.[1] ?? "";

function project() {
  const root = mkdtempSync(join(tmpdir(), "dev-vars-"));
  writeFileSync(join(root, ".dev.vars.example"), readFileSync(".dev.vars.example", "utf8"));
  return root;
}

describe("local secrets (.dev.vars) for a fresh clone (decision 009)", () => {
  it("a VAPID pair whose private key signs what its public key verifies (P-256, the formats the Worker reads)", async () => {
    const { publicKey, privateKey } = generateVapidKeys();
    const point = Buffer.from(publicKey, "base64url");
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect(Buffer.from(privateKey, "base64url")).toHaveLength(32);
    const jwk: JsonWebKey = { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") };
    const signer = await crypto.subtle.importKey("jwk", { ...jwk, d: privateKey }, { name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
    const verifier = await crypto.subtle.importKey("jwk", jwk, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
    const data = new TextEncoder().encode("vapid");
    const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, signer, data);
    expect(await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, verifier, signature, data)).toBe(true);
  });

  it("writes the keys once, into a new .dev.vars, and never replaces them", () => {
    const root = project();
    expect(ensureDevVars(root)).toBe(true);
    const first = readFileSync(join(root, ".dev.vars"), "utf8");
    expect(valueOf(first, "VAPID_PUBLIC_KEY")).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(valueOf(first, "VAPID_PRIVATE_KEY")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(valueOf(first, "SESSION_SECRET")).toMatch(/^[0-9a-f]{64}$/);
    expect(ensureDevVars(root)).toBe(false);
    expect(readFileSync(join(root, ".dev.vars"), "utf8")).toBe(first);
  });

  it("adds the keys to an older .dev.vars that has none, and leaves a developer's own key alone", () => {
    const root = project();
    writeFileSync(join(root, ".dev.vars"), "SESSION_SECRET=mine\nVAPID_PRIVATE_KEY=\n");
    expect(ensureDevVars(root)).toBe(true);
    const updated = readFileSync(join(root, ".dev.vars"), "utf8");
    expect(valueOf(updated, "SESSION_SECRET")).toBe("mine");
    expect(valueOf(updated, "VAPID_PUBLIC_KEY")).not.toBe("");

    const own = project();
    writeFileSync(join(own, ".dev.vars"), "VAPID_PUBLIC_KEY=\nVAPID_PRIVATE_KEY=my-own-private-key\n");
    ensureDevVars(own);
    expect(valueOf(readFileSync(join(own, ".dev.vars"), "utf8"), "VAPID_PRIVATE_KEY")).toBe("my-own-private-key");
  });
});
