import { PushNotifications } from "@capacitor/push-notifications";
import { safeReturnTo } from "~/modules/account/schema";
import { NATIVE_PUSH_NO_TOKEN } from "~/modules/notifications/push-messages";
import type { NativePlatform } from "./platform";

// Decision 013: inside the native shell, Settings → Notifications' switch
// turns push on through the operating system (APNs on iOS, FCM on Android) instead of the
// browser's PushManager, which the webviews lack. The token goes to POST /push/native and is
// kept here, so the page can tell whether this device is one of the user's (by its hash, as
// a browser's endpoint). Loaded only when nativePlatform() is set (decision 013).

// The token is kept with the user who turned push on, so each start can
// register it again for that user (the server's row goes when the session that registered
// it ends) and a shared phone never registers another user who did not turn push on.
const KEPT_KEY = "ef-native-push";
type Kept = { userId: string; token: string };

function kept(): Kept | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEPT_KEY) ?? "null") as Partial<Kept> | null;
    return typeof value?.userId === "string" && typeof value.token === "string" ? { userId: value.userId, token: value.token } : null;
  } catch {
    return null;
  }
}
const keep = (value: Kept | null) => (value ? localStorage.setItem(KEPT_KEY, JSON.stringify(value)) : localStorage.removeItem(KEPT_KEY));
// The operating system answers `register` within seconds; without signal it may never.
const REGISTRATION_TIMEOUT_MS = 15_000;

export type NativePermission = "granted" | "denied" | "prompt";
export type NativePushOutcome = { outcome: "enabled" | "disabled" | "denied" | "dismissed" } | { outcome: "failed"; message?: string };

const permissionOf = (receive: string): NativePermission => (receive === "granted" ? "granted" : receive === "denied" ? "denied" : "prompt");

/** The permission, and the token this device registered last for this user (null: push is off here). */
export async function nativePushState(userId: string | null): Promise<{ permission: NativePermission; token: string | null }> {
  const { receive } = await PushNotifications.checkPermissions();
  const mine = kept();
  return { permission: permissionOf(receive), token: mine && mine.userId === userId ? mine.token : null };
}

/** Registers with APNs / FCM and resolves with the token the `registration` event brings. */
async function registeredToken(): Promise<string> {
  let settle: { resolve: (token: string) => void; reject: (error: Error) => void } | undefined;
  const answer = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  const handles = await Promise.all([
    PushNotifications.addListener("registration", ({ value }) => settle?.resolve(value)),
    PushNotifications.addListener("registrationError", ({ error }) => settle?.reject(new Error(error))),
  ]);
  const timer = setTimeout(() => settle?.reject(new Error("No registration answer")), REGISTRATION_TIMEOUT_MS);
  try {
    await PushNotifications.register();
    return await answer;
  } finally {
    clearTimeout(timer);
    await Promise.all(handles.map((handle) => handle.remove()));
  }
}

/** The same form post the server takes from any page (CSRF Origin check, form-only posts). */
async function postToken(intent: "register" | "unregister", platform: NativePlatform, token: string) {
  const response = await fetch("/push/native", { method: "POST", body: new URLSearchParams({ intent, platform, token }) });
  if (response.ok) return null;
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  return body.error ?? `Error ${response.status}`;
}

/** Turn on: ask for permission when not yet decided, register, send the token. */
export async function enableNativePush(platform: NativePlatform, userId: string): Promise<NativePushOutcome> {
  let { receive } = await PushNotifications.checkPermissions();
  if (receive === "prompt" || receive === "prompt-with-rationale") ({ receive } = await PushNotifications.requestPermissions());
  // As on the web (decision 009): only a refusal is 'blocked'; a dismissed prompt asks again next time.
  if (receive === "denied") return { outcome: "denied" };
  if (receive !== "granted") return { outcome: "dismissed" };
  let token: string;
  try {
    token = await registeredToken();
  } catch {
    return { outcome: "failed", message: NATIVE_PUSH_NO_TOKEN };
  }
  const error = await postToken("register", platform, token);
  if (error) return { outcome: "failed", message: error };
  keep({ userId, token });
  return { outcome: "enabled" };
}

/** Turn off: the server deletes this device's token, and the app unregisters from APNs / FCM. */
export async function disableNativePush(platform: NativePlatform): Promise<NativePushOutcome> {
  const token = kept()?.token;
  keep(null);
  await PushNotifications.unregister().catch((error: unknown) => console.warn("Push unregister:", error));
  const error = token ? await postToken("unregister", platform, token) : null;
  return error ? { outcome: "failed", message: error } : { outcome: "disabled" };
}

/**
 * At every start of the app (and when who is signed in changes), with push on for this
 * signed-in user (kept, permission granted): register again, as Apple and Google ask (the
 * OS may have a new token: FCM rotates them, a restored iPhone gets a new one), and post it
 * every time: the server's row went if the session that registered it ended
 * (decision 013). Signed out, or another user signed in: what was kept is forgotten, so that user
 * is never registered for pushes they did not turn on. True when it registered (the page's
 * device list may have changed).
 */
export async function resumeNativePush(platform: NativePlatform, userId: string | null): Promise<boolean> {
  const mine = kept();
  if (!mine) return false;
  if (mine.userId !== userId) {
    keep(null);
    return false;
  }
  const { receive } = await PushNotifications.checkPermissions();
  if (receive !== "granted") return false;
  const token = await registeredToken();
  if (await postToken("register", platform, token)) return false;
  keep({ userId, token });
  return true;
}

/** Where a tapped notification leads: our own path, never another site (a push's `url`, push.server.ts). */
export function tappedDestination(data: unknown): string {
  return safeReturnTo(data && typeof data === "object" && "url" in data ? data.url : null);
}

/**
 * Tapping a notification opens its page in the app (entry.client.tsx, at every start:
 * Capacitor keeps the tap that launched the app until a listener takes it).
 */
export function listenForNotificationTaps() {
  PushNotifications.addListener("pushNotificationActionPerformed", ({ notification }) => {
    window.location.assign(tappedDestination(notification.data));
  }).catch((error: unknown) => console.warn("Push notifications:", error));
}
