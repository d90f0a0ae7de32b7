import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, notifications, passkeys, sessions, webauthnChallenges } from "~/db/schema";
import { sha256Hex } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { MINUTE } from "~/utils/time";
import { type Client, createClient, deliveredMail, ORIGIN, sessionFor, signIn, signUp } from "./helpers";
import { createAuthenticator } from "./webauthn-authenticator";

// Decision 011: passkey registration and sign-in against real signatures.

/** What the sign-in screen posts: the intent, and the authenticator's answer as JSON. */
function postJson(client: Client, { response, ...fields }: { intent: string; response?: unknown }) {
  return client.post("/passkeys", { ...fields, ...(response === undefined ? {} : { response: typeof response === "string" ? response : JSON.stringify(response) }) });
}

const db = getDb(env);
const sessionHashOf = async (client: Client) => sha256Hex(client.jar.get("ef_session")!);

/**
 * Gives the client's session a proof of identity `minutesAgo` minutes old, as a password
 * or passkey sign-in (or a confirmed password) leaves it (decision 011).
 */
async function provedAt(client: Client, minutesAgo = 0) {
  await db
    .update(sessions)
    .set({ verifiedAt: new Date(Date.now() - minutesAgo * MINUTE).toISOString() })
    .where(eq(sessions.tokenHash, await sessionHashOf(client)));
}

/** A signed-in user who registered a passkey from this client. */
async function userWithPasskey() {
  const owner = await sessionFor();
  await provedAt(owner.client);
  const authenticator = await createAuthenticator();
  const options = (await (await postJson(owner.client, { intent: "register-options" })).json()) as { challenge: string };
  const registered = await postJson(owner.client, { intent: "register", response: await authenticator.register(options) });
  expect(registered.status).toBe(200);
  return { ...owner, authenticator };
}

async function signInWith(authenticator: Awaited<ReturnType<typeof createAuthenticator>>, tweak: Parameters<typeof authenticator.authenticate>[1] = {}) {
  const device = createClient();
  const options = (await (await postJson(device, { intent: "signin-options" })).json()) as { challenge: string };
  const response = await postJson(device, { intent: "signin", response: await authenticator.authenticate(options, tweak) });
  return { device, response, options };
}

const signedIn = async (client: Client) => (await client.get("/settings")).status === 200;

