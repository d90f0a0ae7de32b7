import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  eventClientAccess,
  eventInvites,
  eventPeople,
  events,
  eventVendors,
  notifications,
  shotListItems,
  timelineBlocks,
  users,
} from "~/db/schema";
import { getDb } from "~/utils/db.server";
import { createEvent, createUser, dbError } from "../factories";

const db = getDb(env);

describe("D1 schema from the real migrations", () => {
  it("has every table of the data model", async () => {
    const rows = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%' ORDER BY name").all<{ name: string }>();
    expect(rows.results.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        "auth_tokens", "email_outbox", "event_client_access", "event_invites", "event_people",
        "event_second_shooters", "event_vendors", "events", "notification_preferences", "notifications",
        "organizations", "processed_jobs", "profiles", "push_subscriptions", "rate_limits", "sessions",
        "shooter_contacts", "shot_list_items", "timeline_blocks", "users",
      ]),
    );
  });

  it("has no per-user push switch: a device's push_subscriptions row is push turned on (decision 009)", async () => {
    const columns = await env.DB.prepare("SELECT name FROM pragma_table_info('notification_preferences')").all<{ name: string }>();
    expect(columns.results.map((c) => c.name)).not.toContain("push_enabled");
  });

  it("ties each push device to a session: the row goes when the session does (decision 009)", async () => {
    const keys = await env.DB.prepare("SELECT \"table\", \"from\", \"to\", on_delete FROM pragma_foreign_key_list('push_subscriptions')").all();
    expect(keys.results).toContainEqual({ table: "sessions", from: "session_hash", to: "token_hash", on_delete: "CASCADE" });
  });

  it("deletes everything under an event with the event (ON DELETE CASCADE)", async () => {
    const lead = await createUser(db);
    const event = await createEvent(db, lead.id);
    await db.batch([
      db.insert(timelineBlocks).values({ id: crypto.randomUUID(), eventId: event.id, title: "Ceremony", orderIndex: 0 }),
      db.insert(shotListItems).values({ id: crypto.randomUUID(), eventId: event.id, title: "Rings", orderIndex: 0 }),
      db.insert(eventPeople).values({ id: crypto.randomUUID(), eventId: event.id, firstName: "Emma" }),
      db.insert(eventVendors).values({ id: crypto.randomUUID(), eventId: event.id, vendorName: "Rosa", vendorType: "venue" }),
      db.insert(eventInvites).values({ id: crypto.randomUUID(), eventId: event.id, email: "a@b.co", inviteType: "second_shooter" }),
      db.insert(eventClientAccess).values({ id: crypto.randomUUID(), eventId: event.id, clientEmail: "c@d.co", accessTokenHash: "h", expiresAt: "2027-07-12T00:00:00.000Z" }),
      db.insert(notifications).values({ id: crypto.randomUUID(), userId: lead.id, eventId: event.id, title: "t", message: "m" }),
    ]);

    await db.delete(events).where(eq(events.id, event.id));

    const counts = await env.DB.prepare(
      `SELECT (SELECT count(*) FROM timeline_blocks) + (SELECT count(*) FROM shot_list_items) + (SELECT count(*) FROM event_people)
        + (SELECT count(*) FROM event_vendors) + (SELECT count(*) FROM event_invites) + (SELECT count(*) FROM event_client_access)
        + (SELECT count(*) FROM notifications) AS n`,
    ).first<{ n: number }>();
    expect(counts?.n).toBe(0);
  });

  it.each([
    ["a block type outside the list", () => ({ table: timelineBlocks, values: { blockType: "party" } })],
    ["a shot category outside the list (the observed 'formal')", () => ({ table: shotListItems, values: { category: "formal" } })],
  ])("refuses %s (CHECK constraint)", async (_label, make) => {
    const lead = await createUser(db);
    const event = await createEvent(db, lead.id);
    const { table, values } = make();
    expect(
      await dbError(db.insert(table).values({ id: crypto.randomUUID(), eventId: event.id, title: "x", orderIndex: 0, ...values } as never)),
    ).toMatch(/CHECK constraint failed/);
  });

  it("refuses a vendor type, person role or invite status outside the lists", async () => {
    const lead = await createUser(db);
    const event = await createEvent(db, lead.id);
    expect(await dbError(db.insert(eventVendors).values({ id: crypto.randomUUID(), eventId: event.id, vendorName: "x", vendorType: "makeup" } as never))).toMatch(/CHECK/);
    expect(await dbError(db.insert(eventPeople).values({ id: crypto.randomUUID(), eventId: event.id, firstName: "x", role: "uncle" } as never))).toMatch(/CHECK/);
    expect(await dbError(db.insert(eventInvites).values({ id: crypto.randomUUID(), eventId: event.id, email: "x@y.z", inviteType: "client", status: "maybe" } as never))).toMatch(/CHECK/);
  });

  it("refuses a duration under one minute and a malformed date", async () => {
    const lead = await createUser(db);
    const event = await createEvent(db, lead.id);
    expect(await dbError(db.insert(timelineBlocks).values({ id: crypto.randomUUID(), eventId: event.id, title: "x", orderIndex: 0, durationMinutes: 0 }))).toMatch(/CHECK/);
    expect(await dbError(createEvent(db, lead.id, { date: "12/06/2027" }))).toMatch(/CHECK/);
  });

  it("keeps e-mail addresses unique and lower-case", async () => {
    await createUser(db, { email: "maya@example.com" });
    expect(await dbError(createUser(db, { email: "maya@example.com" }))).toMatch(/UNIQUE/);
    expect(await dbError(createUser(db, { email: "Maya@Example.com" }))).toMatch(/CHECK/);
  });

  it("applies the creation defaults of the spec", async () => {
    const lead = await createUser(db);
    const event = await createEvent(db, lead.id);
    const [block] = await db.insert(timelineBlocks).values({ id: crypto.randomUUID(), eventId: event.id, title: "x", orderIndex: 0 }).returning();
    const [shot] = await db.insert(shotListItems).values({ id: crypto.randomUUID(), eventId: event.id, title: "x", orderIndex: 0 }).returning();
    const [person] = await db.insert(eventPeople).values({ id: crypto.randomUUID(), eventId: event.id, firstName: "x" }).returning();
    expect(block).toMatchObject({ blockType: "ceremony", durationMinutes: 60, isDone: false, doneBy: null });
    expect(shot).toMatchObject({ category: "other", isDone: false });
    expect(person).toMatchObject({ role: "guest", isVip: false });
    expect(block!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("has an index for each list query of docs/product/data.md#lists", async () => {
    const plan = async (query: string) =>
      (await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>()).results.map((r) => r.detail).join(" | ");
    expect(await plan("SELECT * FROM events WHERE lead_photographer_id = 'u' ORDER BY date")).toContain("events_lead_date_idx");
    expect(await plan("SELECT * FROM timeline_blocks WHERE event_id = 'e' ORDER BY order_index")).toContain("timeline_blocks_event_order_idx");
    expect(await plan("SELECT * FROM shot_list_items WHERE event_id = 'e' ORDER BY order_index")).toContain("shot_list_items_event_order_idx");
    expect(await plan("SELECT * FROM event_people WHERE event_id = 'e' ORDER BY first_name")).toContain("event_people_event_name_idx");
    expect(await plan("SELECT * FROM event_vendors WHERE event_id = 'e' ORDER BY vendor_type")).toContain("event_vendors_event_type_idx");
    expect(await plan("SELECT * FROM notifications WHERE user_id = 'u' ORDER BY created_at DESC LIMIT 10")).toContain("notifications_user_created_idx");
    expect(await plan("SELECT event_id FROM event_second_shooters WHERE user_id = 'u' AND status = 'accepted'")).toContain("event_second_shooters_user_status_idx");
    expect(await plan("SELECT * FROM event_client_access WHERE access_token_hash = 'h'")).toContain("event_client_access_token_unique");
  });

  it("removes a user's rows when the user is deleted", async () => {
    const user = await createUser(db);
    await db.delete(users).where(eq(users.id, user.id));
    const left = await db.get<{ n: number }>(sql`SELECT count(*) AS n FROM profiles WHERE user_id = ${user.id}`);
    expect(left.n).toBe(0);
  });
});
