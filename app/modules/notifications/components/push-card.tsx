import { useCallback, useEffect, useRef, useState } from "react";
import { Form, useFetcher, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { ActionToast, showToast } from "~/components/ui/toaster";
import type { FormActionData } from "~/modules/event/components/form-dialog";
import { nativePlatform, type NativePlatform } from "~/modules/native/platform";
import { NATIVE_PUSH_BLOCKED, PUSH_SERVICE_UNREACHABLE } from "../push-messages";
import type { PushDevice } from "../push-devices.server";
import { useRootData } from "~/root-data";
import { newToast } from "~/utils/result";

// Push on and off for THIS browser, and the user's other devices.
// The tab shows the truth for this device: the browser's permission and whether the
// subscription this browser holds is one of the user's stored rows (matched by a hash
// of its endpoint, which the page never gets in clear).

// Each posts to its form's route under /settings, answering on the Notifications tab.
const ACTION = "/settings/push?tab=notifications";
const REMOVE_ACTION = "/settings/push/remove?tab=notifications";
// navigator.serviceWorker.ready never settles when the worker cannot install.
const SERVICE_WORKER_TIMEOUT_MS = 10_000;
// PushManager.subscribe waits on the browser's push service; where none answers, Chromium
// gives up only after 40 s or more. The switch ends sooner, with a message.
const PUSH_SERVICE_TIMEOUT_MS = 8_000;

/** The push service did not answer in time, or refused (an AbortError, per the Push API). */
class PushServiceUnreachable extends Error {}

async function subscribeWithin(registration: ServiceWorkerRegistration, options: PushSubscriptionOptionsInit) {
  const subscribing = registration.pushManager.subscribe(options);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushServiceUnreachable()), PUSH_SERVICE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([subscribing, timedOut]);
  } catch (error) {
    // A subscription that arrives after the switch gave up is not kept: no one would know of it.
    if (error instanceof PushServiceUnreachable) subscribing.then((late) => late.unsubscribe()).catch(() => {});
    if (error instanceof DOMException && error.name === "AbortError") throw new PushServiceUnreachable();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

type Browser =
  | { state: "checking" }
  // Inside the native shell, the operating system's permission and the
  // token this app registered (app/modules/native/push.client.ts) stand for the browser's.
  | { state: "native"; platform: NativePlatform; permission: "granted" | "denied" | "prompt"; endpointHash: string | null }
  | { state: "unsupported" | "no-service-worker" | "ios-browser-tab" }
  | { state: "ready"; permission: NotificationPermission; endpoint: string | null; endpointHash: string | null; keyMatches: boolean };

async function sha256Hex(value: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function applicationServerKey(base64Url: string) {
  const binary = atob(base64Url.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !a || (a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]));

/** Our service worker (app/entry.client.tsx registers it in production; here it is registered if missing). */
async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration("/"))) await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("The service worker did not start")), SERVICE_WORKER_TIMEOUT_MS)),
  ]);
}

/**
 * iPhone and iPad give web push only to a Home Screen app: a Safari tab has no
 * Notification at all (decision 009). iPadOS reports itself as a Mac
 * with touch.
 */
function iosBrowserTab() {
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true || window.matchMedia?.("(display-mode: standalone)").matches;
  return ios && !standalone;
}

function detect(): Browser {
  if (typeof window === "undefined") return { state: "unsupported" };
  if (iosBrowserTab()) return { state: "ios-browser-tab" };
  // docs/product/messages.md#push: 'Not supported' when there are no notifications; service workers are their own message.
  if (!("Notification" in window)) return { state: "unsupported" };
  if (!("serviceWorker" in navigator)) return { state: "no-service-worker" };
  if (!("PushManager" in window)) return { state: "unsupported" };
  return { state: "ready", permission: Notification.permission, endpoint: null, endpointHash: null, keyMatches: true };
}

