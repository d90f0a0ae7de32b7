import { describe, expect, it } from "vitest";
import { appendAuditLog, AUDIT_LOG_KEY, type AuditEntry, readAuditLog } from "~/utils/audit-log";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value) };
}

const entry = (n: number): AuditEntry => ({ timestamp: `2026-11-22T10:00:${String(n % 60).padStart(2, "0")}.000Z`, userId: "u1", userEmail: "maya@example.com", action: "profile_updated", eventId: null, details: `save ${n}` });

describe("local audit log", () => {
  it("keeps the newest 100 entries, newest first", () => {
    const storage = memoryStorage();
    for (let n = 1; n <= 105; n++) appendAuditLog(storage, entry(n));
    const log = readAuditLog(storage);
    expect(log).toHaveLength(100);
    expect(log[0]!.details).toBe("save 105");
    expect(log.at(-1)!.details).toBe("save 6");
  });

  it("starts over from garbage instead of failing", () => {
    const storage = memoryStorage({ [AUDIT_LOG_KEY]: "{not json" });
    expect(readAuditLog(storage)).toEqual([]);
    expect(appendAuditLog(storage, entry(1))).toHaveLength(1);
    expect(readAuditLog(memoryStorage({ [AUDIT_LOG_KEY]: '{"a":1}' }))).toEqual([]);
  });

  it("survives storage that refuses to write", () => {
    const storage = { getItem: () => null, setItem: () => { throw new Error("QuotaExceededError"); } };
    expect(appendAuditLog(storage, entry(1))).toHaveLength(1);
  });
});
