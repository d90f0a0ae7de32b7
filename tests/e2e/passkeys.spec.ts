import type { Page } from "@playwright/test";
import { expect, test, waitForElementHydration } from "./fixtures";
import { bellButton, d1, openAuth, sectionLink, signOut, signUp, submitSignIn, toast, uniqueEmail } from "./helpers";

// Decision 011: Face ID / Touch ID sign-in as passkeys, with Chromium's
// virtual platform authenticator (DevTools protocol) standing in for the device's own.

// The refused passkey sign-in answers 401, a stale proof of identity 403 and a wrong
// password 400, which Chromium logs as failed resources.
const REFUSED_REQUESTS = [/^Failed to load resource: the server responded with a status of (400|401|403)/];

/** A platform authenticator (internal transport) with resident keys and user verification. */
async function addPlatformAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials };
}

const biometricButton = (page: Page) => page.getByRole("button", { name: "Sign in with Face ID/Touch ID" });

test.describe("passkeys", () => {
  // WebAuthn refuses an IP address as the relying party's id: this file reaches the same
  // server by the name localhost, which browsers treat as a secure origin.
  test.use({ expectedConsoleErrors: REFUSED_REQUESTS, baseURL: `http://localhost:${process.env.E2E_PORT ?? "4173"}` });

  test("enable on sign-in, sign in with the button only, remove in Settings and the button fails cleanly", async ({ page }) => {
    const account = { email: uniqueEmail("passkey"), password: "FaceId2026", firstName: "Rosa", lastName: "Lind" };
    // No Face ID / Touch ID on this device yet: no biometric controls.
    await openAuth(page);
    await expect(page.getByLabel("Stay logged in")).toBeVisible();
    await expect(page.getByLabel("Enable Face ID/Touch ID")).toHaveCount(0);

    const authenticator = await addPlatformAuthenticator(page);
    await signUp(page, account);
    await signOut(page);

    // Sign in with the box ticked: a passkey is made for this account.
    await openAuth(page);
    await expect(biometricButton(page)).toHaveCount(0);
    await page.getByLabel("Enable Face ID/Touch ID").check();
    await submitSignIn(page, account.email, account.password);
    await expect(toast(page, "success", "Biometric login enabled")).toBeVisible();
    await expect(page).not.toHaveURL(/\/auth/);
    expect(await authenticator.credentials()).toHaveLength(1);

    // Signed out, the button alone signs in: no e-mail, no password typed.
    await signOut(page);
    // Held back a moment, so the full-screen state can be seen.
    await page.route("**/passkeys", async (route) => {
      if (/(^|&)intent=signin(&|$)/.test(route.request().postData() ?? "")) await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await biometricButton(page).click();
    await expect(page.getByRole("status").filter({ hasText: "Authenticating with Face ID/Touch ID..." })).toBeVisible();
    await expect(page).not.toHaveURL(/\/$/);
    await page.goto("/settings");
    await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible();

    // Settings lists the passkey with its device and last use; removing it ends the
    // session it opened (this one).
    const passkeys = page.getByRole("list", { name: "Passkeys" });
    await expect(passkeys.getByRole("listitem")).toHaveCount(1);
    await expect(passkeys).toContainText("Chrome on Android");
    await expect(passkeys).toContainText("Last used");
    await page.getByRole("button", { name: "Remove passkey Chrome on Android" }).click();
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fsettings/);

    // The device still offers the passkey; the server no longer knows it: a clear
    // failure, and the device forgets it (the button goes).
    await expect(sectionLink(page, "Sign In")).toHaveAttribute("aria-current", "page");
    await biometricButton(page).click();
    await expect(toast(page, "error", "Biometric login failed – Please sign in again.")).toBeVisible();
    await expect(biometricButton(page)).toHaveCount(0);
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fsettings/);
  });

  test("add Face ID/Touch ID in Settings: a stale proof asks for the password first, and the bell tells the owner", async ({ page }) => {
    // A sign-up, a wrangler process for the D1 write and two ceremonies: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    const account = { email: uniqueEmail("passkey-settings"), password: "FaceId2026", firstName: "Ines", lastName: "Moreau" };
    const authenticator = await addPlatformAuthenticator(page);
    await signUp(page, account);
    // The sign-up's proof of identity is older than 10 minutes now.
    await d1(`UPDATE sessions SET verified_at = '2000-01-01T00:00:00.000Z' WHERE user_id = (SELECT id FROM users WHERE email = '${account.email}')`);
    await page.goto("/settings");
    await expect(page.getByText("No passkeys yet.")).toBeVisible();
    await page.getByRole("button", { name: "Add Face ID/Touch ID on this device" }).click();
    await expect(page.getByText("Enter your password to add Face ID/Touch ID.")).toBeVisible();
    expect(await authenticator.credentials()).toHaveLength(0);
    await page.screenshot({ path: "tests/.results/passkeys-settings-confirm-phone.png", fullPage: true });

    const password = page.getByLabel("Your password", { exact: true });
    await expect(password).toBeFocused();
    await password.fill("NotMine2026");
    await page.getByRole("button", { name: "Confirm password" }).click();
    await expect(page.getByText("Current password is incorrect").first()).toBeVisible();
    expect(await authenticator.credentials()).toHaveLength(0);

    await password.fill(account.password);
    await page.getByRole("button", { name: "Confirm password" }).click();
    await expect(toast(page, "success", "Biometric login enabled")).toBeVisible();
    const passkeys = page.getByRole("list", { name: "Passkeys" });
    await expect(passkeys.getByRole("listitem")).toHaveCount(1);
    await expect(passkeys).toContainText("Chrome on Android");
    expect(await authenticator.credentials()).toHaveLength(1);
    // The proof is fresh now: the button is back, and the password form is gone.
    await expect(page.getByRole("button", { name: "Add Face ID/Touch ID on this device" })).toBeVisible();
    await expect(page.getByLabel("Your password", { exact: true })).toHaveCount(0);

    await bellButton(page).click();
    await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
    await expect(page.getByText("A passkey was added to your Event Flow account").first()).toBeVisible();
    await page.screenshot({ path: "tests/.results/passkeys-settings-bell-phone.png", fullPage: false });
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("heading", { name: "Face ID / Touch ID" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: "tests/.results/passkeys-settings-desktop.png", fullPage: false });
  });
});

