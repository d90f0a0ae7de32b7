import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { and, desc, eq, gt } from "drizzle-orm";
import { passkeys, sessions, webauthnChallenges } from "~/db/schema";
import { type Db } from "~/utils/db.server";
import { isoIn, isoNow, MINUTE } from "~/utils/time";
import { androidAppOrigins } from "~/modules/native/app-links";

// Issue 18 item 1, decision 011: passkeys (WebAuthn platform authenticators) stand for
// docs/product/native.md#biometric-sign-in's 'Face ID / Touch ID' sign-in on the web and in native webviews.

/** A challenge lives this long and is used at most once. */
export const CHALLENGE_TTL_MS = 5 * MINUTE;
const RP_NAME = "Event Flow";

/**
 * The relying party is the site the request reached: its origin must be the one the
 * browser signed for, its host the RP id (so a phishing site's signature never counts).
 */
export function relyingParty(request: Request, env: Pick<Env, "ANDROID_CERT_SHA256">) {
  const url = new URL(request.url);
  // Decision 013: inside our Android app, Credential Manager signs for the app's origin.
  return { origin: [url.origin, ...androidAppOrigins(env)], rpID: url.hostname };
}

/** Deletes the challenge and says whether it was ours, unexpired, for this purpose (and user). */
async function takeChallenge(db: Db, challenge: string, purpose: "register" | "signin", userId: string | null) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challenge, challenge), gt(webauthnChallenges.expiresAt, isoNow())))
    .returning();
  return Boolean(row && row.purpose === purpose && row.userId === userId);
}

/** Options to register a new passkey for a signed-in user. */
export async function registrationOptions(db: Db, env: Env, request: Request, user: { id: string; email: string }) {
  const existing = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(request, env).rpID,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    timeout: CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    // A discoverable credential on this device's own authenticator, with Face ID / Touch ID.
    authenticatorSelection: { authenticatorAttachment: "platform", residentKey: "required", userVerification: "required" },
  });
  await db.insert(webauthnChallenges).values({ challenge: options.challenge, purpose: "register", userId: user.id, expiresAt: isoIn(CHALLENGE_TTL_MS) });
  return options;
}

/** Checks a registration response and stores the passkey; null when it does not verify. */
export async function registerPasskey(db: Db, env: Env, request: Request, userId: string, response: RegistrationResponseJSON, name: string) {
  const { origin, rpID } = relyingParty(request, env);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(db, challenge, "register", userId),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    return null;
  }
  if (!verification.verified) return null;
  const { credential } = verification.registrationInfo;
  const [stored] = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
    })
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  return stored ?? null;
}

/** Options to sign in with any passkey of this site (discoverable: no e-mail asked). */
export async function authenticationOptions(db: Db, env: Env, request: Request) {
  const options = await generateAuthenticationOptions({ rpID: relyingParty(request, env).rpID, userVerification: "required", timeout: CHALLENGE_TTL_MS });
  await db.insert(webauthnChallenges).values({ challenge: options.challenge, purpose: "signin", userId: null, expiresAt: isoIn(CHALLENGE_TTL_MS) });
  return options;
}

/**
 * Checks a sign-in response: a known credential, our single-use challenge, our origin
 * and RP id, user verification, and a counter that went up (a clone's does not).
 * Returns the passkey's user and id, or null.
 */
export async function authenticatePasskey(db: Db, env: Env, request: Request, response: AuthenticationResponseJSON) {
  const [passkey] = await db.select().from(passkeys).where(eq(passkeys.id, response.id));
  if (!passkey) return null;
  const { origin, rpID } = relyingParty(request, env);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(db, challenge, "signin", null),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: { id: passkey.id, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.counter, transports: passkey.transports },
    });
  } catch {
    return null;
  }
  if (!verification.verified) return null;
  await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: isoNow() })
    .where(eq(passkeys.id, passkey.id));
  return { userId: passkey.userId, passkeyId: passkey.id };
}

export function listPasskeysQuery(db: Db, userId: string) {
  return db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt));
}

/**
 * Removes one of the user's own passkeys and ends the sessions it opened. Returns the
 * ended sessions' hashes (their sockets must close), or null when the user has no such passkey.
 */
export async function removePasskey(db: Db, userId: string, passkeyId: string) {
  const [ended, removed] = await db.batch([
    db
      .delete(sessions)
      .where(and(eq(sessions.passkeyId, passkeyId), eq(sessions.userId, userId)))
      .returning({ tokenHash: sessions.tokenHash }),
    db
      .delete(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
      .returning({ id: passkeys.id }),
  ]);
  return removed.length ? ended.map((s) => s.tokenHash) : null;
}
