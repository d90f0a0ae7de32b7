// Decision 013: the native app gets its pushes from Apple (APNs) and
// Google (FCM), sent by the same push job as web push (push.server.ts). The JWTs are made by
// jose, which signs with WebCrypto and so runs in workerd: APNs' provider token is an ES256
// JWT signed with the .p8 key; FCM's OAuth2 access token is obtained with an RS256 JWT
// assertion of the service account.
import { importPKCS8, SignJWT } from "jose";
import { z } from "zod";
import type { NativePlatform } from "~/modules/native/platform";
import { apiBase } from "~/utils/api-base.server";

export type { NativePlatform };

/** The native push settings: wrangler.toml [vars] and the APNS_PRIVATE_KEY / FCM_SERVICE_ACCOUNT secrets. */
export type NativePushEnv = {
  APNS_KEY_ID?: string;
  /** The Apple Developer team (decision 013: also the apps' App Site Association): the provider token's issuer. */
  APPLE_TEAM_ID?: string;
  APNS_BUNDLE_ID?: string;
  APNS_PRIVATE_KEY?: string;
  /** Apple's sandbox for development builds, or the local fake (this machine only). Empty: production. */
  APNS_API_BASE?: string;
  FCM_SERVICE_ACCOUNT?: string;
  /** The local fake (this machine only): its /token and /v1/projects/…; empty in production. */
  FCM_API_BASE?: string;
};

export type NativePayload = { title: string; body: string; url: string; tag: string };
export type NativeAttempt = "sent" | "gone" | "refused" | { retry: string };

const APNS_PRODUCTION = "https://api.push.apple.com";
const APNS_SANDBOX = "https://api.sandbox.push.apple.com";
const FCM_BASE = "https://fcm.googleapis.com";
const FCM_SCOPE = "https://www.googleapis.com/auth/firebase.messaging";
// Apple refuses a provider token older than an hour and one renewed more often than every
// 20 minutes (TooManyProviderTokenUpdates): one is reused for 50 minutes.
const APNS_JWT_REUSE_MS = 50 * 60_000;
// An access token is dropped this long before Google says it expires.
const FCM_TOKEN_MARGIN_MS = 60_000;
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

const encoder = new TextEncoder();

/**
 * A PEM key (a .p8 file, or a service account's private_key) as the PKCS#8 PEM jose reads:
 * bare base64 and escaped newlines (a key pasted into one line of a secret) are accepted too.
 */
function pkcs8Pem(pem: string) {
  const body = pem
    .replace(/\\n/g, "\n")
    .replace(/-----(BEGIN|END) [A-Z ]+-----/g, "")
    .replace(/\s+/g, "");
  return `-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----`;
}

/**
 * Credentials that cannot work (a malformed key or service account, a grant
 * Google refuses) fail the same way on every retry. The job logs it once and treats the
 * platform as not configured (push.server.ts), rather than retrying the job forever.
 */
export class NativePushConfigError extends Error {
  override name = "NativePushConfigError";
}

/** A key's import failing is the key's fault: a configuration error. */
async function importKey(what: string, pem: string, algorithm: "ES256" | "RS256") {
  try {
    return await importPKCS8(pkcs8Pem(pem), algorithm);
  } catch (error) {
    throw new NativePushConfigError(`${what} is not a usable PKCS#8 private key (${error instanceof Error ? error.message : String(error)})`);
  }
}

type Cached = { value: string; until: number; source: string };
// Per isolate: the job of the next minute reuses the token of this one.
let apnsJwt: Cached | undefined;
let fcmAccessToken: Cached | undefined;

export function apnsConfigured(env: NativePushEnv) {
  return Boolean(env.APNS_KEY_ID && env.APPLE_TEAM_ID && env.APNS_BUNDLE_ID && env.APNS_PRIVATE_KEY);
}

export function fcmConfigured(env: NativePushEnv) {
  return Boolean(env.FCM_SERVICE_ACCOUNT);
}

/** APNs token-based authentication: ES256, `kid` the key id, `iss` the team id, reused up to 50 minutes. */
async function apnsProviderToken(env: NativePushEnv, now = Date.now()) {
  const source = `${env.APNS_KEY_ID}:${env.APPLE_TEAM_ID}:${env.APNS_PRIVATE_KEY}`;
  if (apnsJwt && apnsJwt.source === source && apnsJwt.until > now) return apnsJwt.value;
  const key = await importKey("APNS_PRIVATE_KEY", env.APNS_PRIVATE_KEY!, "ES256");
  const value = await new SignJWT({ iss: env.APPLE_TEAM_ID!, iat: Math.floor(now / 1000) }).setProtectedHeader({ alg: "ES256", kid: env.APNS_KEY_ID! }).sign(key);
  apnsJwt = { value, until: now + APNS_JWT_REUSE_MS, source };
  return value;
}

