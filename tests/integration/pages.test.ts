import { exports } from "cloudflare:workers";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createToastHeader } from "~/utils/toast.server";

// Requests go through the real Worker entry (workers/app.ts): security headers,
// React Router, the root loader and the route modules, rendered in workerd.
const fetchPage = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);

describe("pages served by the Worker", () => {
  it("renders home with the brand, a CSP nonce on every inline script, and security headers", async () => {
    const response = await fetchPage("/");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Event Flow");
    expect(html).toContain("What You&#x27;ll Get");

    // Tests run the dev build, whose CSP allows Vite's inline scripts; the production
    // CSP ('nonce-…' only) is checked in tests/unit and enforced in the e2e browser run.
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    const nonces = new Set([...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*\bnonce="([^"]+)"[^>]*>/g)].map((m) => m[1]));
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    expect(nonces.size).toBe(1);
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*\bnonce="/g)?.length).toBe(inlineScripts.length);

    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.has("Strict-Transport-Security")).toBe(false);
  });

  it("uses a different nonce for every response", async () => {
    const nonceOf = async () => /<script[^>]*\bnonce="([^"]+)"/.exec(await (await fetchPage("/about")).text())?.[1];
    const [first, second] = [await nonceOf(), await nonceOf()];
    expect(first).toBeTruthy();
    expect(first).not.toBe(second);
  });

  it("adds HSTS when served over https", async () => {
    const response = await exports.default.fetch("https://eventflow.app/support");
    expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
  });

  it.each([
    ["/support", ["Support", "Frequently asked questions"]],
    ["/privacy-policy", ["Privacy Policy", "Children&#x27;s Privacy"]],
    ["/terms-of-use", ["Terms of Use", "$9.99", "$99.99", "24 hours"]],
    ["/legal", ["Legal", "/privacy-policy", "/terms-of-use"]],
    ["/about", ["About Event Flow", "$9.99", "$99.99", "Save 17%", "$8.33", "/subscription"]],
  ])("serves %s", async (path, texts) => {
    const response = await fetchPage(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const text of texts) expect(html).toContain(text);
  });

  it("answers any unknown path with the 404 page and a link home", async () => {
    const response = await fetchPage("/no/such/page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toMatch(/<a[^>]+href="\/"[^>]*>Return to Home<\/a>/);
  });

  it("drops the FAQ's Team plan and Business wording (docs/product/conflicts.md#one-plan-pro)", async () => {
    const html = await (await fetchPage("/support")).text();
    expect(html).not.toContain("$0.99");
    expect(html).not.toMatch(/Team plan/i);
  });

  it("shows a toast an action left in its signed cookie once, then clears it", async () => {
    const request = new Request("http://localhost/about");
    const setCookie = await createToastHeader(env, request, { type: "success", title: "Profile updated!" });
    const cookie = setCookie.split(";")[0]!;

    const response = await fetchPage("/about", { headers: { Cookie: cookie } });
    const html = await response.text();
    expect(html).toContain("Profile updated!");
    expect(response.headers.get("Set-Cookie")).toMatch(/en_toast=;.*Max-Age=0/);
  });

  it("ignores a forged toast cookie", async () => {
    const forged = `en_toast=${btoa(JSON.stringify({ id: "x", type: "error", title: "Your account is locked, call us" }))}`;
    const html = await (await fetchPage("/about", { headers: { Cookie: forged } })).text();
    expect(html).not.toContain("Your account is locked");
  });

  it("refuses to change anything with a POST to a page without an action", async () => {
    const response = await fetchPage("/about", { method: "POST", body: new URLSearchParams({ a: "1" }), headers: { Origin: "http://localhost" } });
    expect(response.status).toBe(405);
  });
});
