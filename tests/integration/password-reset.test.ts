import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authTokens, emailOutbox, sessions, users } from "~/db/schema";
import { cloudflareContext } from "~/context";
import { RouterContextProvider } from "react-router";
import { getDb } from "~/utils/db.server";
import { loader as devMailLoader } from "../../app/routes/dev.mail";
import { createClient, deliveredMail, signIn, signUp, uniqueEmail } from "./helpers";

const db = getDb(env);
const userByEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!;

/** The link of the newest reset e-mail as delivered (links are filled in only then). */
async function resetLinkFor(email: string) {
  const [any] = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "password_reset")));
  if (!any) return null;
  const mail = await deliveredMail(email, "password_reset");
  const url = new URL(/http:\/\/localhost\/reset-password\?\S+/.exec(mail.textBody)![0]);
  return { path: `${url.pathname}${url.search}`, token: url.searchParams.get("token")! };
}

describe("forgot password", () => {
  it("answers the same whether or not the address has an account, and e-mails only a real one", async () => {
    const { email } = await signUp(createClient());
    const known = await createClient().post("/auth", { intent: "forgot", email });
    const unknownEmail = uniqueEmail("ghost");
    const unknown = await createClient().post("/auth", { intent: "forgot", email: unknownEmail });
    expect(known.status).toBe(unknown.status);
    for (const response of [known, unknown]) {
      const html = await response.text();
      expect(html).toContain("Password reset email sent");
      expect(html).toContain("Check your email for a password reset link");
    }
    expect(await resetLinkFor(email)).not.toBeNull();
    expect(await resetLinkFor(unknownEmail)).toBeNull();
  });

  it("asks for the address first when it is empty", async () => {
    const response = await createClient().post("/auth", { intent: "forgot", email: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Email required");
    expect(html).toContain("Please enter your email address first");
  });

  it("sends a single-use link that expires in an hour, stored only as a hash", async () => {
    const { email } = await signUp(createClient());
    await createClient().post("/auth", { intent: "forgot", email });
    const link = (await resetLinkFor(email))!;
    const [token] = await db.select().from(authTokens).where(and(eq(authTokens.purpose, "password_reset"), eq(authTokens.email, email)));
    expect(token!.tokenHash).not.toBe(link.token);
    const minutes = (Date.parse(token!.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it("rate-limits reset requests per address", async () => {
    const { email } = await signUp(createClient());
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await createClient().post("/auth", { intent: "forgot", email })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("reset while sign-in is locked (decision 002 lock policy)", () => {
  it("the locked IP can still ask for a reset, the link works, and the new password signs in", async () => {
    const { email } = await signUp(createClient());
    const locked = createClient();
    for (let i = 0; i < 10; i++) expect((await signIn(locked, email, "WrongPass123")).status).toBe(401);
    expect((await signIn(locked, email, "WrongPass123")).status).toBe(429);
    const asked = await locked.post("/auth", { intent: "forgot", email });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Password reset email sent");
    const link = (await resetLinkFor(email))!;
    const reset = await locked.post(link.path, { token: link.token, password: "Locked-Out-2027", confirmPassword: "Locked-Out-2027" });
    expect(reset.status).toBe(200);
    expect(await reset.text()).toContain("Password updated");
    expect((await signIn(createClient(), email, "Locked-Out-2027")).status).toBe(302);
  });
});

describe("reset password page", () => {
  it("shows the form for a valid link, with no-referrer", async () => {
    const { email } = await signUp(createClient());
    await createClient().post("/auth", { intent: "forgot", email });
    const link = (await resetLinkFor(email))!;
    const page = await createClient().get(link.path);
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    const html = await page.text();
    expect(html).toContain("New Password");
    expect(html).toContain("Confirm Password");
    expect(html).toContain("Update Password");
  });

  it("shows the Invalid Link card for a missing, unknown or expired token", async () => {
    const { email } = await signUp(createClient());
    await createClient().post("/auth", { intent: "forgot", email });
    const link = (await resetLinkFor(email))!;
    await db.update(authTokens).set({ expiresAt: "2000-01-01T00:00:00.000Z" }).where(eq(authTokens.email, email));
    for (const path of ["/reset-password", "/reset-password?token=nope", link.path]) {
      const html = await (await createClient().get(path)).text();
      expect(html, path).toContain("Invalid Link");
      expect(html, path).toContain("This password reset link is invalid or has expired");
      expect(html, path).toContain("Return to Sign In");
    }
  });

  it("sets the new password, ends every old session, signs in, and refuses the link a second time", async () => {
    const oldDevice = createClient();
    const { email, password } = await signUp(oldDevice);
    await createClient().post("/auth", { intent: "forgot", email });
    const link = (await resetLinkFor(email))!;

    const browser = createClient();
    const response = await browser.post(link.path, { token: link.token, password: "NewSunset2027", confirmPassword: "NewSunset2027" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Password Updated");
    expect(html).toContain("Password updated");
    expect(html).toContain("Your password has been successfully updated");
    expect(html).toMatch(/http-equiv="refresh" content="2;url=\/"/);
    expect(browser.jar.has("ef_session")).toBe(true);

    expect((await oldDevice.get("/settings")).status).toBe(302);
    expect((await browser.get("/settings")).status).toBe(200);
    expect((await signIn(createClient(), email, password)).status).toBe(401);
    expect((await signIn(createClient(), email, "NewSunset2027")).status).toBe(302);

    const replay = await createClient().post(link.path, { token: link.token, password: "Another2028x", confirmPassword: "Another2028x" });
    expect(replay.status).toBe(400);
    const replayHtml = await replay.text();
    expect(replayHtml).toContain("Invalid or expired link");
    expect(replayHtml).toContain("Please request a new password reset link");
    expect((await signIn(createClient(), email, "Another2028x")).status).toBe(401);
  });

  it.each([
    [{ password: "NewSunset2027", confirmPassword: "Different2027" }, "Passwords don&#x27;t match"],
    [{ password: "NewSunset2027", confirmPassword: "" }, "Please confirm your password"],
    [{ password: "short", confirmPassword: "short" }, "Password must be at least 8 characters"],
  ])("refuses %j with its message and keeps the link usable", async (fields, message) => {
    const { email } = await signUp(createClient());
    await createClient().post("/auth", { intent: "forgot", email });
    const link = (await resetLinkFor(email))!;
    const response = await createClient().post(link.path, { token: link.token, ...fields });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Validation Error");
    expect(html).toContain(message);
    expect((await createClient().get(link.path)).status).toBe(200);
    expect(await (await createClient().get(link.path)).text()).toContain("Update Password");
  });

  it("goes to a same-origin returnTo after the reset", async () => {
    const { email } = await signUp(createClient());
    await createClient().post("/auth?returnTo=%2Fsettings", { intent: "forgot", email });
    const link = (await resetLinkFor(email))!;
    expect(link.path).toContain("returnTo=%2Fsettings");
    const html = await (await createClient().post(link.path, { token: link.token, password: "NewSunset2027", confirmPassword: "NewSunset2027" })).text();
    expect(html).toMatch(/content="2;url=\/settings"/);
  });
});

describe("settings: password and devices", () => {
  it("changes the password only with the right current one, and ends other sessions", async () => {
    const phone = createClient();
    const { email, password } = await signUp(phone);
    const laptop = createClient();
    await signIn(laptop, email, password);

    const wrong = await phone.post("/settings/password", { intent: "change-password", currentPassword: "Nope12345", password: "Fresh2027x", confirmPassword: "Fresh2027x" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Current password is incorrect");

    const ok = await phone.post("/settings/password", { intent: "change-password", currentPassword: password, password: "Fresh2027x", confirmPassword: "Fresh2027x" });
    // Post/redirect/get (decision 007): the page that follows has the toast.
    expect(ok.status).toBe(302);
    const after = await phone.get(ok.headers.get("Location")!);
    expect(after.status).toBe(200);
    expect(await after.text()).toContain("Your password has been successfully updated");
    expect((await laptop.get("/settings")).status).toBe(302);
    expect((await signIn(createClient(), email, password)).status).toBe(401);
  });

  it("signs out every other device and keeps this one", async () => {
    const phone = createClient();
    const { email, password } = await signUp(phone);
    const laptop = createClient();
    await signIn(laptop, email, password);
    const user = await userByEmail(email);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);

    const response = await phone.post("/settings/sign-out-others", { intent: "sign-out-others" });
    expect(response.status).toBe(302);
    expect(await (await phone.get(response.headers.get("Location")!)).text()).toContain("Signed out of all other devices");
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect((await laptop.get("/settings")).status).toBe(302);
    expect((await phone.get("/settings")).status).toBe(200);
  });

  it("refuses both actions to a visitor", async () => {
    for (const [form, intent] of [["password", "change-password"], ["sign-out-others", "sign-out-others"]]) {
      const response = await createClient().post(`/settings/${form}`, { intent: intent! });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/auth\?returnTo=/);
    }
  });
});

describe("/dev/mail", () => {
  it("lists sent e-mails with their links where the local mailbox is on", async () => {
    const { email } = await signUp(createClient());
    await deliveredMail(email, "email_confirmation");
    const html = await (await createClient().get("/dev/mail")).text();
    expect(html).toContain("Confirm your Event Flow email address");
    expect(html).toContain(email);
    expect(html).toMatch(/<a href="http:\/\/localhost\/confirm-email\?token=/);
  });

  it("is a 404 where DEV_MAILBOX is not set (production) or an e-mail API key is", async () => {
    for (const overrides of [{ DEV_MAILBOX: undefined }, { EMAIL_API_KEY: "re_live" }]) {
      const context = new RouterContextProvider();
      context.set(cloudflareContext, { env: { ...env, ...overrides } as Env, ctx: {} as ExecutionContext });
      const thrown = await Promise.resolve(
        devMailLoader({ request: new Request("http://localhost/dev/mail"), params: {}, context } as never),
      ).catch((error: unknown) => error);
      expect((thrown as { init?: { status?: number } }).init?.status).toBe(404);
    }
  });
});
