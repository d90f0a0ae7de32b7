// Event Flow service worker (registered from app/entry.client.tsx on every platform).
// Hashed build assets are cached on first use (they never change under one name), so
// a phone that lost signal in a venue still has the app's code. Pages and data are
// never cached here: they hold private event details and must be fresh; when the
// network is gone a navigation gets the offline page instead of the browser's error.
const VERSION = "v1";
const ASSET_CACHE = `event-flow-assets-${VERSION}`;
const SHELL_CACHE = `event-flow-shell-${VERSION}`;
// Static assets are served with automatic HTML handling: offline.html answers at /offline.
const SHELL = ["/offline", "/favicon.svg", "/icons/icon-192.png", "/manifest.webmanifest"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith("event-flow-") && key !== ASSET_CACHE && key !== SHELL_CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.open(ASSET_CACHE).then(async (cache) => {
        const cached = await cache.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) cache.put(request, response.clone());
        return response;
      }),
    );
    return;
  }

  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request).catch(async () => (await caches.match("/offline")) ?? Response.error()),
    );
  }
});

// Web push (issue 16 item 2). The server sends only { title, body, url, tag }, url being
// where the bell would lead and tag the kind and destination (app/modules/notifications/push.server.ts).
self.addEventListener("push", (event) => {
  let payload = { title: "Event Flow", body: "", url: "/", tag: "" };
  try {
    payload = { ...payload, ...event.data.json() };
  } catch {
    if (event.data) payload.body = event.data.text();
  }
  const url = sameOriginUrl(payload.url);
  event.waitUntil(
    self.registration.showNotification(String(payload.title), {
      body: String(payload.body),
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      // One notification per kind and destination (a reminder is never replaced by a team
      // change): a repeat replaces the last instead of piling up (audit finding 9).
      tag: typeof payload.tag === "string" && payload.tag ? payload.tag.slice(0, 200) : url.pathname,
      renotify: true,
      data: { url: url.href },
    }),
  );
});

/** The url as an address of ours; anything on another origin becomes home. */
function sameOriginUrl(value) {
  try {
    const url = new URL(typeof value === "string" ? value : "/", self.location.origin);
    if (url.origin === self.location.origin) return url;
  } catch {
    // Not a URL at all: home.
  }
  return new URL("/", self.location.origin);
}

// A click focuses a tab of the app already open (navigated to the destination) or
// opens one there; never a foreign origin.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = sameOriginUrl(event.notification.data?.url);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (windows) => {
      const ours = windows.filter((w) => new URL(w.url).origin === self.location.origin);
      const open = ours.find((w) => w.focused) ?? ours[0];
      if (open) {
        const navigated = open.url === target.href ? open : await open.navigate(target.href).catch(() => null);
        if (navigated) return navigated.focus();
      }
      return self.clients.openWindow(target.href);
    }),
  );
});

// The push service replaced or expired this browser's subscription (audit of issue 16,
// finding 3): subscribe again with the same server key and store the new one in place of
// the old (`replaces`), as the Notifications tab's switch would. Signed out, the post is
// refused and the device simply stays off.
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    (async () => {
      const old = event.oldSubscription;
      const key = old?.options?.applicationServerKey;
      const current = event.newSubscription ?? (key ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null);
      if (!current) return;
      const body = new URLSearchParams({ intent: "push-subscribe", subscription: JSON.stringify(current.toJSON()) });
      if (old && old.endpoint !== current.endpoint) body.set("replaces", old.endpoint);
      await fetch("/settings.data?tab=notifications", { method: "POST", body, credentials: "same-origin" });
    })(),
  );
});
