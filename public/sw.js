// Event Flow service worker (registered from app/entry.client.tsx on every platform).
// Hashed build assets are cached on first use (they never change under one name), so
// a phone that lost signal in a venue still has the app's code. Of the pages, exactly
// two kinds are kept (decision 010 'Offline reading'): an event's
// dashboard and a client's portal, the document and its data (for the dashboard also
// the rest of its lists, /events/{id}/lists), network first, so an
// event opened once opens again in a basement with no signal. Every other page is
// private and must be fresh: with no network a navigation gets the offline page.
const VERSION = "v1";
const ASSET_CACHE = `event-flow-assets-${VERSION}`;
const SHELL_CACHE = `event-flow-shell-${VERSION}`;
// One name shared with app/modules/offline/page-cache-name.ts (the page deletes it on sign out).
const PAGE_CACHE = `event-flow-pages-${VERSION}`;
// Static assets are served with automatic HTML handling: offline.html answers at /offline.
const SHELL = ["/offline", "/offline.js", "/favicon.svg", "/icons/icon-192.png", "/manifest.webmanifest"];
// A dead connection (one bar, nothing comes back) answers nothing rather than an error:
// after this long a kept page is shown, and the network's late answer still updates it.
const NETWORK_WAIT_MS = 4000;
// A page's copy kept by the page's own message (see "keep-page") is fetched again when
// the page shows data read this much later than the copy.
const STALE_COPY_MS = 30_000;
const STORED_AT = "X-Event-Flow-Stored-At";
// React Router's route discovery endpoint (its default `routeDiscovery.manifestPath`).
const MANIFEST_PATH = "/__manifest";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  const current = [ASSET_CACHE, SHELL_CACHE, PAGE_CACHE];
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith("event-flow-") && !current.includes(key)).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/**
 * The kept page a URL belongs to: `/events/{id}` (not /events/new, not its /invite) or
 * `/client/view/{accessId}`, as a document or as React Router's data request
 * (`{page}.data?…`), or the dashboard's rest of its lists (`/events/{id}/lists`, data
 * too: the page fetches it once hydrated); null for any other address.
 */
function keptPageOf(url) {
  const lists = /^(\/events\/(?!new\/)[^/.]+)\/lists$/.exec(url.pathname);
  if (lists) return { page: lists[1], data: true, lists: true };
  const match = /^(\/events\/(?!new(?:\.data)?$)[^/.]+|\/client\/view\/[^/.]+)(\.data)?$/.exec(url.pathname);
  return match ? { page: match[1], data: Boolean(match[2]) } : null;
}

/**
 * An answer saying this viewer may no longer see the page: signed out (a redirect to
 * sign in; React Router's data request answers a redirect with 202), a removed member
 * (403/404), a revoked or expired link (404), a deleted event (404/410).
 */
function refused(response) {
  return response.type === "opaqueredirect" || response.redirected || (response.status >= 300 && response.status < 400) || response.status === 202 || [401, 403, 404, 410].includes(response.status);
}

/**
 * A good answer, and not one handing out a one-time toast or flash (a client link shown
 * once, app/utils/toast.server.ts ONCE_HEADER): a copy would show it again.
 */
function keepable(response) {
  return response.status === 200 && !response.headers.has("X-Event-Flow-Once");
}

// Bumped by every sign out and every refusal: a copy being fetched when the device
// forgot (a 200 read just before the access ended) is not kept.
let generation = 0;

async function forgetPages() {
  generation++;
  await caches.delete(PAGE_CACHE);
}

/**
 * What a post forgets on this device. Signing out: the kept pages and the changes still
 * waiting to sync (the outbox, decision 010), also when the page runs no script (the
 * sign-out form posts straight through this worker); the page's own forgetThisDevice()
 * does too, after asking. Signing in or up, or setting a new password (which signs in):
 * the kept pages, so whoever signs in next (the last session may have ended without a
 * sign out) never finds another's events here; the outbox stays, each change belonging
 * to the user who made it and sent only by that user's page.
 */
