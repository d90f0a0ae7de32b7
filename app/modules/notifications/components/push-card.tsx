import { useCallback, useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { ActionToast, showToast } from "~/components/ui/toaster";
import type { FormActionData } from "~/modules/event/components/form-dialog";
import type { PushDevice } from "../push-devices.server";

// Issue 16 item 1: push on and off for THIS browser, and the user's other devices.
// The tab shows the truth for this device: the browser's permission and whether the
// subscription this browser holds is one of the user's stored rows (matched by a hash
// of its endpoint, which the page never gets in clear).

const ACTION = "/settings?tab=notifications";
// navigator.serviceWorker.ready never settles when the worker cannot install.
const SERVICE_WORKER_TIMEOUT_MS = 10_000;

type Browser =
  | { state: "checking" }
  | { state: "unsupported" | "no-service-worker" }
  | { state: "ready"; permission: NotificationPermission; endpoint: string | null; endpointHash: string | null };

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

function detect(): Browser {
  // Spec §8: 'Not supported' when there are no notifications; service workers are their own message.
  if (typeof window === "undefined" || !("Notification" in window)) return { state: "unsupported" };
  if (!("serviceWorker" in navigator)) return { state: "no-service-worker" };
  if (!("PushManager" in window)) return { state: "unsupported" };
  return { state: "ready", permission: Notification.permission, endpoint: null, endpointHash: null };
}

async function currentSubscription() {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const sinceFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export function PushCard({ vapidPublicKey, devices }: { vapidPublicKey: string | null; devices: PushDevice[] }) {
  const fetcher = useFetcher<FormActionData>();
  const [browser, setBrowser] = useState<Browser>({ state: "checking" });
  const [working, setWorking] = useState(false);

  const refresh = useCallback(async () => {
    const detected = detect();
    if (detected.state !== "ready") return setBrowser(detected);
    const subscription = await currentSubscription().catch(() => null);
    const endpoint = subscription?.endpoint ?? null;
    setBrowser({ ...detected, endpoint, endpointHash: endpoint ? await sha256Hex(endpoint) : null });
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const thisDevice = browser.state === "ready" && browser.endpointHash ? devices.find((d) => d.endpointHash === browser.endpointHash) : undefined;
  const on = browser.state === "ready" && browser.permission === "granted" && Boolean(thisDevice);
  const busy = working || fetcher.state !== "idle";

  async function enable() {
    if (!vapidPublicKey) return;
    const detected = detect();
    if (detected.state === "unsupported") return showToast({ type: "error", title: "Not supported", description: "This browser doesn't support notifications" });
    if (detected.state === "no-service-worker") return showToast({ type: "error", title: "Service workers not supported" });
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      setBrowser({ state: "ready", permission, endpoint: null, endpointHash: null });
      return showToast({ type: "error", title: "Notifications blocked", description: "Please enable notifications in your browser settings" });
    }
    const registration = await serviceWorker();
    const key = applicationServerKey(vapidPublicKey);
    let subscription = await registration.pushManager.getSubscription();
    // A subscription made with an older server key cannot be pushed to: replaced.
    if (subscription && !sameKey(subscription.options?.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    await fetcher.submit({ intent: "push-subscribe", subscription: JSON.stringify(subscription.toJSON()) }, { method: "post", action: ACTION });
  }

  async function disable() {
    const subscription = await currentSubscription();
    const endpoint = subscription?.endpoint ?? (browser.state === "ready" ? browser.endpoint : null);
    if (subscription) await subscription.unsubscribe();
    if (endpoint) await fetcher.submit({ intent: "push-unsubscribe", endpoint }, { method: "post", action: ACTION });
  }

  async function toggle() {
    setWorking(true);
    try {
      if (on) await disable();
      else await enable();
    } catch {
      showToast({ type: "error", title: on ? "Failed to disable notifications" : "Failed to enable notifications" });
    } finally {
      await refresh();
      setWorking(false);
    }
  }

  const others = devices.filter((device) => device !== thisDevice);
  return (
    <Card className="mb-6">
      <CardTitle>Push notifications</CardTitle>
      {!vapidPublicKey ? (
        <p className="mt-2 text-sm text-slate-600">Push notifications are not set up on this server.</p>
      ) : (
        <>
          {/* Until the page runs (and for good without JavaScript) the switch cannot work. */}
          {browser.state === "checking" ? (
            <p className="mt-2 text-sm text-slate-600">Push notifications need JavaScript. Turn it on to get them on this device.</p>
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
                  disabled={busy}
                  onClick={() => void toggle()}
                  className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50 ${on ? "bg-brand-600" : "bg-slate-300"}`}
                >
                  <span aria-hidden="true" className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${on ? "translate-x-6" : "translate-x-1"}`} />
                </button>
              </div>
              <p id="push-switch-state" className="text-sm text-slate-600">
                {stateText(browser, on)}
              </p>
            </div>
          )}
        </>
      )}
      {thisDevice || others.length > 0 ? (
        <>
          <h3 className="mt-6 text-sm font-semibold text-slate-900">Subscribed devices</h3>
          <ul className="mt-2 divide-y divide-slate-200" aria-label="Subscribed devices">
            {thisDevice ? (
              <li className="flex min-h-11 items-center justify-between gap-3 py-2">
                <span className="text-sm text-slate-800">
                  {thisDevice.label} <span className="font-semibold">(this device)</span>
                  <span className="block text-xs text-slate-500">Since {sinceFormat.format(new Date(thisDevice.since))}</span>
                </span>
              </li>
            ) : null}
            {others.map((device) => (
              <li key={device.id} className="flex min-h-11 items-center justify-between gap-3 py-2">
                <span className="text-sm text-slate-800">
                  {device.label}
                  <span className="block text-xs text-slate-500">Since {sinceFormat.format(new Date(device.since))}</span>
                </span>
                <Form method="post" action={ACTION}>
                  <input type="hidden" name="intent" value="push-remove-device" />
                  <input type="hidden" name="id" value={device.id} />
                  <Button type="submit" variant="secondary" aria-label={`Remove ${device.label}, since ${sinceFormat.format(new Date(device.since))}`}>
                    Remove
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <ActionToast toast={fetcher.data?.toast} />
    </Card>
  );
}

function stateText(browser: Browser, on: boolean) {
  if (browser.state === "unsupported") return "This browser doesn't support notifications.";
  if (browser.state === "no-service-worker") return "This browser doesn't support service workers, which push needs.";
  if (browser.state !== "ready") return "";
  if (browser.permission === "denied") return "Notifications are blocked for this site. Please enable notifications in your browser settings.";
  return on ? "On: this device gets push notifications." : "Off: this device gets no push notifications.";
}
