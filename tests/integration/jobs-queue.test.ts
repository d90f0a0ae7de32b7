import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "~/db/schema";
import { getDb } from "~/utils/db.server";
import { deliverOutboxEmail, outboxInsert } from "~/utils/email.server";
import { JOBS_DEAD_LETTER_QUEUE, JOBS_QUEUE } from "~/utils/jobs";
import worker from "../../workers/app";
import { createFakeEmailApi } from "../fakes/email-api";

const db = getDb(env);

async function queueEmail() {
  const { id, statement } = outboxInsert(db, {
    to: "maya@example.com",
    subject: "Reset your Event Flow password",
    text: "Open the link to choose a new password.",
    kind: "password_reset",
  });
  await statement;
  return id;
}

async function runConsumer(queue: string, bodies: unknown[], attempts = 1) {
  const batch = createMessageBatch(
    queue,
    bodies.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, env, ctx);
  return getQueueResult(batch, ctx);
}

const rowOf = async (id: string) => (await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

afterEach(() => vi.restoreAllMocks());

describe("JOBS queue consumer", () => {
  it("delivers an e-mail to the local mailbox when no API key is set, and acks it", async () => {
    const id = await queueEmail();
    const result = await runConsumer(JOBS_QUEUE, [{ kind: "email", outboxId: id }]);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(result.retryMessages).toEqual([]);
    expect(await rowOf(id)).toMatchObject({ status: "sent", deliveredVia: "dev-mailbox", attempts: 1, lockedUntil: null });
  });

  it("does not send twice when the queue redelivers the message", async () => {
    const id = await queueEmail();
    await runConsumer(JOBS_QUEUE, [{ kind: "email", outboxId: id }]);
    const sentAt = (await rowOf(id)).sentAt;
    const again = await runConsumer(JOBS_QUEUE, [{ kind: "email", outboxId: id }], 2);
    expect(again.explicitAcks).toEqual(["m0"]);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 1, sentAt });
  });

  it("drops a malformed message instead of retrying it forever", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const result = await runConsumer(JOBS_QUEUE, [{ kind: "fax" }, "garbage", { kind: "email", outboxId: 7 }]);
    expect(result.explicitAcks.sort()).toEqual(["m0", "m1", "m2"]);
    expect(result.retryMessages).toEqual([]);
  });

  it("handles each message on its own: one bad id does not hold up the others", async () => {
    const id = await queueEmail();
    const result = await runConsumer(JOBS_QUEUE, [{ kind: "email", outboxId: "no-such-row" }, { kind: "email", outboxId: id }]);
    expect(result.explicitAcks.sort()).toEqual(["m0", "m1"]);
    expect((await rowOf(id)).status).toBe("sent");
  });

  it("marks the e-mail failed when the dead-letter queue receives it", async () => {
    const id = await queueEmail();
    const result = await runConsumer(JOBS_DEAD_LETTER_QUEUE, [{ kind: "email", outboxId: id }]);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(await rowOf(id)).toMatchObject({ status: "failed", lastError: "Gave up after the maximum number of delivery attempts" });
  });
});

describe("e-mail delivery through the HTTP API (faked at its boundary)", () => {
  const apiEnv = { EMAIL_API_KEY: "re_test_key", EMAIL_API_URL: "https://api.mail.test/emails", MAIL_FROM: "Event Flow <no-reply@eventflow.app>" };

  it("posts the message with our key, sender and the outbox id as idempotency key", async () => {
    const api = createFakeEmailApi();
    const id = await queueEmail();
    expect(await deliverOutboxEmail(db, apiEnv, id, api.fetcher)).toBe("sent");
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]).toMatchObject({
      url: "https://api.mail.test/emails",
      headers: { authorization: "Bearer re_test_key", "idempotency-key": id },
      body: { from: apiEnv.MAIL_FROM, to: ["maya@example.com"], subject: "Reset your Event Flow password" },
    });
    expect(await rowOf(id)).toMatchObject({ status: "sent", deliveredVia: "http-api", providerMessageId: "msg_1" });
  });

  it("keeps the e-mail queued with the provider's error and throws so the queue retries", async () => {
    const api = createFakeEmailApi({ failWith: 503 });
    const id = await queueEmail();
    await expect(deliverOutboxEmail(db, apiEnv, id, api.fetcher)).rejects.toThrow("E-mail API answered 503");
    expect(await rowOf(id)).toMatchObject({ status: "queued", lockedUntil: null, attempts: 1 });
    expect((await rowOf(id)).lastError).toContain("Provider unavailable");

    // The retry succeeds once the provider is back.
    expect(await deliverOutboxEmail(db, apiEnv, id, createFakeEmailApi().fetcher)).toBe("sent");
    expect((await rowOf(id)).attempts).toBe(2);
  });

  it("a deployment without its e-mail key keeps the e-mail queued and throws: the links are never written into the row", async () => {
    const id = await queueEmail();
    const secret = "http://localhost/reset-password?token=never-stored";
    const noKey = { EMAIL_API_KEY: "", EMAIL_API_URL: apiEnv.EMAIL_API_URL, MAIL_FROM: apiEnv.MAIL_FROM };
    await db.update(emailOutbox).set({ textBody: "Choose a new password: {{reset_link}}" }).where(eq(emailOutbox.id, id));
    await expect(deliverOutboxEmail(db, noKey, id, createFakeEmailApi().fetcher, { reset_link: secret })).rejects.toThrow("No e-mail provider is configured");
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "queued" });
    expect(row.textBody).not.toContain(secret);
  });

  it("does not send while another delivery holds the row", async () => {
    const api = createFakeEmailApi();
    const id = await queueEmail();
    await db.update(emailOutbox).set({ lockedUntil: new Date(Date.now() + 60_000).toISOString() }).where(eq(emailOutbox.id, id));
    expect(await deliverOutboxEmail(db, apiEnv, id, api.fetcher)).toBe("in-progress");
    expect(api.requests).toHaveLength(0);
  });

  it("retries with backoff through the consumer when the provider fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const id = await queueEmail();
    const failing = { ...env, EMAIL_API_KEY: "wrong_key", EMAIL_API_URL: "https://api.mail.test/emails" };
    vi.spyOn(globalThis, "fetch").mockImplementation(createFakeEmailApi().fetcher);
    const batch = createMessageBatch(JOBS_QUEUE, [{ id: "m0", timestamp: new Date(), attempts: 3, body: { kind: "email", outboxId: id } }]);
    // getQueueResult does not report the delay, so watch the call itself.
    const retry = vi.spyOn(batch.messages[0]!, "retry");
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<unknown>, failing as Env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toEqual([{ msgId: "m0" }]);
    expect(retry).toHaveBeenCalledWith({ delaySeconds: 120 });
    expect((await rowOf(id)).status).toBe("queued");
  });
});