describe("passkeys", () => {
  it("registers a passkey and signs in with it, without an e-mail, into the owner's account", async () => {
    const { id, authenticator } = await userWithPasskey();
    const [stored] = await getDb(env).select().from(passkeys).where(eq(passkeys.userId, id));
    expect(stored).toMatchObject({ id: authenticator.id, transports: ["internal"] });

    const { device, response } = await signInWith(authenticator);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ redirectTo: "/" });
    expect(await signedIn(device)).toBe(true);
    const [session] = await getDb(env).select().from(sessions).where(eq(sessions.tokenHash, await sha256Hex(device.jar.get("ef_session")!)));
    expect(session).toMatchObject({ userId: id, passkeyId: authenticator.id });
    const [used] = await getDb(env).select().from(passkeys).where(eq(passkeys.id, authenticator.id));
    expect(used!.lastUsedAt).not.toBeNull();
  });

  it("refuses registration without a session, and a registration challenge replayed", async () => {
    const stranger = createClient();
    expect((await postJson(stranger, { intent: "register-options" })).status).toBe(401);
    const owner = await sessionFor();
    await provedAt(owner.client);
    const authenticator = await createAuthenticator();
    const options = (await (await postJson(owner.client, { intent: "register-options" })).json()) as { challenge: string };
    expect((await postJson(owner.client, { intent: "register", response: await authenticator.register(options) })).status).toBe(200);
    const again = await createAuthenticator();
    expect((await postJson(owner.client, { intent: "register", response: await again.register(options) })).status).toBe(400);
    // Another user cannot use someone else's registration challenge.
    const other = await sessionFor();
    await provedAt(other.client);
    const theirs = (await (await postJson(owner.client, { intent: "register-options" })).json()) as { challenge: string };
    expect((await postJson(other.client, { intent: "register", response: await again.register(theirs) })).status).toBe(400);
  });

  it("refuses a replayed sign-in challenge", async () => {
    const { authenticator } = await userWithPasskey();
    const { options, response } = await signInWith(authenticator);
    expect(response.status).toBe(200);
    const replay = createClient();
    const second = await postJson(replay, { intent: "signin", response: await authenticator.authenticate(options) });
    expect(second.status).toBe(401);
    expect(await second.json()).toEqual({ error: "Biometric login failed – Please sign in again." });
    expect(replay.jar.has("ef_session")).toBe(false);
  });

  it("refuses a response signed for another origin or another RP id", async () => {
    const { authenticator } = await userWithPasskey();
    const wrongOrigin = await signInWith(authenticator, { origin: "https://evil.example", rpId: "localhost" });
    expect(wrongOrigin.response.status).toBe(401);
    const wrongRp = await signInWith(authenticator, { rpId: "evil.example" });
    expect(wrongRp.response.status).toBe(401);
    expect(wrongOrigin.device.jar.has("ef_session") || wrongRp.device.jar.has("ef_session")).toBe(false);
    // A registration made for another RP id is refused too.
    const owner = await sessionFor();
    await provedAt(owner.client);
    const options = (await (await postJson(owner.client, { intent: "register-options" })).json()) as { challenge: string };
    const other = await createAuthenticator();
    expect((await postJson(owner.client, { intent: "register", response: await other.register(options, { origin: ORIGIN, rpId: "evil.example" }) })).status).toBe(400);
  });

  it("refuses an unknown credential", async () => {
    const unknown = await createAuthenticator();
    const { response, device } = await signInWith(unknown);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Biometric login failed – Please sign in again." });
    expect(device.jar.has("ef_session")).toBe(false);
  });

  it("refuses a signature counter that did not go up (a cloned authenticator)", async () => {
    const { authenticator } = await userWithPasskey();
    expect((await signInWith(authenticator, { counterValue: 10 })).response.status).toBe(200);
    expect((await signInWith(authenticator, { counterValue: 10 })).response.status).toBe(401);
    expect((await signInWith(authenticator, { counterValue: 5 })).response.status).toBe(401);
    expect((await signInWith(authenticator, { counterValue: 11 })).response.status).toBe(200);
  });

  it("rate-limits passkey sign-ins per IP like password sign-ins", async () => {
    const device = createClient();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await postJson(device, { intent: "signin-options" })).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("refuses malformed bodies with a 400", async () => {
    const device = createClient();
    expect((await postJson(device, { intent: "signin", response: { id: 5 } })).status).toBe(400);
    expect((await postJson(device, { intent: "signin", response: "{nonsense" })).status).toBe(400);
    expect((await postJson(device, { intent: "other" })).status).toBe(400);
  });

  it("removing a passkey in Settings ends the sessions it opened, not the others", async () => {
    const { client, authenticator, id } = await userWithPasskey();
    const { device } = await signInWith(authenticator);
    expect(await signedIn(device)).toBe(true);
    const settings = await client.get("/settings");
    expect(await settings.text()).toContain("Unknown browser");
    const removed = await client.post("/settings/passkeys/remove", { intent: "remove-passkey", id: authenticator.id });
    expect(removed.status).toBe(302);
    expect(await signedIn(device)).toBe(false);
    expect(await signedIn(client)).toBe(true);
    expect(await getDb(env).select().from(passkeys).where(eq(passkeys.userId, id))).toEqual([]);
    // The removed passkey no longer signs in.
    expect((await signInWith(authenticator)).response.status).toBe(401);
  });

  it("the wrong user cannot remove another's passkey", async () => {
    const { authenticator } = await userWithPasskey();
    const { device } = await signInWith(authenticator);
    const intruder = await sessionFor();
    const refused = await intruder.client.post("/settings/passkeys/remove", { intent: "remove-passkey", id: authenticator.id });
    expect(refused.status).toBe(404);
    expect(await getDb(env).select().from(passkeys).where(eq(passkeys.id, authenticator.id))).toHaveLength(1);
    expect(await signedIn(device)).toBe(true);
  });

  it("a password change ends the sessions passkeys opened, as any other session", async () => {
    const owner = createClient();
    const { password } = await signUp(owner);
    const authenticator = await createAuthenticator();
    const options = (await (await postJson(owner, { intent: "register-options" })).json()) as { challenge: string };
    expect((await postJson(owner, { intent: "register", response: await authenticator.register(options) })).status).toBe(200);
    const { device } = await signInWith(authenticator);
    expect(await signedIn(device)).toBe(true);
    const changed = await owner.post("/settings/password", { intent: "change-password", currentPassword: password, password: "Moonrise2027", confirmPassword: "Moonrise2027" });
    expect(changed.status).toBe(302);
    expect(await signedIn(device)).toBe(false);
    expect(await signedIn(owner)).toBe(true);
  });
});