async function currentSubscription() {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

// The server renders the date in UTC; once the page runs, in this browser's own time zone
// (decision 009): the same first render on both sides, then the local day.
const utcSince = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
let localSince: Intl.DateTimeFormat | undefined;
const sinceText = (since: string, local: boolean) => (local ? (localSince ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium" })) : utcSince).format(new Date(since));

export function PushCard({
  vapidPublicKey,
  nativePush,
  devices,
}: {
  vapidPublicKey: string | null;
  nativePush: Record<NativePlatform, boolean>;
  devices: PushDevice[];
}) {
  const fetcher = useFetcher<FormActionData>();
  // The app keeps its push token with the user who turned it on (push.client.ts).
  const userId = useRootData()?.nativePurchases.userId ?? null;
  const [browser, setBrowser] = useState<Browser>({ state: "checking" });
  const [working, setWorking] = useState(false);

  const refresh = useCallback(async () => {
    const platform = nativePlatform();
    if (platform) {
      const { nativePushState } = await import("~/modules/native/push.client");
      const { permission, token } = await nativePushState(userId);
      return setBrowser({ state: "native", platform, permission, endpointHash: token ? await sha256Hex(token) : null });
    }
    const detected = detect();
    if (detected.state !== "ready") return setBrowser(detected);
    const subscription = await currentSubscription().catch(() => null);
    const endpoint = subscription?.endpoint ?? null;
    // A subscription made with another server key can never be pushed to: it is Off
    // here, and turning it on replaces it.
    const keyMatches = !vapidPublicKey || sameKey(subscription?.options?.applicationServerKey, applicationServerKey(vapidPublicKey));
    setBrowser({ ...detected, endpoint, endpointHash: endpoint ? await sha256Hex(endpoint) : null, keyMatches });
  }, [vapidPublicKey, userId]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const thisDevice = (browser.state === "ready" || browser.state === "native") && browser.endpointHash ? devices.find((d) => d.endpointHash === browser.endpointHash) : undefined;
  const on =
    (browser.state === "ready" && browser.permission === "granted" && browser.keyMatches && Boolean(thisDevice)) ||
    (browser.state === "native" && browser.permission === "granted" && Boolean(thisDevice));
  const revalidator = useRevalidator();
  const busy = working || fetcher.state !== "idle";
  const hydrated = browser.state !== "checking";

  // After a Remove the button is gone: focus moves to the next device's Remove (or the
  // one before, or the list's heading, or the switch) instead of falling to the page
  // (decision 009).
  const removing = useRef<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const switchRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const index = removing.current;
    if (index === null) return;
    removing.current = null;
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>("button[data-remove-device]") ?? [])];
    (buttons[index] ?? buttons[index - 1] ?? headingRef.current ?? switchRef.current)?.focus();
  }, [devices]);

  async function enable() {
    if (!vapidPublicKey) return;
    const detected = detect();
    if (detected.state === "unsupported") return showToast(newToast("error", "Not supported", "This browser doesn't support notifications"));
    if (detected.state === "no-service-worker") return showToast(newToast("error", "Service workers not supported"));
    const permission = await Notification.requestPermission();
    // Only a refusal is 'blocked'; a dismissed prompt ("default") can be asked again.
    if (permission === "denied") {
      setBrowser({ state: "ready", permission, endpoint: null, endpointHash: null, keyMatches: true });
      return showToast(newToast("error", "Notifications blocked", "Please enable notifications in your browser settings"));
    }
    if (permission !== "granted") return;
    const registration = await serviceWorker();
    const key = applicationServerKey(vapidPublicKey);
    let subscription = await registration.pushManager.getSubscription();
    let replaces: string | null = null;
    // A subscription made with an older server key cannot be pushed to: replaced, and the
    // server told to drop its row (`replaces`).
    if (subscription && !sameKey(subscription.options?.applicationServerKey, key)) {
      replaces = subscription.endpoint;
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await subscribeWithin(registration, { userVisibleOnly: true, applicationServerKey: key });
    const fields: Record<string, string> = { intent: "push-subscribe", subscription: JSON.stringify(subscription.toJSON()) };
    if (replaces && replaces !== subscription.endpoint) fields.replaces = replaces;
    await fetcher.submit(fields, { method: "post", action: ACTION });
  }

  async function disable() {
    const subscription = await currentSubscription();
    const endpoint = subscription?.endpoint ?? (browser.state === "ready" ? browser.endpoint : null);
    if (subscription) await subscription.unsubscribe();
    if (endpoint) await fetcher.submit({ intent: "push-unsubscribe", endpoint }, { method: "post", action: ACTION });
  }

  /** The native shell's switch: the same toasts as the browser's (decision 009), shown here since the post is not a fetcher's. */
  async function toggleNative(platform: NativePlatform) {
    const { disableNativePush, enableNativePush } = await import("~/modules/native/push.client");
    if (!on && !userId) return;
    const result = on ? await disableNativePush(platform) : await enableNativePush(platform, userId!);
    if (result.outcome === "enabled") showToast(newToast("success", "Notifications enabled", "This device will get push notifications."));
    if (result.outcome === "disabled") showToast(newToast("success", "Notifications disabled", "This device will no longer get push notifications."));
    if (result.outcome === "denied") showToast(newToast("error", "Notifications blocked", NATIVE_PUSH_BLOCKED));
    if (result.outcome === "failed") showToast(newToast("error", on ? "Failed to disable notifications" : "Failed to enable notifications", result.message));
    await revalidator.revalidate();
  }

  async function toggle() {
    // aria-disabled, not disabled: a disabled button drops keyboard focus to the page.
    if (busy) return;
    setWorking(true);
    try {
      if (browser.state === "native") await toggleNative(browser.platform);
      else if (on) await disable();
      else await enable();
    } catch (error) {
      showToast(newToast("error", on ? "Failed to disable notifications" : "Failed to enable notifications", error instanceof PushServiceUnreachable ? PUSH_SERVICE_UNREACHABLE : undefined));
    } finally {
      await refresh();
      setWorking(false);
    }
  }

  const others = devices.filter((device) => device !== thisDevice);
  return (
    <Card className="mb-6">
      <CardTitle>Push notifications</CardTitle>
      {/* In the native shell what counts is whether APNs / FCM are set up; in a browser, VAPID. */}
      {!(browser.state === "native" ? nativePush[browser.platform] : vapidPublicKey) ? (
        <p className="mt-2 text-sm text-slate-600">Push notifications are not set up on this server.</p>
      ) : (
        <>
          {/* Until the page runs the switch cannot work: a neutral line, and the JavaScript
              message only where JavaScript is off. CSS's (scripting: none)
              rather than <noscript>, whose content a browser may not render when scripts
              are turned off through DevTools (the e2e tests do). */}
          <p className="mt-2 hidden text-sm text-slate-600 noscript:block">Push notifications need JavaScript. Turn it on to get them on this device.</p>
          {browser.state === "checking" ? (
            <p className="mt-2 text-sm text-slate-600 noscript:hidden">Checking this browser…</p>
          ) : browser.state === "ios-browser-tab" ? (
            <p className="mt-2 text-sm text-slate-600">
              On iPhone and iPad, add Event Flow to your Home Screen (Share → Add to Home Screen) and open it from there to turn on push.
            </p>
          ) : (
            <div className="mt-4 space-y-2">
              <div className="flex items-center justify-between gap-4">
                <span id="push-switch-label" className="text-sm font-medium text-slate-900">
                  Push notifications on this device
                </span>
                <button
                  type="button"
                  role="switch"
                  aria-checked={on}
                  aria-labelledby="push-switch-label"
                  aria-describedby="push-switch-state"
                  aria-disabled={busy}
                  aria-busy={busy}
                  ref={switchRef}
                  onClick={() => void toggle()}
                  className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-disabled:opacity-50 ${on ? "bg-brand-600" : "bg-slate-300"}`}
                >
                  <span aria-hidden="true" className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${on ? "translate-x-6" : "translate-x-1"}`} />
                </button>
              </div>
              <p id="push-switch-state" className="text-sm text-slate-600">
                {/* While the switch waits (the permission prompt, the push service, our server). */}
                {working ? (on ? "Turning off…" : "Turning on…") : stateText(browser, on)}
              </p>
            </div>
          )}
        </>
      )}
      {thisDevice || others.length > 0 ? (
        <>
          <h3 ref={headingRef} tabIndex={-1} className="mt-6 text-sm font-semibold text-slate-900 focus:outline-none">
            Subscribed devices
          </h3>
          <ul ref={listRef} className="mt-2 divide-y divide-slate-200" aria-label="Subscribed devices">
            {thisDevice ? <DeviceRow device={thisDevice} thisDevice removable={!on} local={hydrated} onRemove={(i) => (removing.current = i)} index={0} /> : null}
            {others.map((device, i) => (
              <DeviceRow key={device.id} device={device} removable local={hydrated} onRemove={(n) => (removing.current = n)} index={i + (thisDevice && !on ? 1 : 0)} />
            ))}
          </ul>
        </>
      ) : null}
      <ActionToast toast={fetcher.data?.toast} />
    </Card>
  );
}

