import { and, desc, eq, exists, ne, notInArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { nativePushTokens, pushSubscriptions } from "~/db/schema";
import { sha256Hex } from "~/utils/crypto.server";
import { batchNamed, type Db } from "~/utils/db.server";
import { nativeAppName } from "~/modules/native/platform";
import { pushEndpoint } from "./push-hosts";

// Each browser that turns push on keeps its own push_subscriptions
// row; these rows alone decide who gets push (docs/decisions/009-push-and-reminders.md).

/** A user's devices beyond this many: the oldest subscription goes. */
export const MAX_DEVICES_PER_USER = 20;
// PushSubscription.toJSON() is a few hundred characters; a longer field is refused unread.
const MAX_SUBSCRIPTION_FIELD = 4096;

function base64UrlBytes(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/=+$/, "").replaceAll("-", "+").replaceAll("_", "/"));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The 400's description when an endpoint is a well-formed URL but not of a push service we send to. */
export const UNKNOWN_PUSH_SERVICE = "This browser's push service is not supported.";
/** The 400's description for anything else that is not a subscription. */
export const NOT_A_SUBSCRIPTION = "This browser's subscription was not understood.";

/**
 * A push endpoint, normalised to the form fetch() sends it as (`new URL(v).href`: spaces
 * and tabs gone, scheme and host lower-cased, the host's trailing dot dropped), so one URL
 * is stored and compared as one string and an alias cannot get around the
 * one-row-per-endpoint rule (decision 009). Only the real push services'
 * https hosts on the default port, with no userinfo, are accepted (push-hosts.ts): the
 * push job fetches this URL, so any other host would be a request we send where a user says.
 */
const httpsUrl = z
  .string()
  .max(2048)
  .transform((value, ctx) => {
    const url = URL.canParse(value) ? new URL(value) : null;
    if (!url || url.protocol !== "https:" || url.href.length > 2048) {
      ctx.addIssue({ code: "custom", message: NOT_A_SUBSCRIPTION });
      return z.NEVER;
    }
    const endpoint = pushEndpoint(value);
    if (!endpoint) {
      ctx.addIssue({ code: "custom", message: UNKNOWN_PUSH_SERVICE, params: { unknownHost: true } });
      return z.NEVER;
    }
    return endpoint;
  });

/**
 * What PushSubscription.toJSON() gives: the push service's https endpoint, the
 * browser's P-256 public key (uncompressed point, 65 bytes) and its 16-byte auth
 * secret (RFC 8291). Anything else cannot be encrypted for, so it is never stored.
 */
export const BrowserSubscriptionSchema = z.object({
  endpoint: httpsUrl,
  expirationTime: z.number().finite().nullable().optional().default(null),
  keys: z.object({
    p256dh: z.string().max(100).refine((v) => {
      const bytes = base64UrlBytes(v);
      return bytes?.length === 65 && bytes[0] === 0x04;
    }, "p256dh must be a P-256 public key"),
    auth: z.string().max(40).refine((v) => base64UrlBytes(v)?.length === 16, "auth must be 16 bytes"),
  }),
});
export type BrowserSubscription = z.infer<typeof BrowserSubscriptionSchema>;

/**
 * The subscription a form carries as a JSON string (`subscription`), or why it is refused
 * (UNKNOWN_PUSH_SERVICE for an endpoint of another host, NOT_A_SUBSCRIPTION otherwise).
 */
export function subscriptionFromForm(value: FormDataEntryValue | null): { subscription: BrowserSubscription } | { problem: string } {
  if (typeof value !== "string" || value.length > MAX_SUBSCRIPTION_FIELD) return { problem: NOT_A_SUBSCRIPTION };
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return { problem: NOT_A_SUBSCRIPTION };
  }
  const parsed = BrowserSubscriptionSchema.safeParse(json);
  if (parsed.success) return { subscription: parsed.data };
  const unknownHost = parsed.error.issues.some((issue) => issue.code === "custom" && issue.params?.unknownHost === true);
  return { problem: unknownHost ? UNKNOWN_PUSH_SERVICE : NOT_A_SUBSCRIPTION };
}