/** The parts of a service account's JSON key that we use (Google adds more; ignored). */
const ServiceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  token_uri: z.string().url().optional(),
});

function serviceAccount(env: NativePushEnv) {
  let json: unknown;
  try {
    json = JSON.parse(env.FCM_SERVICE_ACCOUNT!);
  } catch {
    throw new NativePushConfigError("FCM_SERVICE_ACCOUNT is not JSON (the service account's key file)");
  }
  const parsed = ServiceAccountSchema.safeParse(json);
  if (!parsed.success) throw new NativePushConfigError("FCM_SERVICE_ACCOUNT is not a service account key (project_id, client_email, private_key)");
  return parsed.data;
}

/**
 * Google's OAuth2 for a service account (RFC 7523): an RS256 JWT assertion posted to the
 * account's token_uri (or the local fake's /token), the access token cached until it expires.
 */
async function fcmAccess(env: NativePushEnv, fetcher: typeof fetch, now = Date.now()) {
  const account = serviceAccount(env);
  const source = `${account.client_email}:${account.private_key_id ?? ""}:${env.FCM_API_BASE ?? ""}`;
  if (fcmAccessToken && fcmAccessToken.source === source && fcmAccessToken.until > now) return { token: fcmAccessToken.value, account };
  const audience = account.token_uri ?? "https://oauth2.googleapis.com/token";
  const tokenUrl = env.FCM_API_BASE ? `${fcmBase(env)}/token` : audience;
  if (!tokenUrl.startsWith("https://") && !env.FCM_API_BASE) throw new NativePushConfigError("The service account's token_uri must be https");
  const key = await importKey("FCM_SERVICE_ACCOUNT's private_key", account.private_key, "RS256");
  const iat = Math.floor(now / 1000);
  const assertion = await new SignJWT({ iss: account.client_email, scope: FCM_SCOPE, aud: audience, iat, exp: iat + 3600 })
    .setProtectedHeader({ alg: "RS256", typ: "JWT", ...(account.private_key_id ? { kid: account.private_key_id } : {}) })
    .sign(key);
  const response = await fetcher(tokenUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
  // RFC 6749 §5.2: the grant (our signed assertion: key revoked, wrong account) or the client is refused; retrying changes nothing.
  if (response.status === 400 || response.status === 401) {
    if (body.error === "invalid_grant" || body.error === "invalid_client" || body.error === "unauthorized_client") {
      throw new NativePushConfigError(`FCM's token endpoint refused the service account (${body.error})`);
    }
  }
  if (!response.ok || !body.access_token) throw new Error(`FCM token endpoint answered ${response.status}${body.error ? ` (${body.error})` : ""}`);
  fcmAccessToken = { value: body.access_token, until: now + (body.expires_in ?? 3600) * 1000 - FCM_TOKEN_MARGIN_MS, source };
  return { token: body.access_token, account };
}

/** Forgets the cached credentials (tests; and a 401/403 that says they no longer work). */
export function forgetNativePushCredentials() {
  apnsJwt = undefined;
  fcmAccessToken = undefined;
}

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 300);

/** apns-collapse-id is at most 64 bytes: a longer tag is left out rather than cut into another one. */
const APNS_GONE = new Set(["BadDeviceToken", "Unregistered", "DeviceTokenNotForTopic"]);

const collapseId = (tag: string): Record<string, string> => (encoder.encode(tag).byteLength <= 64 ? { "apns-collapse-id": tag } : {});

/**
 * One push to one iPhone/iPad through APNs' provider API (HTTP/2 in production). The alert
 * shows title and body; `url` and `tag` ride beside `aps`, where the app reads them when
 * the notification is tapped (pushNotificationActionPerformed's notification.data).
 */
