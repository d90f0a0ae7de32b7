import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { lastSyncedLabel } from "~/modules/offline/last-synced";
import { PAGE_CACHE } from "~/modules/offline/page-cache-name";

// Decision 010 'Offline reading': the pure parts of offline reading.

/** public/sw.js's own functions, read from the file the browser runs. */
function serviceWorker() {
  const self = { addEventListener: () => {}, location: { origin: "https://eventflow.test" } };
  const scope: Record<string, unknown> = { self, URL, Response, Headers };
  runInNewContext(readFileSync("public/sw.js", "utf8"), scope);
  return scope as {
    keptPageOf: (url: URL) => { page: string; data: boolean } | null;
    refused: (response: Partial<Response>) => boolean;
    keepable: (response: Response) => boolean;
    reloadDocument: (dataUrl: string) => Response;
    forgetsOn: (method: string, pathname: string) => "pages" | "pages-and-outbox" | null;
  };
}

describe("what a post forgets on the device", () => {
  const { forgetsOn } = serviceWorker();
  it.each([
    ["POST", "/logout", "pages-and-outbox"],
    ["POST", "/logout.data", "pages-and-outbox"],
    ["POST", "/auth", "pages"],
    ["POST", "/auth.data", "pages"],
    // Setting a new password signs in.
    ["POST", "/reset-password", "pages"],
    ["POST", "/reset-password.data", "pages"],
    ["GET", "/logout", null],
    ["POST", "/events/3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f", null],
    ["POST", "/authx", null],
  ] as const)("%s %s: %s", (method, pathname, expected) => {
    expect(forgetsOn(method, pathname)).toBe(expected);
  });
});

describe("the kept pages' cache", () => {
  it("has one name in the page, the service worker and the offline page", () => {
    const scope: Record<string, unknown> = { self: { addEventListener: () => {}, location: { origin: "https://eventflow.test" } }, URL, Response, Headers };
    runInNewContext(`${readFileSync("public/sw.js", "utf8")}\n;globalThis.pageCache = PAGE_CACHE;`, scope);
    expect(scope.pageCache).toBe(PAGE_CACHE);
    expect(readFileSync("public/offline.js", "utf8")).toContain(`caches.open("${PAGE_CACHE}")`);
  });
});

describe("the pages the service worker keeps", () => {
  const { keptPageOf } = serviceWorker();
  const at = (path: string) => keptPageOf(new URL(path, "https://eventflow.test"));

  it.each([
    ["/events/3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f", { page: "/events/3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f", data: false }],
    ["/events/3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f?tab=shots", { page: "/events/3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f", data: false }],
    ["/events/3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f.data?_routes=root", { page: "/events/3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f", data: true }],
    ["/client/view/7d3a1f20-4b5c-4d6e-8f90-a1b2c3d4e5f6", { page: "/client/view/7d3a1f20-4b5c-4d6e-8f90-a1b2c3d4e5f6", data: false }],
    ["/client/view/7d3a1f20-4b5c-4d6e-8f90-a1b2c3d4e5f6.data", { page: "/client/view/7d3a1f20-4b5c-4d6e-8f90-a1b2c3d4e5f6", data: true }],
    // The dashboard's rest of its lists, kept with it as its data.
    ["/events/3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f/lists", { page: "/events/3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f", data: true, lists: true }],
  ])("%s is kept", (path, kept) => {
    expect(at(path)).toEqual(kept);
  });

  it.each(["/", "/events/new", "/events/new.data", "/events/3f1c2b9e/invite", "/events/3f1c2b9e/invite.data", "/events", "/settings", "/client/0123abcd", "/client/view", "/client-access", "/events/3f1c2b9e/", "/events/new/lists", "/events/3f1c2b9e/lists/x", "/client/view/7d3a1f20/lists"])(
    "%s is not kept",
    (path) => {
      expect(at(path)).toBeNull();
    },
  );
});

describe("the answers that forget a kept page", () => {
  const { refused } = serviceWorker();
  it.each([401, 403, 404, 410, 302, 303])("HTTP %i forgets (no access, or sent to sign in)", (status) => {
    expect(refused({ type: "basic", status })).toBe(true);
  });
  it("a document's redirect (opaque to the worker) and a data request's redirect (202) forget", () => {
    expect(refused({ type: "opaqueredirect", status: 0 })).toBe(true);
    expect(refused({ type: "basic", status: 202 })).toBe(true);
  });
  it("an answer that was redirected on its way (to sign in) forgets; it is not the page's data", () => {
    expect(refused({ type: "basic", status: 200, redirected: true })).toBe(true);
  });
  it.each([200, 429, 500, 503])("HTTP %i keeps the copy (not an answer about access)", (status) => {
    expect(refused({ type: "basic", status })).toBe(false);
  });
});

describe("the answers that are kept", () => {
  const { keepable } = serviceWorker();
  it("a good answer is kept; one handing out a one-time toast or flash is not (it would show again)", () => {
    expect(keepable(new Response("page", { status: 200 }))).toBe(true);
    expect(keepable(new Response("page", { status: 200, headers: { "X-Event-Flow-Once": "toast" } }))).toBe(false);
    expect(keepable(new Response("busy", { status: 429 }))).toBe(false);
  });
});

describe("a data request the device cannot answer offline", () => {
  const { reloadDocument } = serviceWorker();
  it.each([
    ["https://eventflow.test/settings.data?tab=notifications&_routes=routes%2Fsettings", "/settings?tab=notifications"],
    ["https://eventflow.test/_root.data", "/"],
    ["https://eventflow.test/events/e1.data?_routes=root%2Croutes%2Fevents.%24eventId", "/events/e1"],
  ])("%s becomes a document navigation to %s", (dataUrl, target) => {
    const response = reloadDocument(dataUrl);
    expect(response.status).toBe(204);
    expect(response.headers.get("X-Remix-Redirect")).toBe(target);
    expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
  });
});

describe("Last synced", () => {
  const now = new Date(2026, 10, 24, 18, 5);
  it("today: the time only, 24-hour, local", () => {
    expect(lastSyncedLabel(new Date(2026, 10, 24, 14, 32).toISOString(), "24h", now)).toBe("Last synced 14:32");
    expect(lastSyncedLabel(new Date(2026, 10, 24, 0, 7).toISOString(), "24h", now)).toBe("Last synced 00:07");
    expect(lastSyncedLabel(new Date(2026, 10, 24, 14, 32).toISOString(), "12h", now)).toBe("Last synced 2:32 PM");
    expect(lastSyncedLabel(new Date(2026, 10, 24, 0, 7).toISOString(), "12h", now)).toBe("Last synced 12:07 AM");
  });
  it("another day: with the date (the spec's date format)", () => {
    expect(lastSyncedLabel(new Date(2026, 10, 23, 23, 59).toISOString(), "24h", now)).toBe("Last synced Nov 23, 2026, 23:59");
    expect(lastSyncedLabel(new Date(2025, 0, 2, 9, 0).toISOString(), "24h", now)).toBe("Last synced Jan 2, 2025, 09:00");
    expect(lastSyncedLabel(new Date(2025, 0, 2, 9, 0).toISOString(), "12h", now)).toBe("Last synced Jan 2, 2025, 9:00 AM");
  });
});
