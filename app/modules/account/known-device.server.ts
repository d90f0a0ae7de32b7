import { plainCookie } from "~/utils/cookies.server";

// Decision 002's lock policy: an address under attack from many IPs
// (many failures across IPs) limits the sign-ins of devices it has never signed in on,
// so a distributed attacker gets few guesses; a device on which the owner signed in
// before is not held back, and the reset link always works.

const deviceCookie = plainCookie("ef_device");
/** One device may be used by a few accounts (a studio's shared tablet). */
const ENTRIES_MAX = 5;
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** The mark of an address on this device: an HMAC under the Worker's secret, so it cannot be made elsewhere. */
async function markOf(env: Pick<Env, "SESSION_SECRET">, email: string) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(env.SESSION_SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`known-device:${email}`)));
  // 128 bits, base64url.
  return btoa(String.fromCharCode(...mac.slice(0, 16))).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

async function entriesOf(request: Request) {
  const value = await deviceCookie.read(request);
  return value && value.length <= 200 ? value.split(".").filter(Boolean) : [];
}

/** Whether the owner of `email` signed in on this device before. */
export async function isKnownDevice(env: Pick<Env, "SESSION_SECRET">, request: Request, email: string) {
  return (await entriesOf(request)).includes(await markOf(env, email));
}

/** The Set-Cookie that remembers this device for `email` after a successful sign-in. */
export async function rememberDevice(env: Pick<Env, "SESSION_SECRET">, request: Request, email: string) {
  const mark = await markOf(env, email);
  const entries = [mark, ...(await entriesOf(request)).filter((entry) => entry !== mark)].slice(0, ENTRIES_MAX);
  return deviceCookie.write(request, entries.join("."), ONE_YEAR_SECONDS);
}