/** The endpoint a form names (`endpoint`), normalised, or null (not a push service's URL). */
export function endpointFromForm(value: FormDataEntryValue | null): string | null {
  const parsed = httpsUrl.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Stores this device's subscription for `userId`, tied to the session that subscribes
 * (`sessionHash`): when that session ends the row goes with it (sessions cascade,
 * decision 009). The endpoint is unique: the same browser subscribing again
 * updates its row (and moves it to this session). A row of ANOTHER user moves here only
 * when the request carries the same keys as stored (the browser's secrets: only the
 * browser holding the subscription knows them); otherwise "taken" and nothing changes, so
 * knowing an endpoint is not enough to take a device over. `replaces` is the endpoint the
 * browser held before (a rotated subscription or an old server key): the
 * viewer's own row for it goes; another user's is never touched. Past the cap the oldest go.
 */
export async function subscribeDevice(
  db: Db,
  owner: { userId: string; sessionHash: string },
  subscription: BrowserSubscription,
  label: string,
  replaces: string | null = null,
): Promise<"stored" | "taken"> {
  const { userId, sessionHash } = owner;
  const stored = {
    endpoint: subscription.endpoint,
    expirationTime: subscription.expirationTime,
    keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
  };
  const sameBrowser = sql`(json_extract(${pushSubscriptions.subscriptionData}, '$.keys.p256dh') = ${stored.keys.p256dh}
    AND json_extract(${pushSubscriptions.subscriptionData}, '$.keys.auth') = ${stored.keys.auth})`;
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(MAX_DEVICES_PER_USER);
  const { upserted } = await batchNamed(db, {
    upserted: db
      .insert(pushSubscriptions)
      .values({ id: crypto.randomUUID(), userId, sessionHash, endpoint: stored.endpoint, subscriptionData: stored, deviceLabel: label })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          // A device that moves from another account is new to this one: listed from now.
          createdAt: sql`CASE WHEN ${pushSubscriptions.userId} = ${userId} THEN ${pushSubscriptions.createdAt} ELSE strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END`,
          userId,
          sessionHash,
          subscriptionData: stored,
          deviceLabel: label,
        },
        setWhere: sql`${pushSubscriptions.userId} = ${userId} OR ${sameBrowser}`,
      })
      .returning({ id: pushSubscriptions.id }),
    // Only once this browser's new row is ours: a refused ("taken") request changes nothing.
    replaced: db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.userId, userId),
          eq(pushSubscriptions.endpoint, replaces ?? stored.endpoint),
          ne(pushSubscriptions.endpoint, stored.endpoint),
          exists(db.select({ one: sql`1` }).from(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, stored.endpoint), eq(pushSubscriptions.userId, userId)))),
        ),
      ),
    beyondMaximum: db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest))),
  });
  return upserted.length > 0 ? "stored" : "taken";
}

/**
 * Deletes one of the viewer's own devices: this browser's (by endpoint, turning push
 * off), this app's (by native token, turning push off in the native shell) or any of
 * theirs, browser or app (by id, Remove). False when there is none: another user's row is
 * never touched.
 */
export async function deleteOwnDevice(db: Db, userId: string, device: { endpoint: string } | { token: string } | { id: string }): Promise<boolean> {
  const deleteWeb = (which: SQL) => db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), which)).returning({ id: pushSubscriptions.id });
  const deleteNative = (which: SQL) => db.delete(nativePushTokens).where(and(eq(nativePushTokens.userId, userId), which)).returning({ id: nativePushTokens.id });
  if ("endpoint" in device) return (await deleteWeb(eq(pushSubscriptions.endpoint, device.endpoint))).length > 0;
  if ("token" in device) return (await deleteNative(eq(nativePushTokens.token, device.token))).length > 0;
  const [web, native] = await db.batch([deleteWeb(eq(pushSubscriptions.id, device.id)), deleteNative(eq(nativePushTokens.id, device.id))]);
  return web.length + native.length > 0;
}

/**
 * A native push token as @capacitor/push-notifications' `registration` event gives it
 * (decision 013): APNs' device token is hex (32 bytes today; Apple says the length may
 * grow), FCM's registration token is base64url-like with a colon (about 160 characters).
 */
