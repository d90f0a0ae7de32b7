import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import type { z } from "zod";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, useNavigate, useNavigation } from "react-router";
import { Field } from "~/components/forms";
import { validateWithToast } from "~/components/validate-with-toast";
import { AppHeader } from "~/components/page-shell";
import { ButtonLink, Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { ActionToast } from "~/components/ui/toaster";
import { errorToast, invalid, newToast } from "~/utils/result";
import { PASSWORD_REQUIREMENTS, ResetPasswordSchema, safeReturnTo } from "~/modules/account/schema";
import { findValidToken, resetPassword } from "~/modules/account/service.server";
import { cloudflareContext } from "~/context";
import { endLiveSessions } from "~/modules/notifications/live.server";
import { dbFrom } from "~/utils/auth.server";
import { createSession } from "~/modules/account/session.server";
import type { Route } from "./+types/reset-password";

export const REDIRECT_AFTER_SUCCESS_MS = 2000;

// The link is a capability URL: never leak it in a Referer (docs/product/roles.md#capability-urls).
export function headers(): HeadersInit {
  return { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Reset password | Event Flow" }, { name: "referrer", content: "no-referrer" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  const valid = await findValidToken(dbFrom(context), token, "password_reset");
  return valid ? { state: "form" as const, token, returnTo } : { state: "invalid" as const, token: "", returnTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = dbFrom(context);
  const formData = await request.formData();
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema });
  if (submission.status !== "success") {
    const result = submission.reply({ hideFields: ["password", "confirmPassword"] });
    return invalid({ state: "form" as const, returnTo }, result);
  }
  const reset = await resetPassword(db, submission.value.token, submission.value.password);
  if (!reset) {
    return data(
      { state: "invalid" as const, toast: errorToast("Invalid or expired link", "Please request a new password reset link"), returnTo },
      { status: 400 },
    );
  }
  await endLiveSessions(context.get(cloudflareContext).env, reset.userId, reset.endedSessions);
  // The link proves the mailbox, not the password: adding a passkey asks for the password first (decision 011).
  const session = await createSession(db, request, reset.userId, false);
  return data(
    {
      state: "success" as const,
      toast: newToast("success", "Password updated", "Your password has been successfully updated"),
      returnTo,
    },
    { headers: { "Set-Cookie": session.setCookie } },
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  const returnTo = actionData?.returnTo ?? loaderData.returnTo;
  return (
    <>
      <AppHeader />
      <main className="mx-auto w-full max-w-md flex-1 px-4 py-10">
        {state === "invalid" ? <InvalidLink /> : null}
        {state === "success" ? <Success returnTo={returnTo} /> : null}
        {state === "form" ? <ResetForm token={loaderData.token} result={actionData && "result" in actionData ? actionData.result : undefined} /> : null}
      </main>
      <ActionToast toast={actionData?.toast} />
    </>
  );
}

function InvalidLink() {
  return (
    <Card>
      <CardTitle>Invalid Link</CardTitle>
      <p className="mt-2 text-slate-600">This password reset link is invalid or has expired</p>
      <ButtonLink to="/auth" className="mt-6 w-full">
        Return to Sign In
      </ButtonLink>
    </Card>
  );
}

function Success({ returnTo }: { returnTo: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(returnTo, { replace: true }), REDIRECT_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [navigate, returnTo]);
  return (
    <Card>
      {/* Without JavaScript the browser follows this after the same 2 seconds. */}
      <meta httpEquiv="refresh" content={`${REDIRECT_AFTER_SUCCESS_MS / 1000};url=${returnTo}`} />
      <CardTitle>Password Updated</CardTitle>
      <p className="mt-2 text-slate-600">Your password has been successfully updated. Taking you to Event Flow…</p>
    </Card>
  );
}

function ResetForm({ token, result }: { token: string; result: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const updating = navigation.state === "submitting";
  const [form, fields] = useForm<z.input<typeof ResetPasswordSchema>>({
    id: "reset-password-form",
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData, submitter }) => validateWithToast(formData, submitter, ResetPasswordSchema),
  });
  return (
    <Card>
      <CardTitle>Set a new password</CardTitle>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="token" value={token} />
        <Field
          label="New Password"
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.password.errors}
        />
        <Field
          label="Confirm Password"
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
        />
        <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <p className="font-medium">Password requirements:</p>
          <ul className="mt-1 list-disc pl-5">
            {PASSWORD_REQUIREMENTS.map((requirement) => (
              <li key={requirement}>{requirement}</li>
            ))}
          </ul>
        </div>
        <Button type="submit" disabled={updating} className="w-full">
          {updating ? "Updating Password..." : "Update Password"}
        </Button>
      </Form>
    </Card>
  );
}
