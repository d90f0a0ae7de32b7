import { buildPushPayload, type PushSubscription, type VapidKeys } from "@block65/webcrypto-web-push";
import { and, count, eq, gt, inArray, lte, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { events, nativePushTokens, notifications, processedJobs, pushSubscriptions } from "~/db/schema";
import { pushDestination } from "./destination";
import { pushEndpoint } from "./push-hosts";
import { apnsConfigured, fcmConfigured, nativeCredentialsProblem, type NativePlatform, type NativePushEnv, sendNative } from "./native-push.server";
import { CLIENT_CHANGE_TYPE, PUSH_WINDOW_MS, TEAM_CHANGE_TYPES } from "./team-changes.server";
import { sha256Hex } from "~/utils/crypto.server";
import { batchNamed, type Db } from "~/utils/db.server";

/**
 * The push settings: web push's (wrangler.toml [vars] and the VAPID_PRIVATE_KEY secret) and
 * the native app's, APNs and FCM (native-push.server.ts).
 */
type PushEnv = { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT?: string } & NativePushEnv;

export type PushResult =
  | { outcome: "not-configured" | "missing" | "no-subscriptions" }
  | { outcome: "handled"; sent: number; alreadySent: number; gone: number; refused: number };

// How long the push service keeps a message for a device that is offline.
const TTL_SECONDS = 24 * 60 * 60;
// A push service that does not answer in time is treated like a network error: retried.
const PUSH_TIMEOUT_MS = 10_000;
// The most an aes128gcm record of 4096 octets can carry (@block65/webcrypto-web-push).
const MAX_PAYLOAD_BYTES = 3993;

// PushSubscription.toJSON() as the browser sent it (stored in subscription_data).
const StoredSubscriptionSchema = z.object({
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});

/**
 * The idempotency key of one notification pushed to one device (processed_jobs): a browser by
 * its subscription's id (a UUID), an app device by its token's SHA-256 (`nativeDeviceKey`).
 */
export const pushJobKey = (notificationId: string, subscriptionId: string) => `push:${notificationId}:${subscriptionId}`;

function vapidKeys(env: PushEnv): VapidKeys | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = env;
  return publicKey && privateKey && subject ? { publicKey, privateKey, subject } : null;
}

/**
 * Which notifications replace each other on a device (sw.js `tag`,
 * decision 009): a kind and the destination. A team change, a client's change and their
 * digest are one kind per event (`team:/events/X`: the digest replaces the first push);
 * a reminder is its own (`event_reminder:/events/X`), so a team change never hides it.
 * A push that leads home is tagged with its notification, so two never replace each other.
 */
export function pushTag(data: unknown, url: string, notificationId?: string) {
  const type = data && typeof data === "object" && "type" in data && typeof data.type === "string" ? data.type : "";
  const team = type === CLIENT_CHANGE_TYPE || type === DIGEST_TYPE || (TEAM_CHANGE_TYPES as readonly string[]).includes(type);
  const kind = team ? "team" : /^[a-z_]{1,40}$/.test(type) ? type : "notification";
  return `${kind}:${url === "/" && notificationId ? notificationId : url}`;
}
// The digest is no stored notification: this type only picks its tag.
const DIGEST_TYPE = "team_digest";

/**
 * What a push carries (decision 009): the notification's title and text, where a
 * click leads, `url`, worked out here with the bell's rules (`pushDestination`), and its
 * `tag` (`pushTag`). Never the notification's raw data: it may hold addresses or a
 * client's access link, and a push passes through the browser vendor's push service. A
 * message too long for one push record is shortened (the whole text stays in the app).
 */
export function pushPayload(notification: { id?: string; title: string; message: string; data: unknown }) {
  const encoder = new TextEncoder();
  const url = pushDestination(notification.data);
  const tag = pushTag(notification.data, url, notification.id);
  let title = Array.from(notification.title);
  let body = Array.from(notification.message);
  const json = () => JSON.stringify({ title: title.join(""), body: body.join(""), url, tag });
  while (encoder.encode(json()).byteLength > MAX_PAYLOAD_BYTES && body.length > 1) body = [...body.slice(0, Math.floor(body.length * 0.8)), "…"];
  while (encoder.encode(json()).byteLength > MAX_PAYLOAD_BYTES && title.length > 1) title = [...title.slice(0, Math.floor(title.length * 0.8)), "…"];
  return { title: title.join(""), body: body.join(""), url, tag };
}

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 300);

/**
 * An app device is keyed in processed_jobs by its token, not its row (decision 013): a token
 * unregistered and registered again gets a new row, and must not get a retried job twice.
 */
export const nativeDeviceKey = (token: string) => sha256Hex(token);

