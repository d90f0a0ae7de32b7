import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openAuth, sectionLink, signOut, signUp, submitSignIn, toast, uniqueEmail } from "./helpers";
import { installNativeDouble } from "./native/double";
import { fakeBiometrics } from "./native/biometric";

// Decision 013: the native app's Face ID / Touch ID sign-in, with the
// device (Keychain and sensor) played by tests/e2e/native/biometric.ts at Capacitor's bridge.

// A refused device sign-in answers 401, which Chromium logs as a failed resource.
const REFUSED_REQUESTS = [/^Failed to load resource: the server responded with a status of 401/];

const authenticating = (page: Page) => page.getByRole("status").filter({ hasText: "Authenticating with Face ID/Touch ID..." });

/** The app is closed and opened again: a new run of the webview (its session storage goes with it), the Keychain stays. */
async function reopenApp(page: Page) {
  await page.evaluate(() => sessionStorage.clear());
  await page.goto("/");
}

const newAccount = (label: string) => ({ email: uniqueEmail(label), password: "FaceId2026", firstName: "Noor", lastName: "Haddad" });

/** Sign in with 'Enable Face ID/Touch ID' ticked, in the app: the Keychain gets the device's secret. */
async function enableInApp(page: Page, account: { email: string; password: string }) {
  await openAuth(page);
  await page.getByLabel("Enable Face ID/Touch ID").check();
  await submitSignIn(page, account.email, account.password);
  await expect(toast(page, "success", "Biometric login enabled")).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth/);
}

