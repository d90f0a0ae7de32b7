// One guard for the outside APIs the tests and `npm run dev` point at local fakes (Stripe,
// RevenueCat, APNs, FCM, the geocoder): an override may only be this machine (or an origin
// the vendor itself offers, as Apple's sandbox), and where a key decides it, only with a test
// key. A build for the tests deployed by mistake then fails loudly instead of sending a live
// key or real pushes to 127.0.0.1.

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

type Override = {
  /** The setting's name, for the error. */
  name: string;
  /** Its value: empty = production. */
  override: string | undefined;
  /** Other origins allowed besides this machine (e.g. Apple's sandbox). */
  allowed?: string[];
  /** Where a key decides: the secret key is a test one (`sk_test_`); the override needs it. */
  testKey?: boolean;
  /** What a test key is, for the error ("sk_test_ keys" unless said). */
  testKeys?: string;
};

/** The override's URL (origin) when set and allowed, null when empty; throws otherwise. */
export function apiOverride({ name, override, allowed = [], testKey, testKeys = "sk_test_ keys" }: Override): URL | null {
  if (!override) return null;
  const url = new URL(String(override));
  if (allowed.includes(url.origin)) return url;
  if (LOOPBACK.has(url.hostname) && testKey !== false) return url;
  if (testKey !== undefined) throw new Error(`${name} points at a local fake: only for ${testKeys} and this machine. Leave it empty in production.`);
  const also = allowed.length ? ` or ${allowed.join(", ")}` : "";
  throw new Error(`${name} may only point at a local fake on this machine${also}. Leave it empty in production.`);
}

/** The API's origin: `production` unless an allowed override is set (apiOverride). */
export function apiBase(production: string, override: Override): string {
  return apiOverride(override)?.origin ?? production;
}
