import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { authTokens, emailOutbox, processedJobs, rateLimits, sessions } from "~/db/schema";
import { getDb } from "~/utils/db.server";
import { runHousekeeping } from "~/utils/housekeeping.server";
import { outboxInsert } from "~/utils/email.server";
import worker from "../../workers/app";
import { createUser } from "../factories";

const db = getDb(env);
const NOW = new Date("2026-11-22T12:00:00.000Z");
const iso = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
const HOUR = 3_600_000;

describe("cron housekeeping", () => {
  it("removes expired sessions, old tokens and rate-limit windows, and keeps live ones", async () => {
    const user = await createUser(db);
    await db.batch([
      db.insert(sessions).values([
        { tokenHash: "expired", userId: user.id, expiresAt: iso(-HOUR) },
        { tokenHash: "live", userId: user.id, expiresAt: iso(HOUR) },
      ]),
      db.insert(authTokens).values([
        { id: "t-old", tokenHash: "h-old", purpose: "password_reset", userId: user.id, expiresAt: iso(-48 * HOUR) },
        { id: "t-new", tokenHash: "h-new", purpose: "password_reset", userId: user.id, expiresAt: iso(HOUR) },
      ]),
      db.insert(rateLimits).values([
        { key: "signin:old", count: 3, expiresAt: iso(-1) },
        { key: "signin:new", count: 3, expiresAt: iso(60_000) },
      ]),
      db.insert(processedJobs).values([
        { key: "old-job", kind: "email", processedAt: iso(-31 * 24 * HOUR) },
        { key: "recent-job", kind: "email", processedAt: iso(-HOUR) },
      ]),
    ]);

    const result = await runHousekeeping(db, env, NOW);

    expect(result).toMatchObject({ sessions: 1, authTokens: 1, rateLimits: 1, processedJobs: 1 });
    expect((await db.select().from(sessions)).map((s) => s.tokenHash)).toEqual(["live"]);
    expect((await db.select().from(authTokens)).map((t) => t.id)).toEqual(["t-new"]);
    expect((await db.select().from(rateLimits)).map((r) => r.key)).toEqual(["signin:new"]);
    expect((await db.select().from(processedJobs)).map((j) => j.key)).toEqual(["recent-job"]);
  });

  it("prunes sent and failed e-mails after 30 days, and keeps recent ones and every queued one", async () => {
    const rows = [
      { label: "old-sent", status: "sent", age: 31 * 24 * HOUR },
      { label: "old-failed", status: "failed", age: 31 * 24 * HOUR },
      { label: "old-queued", status: "queued", age: 31 * 24 * HOUR },
      { label: "recent-sent", status: "sent", age: 29 * 24 * HOUR },
      { label: "recent-failed", status: "failed", age: HOUR },
    ] as const;
    const ids = new Map<string, string>();
    for (const { label, status, age } of rows) {
      const { id, statement } = outboxInsert(db, { to: `${label}@example.com`, subject: "s", text: "t", kind: "test" });
      await statement;
      // lockedUntil in the future keeps the old queued row out of the re-queue below.
      await db.update(emailOutbox).set({ status, createdAt: iso(-age), lockedUntil: iso(HOUR) }).where(eq(emailOutbox.id, id));
      ids.set(label, id);
    }
    const result = await runHousekeeping(db, env, NOW);
    expect(result.emails).toBe(2);
    const left = new Set((await db.select({ id: emailOutbox.id }).from(emailOutbox)).map((row) => row.id));
    for (const label of ["old-sent", "old-failed"]) expect(left.has(ids.get(label)!), label).toBe(false);
    for (const label of ["old-queued", "recent-sent", "recent-failed"]) expect(left.has(ids.get(label)!), label).toBe(true);
  });

  it("hands e-mails whose queue message was lost back to the queue", async () => {
    const { id, statement } = outboxInsert(db, { to: "a@b.co", subject: "s", text: "t", kind: "test" });
    await statement;
    await db.update(emailOutbox).set({ createdAt: iso(-HOUR) }).where(eq(emailOutbox.id, id));
    const fresh = outboxInsert(db, { to: "a@b.co", subject: "s", text: "t", kind: "test" });
    await fresh.statement;
    await db.update(emailOutbox).set({ createdAt: iso(-60_000) }).where(eq(emailOutbox.id, fresh.id));
    // Tried once and waiting for the queue's next retry (its secrets are only in that
    // message): not handed over again, which would fail it.
    const retrying = outboxInsert(db, { to: "a@b.co", subject: "s", text: "{{reset_link}}", kind: "test" });
    await retrying.statement;
    await db.update(emailOutbox).set({ createdAt: iso(-HOUR), attempts: 1 }).where(eq(emailOutbox.id, retrying.id));

    const send = vi.spyOn(env.JOBS, "sendBatch");
    const result = await runHousekeeping(db, env, NOW);
    expect(result.requeuedEmails).toBe(1);
    expect(send).toHaveBeenCalledWith([{ body: { kind: "email", outboxId: id } }]);
    send.mockRestore();
  });

  it("closes the live sockets of the sessions it removes, through the queue (decision 006)", async () => {
    const user = await createUser(db);
    await db.insert(sessions).values([
      { tokenHash: "expired-a", userId: user.id, expiresAt: iso(-HOUR) },
      { tokenHash: "expired-b", userId: user.id, expiresAt: iso(-60_000) },
      { tokenHash: "still-on", userId: user.id, expiresAt: iso(HOUR) },
    ]);
    const send = vi.spyOn(env.JOBS, "sendBatch");
    await runHousekeeping(db, env, NOW);
    const jobs = send.mock.calls.flatMap(([messages]) => [...messages].map((message) => message.body as { kind: string; userId?: string; sessionHashes?: string[] }));
    const ended = jobs.find((job) => job.kind === "end-sessions" && job.userId === user.id);
    expect(ended?.sessionHashes?.sort()).toEqual(["expired-a", "expired-b"]);
    send.mockRestore();
  });

  it("runs from the Worker's scheduled handler", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const user = await createUser(db);
    await db.insert(sessions).values({ tokenHash: "gone", userId: user.id, expiresAt: "2000-01-01T00:00:00.000Z" });
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/15 * * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await db.select().from(sessions).where(eq(sessions.tokenHash, "gone"))).toEqual([]);
  });
});