function forgetsOn(method, pathname) {
  if (method !== "POST") return null;
  const match = /^\/(logout|auth|reset-password)(\.data)?$/.exec(pathname);
  if (!match) return null;
  return match[1] === "logout" ? "pages-and-outbox" : "pages";
}

/** The device's outbox database (app/modules/offline/outbox.ts), deleted on sign out; never waits more than 5 s on a tab that holds it open. */
function deleteOutbox() {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase("event-flow");
    request.onsuccess = request.onerror = () => resolve();
    setTimeout(resolve, 5000);
  });
}

/** Deletes every copy of a page (its documents and its data) this device kept. */
async function forgetPage(page) {
  generation++;
  const cache = await caches.open(PAGE_CACHE);
  const base = new URL(page, self.location.origin).href;
  await Promise.all([cache.delete(base, { ignoreSearch: true }), cache.delete(`${base}.data`, { ignoreSearch: true }), cache.delete(`${base}/lists`, { ignoreSearch: true })]);
}

/**
 * Keeps a good answer (200) for a kept page, or forgets the page on a refusal. A
 * document is kept once per page (its newest, under its own URL) with the hashed assets
 * it names, so it also works offline when it was first opened before this worker ran.
 */
async function remember(kept, url, response, since) {
  if (refused(response)) return forgetPage(kept.page);
  if (!keepable(response) || since !== generation) return;
  const headers = new Headers(response.headers);
  // The server's clock, as the page's syncedAt is (keepPage compares the two).
  headers.set(STORED_AT, String(Date.parse(response.headers.get("Date") ?? "") || Date.now()));
  const body = await response.text();
  if (!kept.data) await Promise.all([keepAssets(body), keepRouteDiscovery(body)]);
  if (since !== generation) return;
  const cache = await caches.open(PAGE_CACHE);
  if (!kept.data) await cache.delete(new URL(kept.page, self.location.origin).href, { ignoreSearch: true });
  await cache.put(url, new Response(body, { status: 200, statusText: response.statusText, headers }));
  // A sign out or a refusal while this was being written: the copy goes too.
  if (since !== generation) await cache.delete(url);
}

/**
 * The hashed assets a document names (scripts, module preloads, styles), those of
 * every route in the build's manifest it loads, and every chunk those scripts import,
 * also later (a dialog's code, zod: loaded when first needed), fetched
 * once: the kept page works offline, dialogs included, and so does a link inside it to a
 * page that is not kept (its code loads, its data cannot, and the offline page says so
 * instead of the app's error screen). The service worker fetches them in the
 * background: none of it is in the page's own first load.
 */
async function keepAssets(html) {
  const cache = await caches.open(ASSET_CACHE);
  const seen = new Set();
  const keep = async (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    let response = await cache.match(path, { ignoreVary: true });
    if (!response) {
      response = await fetch(path).catch(() => null);
      if (!response?.ok) return;
      await cache.put(path, response.clone());
    }
    // A manifest names the routes' modules; a script names the chunks it imports.
    if (path.endsWith(".js")) await Promise.all(assetsNamedIn(await response.text(), true).map(keep));
  };
  await Promise.all(assetsNamedIn(html).map(keep));
}

/**
 * React Router's route discovery (`/__manifest?paths=…&version=…`): a page asks which routes
 * its links lead to, on every load. Network first; each answer is kept with the build's
 * assets, and with no network the answers kept for this build, merged, say the same of the
 * links a kept page showed online (it asks again on an offline load, and would otherwise log
 * an error and leave its links unknown). None kept: the request fails, as it would.
 */
async function manifestPatches(request) {
  const cache = await caches.open(ASSET_CACHE);
  try {
    const response = await fetch(request);
    if (response.status === 200) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const version = new URL(request.url).searchParams.get("version");
    const patches = {};
    for (const key of await cache.keys()) {
      const url = new URL(key.url);
      if (url.pathname !== MANIFEST_PATH || url.searchParams.get("version") !== version) continue;
      const kept = await cache.match(key);
      if (kept) Object.assign(patches, await kept.json().catch(() => ({})));
    }
    if (Object.keys(patches).length === 0) throw error;
    return new Response(JSON.stringify(patches), { headers: { "Content-Type": "application/json" } });
  }
}

