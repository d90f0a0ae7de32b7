import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passkeys, sessions } from "~/db/schema";
import { sha256Hex } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { type Client, createClient, ORIGIN, sessionFor, signUp } from "./helpers";
import { createAuthenticator } from "./webauthn-authenticator";

// Issue 18 item 1 (decision 011): passkey registration and sign-in against real signatures.

/** What the sign-in screen posts: the intent, and the authenticator's answer as JSON. */
function postJson(client: Client, { response, ...fields }: { intent: string; response?: unknown }) {
  return client.post("/passkeys", { ...fields, ...(response === undefined ? {} : { response: typeof response === "string" ? response : JSON.stringify(response) }) });
}

/** A signed-in user who registered a passkey from this client. */
async function userWithPasskey() {
  const owner = await sessionFor();
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
    const authenticator = await createAuthenticator();
    const options = (await (await postJson(owner.client, { intent: "register-options" })).json()) as { challenge: string };
    expect((await postJson(owner.client, { intent: "register", response: await authenticator.register(options) })).status).toBe(200);
    const again = await createAuthenticator();
    expect((await postJson(owner.client, { intent: "register", response: await again.register(options) })).status).toBe(400);
    // Another user cannot use someone else's registration challenge.
    const other = await sessionFor();
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
    const removed = await client.post("/settings", { intent: "remove-passkey", id: authenticator.id });
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
    const refused = await intruder.client.post("/settings", { intent: "remove-passkey", id: authenticator.id });
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
    const changed = await owner.post("/settings", { intent: "change-password", currentPassword: password, password: "Moonrise2027", confirmPassword: "Moonrise2027" });
    expect(changed.status).toBe(302);
    expect(await signedIn(device)).toBe(false);
    expect(await signedIn(owner)).toBe(true);
  });
});