type Attempt =
  | { result: "sent" | "refused"; keyId: string }
  | { result: "gone"; subscriptionId: string; native: boolean }
  | { result: "retry"; error: string };

/** What the push job sends with: VAPID for browsers, and which native vendors are configured. Null: nothing is. */
function pushConfig(env: PushEnv) {
  const vapid = vapidKeys(env);
  const platforms = [...(apnsConfigured(env) ? ["ios" as const] : []), ...(fcmConfigured(env) ? ["android" as const] : [])];
  return vapid || platforms.length > 0 ? { env, vapid, platforms } : null;
}
type PushConfig = NonNullable<ReturnType<typeof pushConfig>>;

/**
 * The push job (workers/queues): sends one in-app notification to every device its
 * user subscribed (a subscribed device is push turned on): browsers when VAPID
 * keys are configured, the native app's devices (decision 013) when APNs / FCM are;
 * with none of them it does nothing and the message is acknowledged. See `pushToDevices`.
 *
 * `fetcher` is injectable so tests can fake the push service at its HTTP boundary.
 */
export async function deliverPushNotification(
  db: Db,
  env: PushEnv,
  notificationId: string,
  fetcher: typeof fetch = fetch,
): Promise<PushResult> {
  const config = pushConfig(env);
  if (!config) return { outcome: "not-configured" };

  const owner = db.select({ userId: notifications.userId }).from(notifications).where(eq(notifications.id, notificationId));
  const keyPrefix = sql`'push:' || ${notificationId} || ':'`;
  const {
    notification: [notification],
    subscriptions,
    nativeTokens,
  } = await batchNamed(db, {
    notification: db
      .select({ title: notifications.title, message: notifications.message, data: notifications.data })
      .from(notifications)
      .where(eq(notifications.id, notificationId)),
    subscriptions: subscriptionsQuery(db, inArray(pushSubscriptions.userId, owner), keyPrefix),
    nativeTokens: nativeTokensQuery(db, inArray(nativePushTokens.userId, owner)),
  });
  if (!notification) return { outcome: "missing" };
  const devices = devicesFor(config, subscriptions, await withSentKeys(db, nativeTokens, (id) => pushJobKey(notificationId, id)));
  if (devices.length === 0) return { outcome: "no-subscriptions" };
  return pushToDevices(db, config, devices, pushPayload({ id: notificationId, ...notification }), (id) => pushJobKey(notificationId, id), `notification ${notificationId}`, fetcher);
}

/** The idempotency key of one digest pushed to one subscription. */
export const digestJobKey = (job: DigestJob, subscriptionId: string) => `digest:${job.userId}:${job.eventId}:${job.windowEndsAt}:${subscriptionId}`;

type DigestJob = { userId: string; eventId: string; windowEndsAt: string };

/**
 * The push-digest job: one push for the team changes of an event that the recipient's
 * push window held back (team-changes.server.ts). It counts the changes of that window
 * after the first (which was pushed at once) that are still unread, so changes already
 * seen in the app are not pushed again; none left, nothing is sent.
 */
export async function deliverPushDigest(db: Db, env: PushEnv, job: DigestJob, fetcher: typeof fetch = fetch): Promise<PushResult | { outcome: "nothing-new" }> {
  const config = pushConfig(env);
  if (!config) return { outcome: "not-configured" };
  const keyPrefix = sql`'digest:' || ${job.userId} || ':' || ${job.eventId} || ':' || ${job.windowEndsAt} || ':'`;
  const windowStart = new Date(Date.parse(job.windowEndsAt) - PUSH_WINDOW_MS).toISOString();
  const type = sql<string>`json_extract(${notifications.data}, '$.type')`;
  const {
    counted: [counted],
    event: [event],
    subscriptions,
    nativeTokens,
  } = await batchNamed(db, {
    counted: db
      .select({
        changes: count(),
        // A client's changes share the window with the team's (decision 007).
        byClient: sql<number>`COALESCE(SUM(${type} = ${CLIENT_CHANGE_TYPE}), 0)`,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, job.userId),
          eq(notifications.eventId, job.eventId),
          eq(notifications.read, false),
          inArray(type, [...TEAM_CHANGE_TYPES, CLIENT_CHANGE_TYPE]),
          gt(notifications.createdAt, windowStart),
          lte(notifications.createdAt, job.windowEndsAt),
        ),
      ),
    event: db.select({ title: events.title }).from(events).where(eq(events.id, job.eventId)),
    subscriptions: subscriptionsQuery(db, eq(pushSubscriptions.userId, job.userId), keyPrefix),
    nativeTokens: nativeTokensQuery(db, eq(nativePushTokens.userId, job.userId)),
  });
  if (!event) return { outcome: "missing" };
  const changes = counted?.changes ?? 0;
  if (changes === 0) return { outcome: "nothing-new" };
  const devices = devicesFor(config, subscriptions, await withSentKeys(db, nativeTokens, (id) => digestJobKey(job, id)));
  if (devices.length === 0) return { outcome: "no-subscriptions" };
  const payload = pushPayload({
    title: event.title,
    message: digestMessage(changes, counted?.byClient ?? 0),
    // docs/product/notifications.md#push lists a team change's data ({ eventId, eventTitle, notificationType, url });
    // only where it leads is pushed: the event.
    data: { type: DIGEST_TYPE, eventId: job.eventId },
  });
  return pushToDevices(db, config, devices, payload, (id) => digestJobKey(job, id), `the digest of ${job.eventId} for ${job.userId}`, fetcher);
}

