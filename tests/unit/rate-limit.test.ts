import { describe, expect, it } from "vitest";
import { LIMITS, SIGN_IN_LOCKED, TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";

describe("rate limits (accounts issue, item 5)", () => {
  it("allow about 10 attempts a minute per address and lock after 10 failures for 10 minutes", () => {
    expect(LIMITS.signInPerEmail).toMatchObject({ max: 10, windowMs: 60_000 });
    expect(LIMITS.signUpPerEmail).toMatchObject({ max: 10, windowMs: 60_000 });
    expect(LIMITS.resetPerEmail).toMatchObject({ max: 10, windowMs: 60_000 });
    expect(LIMITS.failedSignIns).toMatchObject({ max: 10, windowMs: 600_000 });
  });

  it("say clearly what happened and what to do", () => {
    expect(TOO_MANY_ATTEMPTS).toBe("Too many attempts. Please wait a minute and try again.");
    expect(SIGN_IN_LOCKED).toBe("Too many failed sign-in attempts. Please wait 10 minutes and try again.");
  });
});
