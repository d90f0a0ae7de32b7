import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authTokens, emailOutbox, eventSecondShooters, profiles, sessions, users } from "~/db/schema";
import { getDb } from "~/utils/db.server";
import { consume, countOf, LIMITS, signInDelayMs } from "~/utils/rate-limit.server";
import { createEvent, createUser } from "../factories";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { createClient, deliveredMail, heldEmailJobs, ORIGIN, sessionFor, signIn, signUp, uniqueEmail, VALID_SIGNUP } from "./helpers";

const db = getDb(env);
const sessionRows = (userId: string) => db.select().from(sessions).where(eq(sessions.userId, userId));
const userByEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];

async function allTextInD1(): Promise<string> {
  const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite%' AND name NOT LIKE '\\_%' ESCAPE '\\'").all<{ name: string }>();
  let text = "";
  for (const { name } of tables.results) {
    const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
    text += JSON.stringify(rows.results);
  }
  return text;
}

describe("sign up", () => {
  it("creates the account, signs in at once, sends a confirmation e-mail and goes to /subscription", async () => {
    const client = createClient();
    const { response, email } = await signUp(client, uniqueEmail("Maya").toUpperCase());
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/subscription");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("ef_session="))!;
    expect(cookie).toMatch(/^ef_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);

    const user = await userByEmail(email.toLowerCase());
    expect(user).toBeDefined();
    expect(user!.passwordHash).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(user!.emailConfirmedAt).toBeNull();
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile).toMatchObject({ firstName: "Maya", lastName: "Thompson", businessName: "Golden Hour Studio", subscriptionStatus: "inactive" });

    const mail = await deliveredMail(email.toLowerCase(), "email_confirmation");
    expect(mail).toMatchObject({ kind: "email_confirmation", subject: "Confirm your Event Flow email address" });
    expect(mail.textBody).toMatch(/http:\/\/localhost\/confirm-email\?token=[A-Za-z0-9_-]{43}/);

    const home = await client.get("/subscription");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Account created");
  });

  it("stores no plain password or token anywhere in D1", async () => {
    const client = createClient();
    // The queue held back: the stored e-mail as it waits for delivery
    // (its link was never written).
    const [job] = await heldEmailJobs(() => signUp(client, uniqueEmail(), { password: "Unique-Marker-Pass9" }));
    const sessionToken = client.jar.get("ef_session")!;
    const confirmToken = /token=([A-Za-z0-9_-]+)/.exec(job!.fill!.confirmation_link!)![1]!;
    const everything = await allTextInD1();
    expect(everything).not.toContain("Unique-Marker-Pass9");
    expect(everything).not.toContain(sessionToken);
    expect(everything).not.toContain(confirmToken);
  });

  it.each([
    ["firstName", "", "First name is required"],
    ["firstName", "x".repeat(101), "First name must be less than 100 characters"],
    ["lastName", "   ", "Last name is required"],
    ["lastName", "y".repeat(101), "Last name must be less than 100 characters"],
    ["businessName", "b".repeat(201), "Business name must be less than 200 characters"],
    ["email", "not-an-email", "Please enter a valid email address"],
    ["email", `${"a".repeat(250)}@example.com`, "Email must be less than 255 characters"],
    ["password", "Short1", "Password must be at least 8 characters"],
    ["password", "alllowercase1", "Password must contain at least one uppercase letter"],
    ["password", "ALLUPPERCASE1", "Password must contain at least one lowercase letter"],
    ["password", "NoNumbersHere", "Password must contain at least one number"],
    ["password", `Aa1${"x".repeat(300)}`, "Password must be less than 256 characters"],
  ])("refuses %s = %j with '%s' (inline and as the Validation Error toast) and creates nothing", async (field, value, message) => {
    const client = createClient();
    const email = field === "email" ? value : uniqueEmail();
    const response = await client.post("/auth", { ...VALID_SIGNUP, email, [field]: value });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Validation Error");
    expect(html).toContain(message);
    expect(client.jar.has("ef_session")).toBe(false);
    expect(await db.select().from(users)).toHaveLength((await db.select().from(users)).length);
    if (field !== "email") expect(await userByEmail(email)).toBeUndefined();
  });

  it("refuses an address that already has an account with the spec's message", async () => {
    const { email } = await signUp(createClient());
    const again = createClient();
    const response = await again.post("/auth", { ...VALID_SIGNUP, email });
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain("Account Already Exists");
    expect(html).toContain("This email is already registered. Please sign in or reset your password if you forgot it.");
    expect(again.jar.has("ef_session")).toBe(false);
  });

  it("honours returnTo only for a path on our origin", async () => {
    const ok = await createClient().post("/auth?returnTo=%2Faccept-invite%2Fabc%3Faction%3Ddecline", { ...VALID_SIGNUP, email: uniqueEmail() });
    expect(ok.headers.get("Location")).toBe("/accept-invite/abc?action=decline");
    for (const evil of ["https://evil.example/x", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      const response = await createClient().post(`/auth?returnTo=${encodeURIComponent(evil)}`, { ...VALID_SIGNUP, email: uniqueEmail() });
      expect(response.headers.get("Location"), evil).toBe("/");
    }
  });
});

