import { data, Form, useNavigation } from "react-router";
import { AppHeader } from "~/components/page-shell";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { safeReturnTo } from "~/modules/account/schema";
import { confirmEmail, findValidToken } from "~/modules/account/service.server";
import { dbFrom } from "~/utils/auth.server";
import { cloudflareContext } from "~/context";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/confirm-email";
import { newToast } from "~/utils/result";

export function headers(): HeadersInit {
  return { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Confirm your email | Event Flow" }, { name: "referrer", content: "no-referrer" }];
}

// Opening the link changes nothing (link scanners open links too); the button confirms.
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = await findValidToken(dbFrom(context), token, "email_confirmation");
  return { valid: valid !== null, token: valid ? token : "", returnTo: safeReturnTo(new URL(request.url).searchParams.get("returnTo")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  if (!(await confirmEmail(dbFrom(context), token))) return data({ valid: false }, { status: 400 });
  const { env } = context.get(cloudflareContext);
  // Back to where the link was asked for (an invitation waiting for the address), else home.
  throw await redirectWithToast(env, request, safeReturnTo(form.get("returnTo")), newToast("success", "Email confirmed", "Thank you. Your email address is confirmed."));
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const valid = actionData ? actionData.valid : loaderData.valid;
  return (
    <>
      <AppHeader />
      <main className="mx-auto w-full max-w-md flex-1 px-4 py-10">
        {valid ? (
          <Card>
            <CardTitle>Confirm your email</CardTitle>
            <p className="mt-2 text-slate-600">Confirm this address for your Event Flow account.</p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={loaderData.token} />
              <input type="hidden" name="returnTo" value={loaderData.returnTo} />
              <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
                {navigation.state === "submitting" ? "Confirming..." : "Confirm Email"}
              </Button>
            </Form>
          </Card>
        ) : (
          <Card>
            <CardTitle>Invalid Link</CardTitle>
            <p className="mt-2 text-slate-600">This confirmation link is invalid or has expired.</p>
            <ButtonLink to="/" className="mt-6 w-full">
              Return to Home
            </ButtonLink>
          </Card>
        )}
      </main>
    </>
  );
}