async function sendApns(env: NativePushEnv, token: string, payload: NativePayload, fetcher: typeof fetch): Promise<NativeAttempt> {
  const base = apiBase(APNS_PRODUCTION, { name: "APNS_API_BASE", override: env.APNS_API_BASE, allowed: [APNS_PRODUCTION, APNS_SANDBOX] });
  const jwt = await apnsProviderToken(env);
  const response = await fetcher(`${base}/3/device/${token}`, {
    method: "POST",
    headers: {
      authorization: `bearer ${jwt}`,
      "apns-topic": env.APNS_BUNDLE_ID!,
      "apns-push-type": "alert",
      "apns-priority": "10",
      "apns-expiration": String(Math.floor(Date.now() / 1000) + TTL_SECONDS),
      ...collapseId(payload.tag),
      "content-type": "application/json",
    },
    body: JSON.stringify({ aps: { alert: { title: payload.title, body: payload.body }, sound: "default", "thread-id": payload.tag }, url: payload.url, tag: payload.tag }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (response.ok) {
    await response.body?.cancel().catch(() => {});
    return "sent";
  }
  const reason = ((await response.json().catch(() => ({}))) as { reason?: string }).reason ?? "";
  // Apple: 410 Unregistered (the app was removed), 400 BadDeviceToken (not a token of this
  // topic's environment), 400 DeviceTokenNotForTopic (a token of another app: it never will be ours).
  if (response.status === 410 || (response.status === 400 && APNS_GONE.has(reason))) return "gone";
  if (response.status === 403 && (reason === "ExpiredProviderToken" || reason === "InvalidProviderToken")) {
    apnsJwt = undefined;
    return { retry: `APNs refused the provider token (${reason})` };
  }
  if (response.status === 429 || response.status >= 500) return { retry: `APNs answered ${response.status}${reason ? ` ${reason}` : ""}` };
  console.warn(`APNs refused a push (${response.status}${reason ? ` ${reason}` : ""})`);
  return "refused";
}

const fcmBase = (env: NativePushEnv) => apiBase(FCM_BASE, { name: "FCM_API_BASE", override: env.FCM_API_BASE });

/** FCM HTTP v1's error body (google.rpc.Status with FcmError / BadRequest details). */
const FcmErrorSchema = z.object({
  error: z
    .object({
      status: z.string().optional(),
      details: z
        .array(z.object({ errorCode: z.string().optional(), fieldViolations: z.array(z.object({ field: z.string().optional() })).optional() }))
        .optional(),
    })
    .optional(),
});

/** One push to one Android device through FCM HTTP v1. */
async function sendFcm(env: NativePushEnv, token: string, payload: NativePayload, fetcher: typeof fetch): Promise<NativeAttempt> {
  const base = fcmBase(env);
  const { token: accessToken, account } = await fcmAccess(env, fetcher);
  const response = await fetcher(`${base}/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({
      message: {
        token,
        notification: { title: payload.title, body: payload.body },
        // data values are strings: where a tap leads, read by the app (notification.data.url).
        data: { url: payload.url, tag: payload.tag },
        android: { ttl: `${TTL_SECONDS}s`, priority: "HIGH", notification: { tag: payload.tag } },
      },
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (response.ok) {
    await response.body?.cancel().catch(() => {});
    return "sent";
  }
  const error = FcmErrorSchema.safeParse(await response.json().catch(() => ({}))).data?.error;
  // FCM v1's structured error: FcmError's errorCode, and BadRequest's field violations.
  const codes = new Set((error?.details ?? []).flatMap((d) => (d.errorCode ? [d.errorCode] : [])));
  const tokenInvalid = (error?.details ?? []).some((d) => d.fieldViolations?.some((v) => v.field === "message.token"));
  // Google: 404 UNREGISTERED (the app was removed), 403 SENDER_ID_MISMATCH (a token of another
  // Firebase project's app), 400 INVALID_ARGUMENT whose violation is the token itself.
  if (
    (response.status === 404 && codes.has("UNREGISTERED")) ||
    (response.status === 403 && codes.has("SENDER_ID_MISMATCH")) ||
    (response.status === 400 && codes.has("INVALID_ARGUMENT") && tokenInvalid)
  ) {
    return "gone";
  }
  if (response.status === 401) {
    fcmAccessToken = undefined;
    return { retry: "FCM refused the access token" };
  }
  if (response.status === 429 || response.status >= 500) return { retry: `FCM answered ${response.status}` };
  console.warn(`FCM refused a push (${response.status}${error?.status ? ` ${error.status}` : ""}${codes.size ? ` ${[...codes].join(", ")}` : ""})`);
  return "refused";
}

/**
 * Whether this job can use the platform's credentials: null when it can (they are now
 * cached for the sends), else the configuration problem (logged once by the job, which
 * leaves the platform out). A network error here is no verdict: the sends will retry.
 */
export async function nativeCredentialsProblem(env: NativePushEnv, platform: NativePlatform, fetcher: typeof fetch): Promise<string | null> {
  try {
    if (platform === "ios") await apnsProviderToken(env);
    else await fcmAccess(env, fetcher);
    return null;
  } catch (error) {
    return error instanceof NativePushConfigError ? error.message : null;
  }
}

/**
 * Sends `payload` to one native device. A network error, timeout or a vendor's 429/5xx is
 * `retry` (the queue retries the job); a vendor that is not configured is `refused` (logged).
 */
export async function sendNative(env: NativePushEnv, device: { platform: NativePlatform; token: string }, payload: NativePayload, fetcher: typeof fetch): Promise<NativeAttempt> {
  const configured = device.platform === "ios" ? apnsConfigured(env) : fcmConfigured(env);
  if (!configured) return "refused";
  try {
    return device.platform === "ios" ? await sendApns(env, device.token, payload, fetcher) : await sendFcm(env, device.token, payload, fetcher);
  } catch (error) {
    if (error instanceof NativePushConfigError) {
      console.warn(`Native push to ${device.platform} is misconfigured: ${error.message}`);
      return "refused";
    }
    return { retry: describe(error) };
  }
}
