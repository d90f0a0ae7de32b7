import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventInvites, eventPeople, events, eventSecondShooters, profiles, shotListItems, timelineBlocks, users } from "~/db/schema";
import { buildDemoSeed, DEMO_EMAIL, DEMO_EVENT_ID, DEMO_PASSWORD, DEMO_SHOOTER_EMAIL, DEMO_SHOOTER_ID, DEMO_USER_ID } from "~/db/seed";
import { getDb } from "~/utils/db.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";

const db = getDb(env);
const runSeed = async (today: string) => {
  const statements = buildDemoSeed({ passwordHash: await hashPassword(DEMO_PASSWORD), today });
  await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));
};
const count = async (table: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

describe("demo seed in D1", () => {
  it("creates a Pro lead photographer who can sign in with the printed password", async () => {
    await runSeed("2026-11-22");
    const [user] = await db.select().from(users).where(eq(users.email, DEMO_EMAIL));
    expect(user?.id).toBe(DEMO_USER_ID);
    expect(await verifyPassword(DEMO_PASSWORD, user!.passwordHash)).toBe(true);
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, DEMO_USER_ID));
    expect(profile).toMatchObject({ subscriptionStatus: "active", subscriptionType: "business", businessName: "Golden Hour Studio" });
    expect(profile!.subscriptionExpiresAt! > new Date().toISOString()).toBe(true);
  });

  it("creates one upcoming wedding with a full day of data", async () => {
    await runSeed("2026-11-22");
    const [event] = await db.select().from(events).where(eq(events.id, DEMO_EVENT_ID));
    expect(event).toMatchObject({ title: "Emma & James Wedding", date: "2027-01-06", leadPhotographerId: DEMO_USER_ID });
    const shots = await db.select().from(shotListItems).where(eq(shotListItems.eventId, DEMO_EVENT_ID));
    expect(shots.length).toBeGreaterThanOrEqual(20);
    expect(new Set(shots.map((s) => s.category)).size).toBeGreaterThanOrEqual(6);
    const people = await db.select().from(eventPeople).where(eq(eventPeople.eventId, DEMO_EVENT_ID));
    expect(people.filter((p) => p.pronunciation).length).toBeGreaterThanOrEqual(6);
    expect(people.some((p) => p.role === "parent")).toBe(true);
    expect(await count("event_vendors")).toBeGreaterThanOrEqual(5);
  });

  it("puts a second shooter (who can sign in) on the team of the wedding, and a pending invitation", async () => {
    await runSeed("2026-11-22");
    const [shooter] = await db.select().from(users).where(eq(users.email, DEMO_SHOOTER_EMAIL));
    expect(shooter?.id).toBe(DEMO_SHOOTER_ID);
    expect(shooter!.emailConfirmedAt).not.toBeNull();
    expect(await verifyPassword(DEMO_PASSWORD, shooter!.passwordHash)).toBe(true);
    const team = await db.select().from(eventSecondShooters).where(eq(eventSecondShooters.eventId, DEMO_EVENT_ID));
    expect(team).toEqual([expect.objectContaining({ userId: DEMO_SHOOTER_ID, status: "accepted", coverageHours: 8 })]);
    const invites = await db.select().from(eventInvites).where(eq(eventInvites.eventId, DEMO_EVENT_ID));
    expect(invites.map((i) => [i.email, i.status]).sort()).toEqual([
      [DEMO_SHOOTER_EMAIL, "accepted"],
      ["jordan.lee@example.com", "pending"],
    ]);
  });

  it("is idempotent and never re-adds what the developer deleted", async () => {
    await runSeed("2026-11-22");
    const before = await Promise.all(["users", "events", "timeline_blocks", "shot_list_items", "event_people", "event_vendors"].map(count));
    await runSeed("2026-11-22");
    await runSeed("2026-12-01");
    const after = await Promise.all(["users", "events", "timeline_blocks", "shot_list_items", "event_people", "event_vendors"].map(count));
    expect(after).toEqual(before);

    const [first] = await db.select().from(timelineBlocks).where(eq(timelineBlocks.eventId, DEMO_EVENT_ID)).limit(1);
    await db.delete(timelineBlocks).where(eq(timelineBlocks.id, first!.id));
    await runSeed("2026-11-22");
    expect(await count("timeline_blocks")).toBe(before[2]! - 1);
  });
});
