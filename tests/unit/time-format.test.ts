import { describe, expect, it } from "vitest";
import { coverageOf, invitationTimes } from "~/modules/team/invite-times";
import { hourCycleOf, hourCycleOfLocale, localeOfRequest } from "~/modules/timeline/span";

describe("'Automatic': the clock of a locale", () => {
  it("is 12-hour for en-US and 24-hour for en-GB, de and fr; an unreadable tag reads as en-US", () => {
    expect(hourCycleOfLocale("en-US")).toBe("12h");
    expect(hourCycleOfLocale("en-GB")).toBe("24h");
    expect(hourCycleOfLocale("de-DE")).toBe("24h");
    expect(hourCycleOfLocale("fr")).toBe("24h");
    expect(hourCycleOfLocale(null)).toBe("12h");
    expect(hourCycleOfLocale("not a locale!")).toBe("12h");
  });

  it("takes the browser's first language from Accept-Language, and nothing malformed", () => {
    const request = (value?: string) => new Request("https://example.com", value === undefined ? {} : { headers: { "Accept-Language": value } });
    expect(localeOfRequest(request("en-GB,en;q=0.9,de;q=0.8"))).toBe("en-GB");
    expect(localeOfRequest(request("de"))).toBe("de");
    expect(localeOfRequest(request("*"))).toBeNull();
    expect(localeOfRequest(request(""))).toBeNull();
    expect(localeOfRequest(request())).toBeNull();
  });

  it("gives way to a chosen 12-hour or 24-hour format", () => {
    expect(hourCycleOf("auto", "24h")).toBe("24h");
    expect(hourCycleOf("12h", "24h")).toBe("12h");
    expect(hourCycleOf("24h", "12h")).toBe("24h");
  });
});

describe("an invitation's times (the e-mail's and the accept page's)", () => {
  const day = { firstStart: "14:00", lastEnd: 16 * 60 + 30, minutes: 155 };

  it("are its own where given, else the timeline's first start and last end", () => {
    expect(invitationTimes({ startTime: null, endTime: null }, day, "12h")).toEqual({ start: "2:00 PM", end: "4:30 PM" });
    expect(invitationTimes({ startTime: "13:00", endTime: "22:30" }, day, "12h")).toEqual({ start: "1:00 PM", end: "10:30 PM" });
    expect(invitationTimes({ startTime: "13:00", endTime: null }, day, "24h")).toEqual({ start: "13:00", end: "16:30" });
  });

  it("wrap past midnight, and are absent on an empty timeline", () => {
    expect(invitationTimes({ startTime: null, endTime: null }, { firstStart: "18:00", lastEnd: 25 * 60 + 15, minutes: 435 }, "24h")).toEqual({ start: "18:00", end: "01:15" });
    expect(invitationTimes({ startTime: null, endTime: null }, { firstStart: null, lastEnd: null, minutes: 0 }, "12h")).toEqual({ start: null, end: null });
  });

  it("cover the invitation's hours, else the blocks' length in hours to one decimal", () => {
    expect(coverageOf(6.5, day)).toBe(6.5);
    expect(coverageOf(null, day)).toBe(2.6);
  });
});
