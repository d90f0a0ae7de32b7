import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { z } from "~/utils/zod";
import { cloudflareContext } from "~/context";
import { authenticatePasskey, authenticationOptions, confirmationOptions, CredentialSchema, hasRecentProof, registerPasskey, registrationOptions } from "~/modules/account/passkeys.server";
import { BIOMETRIC_ENABLED, BIOMETRIC_FAILED, PASSKEY_NOT_ENABLED, PASSKEY_REAUTH } from "~/modules/account/passkey-messages";
import { safeReturnTo } from "~/modules/account/schema";
import { deviceLabel } from "~/modules/notifications/device-label";
import { dbFrom, getViewer } from "~/utils/auth.server";
import { clientIp, consume, LIMITS, TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import { createSession } from "~/modules/account/session.server";
import { createToastHeader } from "~/utils/toast.server";
import type { Route } from "./+types/passkeys";
import { newToast } from "~/utils/result";


const BodySchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("register-options") }),
  z.object({ intent: z.literal("register"), response: CredentialSchema }),
  z.object({ intent: z.literal("signin-options") }),
  z.object({ intent: z.literal("confirm-options") }),
  z.object({ intent: z.literal("signin"), response: CredentialSchema, returnTo: z.string().max(2000).nullish() }),
]);

// Decision 011: the browser's WebAuthn ceremonies post forms to this
// route and read JSON. Registering needs a session with a recent proof of identity;
// signing in is rate-limited like a password sign-in.
export async function action({ request, context }: Route.ActionArgs) {
  const db = dbFrom(context);
  const { env } = context.get(cloudflareContext);
  // Every post is a form: the authenticator's JSON travels in `response`.
  const form = Object.fromEntries(await request.formData());
  let response: unknown;
  try {
    response = typeof form.response === "string" ? JSON.parse(form.response) : undefined;
  } catch {
    return Response.json({ error: "Invalid request" }, { status: 400 });
  }
  const parsed = BodySchema.safeParse({ ...form, response });
  if (!parsed.success) return Response.json({ error: "Invalid request" }, { status: 400 });
  const body = parsed.data;

  if (body.intent === "register-options" || body.intent === "register") {
    const viewer = getViewer(context);
    if (!viewer) return Response.json({ error: "Not authenticated" }, { status: 401 });
    // Decision 011: a session alone does not add a passkey; a recent password or passkey does.
    // Checked on both steps, so options fetched in time do not carry a stale session through.
    if (!(await hasRecentProof(db, viewer.sessionHash))) return Response.json({ error: PASSKEY_REAUTH, reauth: true }, { status: 403 });
    if (body.intent === "register-options") return Response.json(await registrationOptions(db, env, request, { id: viewer.userId, email: viewer.email }));
    const name = deviceLabel(request.headers.get("User-Agent"));
    const stored = await registerPasskey(db, env, request, { id: viewer.userId, email: viewer.email }, body.response as unknown as RegistrationResponseJSON, name);
    if (!stored) return Response.json({ error: PASSKEY_NOT_ENABLED }, { status: 400 });
    const headers = new Headers({ "Set-Cookie": await createToastHeader(env, request, newToast("success", BIOMETRIC_ENABLED)) });
    return Response.json({ ok: true }, { headers });
  }

  if (body.intent === "confirm-options") {
    // Decision 015: a signed-in user shows one of their passkeys instead of the password;
    // the action that asked for it checks the answer (deleting the account).
    const viewer = getViewer(context);
    if (!viewer) return Response.json({ error: "Not authenticated" }, { status: 401 });
    return Response.json(await confirmationOptions(db, env, request, viewer.userId));
  }

  if (await consume(db, [[LIMITS.signInPerIp, clientIp(request)]])) return Response.json({ error: TOO_MANY_ATTEMPTS }, { status: 429 });
  if (body.intent === "signin-options") return Response.json(await authenticationOptions(db, env, request));

  const signedIn = await authenticatePasskey(db, env, request, body.response as unknown as AuthenticationResponseJSON);
  if (!signedIn) return Response.json({ error: BIOMETRIC_FAILED }, { status: 401 });
  // The device that holds the passkey is the user's own: a persistent session, as with 'Stay logged in'.
  const session = await createSession(db, request, signedIn.userId, true, { passkeyId: signedIn.passkeyId, verified: true });
  return Response.json({ redirectTo: safeReturnTo(body.returnTo ?? null) }, { headers: { "Set-Cookie": session.setCookie } });
}

export function loader() {
  return new Response("Passkey ceremonies are sent here by the sign-in screen.", { status: 405, headers: { Allow: "POST" } });
}
