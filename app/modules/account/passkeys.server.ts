import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { z } from "~/utils/zod";
import { passkeys, sessions, webauthnChallenges } from "~/db/schema";
import { batchNamed, type Db } from "~/utils/db.server";
import { enqueueEmails, outboxInsert } from "~/utils/email.server";
import { dispatchNotifications, notificationInsert } from "~/modules/notifications/service.server";
import { PASSKEY_ADDED_TITLE, passkeyAddedEmail, passkeyAddedMessage } from "./emails";
import { isoIn, isoNow, MINUTE } from "~/utils/time";
import { androidAppOrigins } from "~/modules/native/app-links";

// Decision 011: passkeys (WebAuthn platform authenticators) stand for
// docs/product/native.md#biometric-sign-in's 'Face ID / Touch ID' sign-in on the web and in native webviews.

/** An authenticator's answer as posted, in outline: the WebAuthn library checks the rest. */
export const CredentialSchema = z.looseObject({ id: z.string().min(1).max(1024), rawId: z.string().max(1024), type: z.literal("public-key"), response: z.looseObject({}) });

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

/**
 * Adding a passkey needs the password or a passkey shown within this long in the same
 * signed-in session (decision 011): a stolen session alone cannot plant a lasting way
 * back in, which would outlive the owner's password reset.
 */
export const PROOF_OF_IDENTITY_MS = 10 * MINUTE;

/** Whether the session proved who its holder is within PROOF_OF_IDENTITY_MS (sessions.verified_at). */
export async function hasRecentProof(db: Db, sessionHash: string) {
  const [row] = await db.select({ verifiedAt: sessions.verifiedAt }).from(sessions).where(eq(sessions.tokenHash, sessionHash));
  return Boolean(row?.verifiedAt && Date.parse(row.verifiedAt) > Date.now() - PROOF_OF_IDENTITY_MS);
}

/**
 * Checks a registration response and stores the passkey; null when it does not verify or
 * the credential is already stored. The owner is told in the same batch: an e-mail to
 * the sign-in address (queued once the batch has committed) and a bell notification
 * (docs/product/notifications.md#security-notices).
 */
export async function registerPasskey(
  db: Db,
  env: Env,
  request: Request,
  user: { id: string; email: string },
  response: RegistrationResponseJSON,
  name: string,
) {
  const { origin, rpID } = relyingParty(request, env);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(db, challenge, "register", user.id),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    return null;
  }
  if (!verification.verified) return null;
  const { credential } = verification.registrationInfo;
  const [known] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.id, credential.id));
  if (known) return null;
  const addedAt = new Date();
  const mail = outboxInsert(db, passkeyAddedEmail(user.email, name, addedAt, `${new URL(request.url).origin}/settings`));
  const notification = notificationInsert(db, {
    userId: user.id,
    title: PASSKEY_ADDED_TITLE,
    message: passkeyAddedMessage(name, addedAt),
    data: { type: "passkey_added" },
  });
  try {
    await batchNamed(db, {
      passkey: db.insert(passkeys).values({
        id: credential.id,
        userId: user.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
        createdAt: addedAt.toISOString(),
      }),
      mail: mail.statement,
      notification: notification.statement,
    });
  } catch (error) {
    // The same credential stored meanwhile: the batch wrote nothing, no notice either.
    if (String((error as { cause?: unknown }).cause ?? error).includes("UNIQUE")) return null;
    throw error;
  }
  await enqueueEmails(env, [mail.id]);
  await dispatchNotifications(env, [notification.written]);
  return { id: credential.id };
}

/** Options to sign in with any passkey of this site (discoverable: no e-mail asked). */
export async function authenticationOptions(db: Db, env: Env, request: Request) {
  const options = await generateAuthenticationOptions({ rpID: relyingParty(request, env).rpID, userVerification: "required", timeout: CHALLENGE_TTL_MS });
  await db.insert(webauthnChallenges).values({ challenge: options.challenge, purpose: "signin", userId: null, expiresAt: isoIn(CHALLENGE_TTL_MS) });
  return options;
}

/**
 * Options for a signed-in user to show one of their own passkeys instead of typing the
 * password (deleting the account, decision 015): the challenge belongs to the user, and
 * only their credentials are offered.
 */
export async function confirmationOptions(db: Db, env: Env, request: Request, userId: string) {
  const own = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(request, env).rpID,
    userVerification: "required",
    timeout: CHALLENGE_TTL_MS,
    allowCredentials: own.map((p) => ({ id: p.id, transports: p.transports })),
  });
  await db.insert(webauthnChallenges).values({ challenge: options.challenge, purpose: "signin", userId, expiresAt: isoIn(CHALLENGE_TTL_MS) });
  return options;
}

/**
 * Checks a sign-in response: a known credential, our single-use challenge, our origin
 * and RP id, user verification, and a counter that went up (a clone's does not).
 * Returns the passkey's user and id, or null.
 */
export async function authenticatePasskey(db: Db, env: Env, request: Request, response: AuthenticationResponseJSON, forUserId: string | null = null) {
  const [passkey] = await db.select().from(passkeys).where(eq(passkeys.id, response.id));
  // A confirmation (confirmationOptions) counts only with the user's own passkey and their own challenge.
  if (!passkey || (forUserId !== null && passkey.userId !== forUserId)) return null;
  const { origin, rpID } = relyingParty(request, env);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(db, challenge, "signin", forUserId),
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

/**
 * A password reset removes every passkey of the user, in the batch that ends the
 * sessions (decision 011): one added from a stolen session must not outlive the reset.
 * Returns the removed ids.
 */
export function deletePasskeysStatement(db: Db, userId: string) {
  return db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
}

/**
 * A password change and 'Sign out of all other devices' remove every passkey of the user
 * but the one that opened the session that asked (if any): the person keeps the way they
 * signed in here and loses any planted elsewhere. Batched after the other sessions'
 * deletion, which keeps that session. Returns the removed ids.
 */
export function deleteOtherPasskeysStatement(db: Db, userId: string, keepSessionHash: string) {
  return db
    .delete(passkeys)
    .where(
      and(
        eq(passkeys.userId, userId),
        sql`${passkeys.id} IS NOT (SELECT ${sessions.passkeyId} FROM ${sessions} WHERE ${sessions.tokenHash} = ${keepSessionHash})`,
      ),
    )
    .returning({ id: passkeys.id });
}
