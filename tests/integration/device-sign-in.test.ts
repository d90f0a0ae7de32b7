import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authTokens, deviceSignIns, sessions } from "~/db/schema";
import { DEVICE_SIGN_IN_GRACE_MS } from "~/modules/account/device-sign-ins.server";
import { resetPassword } from "~/modules/account/service.server";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { runHousekeeping } from "~/utils/housekeeping.server";
import { isoIn } from "~/utils/time";
import { type Client, createClient, sessionFor, signUp } from "./helpers";

// Decision 013: the native app's Face ID / Touch ID sign-in with a
// device secret kept in the Keychain/Keystore, against the real Worker and D1.

const db = getDb(env);
const FAILED = { error: "Biometric login failed – Please sign in again." };

async function enable(client: Client, fields: Record<string, string> = {}) {
  return client.post("/device-sign-in", { intent: "enable", platform: "ios", ...fields });
}

/** A signed-in user whose app enabled Face ID / Touch ID: the secret the app holds. */
async function userWithApp() {
  const owner = await sessionFor();
  const response = await enable(owner.client);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { username: string; secret: string };
  return { ...owner, secret: body.secret, username: body.username };
}

/** The app after Face ID: a fresh webview (no cookie) trades its secret for a session. */
async function signInWith(secret: string, device = createClient(), fields: Record<string, string> = {}) {
  const response = await device.post("/device-sign-in", { intent: "signin", secret, ...fields });
  const body = (await response.json()) as { redirectTo?: string; secret?: string; error?: string };
  return { device, response, body };
}

const signedIn = async (client: Client) => (await client.get("/settings")).status === 200;
const sessionOf = async (client: Client) =>
  (await db.select().from(sessions).where(eq(sessions.tokenHash, await sha256Hex(client.jar.get("ef_session")!))))[0];