/** Registers a new authenticator's passkey from this client; the register answer and the authenticator. */
async function register(client: Client) {
  const authenticator = await createAuthenticator();
  const optionsResponse = await postJson(client, { intent: "register-options" });
  expect(optionsResponse.status).toBe(200);
  const options = (await optionsResponse.json()) as { challenge: string };
  const registered = await postJson(client, { intent: "register", response: await authenticator.register(options) });
  return { registered, authenticator };
}

/** The link of the newest reset e-mail as delivered (links are filled in only then). */
async function resetLinkFor(email: string) {
  const mail = await deliveredMail(email, "password_reset");
  const url = new URL(/http:\/\/localhost\/reset-password\?\S+/.exec(mail.textBody)![0]);
  return { path: `${url.pathname}${url.search}`, token: url.searchParams.get("token")! };
}

const passkeysOf = async (userId: string) => (await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId))).map((p) => p.id).sort();
const userIdOf = async (client: Client) => (await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.tokenHash, await sessionHashOf(client))))[0]!.userId;
/** The toast the page after a redirect shows. */
const pageAfter = async (client: Client, response: Response) => (await client.get(response.headers.get("Location")!)).text();
const STALE = { error: "Enter your password to add Face ID/Touch ID.", reauth: true };

describe("a passkey ends with the password", () => {
  it("the reviewer's sequence: a passkey added from a stolen session no longer signs in after the owner's reset and sign-out of other devices", async () => {
    const victim = createClient();
    const { email, password } = await signUp(victim);
    expect((await signIn(victim, email, password)).status).toBe(302);
    // The attacker holds the victim's session, fresh from its password sign-in.
    const attacker = createClient();
    attacker.jar.set("ef_session", victim.jar.get("ef_session")!);
    const { registered, authenticator } = await register(attacker);
    expect(registered.status).toBe(200);
    expect((await signInWith(authenticator)).response.status).toBe(200);

    // The owner resets the password with the link from the mailbox, then signs out other devices.
    const owner = createClient();
    await owner.post("/auth", { intent: "forgot", email });
    const link = await resetLinkFor(email);
    expect((await owner.post(link.path, { token: link.token, password: "Reclaimed2027", confirmPassword: "Reclaimed2027" })).status).toBe(200);
    expect((await owner.post("/settings/sign-out-others", { intent: "sign-out-others" })).status).toBe(302);

    const { response, device } = await signInWith(authenticator);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Biometric login failed – Please sign in again." });
    expect(device.jar.has("ef_session")).toBe(false);
    expect(await signedIn(attacker)).toBe(false);
    expect(await signedIn(owner)).toBe(true);
  });

  it("a password reset removes every passkey of the account", async () => {
    const laptop = createClient();
    const { email, password } = await signUp(laptop);
    const phone = createClient();
    expect((await signIn(phone, email, password)).status).toBe(302);
    const first = await register(laptop);
    const second = await register(phone);
    expect([first.registered.status, second.registered.status]).toEqual([200, 200]);
    const userId = await userIdOf(laptop);
    expect(await passkeysOf(userId)).toHaveLength(2);

    const browser = createClient();
    await browser.post("/auth", { intent: "forgot", email });
    const link = await resetLinkFor(email);
    expect((await browser.post(link.path, { token: link.token, password: "Reclaimed2027", confirmPassword: "Reclaimed2027" })).status).toBe(200);
    expect(await passkeysOf(userId)).toEqual([]);
    expect((await signInWith(first.authenticator)).response.status).toBe(401);
    expect((await signInWith(second.authenticator)).response.status).toBe(401);
  });

  it("a password change keeps only the passkey that opened this session, and says how many went", async () => {
    const laptop = createClient();
    const { email, password } = await signUp(laptop);
    const kept = await register(laptop);
    const other1 = await register(laptop);
    const other2 = await register(laptop);
    const userId = await userIdOf(laptop);
    const { device: phone } = await signInWith(kept.authenticator);
    expect(await signedIn(phone)).toBe(true);

    const changed = await phone.post("/settings/password", { intent: "change-password", currentPassword: password, password: "Moonrise2027", confirmPassword: "Moonrise2027" });
    expect(changed.status).toBe(302);
    expect(await pageAfter(phone, changed)).toContain("Your password has been successfully updated. 2 passkeys removed.");
    expect(await passkeysOf(userId)).toEqual([kept.authenticator.id]);
    expect(await signedIn(phone)).toBe(true);
    expect(await signedIn(laptop)).toBe(false);
    expect((await signInWith(other1.authenticator)).response.status).toBe(401);
    expect((await signInWith(other2.authenticator)).response.status).toBe(401);
    expect((await signInWith(kept.authenticator)).response.status).toBe(200);
    expect((await signIn(createClient(), email, "Moonrise2027")).status).toBe(302);
  });

  it("a password change from a password session removes every passkey", async () => {
    const laptop = createClient();
    const { password } = await signUp(laptop);
    const { authenticator } = await register(laptop);
    const changed = await laptop.post("/settings/password", { intent: "change-password", currentPassword: password, password: "Moonrise2027", confirmPassword: "Moonrise2027" });
    expect(await pageAfter(laptop, changed)).toContain("Your password has been successfully updated. 1 passkey removed.");
    expect(await passkeysOf(await userIdOf(laptop))).toEqual([]);
    expect((await signInWith(authenticator)).response.status).toBe(401);
  });

  it("'Sign out of all other devices' keeps only this session's passkey, says how many went, and nothing when none", async () => {
    const laptop = createClient();
    await signUp(laptop);
    const kept = await register(laptop);
    const other = await register(laptop);
    const userId = await userIdOf(laptop);
    const { device: phone } = await signInWith(kept.authenticator);
    const { device: tablet } = await signInWith(other.authenticator);

    const first = await phone.post("/settings/sign-out-others", { intent: "sign-out-others" });
    expect(first.status).toBe(302);
    const page = await pageAfter(phone, first);
    expect(page).toContain("Signed out of all other devices");
    expect(page).toContain("1 passkey removed.");
    expect(await passkeysOf(userId)).toEqual([kept.authenticator.id]);
    expect(await signedIn(tablet)).toBe(false);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(phone)).toBe(true);

    const again = await phone.post("/settings/sign-out-others", { intent: "sign-out-others" });
    const quiet = await pageAfter(phone, again);
    expect(quiet).toContain("Signed out of all other devices");
    expect(quiet).not.toContain("passkey removed");
    expect(quiet).not.toContain("passkeys removed");
    expect(await passkeysOf(userId)).toEqual([kept.authenticator.id]);
  });

  it("adding a passkey with a proof older than 10 minutes is refused and changes nothing; confirming the password lets it through", async () => {
    const laptop = createClient();
    const { email, password } = await signUp(laptop);
    const userId = await userIdOf(laptop);
    // Options fetched while the proof was fresh do not carry a stale session through.
    const options = (await (await postJson(laptop, { intent: "register-options" })).json()) as { challenge: string };
    await provedAt(laptop, 11);
    const authenticator = await createAuthenticator();
    const late = await postJson(laptop, { intent: "register", response: await authenticator.register(options) });
    expect(late.status).toBe(403);
    expect(await late.json()).toEqual(STALE);
    const challenges = await db.$count(webauthnChallenges, eq(webauthnChallenges.userId, userId));
    const refused = await postJson(laptop, { intent: "register-options" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(STALE);
    expect(await db.$count(webauthnChallenges, eq(webauthnChallenges.userId, userId))).toBe(challenges);
    expect(await passkeysOf(userId)).toEqual([]);
    expect(await db.$count(emailOutbox, and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "passkey_added")))).toBe(0);
    expect(await db.$count(notifications, eq(notifications.userId, userId))).toBe(0);

    // A wrong password confirms nothing.
    const wrong = await laptop.post("/settings/password/confirm", { intent: "confirm-password", password: "NotMine2026" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Current password is incorrect");
    expect((await postJson(laptop, { intent: "register-options" })).status).toBe(403);
    const empty = await laptop.post("/settings/password/confirm", { intent: "confirm-password", password: "" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Current password is required");

    const confirmed = await laptop.post("/settings/password/confirm", { intent: "confirm-password", password });
    expect(confirmed.status).toBe(200);
    const { registered } = await register(laptop);
    expect(registered.status).toBe(200);
    expect(await passkeysOf(userId)).toHaveLength(1);
  });

  it("a session opened without the password or a passkey has no proof until the password is confirmed", async () => {
    const { client } = await sessionFor();
    const refused = await postJson(client, { intent: "register-options" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(STALE);
  });

  it("a passkey sign-in is a fresh proof: that session may add another passkey", async () => {
    const { authenticator } = await userWithPasskey();
    const { device } = await signInWith(authenticator);
    expect((await register(device)).registered.status).toBe(200);
  });

  it("confirming the password is counted as a sign-in attempt: ten wrong ones lock this address here", async () => {
    const laptop = createClient();
    const { password } = await signUp(laptop);
    for (let i = 0; i < 10; i++) expect((await laptop.post("/settings/password/confirm", { intent: "confirm-password", password: `Wrong${i}Pass1` })).status).toBe(400);
    const locked = await laptop.post("/settings/password/confirm", { intent: "confirm-password", password });
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain("Too many sign-in attempts. Use &quot;Forgot password?&quot; to get a sign-in link, or try again in");
  });

  it("the owner is told: an e-mail naming the device and time with a link to Settings, and a bell notification", async () => {
    const laptop = createClient();
    const { email } = await signUp(laptop);
    const userId = await userIdOf(laptop);
    const { registered } = await register(laptop);
    expect(registered.status).toBe(200);

    const mail = await deliveredMail(email, "passkey_added");
    expect(mail.subject).toBe("A passkey was added to your Event Flow account");
    expect(mail.textBody).toMatch(/A passkey for Unknown browser was added on \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M UTC\./);
    expect(mail.textBody).toContain(`${ORIGIN}/settings`);
    expect(mail.htmlBody).toContain(`href="${ORIGIN}/settings"`);

    const [bell] = await db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(bell).toMatchObject({ title: "A passkey was added to your Event Flow account", data: { type: "passkey_added" }, read: false });
    expect(bell!.message).toContain("Unknown browser");
    expect(await (await laptop.get("/settings")).text()).toContain("A passkey was added to your Event Flow account");
  });
});
