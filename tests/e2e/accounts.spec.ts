import { expect, test, waitForHydration } from "./fixtures";
import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  mailLink,
  openAuth,
  sectionLink,
  signOut,
  signUp,
  submitSignIn,
  submitSignUp,
  toast,
  uniqueEmail,
} from "./helpers";

// Accounts (docs/product/screens.md#authentication-screen, Password reset, Profile setup; docs/product/validation.md; docs/product/messages.md#auth).
// Rate limits (20 sign-ins per IP a minute, 10 sign-ups per IP a minute, a lock after 10
// failures of one address from one IP: decision 002) cover the whole file: it signs in
// 12 times, 6 of them as the demo user, and creates 4 accounts.

const INVALID_CREDENTIALS = "The email or password you entered is incorrect. Please try again or create a new account.";
const RESET_SUBJECT = "Reset your Event Flow password";
const CONFIRM_SUBJECT = "Confirm your Event Flow email address";

// Refused submissions answer 4xx, which Chromium logs as a failed resource.
const REFUSED_REQUESTS = [/^Failed to load resource: the server responded with a status of 40[019]/];

test.describe("accounts", () => {
  test.use({ expectedConsoleErrors: REFUSED_REQUESTS });

  test("sign up → profile → sign out → sign in (wrong password first) → forgot password → mailed link → new password → sign in", async ({
    page,
  }) => {
    const account = {
      email: uniqueEmail("flow"),
      password: "FirstPass123",
      firstName: "Ada",
      lastName: "Lovelace",
      businessName: "Lovelace Photo Co",
    };
    const newPassword = "SecondPass456";

    // Sign up: signed in at once, no Pro yet, so the subscription screen.
    await signUp(page, account);
    await expect(toast(page, "success", "Account created")).toContainText("You're signed in. Check your email to confirm your address.");

    // Profile: what sign-up collected shows in the signed-in area.
    await page.goto("/settings");
    await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible();
    await expect(page.getByRole("banner").getByText(`Hi, ${account.businessName}`)).toBeVisible();
    // A profile that already has a first name never sees 'Complete Your Profile'.
    await page.goto("/profile-setup");
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByRole("heading", { name: "Complete Your Profile" })).toHaveCount(0);

    await signOut(page);
    // Signed out for real: the settings page now asks to sign in.
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fsettings$/);
    await page.goto("/");
    await waitForHydration(page);

    // Wrong password first.
    await submitSignIn(page, account.email, "WrongPass999");
    await expect(toast(page, "error", "Invalid credentials")).toContainText(INVALID_CREDENTIALS);
    await expect(page.getByRole("heading", { name: "Welcome", level: 1 })).toBeVisible();

    // Forgot password.
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await expect(toast(page, "success", "Password reset email sent")).toContainText("Check your email for a password reset link");

    // The link from the mailbox.
    const resetLink = await mailLink(page, account.email, RESET_SUBJECT, /\/reset-password\?token=/);
    expect(new URL(resetLink).origin).toBe(new URL(page.url()).origin);
    await page.goto(resetLink);
    await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
    for (const requirement of ["At least 8 characters", "One uppercase letter", "One lowercase letter", "One number"]) {
      await expect(page.getByRole("listitem").filter({ hasText: requirement })).toBeVisible();
    }
    await waitForHydration(page);

    await page.getByLabel("New Password").fill(newPassword);
    await page.getByLabel("Confirm Password").fill(newPassword);
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByRole("heading", { name: "Password Updated" })).toBeVisible();
    await expect(toast(page, "success", "Password updated")).toContainText("Your password has been successfully updated");
    // Then home after 2 s; the reset signed this user in, who has no Pro yet.
    await expect(page).toHaveURL(/\/subscription$/, { timeout: 10_000 });

    await signOut(page);

    // The link works once.
    await page.goto(resetLink);
    await expect(page.getByRole("heading", { name: "Invalid Link" })).toBeVisible();
    await expect(page.getByText("This password reset link is invalid or has expired")).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("link", { name: "Return to Sign In" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("heading", { name: "Welcome", level: 1 })).toBeVisible();
    await waitForHydration(page);

    // The old password is gone; the new one signs in.
    await submitSignIn(page, account.email, account.password);
    await expect(toast(page, "error", "Invalid credentials")).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await page.goto("/settings");
    await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible();
  });

  test("the reset page checks the new password against the rules before using the link", async ({ page, context }) => {
    const account = { email: uniqueEmail("reset"), password: "Forgotten123", firstName: "Emmy", lastName: "Noether" };
    await signUp(page, account);
    await context.clearCookies();

    await openAuth(page);
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await expect(toast(page, "success", "Password reset email sent")).toBeVisible();
    const resetLink = await mailLink(page, account.email, RESET_SUBJECT, /\/reset-password\?token=/);
    await page.goto(resetLink);
    await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
    await waitForHydration(page);

    await page.getByRole("button", { name: "Update Password" }).click();
    // docs/product/messages.md#auth (password reset page) and docs/product/validation.md#how-errors-are-shown: the first issue in a 'Validation Error' toast.
    await expect(toast(page, "error", "Validation Error")).toContainText("Password must be at least 8 characters");
    const main = page.getByRole("main");
    await expect(main.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(main.getByText("Please confirm your password")).toBeVisible();

    await page.getByLabel("New Password").fill("lowercase123");
    await expect(main.getByText("Password must contain at least one uppercase letter")).toBeVisible();

    // A confirmation that differs is refused on the confirmation field.
    await page.getByLabel("New Password").fill("Remembered456");
    await page.getByLabel("Confirm Password").fill("Remembered457");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(main.getByText("Passwords don't match")).toBeVisible();
    await expect(page.getByLabel("Confirm Password")).toHaveAttribute("aria-invalid", "true");

    // The refused tries left the link usable.
    await page.getByLabel("Confirm Password").fill("Remembered456");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByRole("heading", { name: "Password Updated" })).toBeVisible();
  });

  test("the sign-in screen: tabs, the 'What You'll Get' panel and the sign-up password hint", async ({ page }) => {
    await openAuth(page, "/");
    await expect(page.getByRole("heading", { name: "Welcome", level: 1 })).toBeVisible();
    await expect(sectionLink(page, "Sign In")).toHaveAttribute("aria-current", "page");
    await expect(sectionLink(page, "Sign Up")).not.toHaveAttribute("aria-current");
    await expect(page.getByLabel("Stay logged in")).not.toBeChecked();
    await expect(page.getByRole("button", { name: "Forgot password?" })).toBeVisible();
    await expect(page.getByRole("region", { name: "What You'll Get" }).getByRole("listitem")).toHaveCount(6);

    await sectionLink(page, "Sign Up").click();
    await expect(sectionLink(page, "Sign Up")).toHaveAttribute("aria-current", "page");
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription(
      "Must be at least 8 characters with uppercase, lowercase, and number",
    );
    await expect(page.getByLabel("Business Name (optional)")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
  });

  test("sign-up validation shows the first issue in a toast and each field's error inline", async ({ page }) => {
    await openAuth(page);
    await sectionLink(page, "Sign Up").click();
    await page.getByRole("button", { name: "Create Account" }).click();
    // docs/product/validation.md#how-errors-are-shown: the first issue in a destructive toast titled 'Validation Error'.
    await expect(toast(page, "error", "Validation Error")).toContainText("First name is required");
    await expect(page.getByRole("main").getByText("First name is required")).toBeVisible();
    await expect(page.getByRole("main").getByText("Last name is required")).toBeVisible();
    await expect(page.getByRole("main").getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByRole("main").getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(page.getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");

    // The password rules, one at a time.
    await page.getByLabel("First Name").fill("Grace");
    await page.getByLabel("Last Name").fill("Hopper");
    await page.getByLabel("Email").fill(uniqueEmail("invalid"));
    for (const [password, message] of [
      ["short1A", "Password must be at least 8 characters"],
      ["alllowercase1", "Password must contain at least one uppercase letter"],
      ["ALLUPPERCASE1", "Password must contain at least one lowercase letter"],
      ["NoDigitsHere", "Password must contain at least one number"],
    ] as const) {
      await page.getByLabel("Password").fill(password);
      await expect(page.getByRole("main").getByText(message)).toBeVisible();
    }
    await expect(page).toHaveURL(/\/auth\?tab=signup$/);

    // An address that is already registered.
    await page.getByLabel("Email").fill(DEMO_EMAIL);
    await page.getByLabel("Password").fill("Another123");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page, "error", "Account Already Exists")).toContainText(
      "This email is already registered. Please sign in or reset your password if you forgot it.",
    );
    await expect(sectionLink(page, "Sign Up")).toHaveAttribute("aria-current", "page");
  });

  test("sign-in validation and 'Forgot password?' without an e-mail address", async ({ page }) => {
    await openAuth(page);
    await page.getByRole("button", { name: "Forgot password?" }).click();
    // docs/product/validation.md#forgot-password: 'Email required – Please enter your email address first', a destructive toast.
    await expect(toast(page, "error", "Email required")).toContainText("Please enter your email address first");
    await expect(page.getByRole("main").getByText("Please enter your email address first")).toBeVisible();

    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    // docs/product/validation.md#how-errors-are-shown: the first issue in a destructive toast titled 'Validation Error'.
    await expect(toast(page, "error", "Validation Error")).toContainText("Please enter a valid email address");
    await expect(page.getByRole("main").getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByRole("main").getByText("Password is required")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("returnTo is honoured for a path on the site", async ({ page }) => {
    await openAuth(page, "/auth?returnTo=/settings");
    await submitSignIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await expect(page.getByText(`Signed in as ${DEMO_EMAIL}`)).toBeVisible();

    // Already signed in, /auth goes straight to returnTo.
    await page.goto("/auth?returnTo=/support");
    await expect(page).toHaveURL(/\/support$/);
  });

  test("returnTo is ignored for an absolute or protocol-relative URL", async ({ page, context, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    for (const returnTo of ["https://evil.example/", "//evil.example/"]) {
      await context.clearCookies();
      await openAuth(page, `/auth?returnTo=${encodeURIComponent(returnTo)}`);
      await submitSignIn(page, DEMO_EMAIL, DEMO_PASSWORD);
      await expect(sectionLink(page, "My Events")).toHaveAttribute("aria-current", "page");
      expect(page.url(), returnTo).toBe(`${origin}/`);
    }
  });

  test("guest mode invites to create a free account with Sign Up selected", async ({ page }) => {
    await openAuth(page, "/auth?mode=guest");
    await expect(page).toHaveTitle("Create Your Free Account | Event Flow");
    await expect(page.getByRole("heading", { name: "Create Your Free Account", level: 1 })).toBeVisible();
    await expect(page.getByText("Sign up to accept your event invitation")).toBeVisible();
    await expect(page.getByText("Free Guest Access: you are being invited to join an event at no cost")).toBeVisible();
    await expect(sectionLink(page, "Sign Up")).toHaveAttribute("aria-current", "page");
    await expect(sectionLink(page, "Sign In")).not.toHaveAttribute("aria-current");
    await expect(page.getByLabel("First Name")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();

    // Switching tabs keeps the guest variant.
    await sectionLink(page, "Sign In").click();
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Create Your Free Account", level: 1 })).toBeVisible();
  });

  test("'Stay logged in' keeps the session for 30 days; unticked it ends with the browser", async ({ page, context }) => {
    const sessionCookie = async () => (await context.cookies()).find((cookie) => cookie.name === "ef_session");

    await openAuth(page);
    await submitSignIn(page, DEMO_EMAIL, DEMO_PASSWORD, { stayLoggedIn: true });
    await expect(sectionLink(page, "My Events")).toHaveAttribute("aria-current", "page");
    const persistent = await sessionCookie();
    expect(persistent).toBeDefined();
    const thirtyDays = Date.now() / 1000 + 30 * 24 * 3600;
    expect(Math.abs(persistent!.expires - thirtyDays)).toBeLessThan(3600);
    expect(persistent).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

    await context.clearCookies();
    await openAuth(page);
    await submitSignIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await expect(sectionLink(page, "My Events")).toHaveAttribute("aria-current", "page");
    const browserSession = await sessionCookie();
    expect(browserSession).toBeDefined();
    expect(browserSession!.expires).toBe(-1);
    expect(browserSession!.httpOnly).toBe(true);
  });

  test("changing the password in settings checks the current one and retires the old password", async ({ page }) => {
    const account = { email: uniqueEmail("change"), password: "Original123", firstName: "Grace", lastName: "Hopper" };
    const newPassword = "Replaced456";
    await signUp(page, account);

    await page.goto("/settings");
    await expect(page.getByRole("banner").getByText(`Hi, ${account.firstName}`)).toBeVisible();
    await waitForHydration(page);

    await page.getByLabel("Current Password").fill("NotMyPassword1");
    await page.getByLabel("New Password").fill(newPassword);
    await page.getByLabel("Confirm Password").fill(newPassword);
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(toast(page, "error", "Error")).toContainText("Current password is incorrect");
    await expect(page.getByRole("main").getByText("Current password is incorrect")).toBeVisible();
    await expect(page.getByLabel("Current Password")).toHaveAttribute("aria-invalid", "true");
    // The answer hides what was typed (its fields come back empty): typing before that
    // happens on a slow phone would be wiped.
    for (const label of ["Current Password", "New Password", "Confirm Password"]) await expect(page.getByLabel(label, { exact: true })).toHaveValue("");

    await page.getByLabel("Current Password").fill(account.password);
    await page.getByLabel("New Password").fill(newPassword);
    await page.getByLabel("Confirm Password").fill(newPassword);
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(toast(page, "success", "Password updated")).toContainText("Your password has been successfully updated");
    await expect(page.getByLabel("Current Password")).toHaveValue("");

    await signOut(page);
    await submitSignIn(page, account.email, account.password);
    await expect(toast(page, "error", "Invalid credentials")).toContainText(INVALID_CREDENTIALS);
    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/subscription$/);
  });

  test("the confirmation e-mail's link confirms the address once", async ({ page }) => {
    const account = { email: uniqueEmail("confirm"), password: "Confirm123", firstName: "Mary", lastName: "Somerville" };
    await signUp(page, account);

    const confirmLink = await mailLink(page, account.email, CONFIRM_SUBJECT, /\/confirm-email\?token=/);
    await page.goto(confirmLink);
    await expect(page.getByRole("heading", { name: "Confirm your email" })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Confirm Email" }).click();
    await expect(toast(page, "success", "Email confirmed")).toContainText("Thank you. Your email address is confirmed.");

    await page.goto(confirmLink);
    await expect(page.getByRole("heading", { name: "Invalid Link" })).toBeVisible();
    await expect(page.getByText("This confirmation link is invalid or has expired.")).toBeVisible();
  });
});

test.describe("accounts without JavaScript", () => {
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: REFUSED_REQUESTS });

  test("signs in from the server-rendered form", async ({ page }) => {
    await openAuth(page, "/", { hydrate: false });
    await submitSignIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(sectionLink(page, "My Events")).toHaveAttribute("aria-current", "page");
  });

  test("a wrong password shows the error toast rendered by the server", async ({ page }) => {
    await openAuth(page, "/", { hydrate: false });
    const email = uniqueEmail("nojs");
    await submitSignIn(page, email, "WrongPass999");
    await expect(toast(page, "error", "Invalid credentials")).toContainText(INVALID_CREDENTIALS);
    await expect(page.getByRole("heading", { name: "Welcome", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
  });

  test("validation errors show inline and in a toast", async ({ page }) => {
    await openAuth(page, "/", { hydrate: false });
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(toast(page, "error", "Validation Error")).toContainText("Please enter a valid email address");
    await expect(page.getByRole("main").getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByRole("main").getByText("Password is required")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Email").fill("");
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await expect(toast(page, "error", "Email required")).toContainText("Please enter your email address first");
    await expect(page.getByRole("main").getByText("Please enter your email address first")).toBeVisible();
  });
});