describe("device sign-in (native Face ID / Touch ID)", () => {
  it("enables for a signed-in user only, with our Origin, and stores only the secret's hash", async () => {
    const stranger = createClient();
    const refused = await enable(stranger);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: "Not authenticated" });

    const owner = await sessionFor();
    const foreign = await owner.client.post("/device-sign-in", { intent: "enable", platform: "ios" }, { Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, owner.id))).toEqual([]);

    expect((await enable(owner.client)).status).toBe(200);
    const response = await enable(owner.client, { platform: "android" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { username, secret } = (await response.json()) as { username: string; secret: string };
    expect(username).toBe(owner.email);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, owner.id));
    // Named with the day each was added, so several phones can be told apart (decision 013).
    const added = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date());
    expect(rows.map((r) => r.name).sort()).toEqual([`Event Flow app on Android, added ${added}`, `Event Flow app on iOS, added ${added}`]);
    const android = rows.find((r) => r.platform === "android")!;
    expect(android.secretHash).toBe(await sha256Hex(secret));
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it("refuses a bad platform or body with a 400 and stores nothing", async () => {
    const owner = await sessionFor();
    expect((await enable(owner.client, { platform: "windows" })).status).toBe(400);
    expect((await owner.client.post("/device-sign-in", { intent: "other" })).status).toBe(400);
    expect((await createClient().post("/device-sign-in", { intent: "signin", secret: "x".repeat(201) })).status).toBe(400);
    expect(await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, owner.id))).toEqual([]);
  });

  it("refuses a 21st phone with a 400 until one is replaced or removed", async () => {
    const owner = await sessionFor();
    const secrets: string[] = [];
    for (let i = 0; i < 20; i++) secrets.push(((await (await enable(owner.client)).json()) as { secret: string }).secret);
    const refused = await enable(owner.client);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: "Face ID/Touch ID is on 20 phones already. Remove one in Settings first." });
    expect(await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, owner.id))).toHaveLength(20);
    // The same phone enabling again replaces its own entry: still allowed.
    expect((await enable(owner.client, { replaces: secrets[0]! })).status).toBe(200);
    expect(await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, owner.id))).toHaveLength(20);
  });

  it("signs in with the secret into a persistent session tied to the device sign-in, and hands out a new secret", async () => {
    const { id, secret } = await userWithApp();
    const { device, response, body } = await signInWith(secret, createClient(), { returnTo: "/settings" });
    expect(response.status).toBe(200);
    expect(body.redirectTo).toBe("/settings");
    expect(body.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.secret).not.toBe(secret);
    expect(response.headers.get("Set-Cookie")).toMatch(/ef_session=.*Max-Age=2592000/);
    expect(await signedIn(device)).toBe(true);
    const [row] = await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, id));
    expect(await sessionOf(device)).toMatchObject({ userId: id, persistent: true, deviceSignInId: row!.id, passkeyId: null });
    expect(row!.secretHash).toBe(await sha256Hex(body.secret!));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it("refuses an unknown, malformed or expired secret, all with the same answer and no session", async () => {
    const { id, secret } = await userWithApp();
    const first = await signInWith(secret);
    expect(first.response.status).toBe(200);

    const unknown = await signInWith(randomToken(32));
    expect(unknown.response.status).toBe(401);
    expect(unknown.body).toEqual(FAILED);
    const malformed = await signInWith("not-a-secret");
    expect(malformed.response.status).toBe(401);
    expect(malformed.body).toEqual(FAILED);

    // The new secret works until it expires; once expired it does not.
    await db.update(deviceSignIns).set({ expiresAt: isoIn(-1000) }).where(eq(deviceSignIns.userId, id));
    const expired = await signInWith(first.body.secret!);
    expect(expired.response.status).toBe(401);
    expect(expired.body).toEqual(FAILED);
    expect(expired.device.jar.has("ef_session")).toBe(false);
  });

  // Decision 013: reuse detection with a grace for a lost answer. This used
  // to be "a rotated secret replayed is refused" (no revocation, no grace).
  it("a rotated secret presented after the grace window is reuse: the entry and every session it opened end, for thief and owner alike", async () => {
    const { client, id, secret } = await userWithApp();
    // The thief copied the Keychain item and signs in first.
    const thief = await signInWith(secret);
    expect(thief.response.status).toBe(200);
    expect(await signedIn(thief.device)).toBe(true);
    await db.update(deviceSignIns).set({ rotatedAt: new Date(Date.now() - DEVICE_SIGN_IN_GRACE_MS - 1000).toISOString() }).where(eq(deviceSignIns.userId, id));
    // The owner's phone presents the secret it still holds: refused, and that revokes the entry.
    const owner = await signInWith(secret);
    expect(owner.response.status).toBe(401);
    expect(owner.body).toEqual(FAILED);
    expect(owner.device.jar.has("ef_session")).toBe(false);
    expect(await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, id))).toEqual([]);
    expect(await signedIn(thief.device)).toBe(false);
    expect((await signInWith(thief.body.secret!)).response.status).toBe(401);
    // The owner's password session is not the entry's: it stays.
    expect(await signedIn(client)).toBe(true);
  });

  it("a lost answer: the previous secret within the grace window signs in once more; a second holder is then caught", async () => {
    const { id, secret } = await userWithApp();
    // The server rotated but the answer never reached the phone (bad signal at the venue).
    const lost = await signInWith(secret);
    expect(lost.response.status).toBe(200);
    const retry = await signInWith(secret);
    expect(retry.response.status).toBe(200);
    expect(await signedIn(retry.device)).toBe(true);
    expect(retry.body.secret).not.toBe(lost.body.secret);
    // The retry's secret is the one that works from now on.
    const next = await signInWith(retry.body.secret!);
    expect(next.response.status).toBe(200);
    // Once more with the old secret: its grace is spent, that is reuse.
    const again = await signInWith(secret);
    expect(again.response.status).toBe(401);

    // Two holders of one secret within the window: the one whose answer got superseded
    // presents its secret next, and that revokes the entry for both.
    const other = await userWithApp();
    const a = await signInWith(other.secret);
    const b = await signInWith(other.secret);
    expect([a.response.status, b.response.status]).toEqual([200, 200]);
    const caught = await signInWith(a.body.secret!);
    expect(caught.response.status).toBe(401);
    expect(await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, other.id))).toEqual([]);
    expect(await signedIn(a.device)).toBe(false);
    expect(await signedIn(b.device)).toBe(false);
    expect(id).not.toBe(other.id);
  });

  it("of two uses of the same secret at once, both are a sign-in only within the grace (decision 013), and the entry survives once", async () => {
    const { id, secret } = await userWithApp();
    const [a, b] = await Promise.all([signInWith(secret), signInWith(secret)]);
    expect([a.response.status, b.response.status]).toEqual([200, 200]);
    expect(await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, id))).toHaveLength(1);
  });

  it("'Sign out of all other devices' removes the other phones' app sign-ins and keeps this one's", async () => {
    const { client, id, secret } = await userWithApp();
    const other = (await (await enable(client, { platform: "android" })).json()) as { secret: string };
    // This phone: signed in with its Face ID secret; it asks to sign out the others.
    const here = await signInWith(secret);
    const elsewhere = await signInWith(other.secret);
    const [hereRow] = await db.select().from(deviceSignIns).where(eq(deviceSignIns.secretHash, await sha256Hex(here.body.secret!)));
    const response = await here.device.post("/settings/sign-out-others", { intent: "sign-out-others" });
    expect(response.status).toBe(302);
    expect(await signedIn(here.device)).toBe(true);
    expect(await signedIn(elsewhere.device)).toBe(false);
    expect(await signedIn(client)).toBe(false);
    expect((await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, id))).map((r) => r.id)).toEqual([hereRow!.id]);
    expect((await signInWith(elsewhere.body.secret!)).response.status).toBe(401);
    expect((await signInWith(here.body.secret!)).response.status).toBe(200);
    // From a password session (no app behind it), every app sign-in goes.
    const web = await userWithApp();
    expect((await web.client.post("/settings/sign-out-others", { intent: "sign-out-others" })).status).toBe(302);
    expect(await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, web.id))).toEqual([]);
  });

  it("rate-limits sign-ins per IP like password sign-ins", async () => {
    const device = createClient();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await signInWith(randomToken(32), device)).response.status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    // The limit holds for a valid secret too, and the secret is not spent by the refusal.
    const { secret } = await userWithApp();
    const limited = await signInWith(secret, device);
    expect(limited.response.status).toBe(429);
    expect((await signInWith(secret)).response.status).toBe(200);
  });

  it("Settings lists the app; removing it ends the sessions it opened, not the others, and its secret stops working", async () => {
    const { client, id, secret } = await userWithApp();
    const { device, body } = await signInWith(secret);
    expect(await signedIn(device)).toBe(true);
    const html = await (await client.get("/settings")).text();
    expect(html).toContain("Event Flow app on iOS");
    expect(html).toContain("Last used");
    const [row] = await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, id));
    const removed = await client.post("/settings/apps/remove", { intent: "remove-device-sign-in", id: row!.id });
    expect(removed.status).toBe(302);
    expect(await signedIn(device)).toBe(false);
    expect(await signedIn(client)).toBe(true);
    expect(await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, id))).toEqual([]);
    const after = await signInWith(body.secret!);
    expect(after.response.status).toBe(401);
    expect(after.body).toEqual(FAILED);
    // Removed already: 404; not an id at all: 400.
    expect((await client.post("/settings/apps/remove", { intent: "remove-device-sign-in", id: row!.id })).status).toBe(404);
    expect((await client.post("/settings/apps/remove", { intent: "remove-device-sign-in", id: "nope" })).status).toBe(400);
  });

  it("another user cannot remove my app (404), and my app's session stays", async () => {
    const { id, secret } = await userWithApp();
    const { device } = await signInWith(secret);
    const [row] = await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, id));
    const intruder = await sessionFor();
    const refused = await intruder.client.post("/settings/apps/remove", { intent: "remove-device-sign-in", id: row!.id });
    expect(refused.status).toBe(404);
    expect(await db.select().from(deviceSignIns).where(eq(deviceSignIns.id, row!.id))).toHaveLength(1);
    expect(await signedIn(device)).toBe(true);
  });

  it("a password change removes the app sign-ins and ends their sessions", async () => {
    const owner = createClient();
    const { password } = await signUp(owner);
    const { secret } = (await (await enable(owner)).json()) as { secret: string };
    const { device, body } = await signInWith(secret);
    expect(await signedIn(device)).toBe(true);
    const changed = await owner.post("/settings/password", { intent: "change-password", currentPassword: password, password: "Moonrise2027", confirmPassword: "Moonrise2027" });
    expect(changed.status).toBe(302);
    expect(await signedIn(device)).toBe(false);
    expect(await signedIn(owner)).toBe(true);
    const after = await signInWith(body.secret!);
    expect(after.response.status).toBe(401);
    expect(after.body).toEqual(FAILED);
  });

  it("a password reset removes the app sign-ins", async () => {
    const { id, email, secret } = await userWithApp();
    const token = randomToken(32);
    await db.insert(authTokens).values({ id: crypto.randomUUID(), tokenHash: await sha256Hex(token), purpose: "password_reset", userId: id, email, expiresAt: isoIn(60_000) });
    expect(await resetPassword(db, token, "Moonrise2027")).not.toBeNull();
    expect(await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, id))).toEqual([]);
    expect((await signInWith(secret)).response.status).toBe(401);
  });

  it("enabling again on the same phone replaces its entry and ends what the old secret opened", async () => {
    const { client, id, secret } = await userWithApp();
    const { device, body } = await signInWith(secret);
    const again = await enable(client, { replaces: body.secret! });
    expect(again.status).toBe(200);
    const rows = await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secretHash).toBe(await sha256Hex(((await again.json()) as { secret: string }).secret));
    expect(await signedIn(device)).toBe(false);
    // Another account's secret is not "replaced" by me.
    const other = await userWithApp();
    expect((await enable(client, { replaces: other.secret })).status).toBe(200);
    expect(await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, other.id))).toHaveLength(1);
  });

  it("a phone whose secret is behind Face ID names its previous entry by id (replacesId); another user's id is not removed, a malformed one is 400", async () => {
    const owner = await sessionFor();
    const first = (await (await enable(owner.client)).json()) as { id: string; secret: string };
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    const { device } = await signInWith(first.secret);
    const again = await enable(owner.client, { replacesId: first.id });
    expect(again.status).toBe(200);
    const rows = await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, owner.id));
    expect(rows.map((r) => r.id)).toEqual([((await again.json()) as { id: string }).id]);
    expect(await signedIn(device)).toBe(false);
    const other = await userWithApp();
    const [otherRow] = await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, other.id));
    expect((await enable(owner.client, { replacesId: otherRow!.id })).status).toBe(200);
    expect(await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, other.id))).toHaveLength(1);
    expect((await enable(owner.client, { replacesId: "not-an-id" })).status).toBe(400);
  });

  it("Settings gives each app's Remove button its own name, also for two added the same day", async () => {
    const { client } = await userWithApp();
    await enable(client);
    const html = await (await client.get("/settings")).text();
    const labels = [...html.matchAll(/aria-label="(Remove app [^"]+)"/g)].map((m) => m[1]);
    expect(labels).toHaveLength(2);
    expect(new Set(labels).size).toBe(2);
  });

  it("housekeeping deletes expired app sign-ins and leaves the sessions they opened to their own expiry", async () => {
    const { id, secret } = await userWithApp();
    const { device } = await signInWith(secret);
    await db.update(deviceSignIns).set({ expiresAt: isoIn(-1000) }).where(eq(deviceSignIns.userId, id));
    await runHousekeeping(db, env);
    expect(await db.select().from(deviceSignIns).where(eq(deviceSignIns.userId, id))).toEqual([]);
    expect(await sessionOf(device)).toMatchObject({ userId: id, deviceSignInId: null });
    expect(await signedIn(device)).toBe(true);
  });
});
