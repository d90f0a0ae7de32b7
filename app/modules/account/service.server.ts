import type { TimeFormat } from "~/db/enums";
import type { HourCycle } from "~/modules/timeline/span";
import { and, eq, gt, isNull } from "drizzle-orm";
import { authTokens, notificationPreferences, profiles, sessions, users } from "~/db/schema";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { batchNamed, type Db } from "~/utils/db.server";
import { enqueueEmails, outboxInsert, placeholder } from "~/utils/email.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { deleteOtherSessionsStatement } from "./session.server";
import { DAY, HOUR, isoIn, isoNow } from "~/utils/time";
import type { TokenPurpose } from "~/db/enums";
import { deleteDeviceSignInsStatement, deleteOtherDeviceSignInsStatement } from "./device-sign-ins.server";
import { confirmationEmail, passwordResetEmail } from "./emails";
import { deleteOtherPasskeysStatement, deletePasskeysStatement } from "./passkeys.server";

const RESET_TOKEN_MS = HOUR;
const CONFIRMATION_TOKEN_MS = 7 * DAY;

async function newToken(purpose: TokenPurpose, userId: string, email: string, ttlMs: number) {
  const token = randomToken(32);
  return {
    token,
    row: { id: crypto.randomUUID(), tokenHash: await sha256Hex(token), purpose, userId, email, expiresAt: isoIn(ttlMs) },
  };
}

export type SignUpInput = { firstName: string; lastName: string; businessName: string | null; email: string; password: string };

/**
 * Creates the account (user, profile, notification preferences) with its e-mail
 * confirmation token and e-mail in one D1 batch, then queues the e-mail.
 */
export async function signUp(
  db: Db,
  env: Pick<Env, "JOBS">,
  origin: string,
  input: SignUpInput,
  { confirmedByInvitation = false, autoHourCycle = "12h" }: { confirmedByInvitation?: boolean; autoHourCycle?: HourCycle } = {},
) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) return { status: "exists" as const };

  const userId = crypto.randomUUID();
  const passwordHash = await hashPassword(input.password);
  // docs/product/flows.md#accounts-and-access: an account that signs up from an invitation link with the invited
  // address is confirmed by that link (only that address received it).
  const confirmation = confirmedByInvitation ? null : await confirmationMail(db, origin, { userId, email: input.email, firstName: input.firstName }, null);
  try {
    await db.batch([
      db.insert(users).values({ id: userId, email: input.email, passwordHash, emailConfirmedAt: confirmedByInvitation ? isoNow() : null }),
      db.insert(profiles).values({
        userId,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        businessName: input.businessName,
        autoHourCycle,
      }),
      db.insert(notificationPreferences).values({ userId }),
      ...(confirmation ? [db.insert(authTokens).values(confirmation.row), confirmation.mail.statement] : []),
    ]);
  } catch (error) {
    // Two sign-ups with one address at once: the second loses on the UNIQUE index.
    if (String((error as { cause?: unknown }).cause ?? error).includes("UNIQUE")) return { status: "exists" as const };
    throw error;
  }
  if (confirmation) await enqueueEmails(env, [confirmation.mail.id], confirmation.fill);
  return { status: "created" as const, userId };
}

/**
 * A confirmation token and its e-mail (the link may lead back to `returnTo` afterwards).
 * The stored e-mail holds a placeholder; the link itself travels only in the queue
 * message (`fill`) and is filled in at delivery.
 */
async function confirmationMail(db: Db, origin: string, user: { userId: string; email: string; firstName: string | null }, returnTo: string | null) {
  const { token, row } = await newToken("email_confirmation", user.userId, user.email, CONFIRMATION_TOKEN_MS);
  const query = new URLSearchParams({ token });
  if (returnTo && returnTo !== "/") query.set("returnTo", returnTo);
  const mail = outboxInsert(db, confirmationEmail(user.email, user.firstName ?? "there", placeholder("confirmation_link")));
  return { row, mail, fill: { confirmation_link: `${origin}/confirm-email?${query}` } };
}

/** Sends a new confirmation link (e.g. from an invitation that needs a confirmed address). */
export async function resendConfirmation(db: Db, env: Pick<Env, "JOBS">, origin: string, user: { userId: string; email: string; firstName: string | null }, returnTo: string | null) {
  const { row, mail, fill } = await confirmationMail(db, origin, user, returnTo);
  await db.batch([db.insert(authTokens).values(row), mail.statement]);
  await enqueueEmails(env, [mail.id], fill);
}

/**
 * Sends a single-use reset link when the address has an account. Answers the same
 * either way, so the form does not reveal who has an account.
 */
export async function requestPasswordReset(db: Db, env: Pick<Env, "JOBS">, origin: string, email: string, returnTo: string | null) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) return;
  const { token, row } = await newToken("password_reset", user.id, email, RESET_TOKEN_MS);
  const query = new URLSearchParams({ token });
  if (returnTo && returnTo !== "/") query.set("returnTo", returnTo);
  // The link only in the queue message, never in the stored e-mail.
  const mail = outboxInsert(db, passwordResetEmail(email, placeholder("reset_link")));
  await db.batch([db.insert(authTokens).values(row), mail.statement]);
  await enqueueEmails(env, [mail.id], { reset_link: `${origin}/reset-password?${query}` });
}

/** A token that exists, has the purpose, is unused and unexpired; null otherwise. */
export async function findValidToken(db: Db, token: string, purpose: TokenPurpose) {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, await sha256Hex(token)), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, isoNow())));
  return row ?? null;
}

/** Marks the token used, atomically: of two concurrent uses only one gets the row. */
async function consumeToken(db: Db, token: string, purpose: TokenPurpose) {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: isoNow() })
    .where(and(eq(authTokens.tokenHash, await sha256Hex(token)), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, isoNow())))
    .returning();
  return row ?? null;
}

