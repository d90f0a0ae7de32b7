// Decision 002's lock policy: an address under attack from many IPs
// (many failures across IPs) limits the sign-ins of devices it has never signed in on,
// so a distributed attacker gets few guesses; a device on which the owner signed in
// before is not held back, and the reset link always works.

const DEVICE_COOKIE = "ef_device";
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

function entriesOf(request: Request) {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === DEVICE_COOKIE && value && /^[A-Za-z0-9_.-]{1,200}$/.test(value)) return value.split(".").filter(Boolean);
  }
  return [];
}

/** Whether the owner of `email` signed in on this device before. */
export async function isKnownDevice(env: Pick<Env, "SESSION_SECRET">, request: Request, email: string) {
  return entriesOf(request).includes(await markOf(env, email));
}

/** The Set-Cookie that remembers this device for `email` after a successful sign-in. */
export async function rememberDevice(env: Pick<Env, "SESSION_SECRET">, request: Request, email: string) {
  const mark = await markOf(env, email);
  const entries = [mark, ...entriesOf(request).filter((entry) => entry !== mark)].slice(0, ENTRIES_MAX);
  const secure = new URL(request.url).protocol === "https:";
  return [`${DEVICE_COOKIE}=${entries.join(".")}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${ONE_YEAR_SECONDS}`, ...(secure ? ["Secure"] : [])].join("; ");
}
