import { describe, expect, it } from "vitest";
import { LIMITS, MAX_SIGN_IN_DELAY_MS, SIGN_IN_LOCKED, signInDelayMs, TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";

describe("rate limits (accounts issue, item 5; issue 14 item 9)", () => {
  it("lock an address for one IP after 10 failures for 10 minutes, with no per-address refusal", () => {
    expect(LIMITS.signUpPerEmail).toMatchObject({ max: 10, windowMs: 60_000 });
    expect(LIMITS.resetPerEmail).toMatchObject({ max: 10, windowMs: 60_000 });
    expect(LIMITS.failedSignInsPerPair).toMatchObject({ max: 10, windowMs: 600_000 });
    expect(LIMITS).not.toHaveProperty("signInPerEmail");
  });

  it("slow an address down after many failures across IPs, growing and capped", () => {
    expect(signInDelayMs(0)).toBe(0);
    expect(signInDelayMs(9)).toBe(0);
    expect(signInDelayMs(10)).toBeGreaterThan(0);
    expect(signInDelayMs(15)).toBeGreaterThan(signInDelayMs(10));
    expect(signInDelayMs(10_000)).toBe(MAX_SIGN_IN_DELAY_MS);
    expect(MAX_SIGN_IN_DELAY_MS).toBeLessThanOrEqual(5000);
  });

  it("say clearly what happened and what to do", () => {
    expect(TOO_MANY_ATTEMPTS).toBe("Too many attempts. Please wait a minute and try again.");
    expect(SIGN_IN_LOCKED).toBe("Too many failed sign-in attempts. Please wait 10 minutes and try again.");
  });
});