/** '3 more changes by your team' / '… by your client' / '… (team and client)'. */
export function digestMessage(changes: number, byClient: number) {
  const what = changes === 1 ? "1 more change" : `${changes} more changes`;
  if (byClient === 0) return `${what} by your team`;
  if (byClient === changes) return `${what} by your client`;
  return `${what} by your team and client`;
}

/** A user's subscriptions, each with whether this push already reached it (`keyPrefix` || subscription id in processed_jobs). */
function subscriptionsQuery(db: Db, ownedBy: SQL | undefined, keyPrefix: SQL) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      subscriptionData: pushSubscriptions.subscriptionData,
      alreadySent: processedJobs.key,
    })
    .from(pushSubscriptions)
    .leftJoin(processedJobs, eq(processedJobs.key, sql`${keyPrefix} || ${pushSubscriptions.id}`))
    .where(ownedBy);
}

/** A user's native app devices (decision 013). */
function nativeTokensQuery(db: Db, ownedBy: SQL | undefined) {
  return db.select({ id: nativePushTokens.id, platform: nativePushTokens.platform, token: nativePushTokens.token }).from(nativePushTokens).where(ownedBy);
}

/** App devices with their processed_jobs key (by token, `nativeDeviceKey`) and whether this push already reached them. */
async function withSentKeys(db: Db, rows: { id: string; platform: NativePlatform; token: string }[], keyOf: (keyId: string) => string): Promise<NativeDevice[]> {
  const keyed = await Promise.all(rows.map(async (row) => ({ ...row, keyId: await nativeDeviceKey(row.token) })));
  const keys = keyed.map((row) => keyOf(row.keyId));
  const sent = new Set(keys.length ? (await db.select({ key: processedJobs.key }).from(processedJobs).where(inArray(processedJobs.key, keys))).map((r) => r.key) : []);
  return keyed.map((row) => ({ ...row, alreadySent: sent.has(keyOf(row.keyId)) ? keyOf(row.keyId) : null }));
}

type Subscription = { id: string; endpoint: string; subscriptionData: unknown; alreadySent: string | null };
type NativeDevice = { id: string; keyId: string; platform: NativePlatform; token: string; alreadySent: string | null };
type Device = ({ kind: "web"; keyId: string } & Subscription) | ({ kind: "native" } & NativeDevice);

/** The devices this server can push to: browsers with VAPID keys, native ones whose vendor is configured. */
function devicesFor(config: PushConfig, subscriptions: Subscription[], nativeTokens: NativeDevice[]): Device[] {
  return [
    ...(config.vapid ? subscriptions.map((s) => ({ kind: "web" as const, keyId: s.id, ...s })) : []),
    ...nativeTokens.filter((t) => config.platforms.includes(t.platform)).map((t) => ({ kind: "native" as const, ...t })),
  ];
}

/**
 * A platform whose credentials cannot work (a malformed key or service
 * account, an OAuth `invalid_grant`) would fail the same way on every retry. It is logged
 * once and left out of this job, as if not configured: the other devices still get theirs.
 */
async function withoutMisconfigured(config: PushConfig, devices: Device[], fetcher: typeof fetch) {
  const platforms = [...new Set(devices.flatMap((d) => (d.kind === "native" ? [d.platform] : [])))];
  const unusable = new Set<NativePlatform>();
  for (const platform of platforms) {
    const problem = await nativeCredentialsProblem(config.env, platform, fetcher);
    if (!problem) continue;
    console.warn(`Native push to ${platform} is misconfigured, skipped for this job: ${problem}`);
    unusable.add(platform);
  }
  return unusable.size ? devices.filter((d) => d.kind !== "native" || !unusable.has(d.platform)) : devices;
}

