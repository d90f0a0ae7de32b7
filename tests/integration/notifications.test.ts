import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { notifications, type NotificationData } from "~/db/schema";
import { getDb } from "~/utils/db.server";
import { createUser } from "../factories";
import { createClient, signedInUser } from "./helpers";

const db = getDb(env);

afterEach(() => vi.restoreAllMocks());

type Seed = { title: string; message?: string; read?: boolean; data?: NotificationData; createdAt?: string };

async function addNotifications(userId: string, seeds: Seed[]) {
  const rows = seeds.map((seed) => ({
    id: crypto.randomUUID(),
    userId,
    title: seed.title,
    message: seed.message ?? `${seed.title}: details`,
    read: seed.read ?? false,
    data: seed.data ?? {},
    ...(seed.createdAt ? { createdAt: seed.createdAt } : {}),
  }));
  await db.insert(notifications).values(rows);
  return rows.map((row) => row.id);
}

const rowOf = async (id: string) => (await db.select().from(notifications).where(eq(notifications.id, id)))[0];
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const readForms = (html: string) => [...html.matchAll(/action="\/notifications\/([^"/]+)\/read"/g)].map((m) => m[1]);

describe("the header's notifications", () => {
  it("shows a signed-in user the latest 10, newest first, and counts every unread one", async () => {
    const { client, id } = await signedInUser({ pro: false });
    // Twelve notifications, 'Note 01' the oldest. The two oldest (not listed) are
    // unread, and so are Note 05 to Note 12 (8 listed): 10 unread in all.
    const ids = await addNotifications(
      id,
      Array.from({ length: 12 }, (_, i) => ({
        title: `Note ${String(i + 1).padStart(2, "0")}`,
        read: i >= 2 && i < 4,
        createdAt: minutesAgo(120 - i),
      })),
    );
    const someoneElse = await createUser(db);
    await addNotifications(someoneElse.id, [{ title: "Not yours" }]);

    const response = await client.get("/settings");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(readForms(html)).toEqual(ids.slice(2).reverse());
    expect(html).toContain("Note 12");
    expect(html).toContain("Note 03");
    expect(html).not.toContain("Note 02");
    expect(html).not.toContain("Note 01");
    expect(html).not.toContain("Not yours");
    expect(html).toContain('aria-label="Notifications, 10 unread"');
    expect(html).toContain(">9+</span>");
    expect(html).toContain(">10 new</span>");
    expect(html).toContain("1h ago");
    expect(html).not.toContain("No notifications yet");
  });

  it("shows 'No notifications yet' and no badge to a user without any", async () => {
    const { client } = await signedInUser({ pro: false });
    const html = await (await client.get("/settings")).text();
    expect(html).toContain("No notifications yet");
    expect(html).toContain('aria-label="Notifications"');
    expect(html).not.toContain("notification-badge");
    expect(html).not.toMatch(/\d+ new</);
  });

  it("reads them in the session's own D1 batch: a page costs one round trip", async () => {
    const { client, id } = await signedInUser({ pro: false });
    await addNotifications(id, [{ title: "Timeline updated" }]);
    const batch = vi.spyOn(env.DB, "batch");
    const prepare = vi.spyOn(env.DB, "prepare");
    const response = await client.get("/settings");
    expect(await response.text()).toContain("Timeline updated");
    expect(batch).toHaveBeenCalledTimes(1);
    expect(batch.mock.calls[0]![0]).toHaveLength(3);
    // Nothing else reached D1: the three statements are the batch's.
    expect(prepare).toHaveBeenCalledTimes(3);
  });

  it("are not read for an action, which does not render them", async () => {
    const { client, id } = await signedInUser({ pro: false });
    const [notificationId] = await addNotifications(id, [{ title: "Shots updated" }]);
    const batch = vi.spyOn(env.DB, "batch");
    const response = await client.post(`/notifications/${notificationId}/read`, {});
    expect(response.status).toBe(302);
    expect(batch).not.toHaveBeenCalled();
  });

  it("are still shown on a page rendered in answer to a form post (no JavaScript)", async () => {
    const { client, id } = await signedInUser({ pro: false });
    await addNotifications(id, [{ title: "Client added a vendor" }]);
    // An invalid password change re-renders /settings from the POST itself.
    const response = await client.post("/settings", { intent: "change-password", currentPassword: "", newPassword: "x", confirmPassword: "y" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Client added a vendor");
    expect(html).toContain('aria-label="Notifications, 1 unread"');
  });

  it("are left out for a visitor", async () => {
    const response = await createClient().get("/about");
    expect(await response.text()).not.toContain("No notifications yet");
  });
});

describe("opening a notification (POST /notifications/:id/read)", () => {
  const invite = "0f6f3b2a-8c1d-4e5f-9a0b-1c2d3e4f5a6b";
  const event = "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d";

  it.each<[string, NotificationData, string]>([
    ["an invite opens the invitation", { type: "invite", invite_id: invite }, `/accept-invite/${invite}`],
    ["an event_invite opens the invitation", { type: "event_invite", invite_id: invite, event_id: event }, `/accept-invite/${invite}`],
    ["an invite_response opens the event", { type: "invite_response", event_id: event }, `/events/${event}`],
    ["a client_access opens its link", { type: "client_access", access_url: "/client/0123abcd" }, "/client/0123abcd"],
    ["a client_access to another site goes home instead", { type: "client_access", access_url: "https://evil.example/x" }, "/"],
    ["a client_access to //another site goes home instead", { type: "client_access", access_url: "//evil.example/x" }, "/"],
    ["any other with event_id opens the event", { type: "timeline_updated", event_id: event }, `/events/${event}`],
    ["any other with eventId opens the event", { type: "shots_updated", eventId: event }, `/events/${event}`],
    ["an id that is not an id goes home", { type: "people_updated", event_id: "../settings" }, "/"],
    ["anything else goes home", { type: "announcement" }, "/"],
  ])("marks it read and redirects: %s", async (_label, data, location) => {
    const { client, id } = await signedInUser({ pro: false });
    const [notificationId, other] = await addNotifications(id, [{ title: "Open me", data }, { title: "Leave me" }]);
    const response = await client.post(`/notifications/${notificationId}/read`, {});
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(location);
    expect((await rowOf(notificationId!))!.read).toBe(true);
    expect((await rowOf(other!))!.read).toBe(false);
  });

  it("is a 404 for someone else's notification, which stays unread", async () => {
    const { client } = await signedInUser({ pro: false });
    const owner = await createUser(db);
    const [theirs] = await addNotifications(owner.id, [{ title: "Private", data: { type: "client_access", access_url: "/client/secret" } }]);
    const response = await client.post(`/notifications/${theirs}/read`, {});
    expect(response.status).toBe(404);
    expect(response.headers.get("Location")).toBeNull();
    expect(await response.text()).not.toContain("/client/secret");
    expect((await rowOf(theirs!))!.read).toBe(false);
  });

  it("is a 404 for an id that does not exist", async () => {
    const { client } = await signedInUser({ pro: false });
    expect((await client.post(`/notifications/${crypto.randomUUID()}/read`, {})).status).toBe(404);
  });

  it("sends a visitor to sign in and changes nothing", async () => {
    const owner = await createUser(db);
    const [notificationId] = await addNotifications(owner.id, [{ title: "Hello" }]);
    const response = await createClient().post(`/notifications/${notificationId}/read`, {});
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth");
    expect((await rowOf(notificationId!))!.read).toBe(false);
  });

  it("is not done by a GET", async () => {
    const { client, id } = await signedInUser({ pro: false });
    const [notificationId] = await addNotifications(id, [{ title: "Hello", data: { type: "invite_response", event_id: event } }]);
    const response = await client.get(`/notifications/${notificationId}/read`);
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    expect((await rowOf(notificationId!))!.read).toBe(false);
  });

  it("is refused from another site (CSRF)", async () => {
    const { client, id } = await signedInUser({ pro: false });
    const [notificationId] = await addNotifications(id, [{ title: "Hello" }]);
    const response = await client.post(`/notifications/${notificationId}/read`, {}, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect((await rowOf(notificationId!))!.read).toBe(false);
  });

  it("shows the notification as read afterwards, and the count goes down", async () => {
    const { client, id } = await signedInUser({ pro: false });
    const [first] = await addNotifications(id, [
      { title: "First", createdAt: minutesAgo(5) },
      { title: "Second", createdAt: minutesAgo(1) },
    ]);
    expect(await (await client.get("/settings")).text()).toContain('aria-label="Notifications, 2 unread"');
    await client.post(`/notifications/${first}/read`, {});
    const html = await (await client.get("/settings")).text();
    expect(html).toContain('aria-label="Notifications, 1 unread"');
    expect(html.match(/data-unread="true"/g)).toHaveLength(1);
  });
});

describe("Mark all read (POST /notifications/read-all)", () => {
  it("marks every one of the viewer's notifications read, nobody else's, and goes back", async () => {
    const { client, id } = await signedInUser({ pro: false });
    const mine = await addNotifications(id, Array.from({ length: 12 }, (_, i) => ({ title: `Mine ${i}` })));
    const other = await createUser(db);
    const [theirs] = await addNotifications(other.id, [{ title: "Theirs" }]);
    const response = await client.post("/notifications/read-all", { returnTo: "/settings?tab=notifications" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/settings?tab=notifications");
    for (const notificationId of mine) expect((await rowOf(notificationId))!.read).toBe(true);
    expect((await rowOf(theirs!))!.read).toBe(false);
  });

  it("never goes back to another site", async () => {
    const { client } = await signedInUser({ pro: false });
    const response = await client.post("/notifications/read-all", { returnTo: "https://evil.example/" });
    expect(response.headers.get("Location")).toBe("/");
  });

  it("sends a visitor to sign in", async () => {
    const response = await createClient().post("/notifications/read-all", { returnTo: "/" });
    expect(response.headers.get("Location")).toBe("/auth");
  });
});
