// The web push services a browser's subscription may name, in one place. A push endpoint is
// a URL the browser hands us and the push job later fetches with our VAPID signature: any
// other host would make this server send requests where a user chooses (this machine,
// an internal name, a probe), so only the browser vendors' own push services are accepted
// when subscribing, and a stored row naming another host is dropped (the migration
// push_endpoints_known_hosts and the push job). See docs/decisions/009-push-and-reminders.md.

/** Hosts whose whole name is a push service's. */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  // Chrome, Edge on Android, Opera, Samsung Internet, Brave: Google's Firebase Cloud Messaging.
  "fcm.googleapis.com",
  // Firefox: Mozilla's autopush.
  "updates.push.services.mozilla.com",
  // Safari on macOS 13+, iOS and iPadOS 16.4+ (Home Screen web apps): Apple's web push.
  "web.push.apple.com",
];

/** Suffixes whose every subdomain is a push service's: Edge on Windows uses WNS (`wns2-par02p.notify.windows.com`). */
export const PUSH_SERVICE_HOST_SUFFIXES: readonly string[] = [".notify.windows.com"];

/**
 * A host as compared and stored: lower case, without the one trailing dot DNS allows
 * (`fcm.googleapis.com.` is the same host as `fcm.googleapis.com`, and must never make a
 * second row of one device).
 */
export function normalisePushHost(hostname: string): string {
  const lower = hostname.toLowerCase();
  return lower.endsWith(".") ? lower.slice(0, -1) : lower;
}

/** Whether `hostname` (already normalised) is one of the push services above. */
export function isPushServiceHost(hostname: string): boolean {
  if (PUSH_SERVICE_HOSTS.includes(hostname)) return true;
  return PUSH_SERVICE_HOST_SUFFIXES.some((suffix) => {
    if (!hostname.endsWith(suffix)) return false;
    // One DNS label before the suffix, never an empty or dotted one.
    const label = hostname.slice(0, -suffix.length);
    return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label);
  });
}

/**
 * A push endpoint as stored and fetched (the `href` of its URL with the host normalised), or
 * null when it is not an https URL of a push service on the default port with no user or
 * password in it.
 */
export function pushEndpoint(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  const host = normalisePushHost(url.hostname);
  if (!isPushServiceHost(host)) return null;
  url.hostname = host;
  return url.href;
}