test.describe("native biometric sign-in", () => {
  test.use({ expectedConsoleErrors: REFUSED_REQUESTS });

  test("iPhone with Face ID: enable on sign-in, auto-login on opening, cancel does nothing, removed in Settings fails cleanly", async ({ page, baseURL }) => {
    // Many steps (the overlay's checks, offline) on a busy machine: more than the default 30 s.
    test.setTimeout(60_000);
    const device = fakeBiometrics({ biometryType: 2 });
    const shell = await installNativeDouble(page, { platform: "ios", plugins: device.plugins });
    const host = new URL(baseURL!).host;
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && /\/(device-sign-in|passkeys)$/.test(request.url())) posts.push(`${new URL(request.url()).pathname} ${request.postData()?.match(/intent=([a-z-]+)/)?.[1]}`);
    });
    const account = newAccount("face-id");
    await signUp(page, account);
    await signOut(page);

    // Signing in with the box ticked: the server grants a secret, the Keychain keeps it for our host.
    await enableInApp(page, account);
    expect([...device.keychain.keys()]).toEqual([host]);
    const first = device.keychain.get(host)!;
    // Stored so that the OS releases it only after Face ID, for the faces enrolled now (decision 013).
    expect(first).toMatchObject({ username: account.email, password: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), accessControl: 1 });
    expect(posts).toEqual(["/device-sign-in enable"]); // no passkey inside the app

    // A sign-out in the same run leaves the button, without a Face ID prompt.
    await signOut(page);
    await expect(page.getByRole("button", { name: "Sign in with Face ID", exact: true })).toBeVisible();
    expect(shell.callsTo("NativeBiometric", "getSecureCredentials")).toHaveLength(0);

    // Opening the app again: the OS's Face ID check releases the secret by itself, then it signs in.
    device.delayMs = 3000;
    await reopenApp(page);
    await expect(authenticating(page)).toBeVisible();
    // The full-screen state is modal (decision 013): the page behind is inert, focus is in it, axe is clean.
    const overlay = page.getByRole("dialog", { name: "Authenticating with Face ID/Touch ID..." });
    await expect(overlay).toBeFocused();
    expect(await page.evaluate(() => [...document.body.children].filter((el) => !(el as HTMLElement).inert && el.getAttribute("role") !== "dialog" && el.tagName !== "SCRIPT").length)).toBe(0);
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    await expect(page).toHaveURL(/\/subscription$|\/$/, { timeout: 15_000 });
    await expect(page.getByRole("heading", { name: "Welcome", level: 1 })).toHaveCount(0);
    expect(shell.callsTo("NativeBiometric", "getSecureCredentials")).toHaveLength(1);
    expect(shell.callsTo("NativeBiometric", "getSecureCredentials")[0]!.options).toMatchObject({ reason: "Sign in to Event Flow with Face ID" });
    expect(shell.callsTo("NativeBiometric", "verifyIdentity")).toHaveLength(0);
    // The server replaced the secret; the Keychain holds the new one.
    expect(device.keychain.get(host)!.password).not.toBe(first.password);
    await page.goto("/settings");
    await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible();

    // Opened again, the person cancels Face ID: nothing further (no request, no message, the secret stays).
    await signOut(page);
    device.identity = "cancel";
    const before = posts.length;
    await reopenApp(page);
    await expect.poll(() => shell.callsTo("NativeBiometric", "getSecureCredentials").length).toBe(2);
    await expect(authenticating(page)).toHaveCount(0);
    await expect(page.getByRole("alert")).toHaveCount(0);
    expect(posts.length).toBe(before);
    expect(device.keychain.has(host)).toBe(true);
    await expect(page.getByRole("heading", { name: "Welcome", level: 1 })).toBeVisible();
    // The overlay gone, the page is usable again.
    expect(await page.evaluate(() => [...document.body.children].some((el) => (el as HTMLElement).inert))).toBe(false);

    // Without signal: said so, no prompt, and the secret stays (decision 013).
    device.identity = "match";
    device.delayMs = 0;
    await page.context().setOffline(true);
    await page.getByRole("button", { name: "Sign in with Face ID", exact: true }).click();
    await expect(toast(page, "error", "You're offline. Connect to sign in.")).toBeVisible();
    expect(shell.callsTo("NativeBiometric", "getSecureCredentials")).toHaveLength(2);
    expect(device.keychain.has(host)).toBe(true);
    await page.context().setOffline(false);

    // The button signs in; Settings lists the app with its last use; removing it ends this session.
    await page.getByRole("button", { name: "Sign in with Face ID", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Welcome", level: 1 })).toHaveCount(0);
    await page.goto("/settings");
    const apps = page.getByRole("list", { name: "Apps" });
    await expect(apps.getByRole("listitem")).toHaveCount(1);
    // Named with the day it was added, so two phones can be told apart (decision 013).
    await expect(apps).toContainText(/Event Flow app on iOS, added [A-Z][a-z]{2} \d{1,2}/);
    await expect(apps).toContainText("Last used");
    await page.getByRole("button", { name: /^Remove app Event Flow app on iOS, added / }).click();
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fsettings/);

    // The Keychain still has the secret; the server no longer knows it: the failure, and the Keychain forgets it.
    await expect(sectionLink(page, "Sign In")).toHaveAttribute("aria-current", "page");
    await page.getByRole("button", { name: "Sign in with Face ID", exact: true }).click();
    await expect(toast(page, "error", "Biometric login failed – Please sign in again.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in with Face ID", exact: true })).toHaveCount(0);
    expect(device.keychain.has(host)).toBe(false);
    expect(shell.callsTo("NativeBiometric", "deleteCredentials")).toHaveLength(1);
  });

  test("Android with a fingerprint: the spec's wording for anything but Face ID is Touch ID", async ({ page }) => {
    const device = fakeBiometrics({ biometryType: 3 });
    const shell = await installNativeDouble(page, { platform: "android", plugins: device.plugins });
    const account = newAccount("fingerprint");
    await signUp(page, account);
    await signOut(page);
    await enableInApp(page, account);
    await signOut(page);
    await expect(page.getByRole("button", { name: "Sign in with Touch ID", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /Face ID/ })).toHaveCount(0);

    // A fingerprint that does not match is not a server refusal: the message, and the Keychain keeps the secret.
    device.identity = "no-match";
    await page.getByRole("button", { name: "Sign in with Touch ID", exact: true }).click();
    await expect(toast(page, "error", "Biometric login failed – Please sign in again.")).toBeVisible();
    expect(device.keychain.size).toBe(1);
    expect(shell.callsTo("NativeBiometric", "getSecureCredentials")[0]!.options).toMatchObject({ reason: "Sign in to Event Flow with Touch ID" });

    device.identity = "match";
    await page.getByRole("button", { name: "Sign in with Touch ID", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Welcome", level: 1 })).toHaveCount(0);
    await page.goto("/settings");
    await expect(page.getByRole("list", { name: "Apps" })).toContainText("Event Flow app on Android");
  });

  test("a browser without the shell keeps passkeys: no app sign-in and no plugin code", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await openAuth(page);
    await expect(page.getByRole("button", { name: /Sign in with (Face|Touch) ID$/ })).toHaveCount(0);
    expect(scripts.filter((url) => /biometric/i.test(url))).toEqual([]);
  });
});