/**
 * Sets the new password with a reset token, ends every session of the user, removes
 * the native app's device sign-ins (decision 013) and every passkey (decision 011) and
 * retires their other reset links. Null when the token is invalid, used or expired.
 * `endedSessions`: whose live sockets the caller closes (decision 006).
 */
export async function resetPassword(db: Db, token: string, password: string) {
  const used = await consumeToken(db, token, "password_reset");
  if (!used) return null;
  const passwordHash = await hashPassword(password);
  const { ended } = await batchNamed(db, {
    password: db.update(users).set({ passwordHash, updatedAt: isoNow() }).where(eq(users.id, used.userId)),
    ended: deleteOtherSessionsStatement(db, used.userId, null),
    // Decision 013: the native app's Face ID / Touch ID secrets were granted by the old password.
    deviceSignIns: deleteDeviceSignInsStatement(db, used.userId),
    // Decision 011: so were the passkeys, and one may have been added from a stolen session.
    passkeys: deletePasskeysStatement(db, used.userId),
    otherResetLinks: db
      .update(authTokens)
      .set({ usedAt: isoNow() })
      .where(and(eq(authTokens.userId, used.userId), eq(authTokens.purpose, "password_reset"), isNull(authTokens.usedAt))),
  });
  return { userId: used.userId, endedSessions: ended.map((row) => row.tokenHash) };
}

/** Confirms the address the link was sent to (if it is still the account's address). */
export async function confirmEmail(db: Db, token: string) {
  const used = await consumeToken(db, token, "email_confirmation");
  if (!used) return false;
  await db
    .update(users)
    .set({ emailConfirmedAt: isoNow() })
    .where(and(eq(users.id, used.userId), eq(users.email, used.email ?? "")));
  return true;
}

/**
 * Changes the password when the current one is right; ends every other session,
 * removes the native app's device sign-ins (decision 013) and every passkey but the one
 * that opened the caller's session (decision 011); the typed password counts as a fresh
 * proof of identity for it. False when the current password is wrong; else the ended
 * sessions, whose live sockets the caller closes, and how many passkeys went.
 */
export async function changePassword(db: Db, userId: string, sessionHash: string, current: string, next: string) {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(current, user.passwordHash))) return false;
  const passwordHash = await hashPassword(next);
  const { ended, passkeys } = await batchNamed(db, {
    password: db.update(users).set({ passwordHash, updatedAt: isoNow() }).where(eq(users.id, userId)),
    ended: deleteOtherSessionsStatement(db, userId, sessionHash),
    deviceSignIns: deleteDeviceSignInsStatement(db, userId),
    passkeys: deleteOtherPasskeysStatement(db, userId, sessionHash),
    verified: markSessionVerifiedStatement(db, userId, sessionHash),
  });
  return { endedSessions: ended.map((row) => row.tokenHash), removedPasskeys: passkeys.length };
}

/**
 * Ends every other session, the other phones' device sign-ins and every passkey but the
 * one that opened the caller's session. Returns the ended sessions, whose live sockets the caller
 * closes, and how many passkeys went.
 */
export async function signOutOtherSessions(db: Db, userId: string, sessionHash: string) {
  // The other phones' Face ID / Touch ID sign-ins go too (decision 013),
  // and the other passkeys (decision 011): otherwise each could open a new session right after.
  const { ended, passkeys } = await batchNamed(db, {
    ended: deleteOtherSessionsStatement(db, userId, sessionHash),
    deviceSignIns: deleteOtherDeviceSignInsStatement(db, userId, sessionHash),
    passkeys: deleteOtherPasskeysStatement(db, userId, sessionHash),
  });
  return { endedSessions: ended.map((row) => row.tokenHash), removedPasskeys: passkeys.length };
}

/** Records a proof of identity now for the user's own session (decision 011: adding a passkey asks for one). */
function markSessionVerifiedStatement(db: Db, userId: string, sessionHash: string) {
  return db
    .update(sessions)
    .set({ verifiedAt: isoNow() })
    .where(and(eq(sessions.tokenHash, sessionHash), eq(sessions.userId, userId)))
    .returning({ tokenHash: sessions.tokenHash });
}

export type PasswordConfirmation = "confirmed" | "wrong" | "no-session";

/**
 * Settings' 'Confirm password' before adding a passkey (decision 011): when the password
 * is right, this session has a fresh proof of identity. The caller rate-limits it as a sign-in.
 */
export async function confirmPassword(db: Db, userId: string, sessionHash: string, password: string): Promise<PasswordConfirmation> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(password, user.passwordHash))) return "wrong";
  const [marked] = await markSessionVerifiedStatement(db, userId, sessionHash);
  return marked ? "confirmed" : "no-session";
}

export async function updateProfile(db: Db, userId: string, input: { firstName: string; lastName: string; businessName: string | null }) {
  await db.update(profiles).set({ ...input, updatedAt: isoNow() }).where(eq(profiles.userId, userId));
}

/** Business info (docs/product/screens.md#settings): the names and the business e-mail; the sign-in address stays. */
export async function updateBusinessInfo(
  db: Db,
  userId: string,
  input: { businessName: string; firstName: string; lastName: string; email: string; timeFormat: TimeFormat; autoHourCycle: HourCycle },
) {
  const rows = await db.update(profiles).set({ ...input, updatedAt: isoNow() }).where(eq(profiles.userId, userId)).returning({ userId: profiles.userId });
  return rows.length > 0;
}

export async function saveNotificationPreferences(db: Db, userId: string, input: { upcomingEvents: boolean; eventReminderDays: number }) {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...input })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...input, updatedAt: isoNow() } });
}
