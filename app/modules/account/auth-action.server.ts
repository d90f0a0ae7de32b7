import { hourCycleOfLocale, localeOfRequest } from "~/modules/timeline/span";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/context";
import { getDb } from "~/utils/db.server";
import { clientIp, consume, type Limit, countOf, LIMITS, minutesUntilAllowed, peek, recordFailure, signInDelayMs, signInLocked, SLOW_DOWN_AFTER, TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import { createSession } from "./session.server";
import { createToastHeader } from "~/utils/toast.server";
import type { AccountActionData } from "./action-result";
import { errorToast, firstIssue, invalid, newToast } from "~/utils/result";
import { createAuthenticator, InvalidCredentialsError } from "./authenticator.server";
import { ForgotPasswordSchema, safeReturnTo, SignInSchema, SignUpSchema } from "./schema";
import { requestPasswordReset, signUp } from "./service.server";
import { isKnownDevice, rememberDevice } from "./known-device.server";
import { isInvitedAddress } from "~/modules/team/service.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The /auth forms (also served at / for visitors): sign in, sign up, forgot password. */
export async function authAction({ request, context }: Args) {
  const { env } = context.get(cloudflareContext);
  const db = getDb(env);
  const url = new URL(request.url);
  const returnTo = url.searchParams.has("returnTo") ? safeReturnTo(url.searchParams.get("returnTo")) : null;
  // FormStrategy reads the body itself, so parse a clone.
  const formData = await request.clone().formData();
  const intent = formData.get("intent");

  if (intent === "signin") {
    const submission = parseWithZod(formData, { schema: SignInSchema });
    if (submission.status !== "success") {
      const result = submission.reply({ hideFields: ["password"] });
      return invalid<AccountActionData>({ form: "signin" }, result);
    }
    const { email, stayLoggedIn } = submission.value;
    // Refused for too many attempts: the message names the reset link (which no sign-in
    // limit blocks) and the minutes until `limit` lets this sign-in through again.
    const refuse = async (limit: Limit, subject: string) =>
      data<AccountActionData>(
        { form: "signin", result: submission.reply({ hideFields: ["password"] }), toast: errorToast("Sign in failed", signInLocked(await minutesUntilAllowed(db, limit, subject))) },
        { status: 429 },
      );
    // Decision 002's lock policy: failures lock this address for this
    // IP only; the address's failures from everywhere only slow every attempt on it down
    // (right or wrong password alike), so strangers cannot lock the owner out.
    const ip = clientIp(request);
    const pair: [Limit, string] = [LIMITS.failedSignInsPerPair, `${email} ${ip}`];
    const [locked, overIp, addressFailures, known] = await Promise.all([
      peek(db, [pair]),
      consume(db, [[LIMITS.signInPerIp, ip]]),
      countOf(db, LIMITS.failedSignInsPerAddress, email),
      isKnownDevice(env, request, email),
    ]);
    if (locked) return refuse(...pair);
    if (overIp) return refuse(LIMITS.signInPerIp, ip);
    // Under attack from many IPs, devices the owner never signed in on are slowed and
    // share a small allowance; the owner's own devices are not held back (the reset link
    // always works for a new one). The lock lasts while the unknown devices' failures
    // count: at most 15 minutes after the last one (decision 007).
    if (addressFailures >= SLOW_DOWN_AFTER && !known) {
      if (await consume(db, [[LIMITS.unknownDeviceSignIns, email]])) return refuse(LIMITS.failedSignInsPerAddress, email);
      await new Promise((resolve) => setTimeout(resolve, signInDelayMs(addressFailures)));
    }

    let user: { id: string };
    try {
      user = await createAuthenticator(db).authenticate("form", request);
    } catch (error) {
      if (error instanceof Response) throw error;
      if (!(error instanceof InvalidCredentialsError)) throw error;
      // Only unknown devices' failures count for the address (the owner's typos on their
      // own devices lock nobody else out); every failure counts for this IP.
      await recordFailure(db, known ? [pair] : [pair, [LIMITS.failedSignInsPerAddress, email]]);
      return data<AccountActionData>(
        {
          form: "signin",
          result: submission.reply({ hideFields: ["password"] }),
          toast: errorToast(
            "Invalid credentials",
            "The email or password you entered is incorrect. Please try again or create a new account.",
          ),
        },
        { status: 401 },
      );
    }
    const session = await createSession(db, request, user.id, stayLoggedIn, { verified: true });
    const headers = new Headers({ "Set-Cookie": session.setCookie });
    headers.append("Set-Cookie", await rememberDevice(env, request, email));
    // docs/product/native.md#biometric-sign-in: with the biometric box ticked, the browser now registers a passkey (it
    // needs the new session), then goes where a plain sign-in goes.
    if (formData.get("enableBiometric") === "on") {
      return data<AccountActionData>({ form: "signin", enrollPasskey: { redirectTo: returnTo ?? "/" } }, { headers });
    }
    return redirect(returnTo ?? "/", { headers });
  }

  if (intent === "signup") {
    const submission = parseWithZod(formData, { schema: SignUpSchema });
    if (submission.status !== "success") {
      const result = submission.reply({ hideFields: ["password"] });
      return invalid<AccountActionData>({ form: "signup" }, result);
    }
    const value = submission.value;
    if (await consume(db, [[LIMITS.signUpPerIp, clientIp(request)], [LIMITS.signUpPerEmail, value.email]])) {
      return data<AccountActionData>(
        { form: "signup", result: submission.reply({ hideFields: ["password"] }), toast: errorToast("Sign up failed", TOO_MANY_ATTEMPTS) },
        { status: 429 },
      );
    }
    const outcome = await signUp(db, env, url.origin, value, {
      confirmedByInvitation: await isInvitedAddress(db, returnTo, value.email),
      // 'Automatic' times in what is sent to them later (e-mails, reminders): their browser's clock.
      autoHourCycle: hourCycleOfLocale(localeOfRequest(request)),
    });
    if (outcome.status === "exists") {
      return data<AccountActionData>(
        {
          form: "signup",
          result: submission.reply({ hideFields: ["password"] }),
          toast: errorToast(
            "Account Already Exists",
            "This email is already registered. Please sign in or reset your password if you forgot it.",
          ),
        },
        { status: 409 },
      );
    }
    // docs/product/flows.md#accounts-and-access: sign-up signs the person in at once.
    // The password was typed in this request: as good a proof as a sign-in's.
    const session = await createSession(db, request, outcome.userId, true, { verified: true });
    const headers = new Headers({ "Set-Cookie": session.setCookie });
    headers.append(
      "Set-Cookie",
      await createToastHeader(env, request, newToast("success", "Account created", "You're signed in. Check your email to confirm your address.")),
    );
    return redirect(returnTo ?? "/subscription", { headers });
  }

  if (intent === "forgot") {
    const submission = parseWithZod(formData, { schema: ForgotPasswordSchema });
    if (submission.status !== "success") {
      const result = submission.reply({ hideFields: ["password"] });
      const issue = firstIssue(result);
      const toast =
        issue === "Please enter your email address first"
          ? errorToast("Email required", issue)
          : errorToast("Validation Error", issue);
      return data<AccountActionData>({ form: "signin", result, toast }, { status: 400 });
    }
    const { email } = submission.value;
    if (await consume(db, [[LIMITS.resetPerIp, clientIp(request)], [LIMITS.resetPerEmail, email]])) {
      return data<AccountActionData>(
        { form: "signin", result: submission.reply({ hideFields: ["password"] }), toast: errorToast("Error", TOO_MANY_ATTEMPTS) },
        { status: 429 },
      );
    }
    await requestPasswordReset(db, env, url.origin, email, returnTo);
    return data<AccountActionData>({
      form: "signin",
      result: submission.reply({ hideFields: ["password"] }),
      toast: newToast("success", "Password reset email sent", "Check your email for a password reset link"),
    });
  }

  return data<AccountActionData>({ form: "unknown", toast: errorToast("Error", "Unknown action") }, { status: 400 });
}
