import { describe, expect, it } from "vitest";
import { enrolmentRefusal, isIpAddress, PASSKEY_NOT_ENABLED } from "~/modules/account/passkey-messages";

// docs/product/messages.md#auth: what a Face ID / Touch ID enrolment the browser refused says.

describe("a refused passkey enrolment's message", () => {
  it("at an IP address, says it could not be set up and to open Event Flow by its name", () => {
    for (const host of ["127.0.0.1", "192.168.1.20", "[::1]"]) {
      expect(enrolmentRefusal("SecurityError", host)).toBe(
        "Face ID/Touch ID could not be set up on this device. Open Event Flow by its name (for example localhost), not by an IP address.",
      );
    }
  });

  it("at a name the browser refuses, says only that it could not be set up", () => {
    expect(enrolmentRefusal("SecurityError", "eventflow.test")).toBe("Face ID/Touch ID could not be set up on this device.");
  });

  it("any other failure keeps 'could not be enabled. Please try again.'", () => {
    for (const name of ["InvalidStateError", "NotSupportedError", "UnknownError", undefined]) expect(enrolmentRefusal(name, "127.0.0.1")).toBe(PASSKEY_NOT_ENABLED);
  });

  it("tells IP addresses from names", () => {
    expect(["127.0.0.1", "10.0.2.2", "[fe80::1]"].map(isIpAddress)).toEqual([true, true, true]);
    expect(["localhost", "eventflow.app", "app.10.example"].map(isIpAddress)).toEqual([false, false, false]);
  });
});