export const NativeTokenSchema = z.discriminatedUnion("platform", [
  z.object({ platform: z.literal("ios"), token: z.string().regex(/^(?:[0-9a-fA-F]{2}){32,100}$/, "An APNs device token is hex") }),
  z.object({ platform: z.literal("android"), token: z.string().regex(/^[A-Za-z0-9_:-]{32,1024}$/, "An FCM registration token is letters, digits, '-', '_' and ':'") }),
]);
export type NativeToken = z.infer<typeof NativeTokenSchema>;

/** "Event Flow app on iOS" / "… on Android": the app's own name for its row in the device list. */
export const nativeDeviceLabel = (platform: NativeToken["platform"]) => nativeAppName(platform);

/**
 * Stores this app's push token for `userId`, tied to the session that registers it (sessions
 * cascade: sign-out and every other end of a session stop its pushes). The token is the
 * device: registered again, its row is updated (session, last seen); registered by ANOTHER
 * user (a shared phone signed in to another account), it moves to that user, so the phone
 * never gets the previous user's pushes. Unlike a browser's subscription a native token has
 * no secret beside it to prove possession; the vendors hand it only to the app on that device.
 * Past the cap the user's oldest app devices go.
 */
export async function registerNativeToken(db: Db, owner: { userId: string; sessionHash: string }, device: NativeToken) {
  const { userId, sessionHash } = owner;
  const now = sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  const newest = db
    .select({ id: nativePushTokens.id })
    .from(nativePushTokens)
    .where(eq(nativePushTokens.userId, userId))
    .orderBy(desc(nativePushTokens.createdAt), desc(nativePushTokens.id))
    .limit(MAX_DEVICES_PER_USER);
  await db.batch([
    db
      .insert(nativePushTokens)
      .values({ id: crypto.randomUUID(), userId, sessionHash, platform: device.platform, token: device.token, deviceLabel: nativeDeviceLabel(device.platform) })
      .onConflictDoUpdate({
        target: nativePushTokens.token,
        set: {
          // A device that moves from another account is new to this one: listed from now.
          createdAt: sql`CASE WHEN ${nativePushTokens.userId} = ${userId} THEN ${nativePushTokens.createdAt} ELSE ${now} END`,
          userId,
          sessionHash,
          platform: device.platform,
          deviceLabel: nativeDeviceLabel(device.platform),
          lastSeenAt: now,
        },
      }),
    db.delete(nativePushTokens).where(and(eq(nativePushTokens.userId, userId), notInArray(nativePushTokens.id, newest))),
  ]);
}

/** The viewer's native app devices, in the shape of listDevicesQuery's rows (the token in place of the endpoint). */
export function listNativeDevicesQuery(db: Db, userId: string) {
  return db
    .select({ id: nativePushTokens.id, label: nativePushTokens.deviceLabel, since: nativePushTokens.createdAt, endpoint: nativePushTokens.token })
    .from(nativePushTokens)
    .where(eq(nativePushTokens.userId, userId));
}

export type PushDevice = { id: string; label: string; since: string; endpointHash: string };

/**
 * The viewer's devices, newest first. The page gets a hash of each endpoint, not the
 * endpoint (a capability URL): enough for the browser to recognise its own row.
 */
export function listDevicesQuery(db: Db, userId: string) {
  return db
    .select({ id: pushSubscriptions.id, label: pushSubscriptions.deviceLabel, since: pushSubscriptions.createdAt, endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
}

/**
 * The page's list: browsers and native app devices together, newest first. A native row's
 * `endpointHash` is the hash of its token, which the app compares with the token it holds.
 */
export async function toPushDevices(...lists: Array<Array<{ id: string; label: string; since: string; endpoint: string }>>): Promise<PushDevice[]> {
  const rows = lists.flat().sort((a, b) => b.since.localeCompare(a.since) || b.id.localeCompare(a.id));
  return Promise.all(rows.map(async ({ endpoint, ...row }) => ({ ...row, endpointHash: await sha256Hex(endpoint) })));
}
