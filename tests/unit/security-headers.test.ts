import { describe, expect, it } from "vitest";
import { applySecurityHeaders, contentSecurityPolicy, createNonce } from "~/utils/security-headers.server";

const page = () => new Response("<html></html>", { headers: { "Content-Type": "text/html" } });

describe("security headers", () => {
  it("allows only scripts from our origin or with this response's nonce in production", () => {
    const csp = contentSecurityPolicy({ nonce: "abc123", dev: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toContain("unsafe-inline' 'unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("form-action 'self'");
  });

  it("sets CSP, framing, sniffing and referrer headers on a response", () => {
    const response = applySecurityHeaders(new Request("http://localhost/"), page(), { nonce: "n", dev: false });
    expect(response.headers.get("Content-Security-Policy")).toContain("'nonce-n'");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });

  it("sends HSTS only over https", () => {
    const overHttp = applySecurityHeaders(new Request("http://localhost/"), page(), { nonce: "n", dev: false });
    const overHttps = applySecurityHeaders(new Request("https://eventflow.app/"), page(), { nonce: "n", dev: false });
    expect(overHttp.headers.has("Strict-Transport-Security")).toBe(false);
    expect(overHttps.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
  });

  it("keeps a stricter Referrer-Policy a route chose (capability URLs use no-referrer)", () => {
    const response = new Response("x", { headers: { "Referrer-Policy": "no-referrer" } });
    const secured = applySecurityHeaders(new Request("https://eventflow.app/client/t"), response, { nonce: "n", dev: false });
    expect(secured.headers.get("Referrer-Policy")).toBe("no-referrer");
  });

  it("keeps status and body of the original response", async () => {
    const original = new Response("not here", { status: 404 });
    const secured = applySecurityHeaders(new Request("http://localhost/x"), original, { nonce: "n", dev: false });
    expect(secured.status).toBe(404);
    expect(await secured.text()).toBe("not here");
  });

  it("makes a fresh, unguessable nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(atob(nonce)).toHaveLength(16);
  });
});