/**
 * Sends one payload to a user's devices, browsers and native ones alike:
 * - A subscription the push service no longer knows (404/410) is deleted, as is a native
 *   token APNs or FCM call gone (native-push.server.ts).
 * - A 429, 5xx, timeout or network error throws once every subscription was tried,
 *   so the queue retries; a redelivered job skips the subscriptions that already
 *   got it (their keys in processed_jobs).
 * - Any other refusal (400, 403, 413 …), and a subscription whose keys cannot be
 *   used, would fail again: logged, not retried.
 */
async function pushToDevices(
  db: Db,
  config: PushConfig,
  subscriptions: Device[],
  payload: ReturnType<typeof pushPayload>,
  keyOf: (subscriptionId: string) => string,
  label: string,
  fetcher: typeof fetch,
): Promise<PushResult> {
  const message = { data: payload, options: { ttl: TTL_SECONDS } };
  const pending = await withoutMisconfigured(
    config,
    subscriptions.filter((subscription) => !subscription.alreadySent),
    fetcher,
  );
  const attempts = await Promise.all(
    pending.map(async (subscription): Promise<Attempt> => {
      if (subscription.kind === "native") {
        const attempt = await sendNative(config.env, subscription, payload, fetcher);
        if (typeof attempt === "object") return { result: "retry", error: attempt.retry };
        return attempt === "gone" ? { result: "gone", subscriptionId: subscription.id, native: true } : { result: attempt, keyId: subscription.keyId };
      }
      const vapid = config.vapid!;
      if (!pushEndpoint(subscription.endpoint)) {
        // The job fetches only the push services' hosts (push-hosts.ts), whatever a row says:
        // any other is dropped as a gone one is. Logged by id only (a capability URL).
        console.warn(`Push subscription ${subscription.id} is not at a known push service; deleted`);
        return { result: "gone", subscriptionId: subscription.id, native: false };
      }
      const stored = StoredSubscriptionSchema.safeParse(subscription.subscriptionData);
      if (!stored.success) {
        // Push endpoints are capability URLs: logged by id only.
        console.warn(`Push subscription ${subscription.id} is malformed; skipped`);
        return { result: "refused", keyId: subscription.keyId };
      }
      const target: PushSubscription = {
        endpoint: subscription.endpoint,
        expirationTime: stored.data.expirationTime ?? null,
        keys: stored.data.keys,
      };
      let request: Awaited<ReturnType<typeof buildPushPayload>>;
      try {
        request = await buildPushPayload(message, target, vapid);
      } catch (error) {
        // Bad subscription keys or VAPID keys: the same input would fail again.
        console.warn(`Cannot encrypt ${label} for subscription ${subscription.id}: ${describe(error)}`);
        return { result: "refused", keyId: subscription.keyId };
      }
      let response: Response;
      try {
        response = await fetcher(subscription.endpoint, { ...request, signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) });
      } catch (error) {
        return { result: "retry", error: describe(error) };
      }
      // Only the status matters; an unread body would hold the connection open.
      await response.body?.cancel().catch(() => {});
      if (response.ok) return { result: "sent", keyId: subscription.keyId };
      if (response.status === 404 || response.status === 410) return { result: "gone", subscriptionId: subscription.id, native: false };
      if (response.status === 429 || response.status >= 500) return { result: "retry", error: `push service answered ${response.status}` };
      console.warn(`Push service refused ${label} for subscription ${subscription.id} (${response.status})`);
      return { result: "refused", keyId: subscription.keyId };
    }),
  );

  const handled = attempts.flatMap((a) => (a.result === "sent" || a.result === "refused" ? [a.keyId] : []));
  const gone = attempts.flatMap((a) => (a.result === "gone" && !a.native ? [a.subscriptionId] : []));
  const goneNative = attempts.flatMap((a) => (a.result === "gone" && a.native ? [a.subscriptionId] : []));
  const failed = attempts.flatMap((a) => (a.result === "retry" ? [a.error] : []));
  const writes = [
    ...(handled.length > 0
      ? [
          db
            .insert(processedJobs)
            .values(handled.map((keyId) => ({ key: keyOf(keyId), kind: "push" })))
            .onConflictDoNothing(),
        ]
      : []),
    ...(gone.length > 0 ? [db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone))] : []),
    ...(goneNative.length > 0 ? [db.delete(nativePushTokens).where(inArray(nativePushTokens.id, goneNative))] : []),
  ];
  if (writes.length > 0) await db.batch(writes as [(typeof writes)[number], ...typeof writes]);

  if (failed.length > 0) {
    throw new Error(`Push of ${label} failed for ${failed.length} of ${pending.length} subscription(s): ${failed[0]}`);
  }
  return {
    outcome: "handled",
    sent: attempts.filter((a) => a.result === "sent").length,
    alreadySent: subscriptions.filter((s) => s.alreadySent).length,
    gone: gone.length + goneNative.length,
    refused: attempts.filter((a) => a.result === "refused").length,
  };
}
