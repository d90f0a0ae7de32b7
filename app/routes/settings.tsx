import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { Field } from "~/components/forms";
import { validateWithToast } from "~/components/validate-with-toast";
import { AppFooter } from "~/components/page-shell";
import { greetingName, SignedInHeader } from "~/components/signed-in-header";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { ActionToast } from "~/components/ui/toaster";
import { errorToast, firstIssue } from "~/modules/account/action-result";
import { ChangePasswordSchema } from "~/modules/account/schema";
import { changePassword, signOutOtherSessions } from "~/modules/account/service.server";
import { dbFrom, requireViewer } from "~/utils/auth.server";
import type { Toast } from "~/utils/toast";
import type { Route } from "./+types/settings";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Settings | Event Flow" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return { email: viewer.email, greetingName: greetingName(viewer) };
}

const success = (title: string, description?: string): Toast => ({
  id: crypto.randomUUID(),
  type: "success",
  title,
  ...(description ? { description } : {}),
});

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request);
  const db = dbFrom(context);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "change-password") {
    const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
    const hide = { hideFields: ["currentPassword", "password", "confirmPassword"] };
    if (submission.status !== "success") {
      const result = submission.reply(hide);
      return data({ result, toast: errorToast("Validation Error", firstIssue(result)) }, { status: 400 });
    }
    const changed = await changePassword(db, viewer.userId, viewer.sessionHash, submission.value.currentPassword, submission.value.password);
    if (!changed) {
      const result = submission.reply({ ...hide, fieldErrors: { currentPassword: ["Current password is incorrect"] } });
      return data({ result, toast: errorToast("Error", "Current password is incorrect") }, { status: 400 });
    }
    return { result: submission.reply({ ...hide, resetForm: true }), toast: success("Password updated", "Your password has been successfully updated") };
  }

  if (intent === "sign-out-others") {
    await signOutOtherSessions(db, viewer.userId, viewer.sessionHash);
    return { result: undefined, toast: success("Signed out of all other devices") };
  }

  return data({ result: undefined, toast: errorToast("Error", "Unknown action") }, { status: 400 });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm({
    id: "change-password-form",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData, submitter }) => validateWithToast(formData, submitter, ChangePasswordSchema),
  });
  return (
    <>
      <SignedInHeader greetingName={loaderData.greetingName} />
      <main className="mx-auto w-full max-w-2xl flex-1 space-y-6 px-4 py-6">
        <Link to="/" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
          ← Back to Events
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">Settings</h1>

        <Card>
          <CardTitle>Account</CardTitle>
          <p className="mt-1 text-sm text-slate-600">
            Signed in as <strong>{loaderData.email}</strong>
          </p>
          <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="change-password" />
            <Field label="Current Password" inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }} errors={fields.currentPassword.errors} />
            <Field
              label="New Password"
              inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
              errors={fields.password.errors}
              hint="Must be at least 8 characters with uppercase, lowercase, and number"
            />
            <Field label="Confirm Password" inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }} errors={fields.confirmPassword.errors} />
            <Button type="submit" disabled={busy("change-password")}>
              {busy("change-password") ? "Updating Password..." : "Change Password"}
            </Button>
          </Form>
        </Card>

        <Card>
          <CardTitle>Devices</CardTitle>
          <p className="mt-1 text-sm text-slate-600">Lost a phone? End every session except this one.</p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="sign-out-others" />
            <Button type="submit" variant="secondary" disabled={busy("sign-out-others")}>
              Sign out of all other devices
            </Button>
          </Form>
        </Card>

        <nav aria-label="Help" className="flex flex-wrap gap-4 text-sm">
          <Link to="/support" className="text-brand-700 hover:underline">Support</Link>
          <Link to="/privacy-policy" className="text-brand-700 hover:underline">Privacy Policy</Link>
          <Link to="/about" className="text-brand-700 hover:underline">About</Link>
        </nav>

        <Form method="post" action="/logout">
          <Button type="submit" variant="destructive" className="w-full">
            Sign Out
          </Button>
        </Form>
      </main>
      <AppFooter />
      <ActionToast toast={actionData?.toast} />
    </>
  );
}
