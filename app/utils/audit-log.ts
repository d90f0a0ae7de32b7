// docs/product/data.md#audit-log and docs/product/limits.md#counts: a local audit log in the browser's storage, newest 100 entries
// (profile_updated is logged on saving business info). It records what this device
// did; it is not a server record.

export type AuditEntry = { timestamp: string; userId: string; userEmail: string; action: string; eventId: string | null; details: string | null };

export const AUDIT_LOG_KEY = "event-flow-audit-log";
export const AUDIT_LOG_MAX = 100;

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

export function readAuditLog(storage: Storage): AuditEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(AUDIT_LOG_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as AuditEntry[]) : [];
  } catch {
    return [];
  }
}

/** Adds an entry at the front and keeps the newest 100. Storage that refuses (full, private mode) loses nothing else. */
export function appendAuditLog(storage: Storage, entry: AuditEntry) {
  const entries = [entry, ...readAuditLog(storage)].slice(0, AUDIT_LOG_MAX);
  try {
    storage.setItem(AUDIT_LOG_KEY, JSON.stringify(entries));
  } catch {
    // Nothing to do: the log is a convenience of this device.
  }
  return entries;
}
