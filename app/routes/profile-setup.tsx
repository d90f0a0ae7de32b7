import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect, useNavigation } from "react-router";
import { Field } from "~/components/forms";
import { useLazyValidation } from "~/components/use-lazy-validation";
import { AppHeader } from "~/components/page-shell";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { ActionToast } from "~/components/ui/toaster";
import { cloudflareContext } from "~/context";
import { invalid, newToast } from "~/utils/result";
import { ProfileSetupSchema } from "~/modules/account/schema";
import { updateProfile } from "~/modules/account/service.server";
import { dbFrom, getViewer, requireViewer } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/profile-setup";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Complete Your Profile | Event Flow" }];
}

/** docs/product/screens.md#profile-setup: no signed-in user, or a profile that already has a first name: go to /. */
export function loader({ context }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  if (!viewer || viewer.firstName) throw redirect("/");
  return { firstName: viewer.firstName ?? "", lastName: viewer.lastName ?? "", businessName: viewer.businessName ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request);
  const submission = parseWithZod(await request.formData(), { schema: ProfileSetupSchema });
  if (submission.status !== "success") {
    const result = submission.reply();
    return invalid({}, result);
  }
  await updateProfile(dbFrom(context), viewer.userId, submission.value);
  throw await redirectWithToast(context.get(cloudflareContext).env, request, "/", newToast("success", "Profile updated!"));
}

// Validation (zod) loads after hydration, as on the landing page (decision 014); until
// then the server validates with the same messages (useLazyValidation).
const loadSchemas = () => import("~/modules/account/schema");

export default function ProfileSetup({ loaderData, actionData }: Route.ComponentProps) {
  const saving = useNavigation().state === "submitting";
  const validation = useLazyValidation(loadSchemas);
  const [form, fields] = useForm({
    id: "profile-setup-form",
    lastResult: actionData?.result,
    defaultValue: loaderData,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation ? ({ formData, submitter }) => validation.validate(formData, submitter, validation.schemas.ProfileSetupSchema) : undefined,
  });
  return (
    <>
      <AppHeader />
      <main className="mx-auto w-full max-w-md flex-1 px-4 py-10">
        <Card>
          <CardTitle>Complete Your Profile</CardTitle>
          <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
            <Field label="First Name" inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }} errors={fields.firstName.errors} />
            <Field label="Last Name" inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }} errors={fields.lastName.errors} />
            <Field label="Business Name (optional)" inputProps={{ ...getInputProps(fields.businessName, { type: "text" }), autoComplete: "organization" }} errors={fields.businessName.errors} />
            <Button type="submit" className="w-full" disabled={saving}>
              {saving ? "Saving..." : "Save Profile"}
            </Button>
          </Form>
        </Card>
      </main>
      <ActionToast toast={actionData?.toast} />
    </>
  );
}