test.describe("passkeys at an IP address", () => {
  // This file's other tests reach the server as localhost; these stay on the IP address
  // (127.0.0.1) the runs use, where the browser refuses to make a passkey.
  test("enabling Face ID/Touch ID says it could not be set up and to open Event Flow by its name, on sign-in and in Settings", async ({ page }) => {
    test.setTimeout(60_000);
    const refused = "Face ID/Touch ID could not be set up on this device. Open Event Flow by its name (for example localhost), not by an IP address.";
    const account = { email: uniqueEmail("passkey-ip"), password: "FaceId2026", firstName: "Ida", lastName: "Park" };
    const authenticator = await addPlatformAuthenticator(page);
    await signUp(page, account);
    await signOut(page);

    // Sign in with the box ticked: signed in, and told why Face ID / Touch ID is not on.
    await openAuth(page);
    await page.getByLabel("Enable Face ID/Touch ID").check();
    await submitSignIn(page, account.email, account.password);
    await expect(page).not.toHaveURL(/\/auth/);
    await expect(toast(page, "error", refused)).toBeVisible();
    expect(await authenticator.credentials()).toHaveLength(0);

    // Settings: the button ends with the same words, and can be pressed again.
    await page.goto("/settings");
    const add = page.getByRole("button", { name: "Add Face ID/Touch ID on this device" });
    await waitForElementHydration(add);
    await add.click();
    await expect(toast(page, "error", refused)).toBeVisible();
    await expect(add).toBeEnabled();
    expect(await authenticator.credentials()).toHaveLength(0);
  });
});
