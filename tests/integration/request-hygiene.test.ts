import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, profiles, users } from "~/db/schema";
import { getDb } from "~/utils/db.server";
import { FORM_BODY_MAX_BYTES, FORM_TOO_LARGE, UNREADABLE_FORM, UNSUPPORTED_CONTENT_TYPE } from "~/utils/form-body.server";
import { createEvent } from "../factories";
import { type Client, createClient, ORIGIN, sessionFor, uniqueEmail, VALID_SIGNUP } from "./helpers";

// An action posted with anything but a form answered 500. Now every
// post that is not a readable form is refused before any route runs: 415 or 400, with
// a plain message, and nothing changes.

const db = getDb(env);

function rawPost(client: Client, path: string, body: BodyInit | null, contentType: string | null) {
  const headers: Record<string, string> = { Cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; "), Origin: ORIGIN, "CF-Connecting-IP": client.ip };
  if (contentType !== null) headers["Content-Type"] = contentType;
  return exports.default.fetch(`${ORIGIN}${path}`, { method: "POST", body, headers, redirect: "manual" });
}

const BODIES: Array<{ name: string; contentType: string | null; body: (fields: Record<string, string>) => BodyInit | null; status: number; message: string }> = [
  { name: "JSON", contentType: "application/json", body: (fields) => JSON.stringify(fields), status: 415, message: UNSUPPORTED_CONTENT_TYPE },
  { name: "text/plain", contentType: "text/plain;charset=UTF-8", body: (fields) => new URLSearchParams(fields).toString(), status: 415, message: UNSUPPORTED_CONTENT_TYPE },
  { name: "no Content-Type", contentType: null, body: (fields) => new TextEncoder().encode(new URLSearchParams(fields).toString()), status: 415, message: UNSUPPORTED_CONTENT_TYPE },
  { name: "a broken multipart body", contentType: "multipart/form-data; boundary=----x", body: () => "------x\r\nContent-Disposition: form-data; name=\"intent\"\r\n\r\nsign", status: 400, message: UNREADABLE_FORM },
  { name: "multipart without a boundary", contentType: "multipart/form-data", body: () => "intent=signup", status: 400, message: UNREADABLE_FORM },
];

describe("posts that are not forms", () => {
  it.each(BODIES)("$name to /auth: $status with a plain message, no account created", async ({ contentType, body, status, message }) => {
    const email = uniqueEmail();
    for (const path of ["/auth", "/auth.data", "/_root.data"]) {
      const response = await rawPost(createClient(), path, body({ ...VALID_SIGNUP, email }), contentType);
      expect(response.status, path).toBe(status);
      expect(response.headers.get("Content-Type")).toContain("text/plain");
      expect(await response.text()).toBe(message);
    }
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it.each(BODIES)("$name to /events/<id>, /settings and /client/view/<id>: $status, nothing changed", async ({ contentType, body, status }) => {
    const { client, id } = await sessionFor();
    const event = await createEvent(db, id, { title: "Willow Creek Wedding" });
    const [profileBefore] = await db.select().from(profiles).where(eq(profiles.userId, id));
    const posts: Array<[string, Record<string, string>]> = [
      [`/events/${event.id}`, { intent: "edit-event", title: "Hijacked" }],
      [`/events/${event.id}.data`, { intent: "edit-event", title: "Hijacked" }],
      ["/settings/business", { intent: "business-info", businessName: "Hijacked", firstName: "Eve", lastName: "Evil", email: "eve@example.com" }],
      ["/settings/business.data", { intent: "business-info", businessName: "Hijacked", firstName: "Eve", lastName: "Evil", email: "eve@example.com" }],
      [`/client/view/${crypto.randomUUID()}`, { intent: "add-shot", title: "Hijacked" }],
      ["/logout", {}],
    ];
    for (const [path, fields] of posts) expect((await rawPost(client, path, body(fields), contentType)).status, path).toBe(status);
    expect((await db.select().from(events).where(eq(events.id, event.id)))[0]!.title).toBe("Willow Creek Wedding");
    expect((await db.select().from(profiles).where(eq(profiles.userId, id)))[0]).toEqual(profileBefore);
    // Still signed in: the refused sign-out did nothing either.
    expect((await client.get("/settings")).status).toBe(200);
  });

  it("an oversized form is refused (413) before it is read, and creates nothing", async () => {
    const email = uniqueEmail();
    const body = new URLSearchParams({ ...VALID_SIGNUP, email, businessName: "x".repeat(FORM_BODY_MAX_BYTES) }).toString();
    const response = await rawPost(createClient(), "/auth", body, "application/x-www-form-urlencoded");
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(FORM_TOO_LARGE);
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("keeps React Router's own posts working: a form's encoding to the page or its .data URL", async () => {
    const { client, id } = await sessionFor();
    const fields = { intent: "business-info", businessName: "Golden Hour Studio", firstName: "Maya", lastName: "Thompson", email: "studio@example.com" };
    const urlencoded = await rawPost(client, "/settings/business.data", new URLSearchParams(fields).toString(), "application/x-www-form-urlencoded;charset=UTF-8");
    expect(urlencoded.status).toBeLessThan(400);
    expect((await db.select().from(profiles).where(eq(profiles.userId, id)))[0]!.businessName).toBe("Golden Hour Studio");
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...fields, businessName: "Blue Hour Studio" })) form.set(key, value);
    const multipart = await rawPost(client, "/settings/business", form, null); // fetch sets multipart with its boundary
    expect(multipart.status).toBeLessThan(400);
    expect((await db.select().from(profiles).where(eq(profiles.userId, id)))[0]!.businessName).toBe("Blue Hour Studio");
  });
});
