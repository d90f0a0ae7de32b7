import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "~/db/schema";
import { getDb } from "~/utils/db.server";
import { type Client, createClient, sessionFor } from "./helpers";
import { createAuthenticator } from "./webauthn-authenticator";

// Decision 013: the site vouches for the native apps (so passkeys work inside them), and a
// passkey signed inside our Android app (origin android:apk-key-hash:<signing cert>) counts,
// while any other app's does not. vitest.config.ts sets APPLE_TEAM_ID and ANDROID_CERT_SHA256.

const CERT = "0B:30:55:7A:9F:C4:E9:0E:33:58:7D:A2:C7:EC:11:36:5B:80:A5:CA:EF:14:39:5E:83:A8:CD:F2:17:3C:61:86";
// base64url of the certificate digest above, computed outside the app.
const ANDROID_ORIGIN = "android:apk-key-hash:CzBVep_E6Q4zWH2ix-wRNluApcrvFDleg6jN8hc8YYY";

function postJson(client: Client, { response, ...fields }: { intent: string; response?: unknown }) {
  return client.post("/passkeys", { ...fields, ...(response === undefined ? {} : { response: JSON.stringify(response) }) });
}

describe("native app links", () => {
  it("serves the apple-app-site-association for the iOS app's passkeys", async () => {
    const response = await createClient().get("/.well-known/apple-app-site-association");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ webcredentials: { apps: ["ABCDE12345.app.eventflow.planner"] } });
  });

  it("serves assetlinks.json for the Android app's passkeys and links", async () => {
    const response = await createClient().get("/.well-known/assetlinks.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual([
      {
        relation: ["delegate_permission/common.handle_all_urls", "delegate_permission/common.get_login_creds"],
        target: { namespace: "android_app", package_name: "app.eventflow.planner", sha256_cert_fingerprints: [CERT] },
      },
    ]);
  });

  it("accepts a passkey registered and used inside our Android app, and refuses another app's", async () => {
    const owner = await sessionFor();
    // Just signed in: a fresh proof of identity, which adding a passkey needs (decision 011).
    await getDb(env).update(sessions).set({ verifiedAt: new Date().toISOString() }).where(eq(sessions.userId, owner.id));
    const authenticator = await createAuthenticator();
    const options = (await (await postJson(owner.client, { intent: "register-options" })).json()) as { challenge: string };
    const registered = await postJson(owner.client, { intent: "register", response: await authenticator.register(options, { origin: ANDROID_ORIGIN, rpId: "localhost" }) });
    expect(registered.status).toBe(200);

    const phone = createClient();
    const signin = (await (await postJson(phone, { intent: "signin-options" })).json()) as { challenge: string };
    const answer = await postJson(phone, { intent: "signin", response: await authenticator.authenticate(signin, { origin: ANDROID_ORIGIN, rpId: "localhost" }) });
    expect(answer.status).toBe(200);
    expect(phone.jar.has("ef_session")).toBe(true);

    const impostor = createClient();
    const theirs = (await (await postJson(impostor, { intent: "signin-options" })).json()) as { challenge: string };
    const refused = await postJson(impostor, {
      intent: "signin",
      response: await authenticator.authenticate(theirs, { origin: "android:apk-key-hash:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", rpId: "localhost" }),
    });
    expect(refused.status).toBe(401);
    expect(impostor.jar.has("ef_session")).toBe(false);
  });
});
