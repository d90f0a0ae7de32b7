import { describe, expect, it } from "vitest";
import { clientEditsLocked, suggestedLockOn } from "~/modules/event/client-lock";

describe("client edits lock", () => {
  it("is locked from the start of the lock date in the event's time zone", () => {
    const event = { clientEditsLockOn: "2027-01-10", timeZone: "America/New_York" };
    // 23:59 on the 9th in New York is 04:59 on the 10th in UTC: not yet.
    expect(clientEditsLocked(event, new Date("2027-01-10T04:59:00Z"))).toBe(false);
    expect(clientEditsLocked(event, new Date("2027-01-10T05:00:00Z"))).toBe(true);
    expect(clientEditsLocked(event, new Date("2027-03-01T12:00:00Z"))).toBe(true);
  });

  it("is never locked without a date", () => {
    expect(clientEditsLocked({ clientEditsLockOn: null, timeZone: "UTC" }, new Date("2099-01-01T00:00:00Z"))).toBe(false);
  });

  it("suggests two days before the event, across a month and a year", () => {
    expect(suggestedLockOn("2027-01-12")).toBe("2027-01-10");
    expect(suggestedLockOn("2027-03-01")).toBe("2027-02-27");
    expect(suggestedLockOn("2027-01-01")).toBe("2026-12-30");
  });
});
