import { parseWithZod } from "@conform-to/zod/v4";
import { cloudflareContext } from "~/context";
import { deleteAccount } from "~/modules/account/delete-account.server";
import { ACCOUNT_DELETED, ACCOUNT_NOT_DELETED, NO_FURTHER_CHARGE, PASSKEY_NOT_CONFIRMED, PASSWORD_INCORRECT, STRIPE_UNREACHABLE } from "~/modules/account/deletion-messages";
import { DeleteAccountSchema } from "~/modules/account/schema";
import { passkeyAnswer, refuse, signedIn } from "~/modules/account/settings-forms.server";
import { stripeClient } from "~/modules/billing/stripe.server";
import { dbFrom } from "~/utils/auth.server";
import { consume, LIMITS, TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import { invalid, newToast } from "~/utils/result";
import { clearSessionCookie } from "~/modules/account/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/settings.delete-account";

/** Settings → Account → Delete account, confirmed by the password or a passkey. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const viewer = signedIn(context, request);
  const intent = "delete-account";
  const db = dbFrom(context);
  const { env } = context.get(cloudflareContext);
  const submission = parseWithZod(formData, { schema: DeleteAccountSchema });
  const hide = { hideFields: ["password"] };
  if (submission.status !== "success") return invalid({ intent }, submission.reply(hide));
  // Wrong passwords are counted per account: a stolen session cannot guess its way to deleting it.
  if (await consume(db, [[LIMITS.accountDeletions, viewer.userId]])) return refuse(intent, 429, "Error", TOO_MANY_ATTEMPTS, submission.reply(hide));
  const passkey = passkeyAnswer(submission.value.passkey);
  if (submission.value.passkey && !passkey) return refuse(intent, 400, "Error", PASSKEY_NOT_CONFIRMED, submission.reply(hide));
  const proof = passkey ? { passkey, request } : { password: submission.value.password ?? "" };
  const outcome = await deleteAccount(db, env, stripeClient(env), { userId: viewer.userId, proof });
  if (outcome.status === "wrong-password") {
    return refuse(intent, 400, "Error", PASSWORD_INCORRECT, submission.reply({ ...hide, fieldErrors: { password: [PASSWORD_INCORRECT] } }));
  }
  if (outcome.status === "passkey-refused") return refuse(intent, 400, "Error", PASSKEY_NOT_CONFIRMED, submission.reply(hide));
  if (outcome.status === "stripe-failed") return refuse(intent, 503, ACCOUNT_NOT_DELETED, STRIPE_UNREACHABLE, submission.reply(hide));
  // The browser forgets the session and the pages it kept (as signing out does).
  throw await redirectWithToast(
    env,
    request,
    "/auth",
    newToast("success", ACCOUNT_DELETED, outcome.stripeCancelled ? NO_FURTHER_CHARGE : null),
    { headers: { "Set-Cookie": await clearSessionCookie(request), "Clear-Site-Data": '"cache"' } },
  );
}

export { SettingsPage as default } from "./settings-page";
