import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "~/utils/db.server";
import { createToastHeader, KEEP_HEADER, ONCE_HEADER } from "~/utils/toast.server";
import { createEvent } from "../factories";
import { sessionFor } from "./helpers";

// Decision 010 'Offline reading': what the server gives the service
// worker and the pages to read offline with.

/** The value of `name` in a page's inline loader data (React Router's turbo-stream). */
function inlineValue(html: string, name: string) {
  return new RegExp(`\\\\"${name}\\\\",\\\\"([^"\\\\]+)\\\\"`).exec(html)?.[1] ?? null;
}

describe("offline reading", () => {
  it("the dashboard's data says when it was read (syncedAt, the server's time), for the 'Last synced' of a kept copy", async () => {
    const lead = await sessionFor();
    const event = await createEvent(getDb(env), lead.id);
    const before = Date.now();
    const response = await lead.client.get(`/events/${event.id}`);
    const after = Date.now();
    expect(response.status).toBe(200);
    const syncedAt = inlineValue(await response.text(), "syncedAt");
    expect(syncedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(syncedAt!)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(syncedAt!)).toBeLessThanOrEqual(after + 1);
  });

  it("a page handing out a one-time toast (and its flash) is marked not to be kept; the next load is not", async () => {
    const lead = await sessionFor();
    const event = await createEvent(getDb(env), lead.id);
    const path = `/events/${event.id}`;
    const cookie = await createToastHeader(env, new Request(`http://localhost${path}`), { type: "success", title: "Client access created" }, { clientLink: { url: "http://localhost/client/secret", email: "couple@example.com", emailFailed: false } });
    lead.client.jar.set("en_toast", cookie.split(";")[0]!.slice("en_toast=".length));

    const withToast = await lead.client.get(path);
    expect(await withToast.text()).toContain("Client access created");
    expect(withToast.headers.get(ONCE_HEADER)).toBe("toast");

    const next = await lead.client.get(path);
    expect(next.status).toBe(200);
    expect(next.headers.get(ONCE_HEADER)).toBeNull();
  });

  it("the worker's own fetch of a page to keep leaves a pending toast for the page the user opens next", async () => {
    const lead = await sessionFor();
    const event = await createEvent(getDb(env), lead.id);
    const path = `/events/${event.id}`;
    const cookie = await createToastHeader(env, new Request(`http://localhost${path}`), { type: "success", title: "Timeline block added" });
    lead.client.jar.set("en_toast", cookie.split(";")[0]!.slice("en_toast=".length));

    const kept = await lead.client.get(path, { [KEEP_HEADER]: "1" });
    expect(kept.status).toBe(200);
    expect(await kept.text()).not.toContain("Timeline block added");
    expect(kept.headers.getSetCookie().join()).not.toContain("en_toast");
    expect(kept.headers.get(ONCE_HEADER)).toBeNull();

    const shown = await lead.client.get(path);
    expect(await shown.text()).toContain("Timeline block added");
  });
});
