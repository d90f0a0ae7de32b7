import { describe, expect, it } from "vitest";
import { hashPassword, PASSWORD_MAX_LENGTH, verifyPassword } from "~/utils/password.server";

describe("password hashing (scrypt)", () => {
  it("stores the scheme and parameters with a random salt", async () => {
    const [a, b] = await Promise.all([hashPassword("Secret123"), hashPassword("Secret123")]);
    expect(a).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("Secret123");
    expect(await verifyPassword("Secret123", stored)).toBe(true);
    expect(await verifyPassword("secret123", stored)).toBe(false);
  });

  it("refuses a malformed stored hash instead of throwing", async () => {
    expect(await verifyPassword("Secret123", "plaintext")).toBe(false);
    expect(await verifyPassword("Secret123", "bcrypt$1$2$3$x$y")).toBe(false);
  });

  it("never hashes an oversized password", async () => {
    const huge = "A1a".repeat(PASSWORD_MAX_LENGTH);
    await expect(hashPassword(huge)).rejects.toThrow("Password too long");
    expect(await verifyPassword(huge, await hashPassword("Secret123"))).toBe(false);
  });
});