/**
 * React Router's answer on where a kept document's links lead, asked as the page asks it
 * (manifestPatches keeps and answers it): a page first opened before this worker ran asked
 * past it, and without an answer kept its offline load would leave its links unknown.
 */
async function keepRouteDiscovery(html) {
  // The manifest is written into a script as a string: its quotes may come escaped.
  const version = /window\.__reactRouterManifest = [\s\S]*?\\?"version\\?":\s*\\?"([\w-]+)/.exec(html)?.[1];
  const paths = [...new Set([...html.matchAll(/<(?:a\s[^>]*?href|form\s[^>]*?action)="(\/(?!\/)[^"?#]*)/g)].map((match) => match[1]))];
  if (!version || paths.length === 0) return;
  const url = `${MANIFEST_PATH}?${new URLSearchParams({ paths: paths.sort().join(","), version })}`;
  // As the page: a longer URL than React Router sends is not asked at all.
  if (url.length > 7680) return;
  const response = await fetch(url).catch(() => null);
  if (response?.status === 200) await (await caches.open(ASSET_CACHE)).put(url, response);
}

/** The assets a text names: by their path, and in a script also as its relative imports ("./chunk-1a2b.js"). */
function assetsNamedIn(text, script = false) {
  const named = text.match(/\/assets\/[\w.@-]+\.(?:js|css|woff2?|svg|png|webp)/g) ?? [];
  const imported = script ? [...text.matchAll(/["'`]\.\/([\w.@-]+\.(?:js|css))["'`]/g)].map((match) => `/assets/${match[1]}`) : [];
  return [...new Set([...named, ...imported])];
}

/**
 * The kept copy for a request: a data request by its full URL, else by its path; a
 * document by its URL, else (another tab or dialog of the page) a redirect to the URL
 * the copy was kept under, since a document rendered for one query string cannot
 * hydrate under another.
 */
async function storedAnswer(request, kept) {
  const cache = await caches.open(PAGE_CACHE);
  const exact = await cache.match(request.url);
  if (exact) return served(exact);
  if (kept.data) {
    const byPath = await cache.match(request.url, { ignoreSearch: true });
    return byPath ? served(byPath) : null;
  }
  const [other] = await cache.keys(new URL(kept.page, self.location.origin).href, { ignoreSearch: true });
  return other ? Response.redirect(other.url, 302) : null;
}

/** A kept copy as served: marked, so the page can tell it came from this device. */
function served(response) {
  const headers = new Headers(response.headers);
  headers.set("Server-Timing", `offline;desc="${headers.get(STORED_AT) ?? ""}"`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Network first; the kept copy when the network fails or stays silent. */
function keptPage(event, kept) {
  const request = event.request;
  const since = generation;
  const network = fetch(request).then((response) => {
    event.waitUntil(remember(kept, request.url, response.clone(), since).catch(() => {}));
    return response;
  });
  // The network's answer is still kept (or its refusal still forgets) after a copy was served.
  event.waitUntil(network.catch(() => {}));
  return (async () => {
    const stored = await storedAnswer(request, kept);
    // The rest of a dashboard's lists not kept: the page keeps what its document showed.
    if (!stored) return network.catch(async () => (kept.lists ? Response.error() : kept.data ? reloadDocument(request.url) : ((await caches.match("/offline")) ?? Response.error())));
    const wait = new Promise((resolve) => setTimeout(resolve, NETWORK_WAIT_MS, null));
    return (await Promise.race([network.catch(() => null), wait])) ?? stored;
  })();
}

/**
 * React Router's answer for "load this address as a document": a data request that
 * cannot be answered offline (a link inside the app to a page that is not kept, or a
 * kept page whose data this device does not have) becomes a navigation, which gets the
 * kept page or the offline page, instead of the app's error screen.
 */
function reloadDocument(dataUrl) {
  const url = new URL(dataUrl);
  url.pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  return new Response(null, { status: 204, headers: { "X-Remix-Redirect": url.pathname + url.search, "X-Remix-Reload-Document": "true" } });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const forgets = forgetsOn(request.method, url.pathname);
  if (forgets) {
    event.waitUntil(Promise.all([forgetPages(), forgets === "pages-and-outbox" ? deleteOutbox() : null]));
    return;
  }
  if (request.method !== "GET") return;

  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.open(ASSET_CACHE).then(async (cache) => {
        // A hashed asset is the same for every request (a server's `Vary: Origin` would
        // otherwise hide a copy kept by keepAssets, fetched without the page's Origin).
        const cached = await cache.match(request, { ignoreVary: true });
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) cache.put(request, response.clone());
        return response;
      }),
    );
    return;
  }

  if (url.pathname === MANIFEST_PATH) {
    event.respondWith(manifestPatches(request));
    return;
  }

  // The offline page's own files (its script lists the kept pages): network first.
  if (SHELL.includes(url.pathname) && request.mode !== "navigate") {
    event.respondWith(fetch(request).catch(async () => (await caches.match(request, { ignoreVary: true })) ?? Response.error()));
    return;
  }

  const kept = keptPageOf(url);
  if (kept && (kept.data || request.mode === "navigate")) {
    event.respondWith(keptPage(event, kept));
    return;
  }

  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request).catch(async () => (await caches.match("/offline")) ?? Response.error()),
    );
    return;
  }

  if (url.pathname.endsWith(".data")) event.respondWith(fetch(request).catch(() => reloadDocument(request.url)));
});

self.addEventListener("message", (event) => {
  const message = event.data ?? {};
  // Sign out (page-cache.ts forgetThisDevice): nothing kept survives, nor a copy in flight.
  if (message.type === "forget") {
    event.waitUntil(forgetPages());
    return;
  }
  // An event page that opened without passing through this worker (its first visit,
  // before the worker ran, or reached by a link inside the app) asks to be kept.
  if (message.type === "keep-page" && typeof message.url === "string") {
    event.waitUntil(keepPage(message.url, Date.parse(message.syncedAt)));
  }
});

async function keepPage(href, syncedAt) {
  const url = new URL(href, self.location.origin);
  const kept = url.origin === self.location.origin ? keptPageOf(url) : null;
  if (!kept || kept.data) return;
  const cache = await caches.open(PAGE_CACHE);
  const [copy] = await cache.keys(new URL(kept.page, self.location.origin).href, { ignoreSearch: true });
  const storedAt = copy ? Number((await cache.match(copy))?.headers.get(STORED_AT)) : 0;
  const listsUrl = kept.page.startsWith("/events/") ? new URL(`${kept.page}/lists`, self.location.origin).href : null;
  const listsKept = !listsUrl || Boolean(await cache.match(listsUrl));
  if (copy && listsKept && !(storedAt < syncedAt - STALE_COPY_MS)) return;
  const since = generation;
  // Marked as the worker's own (app/utils/toast.server.ts KEEP_HEADER): a toast still
  // waiting for the user's next page is not spent on this copy.
  const response = await fetch(url.href, { credentials: "same-origin", redirect: "manual", headers: { "X-Event-Flow-Keep": "1" } }).catch(() => null);
  if (response) await remember(kept, url.href, response, since);
  // A dashboard's other tabs read the rest of its lists: kept with it.
  if (!response?.ok || !listsUrl) return;
  const lists = await fetch(listsUrl, { credentials: "same-origin", redirect: "manual" }).catch(() => null);
  if (lists) await remember(keptPageOf(new URL(listsUrl)), listsUrl, lists, since);
}

// Web push (decision 009). The server sends only { title, body, url, tag }, url being
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
      // change): a repeat replaces the last instead of piling up.
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

// The push service replaced or expired this browser's subscription
// (decision 009): subscribe again with the same server key and store the new one in place of
// the old (`replaces`), through the Notifications switch's own route. Signed out, the post is
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
      await fetch("/settings/push.data?tab=notifications", { method: "POST", body, credentials: "same-origin" });
    })(),
  );
});
