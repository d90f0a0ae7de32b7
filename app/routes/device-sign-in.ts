import { z } from "~/utils/zod";
import { cloudflareContext } from "~/context";
import { DEVICE_SIGN_INS_PER_USER_MAX, enableDeviceSignIn, signInWithDeviceSecret } from "~/modules/account/device-sign-ins.server";
import { NATIVE_PLATFORMS } from "~/modules/native/platform";
import { BIOMETRIC_FAILED } from "~/modules/account/passkey-messages";
import { DeviceSignInIdSchema, safeReturnTo } from "~/modules/account/schema";
import { endLiveSessions } from "~/modules/notifications/live.server";
import { dbFrom, getViewer } from "~/utils/auth.server";
import { clientIp, consume, LIMITS, TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import type { Route } from "./+types/device-sign-in";

const TOO_MANY_APPS = `Face ID/Touch ID is on ${DEVICE_SIGN_INS_PER_USER_MAX} phones already. Remove one in Settings first.`;
const Secret = z.string().min(1).max(200);
const BodySchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("enable"), platform: z.enum(NATIVE_PLATFORMS), replaces: Secret.nullish(), replacesId: DeviceSignInIdSchema.nullish() }),
  z.object({ intent: z.literal("signin"), secret: Secret, returnTo: z.string().max(2000).nullish() }),
]);

// Decision 013: the native app's Face ID / Touch ID sign-in, posted as
// forms by app/modules/native/biometric.client.ts, answered in JSON.
// Enabling needs a session (and our Origin, as every post); signing in is rate-limited
// like a password sign-in and every refusal is the same 401.
export async function action({ request, context }: Route.ActionArgs) {
  const db = dbFrom(context);
  const parsed = BodySchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return Response.json({ error: "Invalid request" }, { status: 400 });
  const body = parsed.data;

  if (body.intent === "enable") {
    const viewer = getViewer(context);
    if (!viewer) return Response.json({ error: "Not authenticated" }, { status: 401 });
    const enabled = await enableDeviceSignIn(db, viewer.userId, body.platform, { secret: body.replaces, id: body.replacesId });
    if (!enabled) return Response.json({ error: TOO_MANY_APPS }, { status: 400 });
    const { id, secret, endedSessions } = enabled;
    await endLiveSessions(context.get(cloudflareContext).env, viewer.userId, endedSessions);
    // Shown this once: the app keeps it in the Keychain/Keystore, D1 only its hash.
    // `id` names this entry when the phone enables again (`replacesId`): no secret, nothing to steal.
    return Response.json({ username: viewer.email, secret, id }, { headers: { "Cache-Control": "no-store" } });
  }

  if (await consume(db, [[LIMITS.signInPerIp, clientIp(request)]])) return Response.json({ error: TOO_MANY_ATTEMPTS }, { status: 429 });
  const signedIn = await signInWithDeviceSecret(db, request, body.secret);
  // A reused secret (decision 013) revokes the entry; its sessions' sockets close too.
  if (signedIn.outcome === "reused") await endLiveSessions(context.get(cloudflareContext).env, signedIn.userId, signedIn.endedSessions);
  if (signedIn.outcome !== "signed-in") return Response.json({ error: BIOMETRIC_FAILED }, { status: 401 });
  return Response.json(
    { redirectTo: safeReturnTo(body.returnTo ?? null), secret: signedIn.secret },
    { headers: { "Set-Cookie": signedIn.setCookie, "Cache-Control": "no-store" } },
  );
}

export function loader() {
  return new Response("The native app's Face ID / Touch ID sign-in posts here.", { status: 405, headers: { Allow: "POST" } });
}
