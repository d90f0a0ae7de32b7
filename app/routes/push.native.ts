import { z } from "~/utils/zod";
import { deleteOwnDevice, NativeTokenSchema, registerNativeToken } from "~/modules/notifications/push-devices.server";
import { NATIVE_PUSH_NOT_SUBSCRIBED, NATIVE_PUSH_NOT_UNDERSTOOD } from "~/modules/notifications/push-messages";
import { dbFrom, getViewer } from "~/utils/auth.server";
import { consume, LIMITS, TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import type { Route } from "./+types/push.native";

const BodySchema = z.intersection(z.object({ intent: z.enum(["register", "unregister"]) }), NativeTokenSchema);

/**
 * Decision 013: the native shell's push token, from Settings → Notifications
 * (app/modules/native/push.client.ts). A form post like every other, so the
 * Worker's CSRF Origin check applies; answered as JSON, since the app posts in the background.
 * `register` stores the token for this session's user, `unregister` deletes the viewer's own.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = getViewer(context);
  // docs/product/messages.md#auth 'Not authenticated', as the web push switch's intents.
  if (!viewer) return Response.json({ error: "Not authenticated" }, { status: 401 });
  const db = dbFrom(context);
  if (await consume(db, [[LIMITS.nativePushTokens, viewer.userId]])) return Response.json({ error: TOO_MANY_ATTEMPTS }, { status: 429 });
  const parsed = BodySchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return Response.json({ error: NATIVE_PUSH_NOT_UNDERSTOOD }, { status: 400 });
  const { intent, ...device } = parsed.data;
  if (intent === "register") {
    await registerNativeToken(db, viewer, device);
    return Response.json({ ok: true });
  }
  if (!(await deleteOwnDevice(db, viewer.userId, { token: device.token }))) return Response.json({ error: NATIVE_PUSH_NOT_SUBSCRIBED }, { status: 404 });
  return Response.json({ ok: true });
}

export function loader() {
  return new Response("The native app posts its push token here.", { status: 405, headers: { Allow: "POST" } });
}