/**
 * One subscribed device. Remove is a plain form (works without JavaScript). This device
 * has one only while its switch is Off (a row the browser no longer
 * uses, e.g. after the permission was revoked); while On the switch turns it off.
 */
function DeviceRow({ device, thisDevice = false, removable, local, index, onRemove }: { device: PushDevice; thisDevice?: boolean; removable: boolean; local: boolean; index: number; onRemove: (index: number) => void }) {
  const since = sinceText(device.since, local);
  return (
    <li className="flex min-h-11 items-center justify-between gap-3 py-2">
      <span className="text-sm text-slate-800">
        {device.label}
        {thisDevice ? <span className="font-semibold"> (this device)</span> : null}
        <span className="block text-xs text-slate-500">Since {since}</span>
      </span>
      {removable ? (
        <Form method="post" action={REMOVE_ACTION} onSubmit={() => onRemove(index)}>
          <input type="hidden" name="intent" value="push-remove-device" />
          <input type="hidden" name="id" value={device.id} />
          <Button type="submit" variant="secondary" data-remove-device="" aria-label={`Remove ${device.label}${thisDevice ? " (this device)" : ""}, since ${since}`}>
            Remove
          </Button>
        </Form>
      ) : null}
    </li>
  );
}

function stateText(browser: Browser, on: boolean) {
  if (browser.state === "unsupported") return "This browser doesn't support notifications.";
  if (browser.state === "no-service-worker") return "This browser doesn't support service workers, which push needs.";
  if (browser.state !== "ready" && browser.state !== "native") return "";
  if (browser.permission === "denied") {
    // Inside the app the switch is the phone's, not a browser's (decision 013).
    return browser.state === "native" ? NATIVE_PUSH_BLOCKED : "Notifications are blocked for this site. Please enable notifications in your browser settings.";
  }
  return on ? "On: this device gets push notifications." : "Off: this device gets no push notifications.";
}
