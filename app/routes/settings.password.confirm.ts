import { data } from "react-router";
import { ConfirmPasswordSchema } from "~/modules/account/schema";
import { confirmPassword } from "~/modules/account/service.server";
import { refuse, type SettingsAnswer, signedIn } from "~/modules/account/settings-forms.server";
import { dbFrom } from "~/utils/auth.server";
import { clientIp, consume, type Limit, LIMITS, minutesUntilAllowed, peek, recordFailure, signInLocked, TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import type { Route } from "./+types/settings.password.confirm";

/**
 * Decision 011: adding a passkey asks for a recent proof of identity; this gives one.
 * It is a password guess like a sign-in, and counted as one.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const viewer = signedIn(context, request);
  const intent = "confirm-password";
  const db = dbFrom(context);
  const parsed = ConfirmPasswordSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse(intent, 400, "Validation Error", parsed.error.issues[0]?.message);
  const ip = clientIp(request);
  const pair: [Limit, string] = [LIMITS.failedSignInsPerPair, `${viewer.email} ${ip}`];
  const [locked, overIp] = await Promise.all([peek(db, [pair]), consume(db, [[LIMITS.signInPerIp, ip]])]);
  if (locked) return refuse(intent, 429, "Error", signInLocked(await minutesUntilAllowed(db, ...pair)));
  if (overIp) return refuse(intent, 429, "Error", TOO_MANY_ATTEMPTS);
  const confirmed = await confirmPassword(db, viewer.userId, viewer.sessionHash, parsed.data.password);
  if (confirmed === "wrong") {
    // A signed-in device is the owner's own: its typos count for this IP only (decision 007).
    await recordFailure(db, [pair]);
    return refuse(intent, 400, "Error", "Current password is incorrect");
  }
  if (confirmed === "no-session") return refuse(intent, 401, "Not authenticated");
  // The page goes on to the Face ID / Touch ID prompt at once: no redirect, no toast.
  return data<SettingsAnswer>({ intent, toast: null, confirmed: true });
}

export { SettingsPage as default } from "./settings-page";
