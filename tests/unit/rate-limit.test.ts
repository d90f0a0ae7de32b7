import { describe, expect, it } from "vitest";
import { LIMITS, MAX_SIGN_IN_DELAY_MS, signInDelayMs, signInLocked, TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";

describe("rate limits (decision 002)", () => {
  it("lock an address for one IP after 10 failures for 10 minutes, with no per-address refusal", () => {
    expect(LIMITS.signUpPerEmail).toMatchObject({ max: 10, windowMs: 60_000 });
    expect(LIMITS.resetPerEmail).toMatchObject({ max: 10, windowMs: 60_000 });
    expect(LIMITS.failedSignInsPerPair).toMatchObject({ max: 10, windowMs: 600_000 });
    // A failure counts for at most two windows: a new device is locked at most 15 minutes after the last one.
    expect(2 * LIMITS.failedSignInsPerAddress.windowMs).toBeLessThanOrEqual(15 * 60_000);
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
    expect(signInLocked(14)).toBe('Too many sign-in attempts. Use "Forgot password?" to get a sign-in link, or try again in 14 minutes.');
    expect(signInLocked(1)).toBe('Too many sign-in attempts. Use "Forgot password?" to get a sign-in link, or try again in 1 minute.');
  });
});