describe("sign in", () => {
  it("signs in with a browser-session cookie and a 12-hour server session when 'Stay logged in' is off", async () => {
    const { email, password } = await signUp(createClient());
    const client = createClient();
    const response = await signIn(client, email, password);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("ef_session="))!;
    expect(cookie).not.toContain("Max-Age");
    const user = await userByEmail(email);
    const rows = await sessionRows(user!.id);
    const latest = rows.find((r) => !r.persistent)!;
    const hours = (Date.parse(latest.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
  });

  it("keeps a 30-day session when 'Stay logged in' is ticked, and makes a new session on every sign-in", async () => {
    const { email, password } = await signUp(createClient());
    const first = createClient();
    const second = createClient();
    await signIn(first, email, password, { stayLoggedIn: "on" });
    await signIn(second, email, password, { stayLoggedIn: "on" });
    expect(first.jar.get("ef_session")).not.toBe(second.jar.get("ef_session"));
    const rows = await sessionRows((await userByEmail(email))!.id);
    expect(rows.filter((r) => r.persistent)).toHaveLength(3); // sign-up + two sign-ins
    const days = (Date.parse(rows.at(-1)!.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
  });

  it("answers a wrong password and an unknown address with the same message and status", async () => {
    const { email } = await signUp(createClient());
    const wrong = await signIn(createClient(), email, "WrongPass123");
    const unknown = await signIn(createClient(), uniqueEmail("nobody"), "WrongPass123");
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      const html = await response.text();
      expect(html).toContain("Invalid credentials");
      expect(html).toContain("The email or password you entered is incorrect. Please try again or create a new account.");
      expect(response.headers.getSetCookie().some((c) => c.startsWith("ef_session="))).toBe(false);
    }
  });

  it.each([
    [{ email: "nope", password: "x" }, "Please enter a valid email address"],
    [{ email: "a@b.co", password: "" }, "Password is required"],
    [{ email: `${"a".repeat(251)}@b.co`, password: "x" }, "Email must be less than 255 characters"],
  ])("refuses %j with '%s'", async (fields, message) => {
    const response = await createClient().post("/auth", { intent: "signin", ...fields });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Validation Error");
    expect(html).toContain(message);
  });

  it("goes to a same-origin returnTo after signing in", async () => {
    const { email, password } = await signUp(createClient());
    const response = await createClient().post("/auth?returnTo=%2Fsettings", { intent: "signin", email, password });
    expect(response.headers.get("Location")).toBe("/settings");
  });

  it("sends a signed-in visitor of /auth on to returnTo or home", async () => {
    const client = createClient();
    await signUp(client);
    expect((await client.get("/auth")).headers.get("Location")).toBe("/");
    expect((await client.get("/auth?returnTo=%2Fsettings")).headers.get("Location")).toBe("/settings");
    expect((await client.get("/auth?returnTo=https%3A%2F%2Fevil.example")).headers.get("Location")).toBe("/");
  });

  it("locks an address for the IP of 10 failures only: the 11th try from there is refused, the owner elsewhere signs in (decision 002)", async () => {
    const { email, password } = await signUp(createClient());
    const attacker = createClient();
    for (let i = 0; i < 10; i++) expect((await signIn(attacker, email, "WrongPass123")).status).toBe(401);
    const locked = await signIn(attacker, email, password);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toMatch(/Too many sign-in attempts\. Use &quot;Forgot password\?&quot; to get a sign-in link, or try again in \d+ minutes\./);
    expect(attacker.jar.has("ef_session")).toBe(false);
    const owner = createClient();
    const response = await signIn(owner, email, password);
    expect(response.status).toBe(302);
    expect(owner.jar.has("ef_session")).toBe(true);
  });

  it("failures from many IPs slow down and then cap the devices the owner never used; the owner's own device goes on at once", async () => {
    const { email, password } = await signUp(createClient());
    // The owner signed in on this phone before the attack: it is a known device.
    const phone = createClient();
    expect((await signIn(phone, email, password)).status).toBe(302);
    expect(phone.jar.has("ef_device")).toBe(true);
    phone.jar.delete("ef_session");

    for (let i = 0; i < 12; i++) expect((await signIn(createClient(), email, "WrongPass123")).status).toBe(401);
    // A new device with the right password still gets in, after the slow-down.
    const started = Date.now();
    expect((await signIn(createClient(), email, password)).status).toBe(302);
    expect(Date.now() - started).toBeGreaterThanOrEqual(signInDelayMs(12) - 50);
    // A wrong password waits as long (the delay comes before the check: timing tells nothing).
    const wrongStarted = Date.now();
    expect((await signIn(createClient(), email, "WrongPass123")).status).toBe(401);
    expect(Date.now() - wrongStarted).toBeGreaterThanOrEqual(signInDelayMs(12) - 50);
    // A botnet (a fresh IP each try) shares one small allowance: unknown devices tried 4
    // times since the failures reached the threshold (the 11th and 12th failure, the two
    // tries above); the rest of the allowance is used up here, then the next is refused,
    // whatever its password.
    for (let n = 5; n <= LIMITS.unknownDeviceSignIns.max; n++) await consume(db, [[LIMITS.unknownDeviceSignIns, email]]);
    const capped = await signIn(createClient(), email, password);
    expect(capped.status).toBe(429);
    expect(await capped.text()).toContain("Too many sign-in attempts. Use &quot;Forgot password?&quot; to get a sign-in link, or try again in");
    // The owner's phone is not held back, nor slowed.
    const ownStarted = Date.now();
    expect((await signIn(phone, email, password)).status).toBe(302);
    expect(Date.now() - ownStarted).toBeLessThan(signInDelayMs(12));
    // A device mark is the Worker's HMAC of the address: one made up does not pass.
    const forger = createClient();
    forger.jar.set("ef_device", "AAAAAAAAAAAAAAAAAAAAAA");
    expect((await signIn(forger, email, password)).status).toBe(429);
  });

  describe("a locked-out owner knows the way in (decision 007)", () => {
    // A moment at the start of a window of every sign-in limit (7.5 and 10 minutes), so the minutes are exact.
    const T0 = Date.parse("2030-01-01T00:00:00.000Z");
    const MIN = 60_000;
    afterEach(() => vi.useRealTimers());
    const at = (ms: number) => vi.setSystemTime(ms);
    const lockMessage = (minutes: number) =>
      `Too many sign-in attempts. Use &quot;Forgot password?&quot; to get a sign-in link, or try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
    /** Failures from `count` fresh devices (a new IP each: rotating addresses). */
    async function rotatingFailures(email: string, count: number) {
      for (let i = 0; i < count; i++) expect((await signIn(createClient(), email, "WrongPass123")).status).toBe(401);
    }

    it("the same-IP lock names the reset link and the minutes left", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      at(T0 + 30_000);
      const { email, password } = await signUp(createClient());
      const attacker = createClient();
      for (let i = 0; i < 10; i++) expect((await signIn(attacker, email, "WrongPass123")).status).toBe(401);
      const locked = await signIn(attacker, email, password);
      expect(locked.status).toBe(429);
      // Ten failures in this 10-minute window count until the next one ends: 19.5 minutes, said as 20.
      expect(await locked.text()).toContain(lockMessage(20));
      at(T0 + 19 * MIN + 30_000);
      expect(await (await signIn(attacker, email, password)).text()).toContain(lockMessage(1));
    });

    it("rotating addresses lock a new device for at most 15 minutes after the last failure; the reset link and known devices are never held back", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      at(T0 + MIN);
      const { email, password } = await signUp(createClient());
      const phone = createClient();
      expect((await signIn(phone, email, password)).status).toBe(302);
      phone.jar.delete("ef_session");

      await rotatingFailures(email, 12);
      // Unknown devices share the rest of their allowance, then a new device is refused, right password or not.
      for (let n = 3; n <= LIMITS.unknownDeviceSignIns.max; n++) await consume(db, [[LIMITS.unknownDeviceSignIns, email]]);
      const refused = await signIn(createClient(), email, password);
      expect(refused.status).toBe(429);
      // The failures count until the end of the next 7.5-minute window: 14 minutes from now.
      expect(await refused.text()).toContain(lockMessage(14));
      // The way in it names works: 'Forgot password?' is not held back by the lock.
      const forgot = await createClient().post("/auth", { intent: "forgot", email });
      expect(forgot.status).toBe(200);
      expect(await forgot.text()).toContain("Password reset email sent");
      // The owner's device they signed in on before goes on at once.
      expect((await signIn(phone, email, password)).status).toBe(302);
      phone.jar.delete("ef_session");

      // The owner's refused tries do not extend it; 13 minutes after the attacker stopped it still holds.
      at(T0 + 5 * MIN);
      expect((await signIn(createClient(), email, password)).status).toBe(429);
      at(T0 + 14 * MIN);
      const late = await signIn(createClient(), email, password);
      expect(late.status).toBe(429);
      expect(await late.text()).toContain(lockMessage(1));
      // 15 minutes after the attacker's last failure, the owner's new device signs in with the right password.
      at(T0 + 16 * MIN);
      const owner = createClient();
      expect((await signIn(owner, email, password)).status).toBe(302);
      expect(owner.jar.has("ef_session")).toBe(true);
    });

    it("wrong passwords on the owner's own devices lock no new device", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      at(T0 + MIN);
      const { email, password } = await signUp(createClient());
      const phone = createClient();
      expect((await signIn(phone, email, password)).status).toBe(302);
      const mark = phone.jar.get("ef_device")!;
      // Typos on the known device, from changing networks (a fresh IP each).
      for (let i = 0; i < 12; i++) {
        const roaming = createClient();
        roaming.jar.set("ef_device", mark);
        expect((await signIn(roaming, email, "WrongPass123")).status).toBe(401);
      }
      // They count for each IP only, not for the address: a new device is neither slowed nor capped.
      expect(await countOf(db, LIMITS.failedSignInsPerAddress, email)).toBe(0);
      for (let n = 1; n <= LIMITS.unknownDeviceSignIns.max + 1; n++) expect((await signIn(createClient(), email, password)).status).toBe(302);
    });
  });

  it("rate-limits sign-ins per IP", async () => {
    const client = createClient("198.51.100.7");
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await signIn(client, uniqueEmail(), "WrongPass123")).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("rate-limits sign-ups per IP", async () => {
    // A fresh browser each time (a signed-in visitor of /auth is sent home), one IP.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await createClient("198.51.100.8").post("/auth", { ...VALID_SIGNUP, email: uniqueEmail() })).status);
    expect(statuses.slice(0, 10).every((s) => s === 302)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("lets the demo account of the seed sign in", async () => {
    const { buildDemoSeed, DEMO_EMAIL, DEMO_PASSWORD } = await import("~/db/seed");
    const { hashPassword } = await import("~/utils/password.server");
    const statements = buildDemoSeed({ passwordHash: await hashPassword(DEMO_PASSWORD), today: new Date().toISOString().slice(0, 10) });
    await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
    const client = createClient();
    expect((await signIn(client, DEMO_EMAIL, DEMO_PASSWORD)).headers.get("Location")).toBe("/");
    const home = await client.get("/");
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/Hi, (<!-- -->)?Golden Hour Studio/);
  });
});

describe("sessions", () => {
  it("treats an expired session as signed out", async () => {
    const client = createClient();
    const { email } = await signUp(client);
    const user = await userByEmail(email);
    await db.update(sessions).set({ expiresAt: "2000-01-01T00:00:00.000Z" }).where(eq(sessions.userId, user!.id));
    const response = await client.get("/settings");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?returnTo=%2Fsettings");
  });

  it("ignores a forged or malformed session cookie", async () => {
    const client = createClient();
    client.jar.set("ef_session", "A".repeat(43));
    expect((await client.get("/settings")).status).toBe(302);
    client.jar.set("ef_session", "not a token; Path=/");
    expect((await client.get("/settings")).status).toBe(302);
  });

  it("signs out with a POST that deletes the session row; a GET changes nothing", async () => {
    const client = createClient();
    const { email } = await signUp(client);
    const user = await userByEmail(email);
    expect(await sessionRows(user!.id)).toHaveLength(1);

    const get = await client.get("/logout");
    expect(get.status).toBe(405);
    expect(await sessionRows(user!.id)).toHaveLength(1);

    const response = await client.post("/logout", {});
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().join()).toMatch(/ef_session=; .*Max-Age=0/);
    expect(await sessionRows(user!.id)).toHaveLength(0);
    // The device forgets what it cached, even without JavaScript; never
    // "storage", which would unregister the service worker and its push (decision 010).
    expect(response.headers.get("Clear-Site-Data")).toBe('"cache"');
  });

  it("extends a persistent session on use", async () => {
    const client = createClient();
    const { email, password } = await signUp(createClient());
    await signIn(client, email, password, { stayLoggedIn: "on" });
    const user = await userByEmail(email);
    const hash = (await sessionRows(user!.id)).at(-1)!.tokenHash;
    await db.update(sessions).set({ lastUsedAt: "2026-01-01T00:00:00.000Z", expiresAt: new Date(Date.now() + 86_400_000).toISOString() }).where(eq(sessions.tokenHash, hash));
    const response = await client.get("/settings");
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("ef_session=") && c.includes("Max-Age=2592000"))).toBe(true);
    const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, hash));
    expect((Date.parse(row!.expiresAt) - Date.now()) / 86_400_000).toBeGreaterThan(29.9);
  });
});

describe("CSRF", () => {
  it("refuses a post with no Origin, or a foreign one, before it reaches any action (403)", async () => {
    const client = createClient();
    const email = uniqueEmail();
    const noOrigin = await client.post("/auth", { ...VALID_SIGNUP, email }, { Origin: "" });
    const foreign = await client.post("/auth", { ...VALID_SIGNUP, email }, { Origin: "https://evil.example" });
    expect(noOrigin.status).toBe(403);
    expect(foreign.status).toBe(403);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("accepts Origin: null only when the browser says the request is same-origin", async () => {
    const email = uniqueEmail();
    const crossSite = await createClient().post("/auth", { ...VALID_SIGNUP, email }, { Origin: "null", "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const sameOrigin = await createClient().post("/auth", { ...VALID_SIGNUP, email }, { Origin: "null", "Sec-Fetch-Site": "same-origin" });
    expect(sameOrigin.status, await sameOrigin.clone().text().then((t) => /Validation Error[^<]*<\/p><p[^>]*>([^<]*)/.exec(t)?.[1] ?? "")).toBe(302);
  });

  it("refuses a cross-site sign-out", async () => {
    const client = createClient();
    const { email } = await signUp(client);
    const response = await client.post("/logout", {}, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await sessionRows((await userByEmail(email))!.id)).toHaveLength(1);
  });
});

describe("redirect rules", () => {
  it("shows the sign-in screen at / to a visitor", async () => {
    const html = await (await createClient().get("/")).text();
    expect(html).toContain("Welcome");
    expect(html).toContain("Sign In");
    expect(html).toContain("Forgot password?");
    expect(html).toContain("Stay logged in");
    expect(html).toContain("What You&#x27;ll Get");
  });

  it("shows the guest variant with the Sign Up tab first", async () => {
    const html = await (await createClient().get("/auth?mode=guest&returnTo=%2Faccept-invite%2Fx")).text();
    expect(html).toContain("Create Your Free Account");
    expect(html).toContain("Sign up to accept your event invitation");
    expect(html).toContain("you are being invited to join an event at no cost");
    expect(html).toContain("Must be at least 8 characters with uppercase, lowercase, and number");
    // Link tabs are navigation links: the open one is aria-current.
    expect(html).toMatch(/aria-current="page"[^>]*>Sign Up</);
  });

  it("sends a signed-in user without Pro or an accepted invitation to /subscription", async () => {
    const client = createClient();
    await signUp(client);
    const response = await client.get("/");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/subscription");
  });

  it("lets in a user with an accepted invitation, and one with active Pro", async () => {
    const guest = createClient();
    const { email } = await signUp(guest);
    const user = await userByEmail(email);
    const lead = await createUser(db);
    const event = await createEvent(db, lead.id);
    await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId: event.id, userId: user!.id, status: "accepted" });
    expect((await guest.get("/")).status).toBe(200);

    const pro = createClient();
    const { email: proEmail } = await signUp(pro);
    await db.update(profiles).set({ subscriptionStatus: "active", subscriptionType: "business", subscriptionExpiresAt: "2099-01-01T00:00:00.000Z" }).where(eq(profiles.email, proEmail));
    expect((await pro.get("/")).status).toBe(200);
    expect((await pro.get("/subscription")).headers.get("Location")).toBe("/");
  });

  it("does not count an expired Pro subscription", async () => {
    const client = createClient();
    const { email } = await signUp(client);
    await db.update(profiles).set({ subscriptionStatus: "active", subscriptionType: "business", subscriptionExpiresAt: "2020-01-01T00:00:00.000Z" }).where(eq(profiles.email, email));
    expect((await client.get("/")).headers.get("Location")).toBe("/subscription");
  });

  it("sends a user whose profile lacks a first name to /profile-setup", async () => {
    const client = createClient();
    const { email } = await signUp(client);
    await db.update(profiles).set({ firstName: null, subscriptionStatus: "active", subscriptionType: "business" }).where(eq(profiles.email, email));
    expect((await client.get("/")).headers.get("Location")).toBe("/profile-setup");
  });
});

describe("profile setup", () => {
  it("sends a visitor and a complete profile home", async () => {
    expect((await createClient().get("/profile-setup")).headers.get("Location")).toBe("/");
    const client = createClient();
    await signUp(client);
    expect((await client.get("/profile-setup")).headers.get("Location")).toBe("/");
  });

  it("prefills, validates and saves the profile with 'Profile updated!'", async () => {
    const client = createClient();
    const { email } = await signUp(client);
    await db.update(profiles).set({ firstName: null, businessName: "Prefilled Studio" }).where(eq(profiles.email, email));
    const page = await client.get("/profile-setup");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Complete Your Profile");
    expect(html).toContain('value="Prefilled Studio"');

    const invalid = await client.post("/profile-setup", { firstName: "", lastName: "" });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("First name is required");

    const saved = await client.post("/profile-setup", { firstName: "Ana", lastName: "Lopez", businessName: "" });
    expect(saved.headers.get("Location")).toBe("/");
    const [profile] = await db.select().from(profiles).where(eq(profiles.email, email));
    expect(profile).toMatchObject({ firstName: "Ana", lastName: "Lopez", businessName: null });
    expect(await (await client.get("/subscription")).text()).toContain("Profile updated!");
  });

  it("refuses a save from a visitor", async () => {
    const response = await createClient().post("/profile-setup", { firstName: "Ana", lastName: "Lopez" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth\?returnTo=/);
  });
});

describe("e-mail confirmation", () => {
  it("confirms on the button, not on opening the link, and only once", async () => {
    const client = createClient();
    const { email } = await signUp(client);
    const mail = await deliveredMail(email, "email_confirmation");
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.textBody)![1]!;

    const page = await client.get(`/confirm-email?token=${token}`);
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(await page.text()).toContain("Confirm Email");
    expect((await userByEmail(email))!.emailConfirmedAt).toBeNull();

    const confirmed = await client.post("/confirm-email", { token });
    expect(confirmed.headers.get("Location")).toBe("/");
    expect((await userByEmail(email))!.emailConfirmedAt).not.toBeNull();

    const reused = await client.post("/confirm-email", { token });
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain("This confirmation link is invalid or has expired.");
  });
});

describe("tokens", () => {
  it("keeps only hashes of e-mailed tokens", async () => {
    const client = createClient();
    const { email } = await signUp(client);
    const mail = await deliveredMail(email, "email_confirmation");
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.textBody)![1]!;
    const rows = await db.select().from(authTokens);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});

describe("returnTo never leaves our origin", () => {
  // Dot segments and their encodings normalise to `//evil.example` (an off-site URL);
  // the rest must never survive either.
  const ATTACKS = ["/.//evil.example/x", "/..//evil.example", "/%2e//evil.example", "/%2E%2E//evil.example", "/\\\\evil.example", "/\t/evil.example", "/\n/evil.example", "https://evil.example"];

  /** A Location the browser resolves on our origin. */
  function expectHome(location: string | null, label: string) {
    expect(location, label).not.toBeNull();
    expect(new URL(location!, ORIGIN).origin, label).toBe(ORIGIN);
    expect(location!, label).not.toMatch(/^\/\/|^\/\\|evil\.example/);
  }

  async function tokenFor(userId: string, email: string, purpose: "email_confirmation" | "password_reset") {
    const token = randomToken(32);
    await db.insert(authTokens).values({ id: crypto.randomUUID(), tokenHash: await sha256Hex(token), purpose, userId, email, expiresAt: "2099-01-01T00:00:00.000Z" });
    return token;
  }

  it.each(ATTACKS)("sign-in, sign-up and /auth with a session: %j", async (returnTo) => {
    const query = `?returnTo=${encodeURIComponent(returnTo)}`;
    const { email, password } = await signUp(createClient());
    const signedIn = createClient();
    expectHome((await signedIn.post(`/auth${query}`, { intent: "signin", email, password })).headers.get("Location"), "sign-in");
    expectHome((await signedIn.get(`/auth${query}`)).headers.get("Location"), "GET /auth with a session");
    const signedUp = await createClient().post(`/auth${query}`, { ...VALID_SIGNUP, email: uniqueEmail() });
    expectHome(signedUp.headers.get("Location"), "sign-up");
  });

  it.each(ATTACKS)("logout, notifications read-all, confirm-email and reset-password: %j", async (returnTo) => {
    const { client, user } = await sessionFor();
    expectHome((await client.post("/notifications/read-all", { returnTo })).headers.get("Location"), "read-all");
    expectHome((await client.post("/logout", { returnTo })).headers.get("Location"), "logout");

    const confirmation = await tokenFor(user.id, user.email, "email_confirmation");
    const confirmed = await createClient().post("/confirm-email", { token: confirmation, returnTo });
    expect(confirmed.status).toBe(302);
    expectHome(confirmed.headers.get("Location"), "confirm-email");
    const confirmPage = await (await createClient().get(`/confirm-email?token=x&returnTo=${encodeURIComponent(returnTo)}`)).text();
    expect(confirmPage).not.toContain("evil.example");

    // The reset page sends the browser on by itself (a refresh and navigate): its target too.
    const reset = await tokenFor(user.id, user.email, "password_reset");
    const response = await createClient().post(`/reset-password?returnTo=${encodeURIComponent(returnTo)}`, { token: reset, password: "NewSunset2026", confirmPassword: "NewSunset2026" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Password updated");
    expect(html).not.toContain("evil.example");
  });
});

describe("signed-in responses are never cached", () => {
  it("pages, their single-fetch .data and redirects answered to a session say private, no-store", async () => {
    const { client, id } = await sessionFor();
    const event = await createEvent(db, id);
    for (const path of ["/", "/settings", `/events/${event.id}`, `/events/${event.id}.data`, "/_root.data", "/settings.data", "/auth"]) {
      const response = await client.get(path);
      expect(response.status, path).toBeLessThan(400);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    // An action's answer too.
    const read = await client.post("/notifications/read-all", { returnTo: "/" });
    expect(read.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a capability page keeps its own no-store, and a visitor's landing page stays cacheable as before", async () => {
    const { client } = await sessionFor();
    expect((await client.get("/confirm-email?token=x")).headers.get("Cache-Control")).toContain("no-store");
    const landing = await createClient().get("/");
    expect(landing.status).toBe(200);
    expect(landing.headers.get("Cache-Control") ?? "").not.toContain("no-store");
  });
});
